"""Seeded walks through games of 24, played by the Python engine and written as traces for the
browser's port to replay (tests/js/terror24_replay.mjs): after every line, what the Python answered —
the action it read (or its refusal: message key, arguments and words in both languages), the events,
the narration in English and Japanese, whose move it is, the listed actions' lines, the status and the
outcome. Walks take the listed actions and fill the forms (players, styles, grid, reveal), try fuzzed
lines from the grammar of each question, and undo and redo at random points (an undo replays the kept
lines through a fresh engine, as a saved game does)."""
from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any, Iterator

import msgspec

from companion.protocol import RuleError
from companion.terror24.match import Match
from companion.terror24.repl import Terror24Table
from tabletop.data.terror24 import Terror24, load_terror24

NAMES = ["Aki", "Ben", "Chie", "Dan", "Eri", "Ann Marie", "ゆき", "Ｋｅｎ", "Jo-Jo", "Li Na Wu"]
GARBAGE = ["?", "-", "=", "==", ":", "0", "+", "+0", "-0", "x", "ｘ", "３５", "⓵", "²", "٣", "3.5", "1e2",
           "9007199254740991", "9007199254740992", "99999999999999999999", "\u3000", "NPC", "npc", "quit",
           "draw", "引く", "random", "ランダム", "after", "adjust", "Ａｄｊｕｓｔ", "s", "c", "stand", "コープ",
           "縦置き", "ß", "İ", "\u00a0", "\x1c", "\ufeff", "🎲", "a\u0301", "RB", "rb", "???", "P", "PPP"]


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def builtins(value: Any) -> Any:
    return msgspec.to_builtins(value)


def record_json(value: Any) -> dict:
    """An action or an event as the trace holds it: its type's name, then its fields."""
    return {"type": type(value).__name__, **builtins(value)}


class Walker:
    """One seeded game: plays lines on the Python engine and records what it answered to each."""

    def __init__(self, data: Terror24, seed: int, players: int, physical: bool, fuzz: int):
        self.data, self.seed, self.players, self.physical, self.fuzz = data, seed, players, physical, fuzz
        self.rng = random.Random(f"walk:{seed}")
        self.lines: list[str] = []  # the journal: accepted lines
        self.undone: list[str] = []
        self.fresh()

    def fresh(self) -> None:
        session = SimpleNamespace(seed=self.seed, options={"npc_deck": "physical" if self.physical else "virtual"})
        self.en = Terror24Table(session, self.data, "en")  # type: ignore[arg-type]
        self.ja = Terror24Table(session, self.data, "ja")  # type: ignore[arg-type]
        self.ja.match = self.en.match
        self.match: Match = self.en.match

    # ---- one line, as the table takes it ----
    def play(self, line: str) -> dict:
        asked = self.match.setup_step() if self.match.game is None else None
        step: dict[str, Any] = {"line": line}
        try:
            action = self.match.parse(line)
            step["action"] = dumps(record_json(action))
            events = self.match.apply(action)
        except RuleError as e:
            step["refused"] = dumps({"key": e.key, "args": builtins(e.fields),
                                     "en": e.text("en"), "ja": e.text("ja")})
            return step | self.state()
        self.lines.append(line)
        self.undone = []
        step["events"] = dumps([record_json(e) for e in events])
        step["said"] = {lang: (t._answered([asked]) if asked else []) + t.narrate(events)
                        for lang, t in (("en", self.en), ("ja", self.ja))}
        return step | self.state()

    def state(self) -> dict:
        m = self.match
        outcome = m.outcome()
        return {"to_move": dumps(builtins(m.to_move())), "legal": [a.line() for a in m.legal_actions()],
                "status": dumps(self.en.status()), "outcome": dumps(outcome.to_json() if outcome else None),
                "shown": {lang: [t.prompt(), *t.describe()] for lang, t in (("en", self.en), ("ja", self.ja))}}

    def undo(self) -> dict:
        self.undone.append(self.lines.pop())
        return self.replay() | {"undo": True}

    def redo(self) -> dict:
        line = self.undone.pop()
        undone = self.undone
        step = self.play(line) | {"redo": True}
        self.undone = undone
        return step

    def replay(self) -> dict:
        lines, self.lines = self.lines, []
        self.fresh()
        for line in lines:
            self.match.apply(self.match.parse(line))
            self.lines.append(line)
        return self.state()

    # ---- what a table types ----
    def wanted_line(self) -> str | None:
        """A line that plays on: a listed action, or a form filled as the rules allow."""
        m, rng = self.match, self.rng
        step = m.setup_step()
        if step == "players":
            names = rng.sample(NAMES, self.players)
            detectives = rng.sample(self.data.detectives, self.players)
            said = [rng.choice([d.id, d.name.en, d.name.ja, d.id[:3]]) for d in detectives]
            return " ".join(f"{n}={d}" for n, d in zip(names, said))
        if step == "styles":
            letters = [rng.choice(["s", "c", "S", "stand", "coop", "スタンド", "横置き"]) for _ in range(self.players)]
            return "".join(letters) if all(len(x) == 1 for x in letters) and rng.random() < 0.5 else " ".join(letters)
        if step == "grid":
            left = m.events_left()
            rng.shuffle(left)
            words = []
            for column in self.data.grid:
                if column.face_down:
                    words.append(rng.choice(["???", "---", None]))
                else:
                    words.append("".join(left.pop() for _ in range(column.places)))
            if None in words:
                words = [w for w, c in zip(words, self.data.grid) if not c.face_down]
            return " ".join(w for w in words if w is not None)
        if step == "npc" and rng.random() < 0.3:
            return rng.choice(["random", "ランダム"])
        if m.game is not None and m.game.need()[0] == "reveal":
            left = m.events_left()
            rng.shuffle(left)
            letters = "".join(left[: len(m.game.grid[m.game.round - 1])])
            return letters if rng.random() < 0.7 else letters.lower()
        if m.game is not None and m.game.need()[0] == "check" and rng.random() < 0.5:
            return rng.choice(["draw", "引く", " Draw "])
        listed = m.legal_actions()
        if not listed:
            return None
        line = rng.choice(listed).line()
        if m.game is not None and m.game.need()[0] == "bid" and rng.random() < 0.3:
            name, *cards = line.rsplit(" ", 2)
            line = rng.choice([f"{name}: {'+'.join(cards)}", f"{name.upper()} {','.join(cards)}", f"{name} {''.join(cards)}"])
        return line

    def fuzzed_line(self) -> str:
        """A line from the grammar of the question now, often wrong: names, cards, letters, numbers
        around the limits, full-width digits, garbage."""
        m, rng = self.match, self.rng
        names = [s.name for s in m.game.seats] if m.game else [n for n, _ in m.answers.get("players", [])]
        names = names + rng.sample(NAMES, 2)
        card = lambda: rng.choice([str(rng.randint(0, 7)), str(rng.randint(-2, 12)), "０", "６", "99", "x"])  # noqa: E731
        letters = "RBYGPrbygpX?-"
        word = lambda: rng.choice([rng.choice(GARBAGE), rng.choice(names), card(),  # noqa: E731
                                   "".join(rng.choice(letters) for _ in range(rng.randint(1, 4))),
                                   rng.choice(self.data.detectives).id[: rng.randint(1, 7)]])
        shapes = [
            lambda: " ".join(word() for _ in range(rng.randint(1, 5))),
            lambda: f"{rng.choice(names)} {card()} {card()}",
            lambda: f"{rng.choice(names)}: {card()}{card()}",
            lambda: f"{card()} {card()}",
            lambda: card(),
            lambda: f"adjust {rng.choice(names)} {rng.choice(['+1', '-3', '+０', '3', '+9007199254740992', '±2'])}",
            lambda: " ".join(f"{rng.choice(names)}={rng.choice([d.id for d in self.data.detectives] + ['x', '', 'スコッチ'])}"
                             for _ in range(rng.randint(1, 6))),
            lambda: " ".join("".join(rng.choice(letters) for _ in range(rng.randint(0, 4))) for _ in range(rng.randint(1, 8))),
            lambda: f"{rng.choice(['random', 'lloyd', 'wolf', 'x', 'dokaben'])} after {rng.choice(names)}",
            lambda: rng.choice(GARBAGE),
        ]
        line = rng.choice(shapes)().strip()
        return line or "x"

    def walk(self) -> Iterator[dict]:
        """The trace's steps, until the game is over (then a last undo and redo)."""
        rng = self.rng
        steps_cap = 400 + 2 * self.fuzz
        fuzzed = 0
        for _ in range(steps_cap):
            if fuzzed < self.fuzz and rng.random() < 0.5:
                fuzzed += 1
                yield self.play(self.fuzzed_line()) | {"fuzzed": True}
                continue
            if self.lines and rng.random() < 0.05:
                yield self.undo()
                if rng.random() < 0.7:
                    yield self.redo()
                continue
            if self.match.outcome() is not None:
                yield self.undo()
                yield self.redo()
                return
            line = self.wanted_line()
            if line is None:
                return
            yield self.play(line)


def games(count: int, fuzz: int, first_seed: int = 0) -> Iterator[dict]:
    """`count` seeded games over 3, 4 and 5 players (3: with the NPC, its deck virtual or physical)."""
    data = load_terror24()
    for n in range(count):
        seed = first_seed + n
        players = 3 + n % 3
        physical = players == 3 and (n // 3) % 2 == 1
        walker = Walker(data, seed * 7919 % 2**32, players, physical, fuzz)
        yield {"seed": walker.seed, "physical": physical, "players": players, "steps": list(walker.walk())}


def write(path: str, count: int, fuzz: int, first_seed: int = 0) -> dict:
    """The traces of `count` games as JSON lines; returns their counts."""
    totals = {"games": 0, "lines": 0, "fuzzed": 0, "refused": 0, "undo": 0, "over": 0}
    with open(path, "w", encoding="utf-8") as out:
        for game in games(count, fuzz, first_seed):
            out.write(dumps(game) + "\n")
            steps = game["steps"]
            totals["games"] += 1
            totals["lines"] += sum(1 for s in steps if "line" in s)
            totals["fuzzed"] += sum(1 for s in steps if s.get("fuzzed"))
            totals["refused"] += sum(1 for s in steps if "refused" in s)
            totals["undo"] += sum(1 for s in steps if s.get("undo"))
            totals["over"] += any(s.get("outcome") for s in steps)
    return totals
