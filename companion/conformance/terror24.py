"""24 in the conformance run: the NPC's deck virtual or physical; 3, 4 or 5 players (by the walk's seed,
so that every count meets every deck); setup answered in every way the parser takes (detectives by id,
name or prefix, styles by letter, word or orientation, face-down columns given or left out, the NPC at
random); bids in any order, named or not, written `3 5`, `35`, `3+5` or `3,5`; draws typed or left to
the seed; fuzzed lines from the grammar of each question."""
from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from companion.appfiles import game_data
from companion.conformance import WalkedTable
from companion.numbers import LARGEST
from companion.terror24.repl import Terror24Table
from tabletop.data.terror24 import load_terror24

NAMES = ["Aki", "Ben", "Chie", "Dan", "Eri", "Ann Marie", "ゆき", "Ｋｅｎ", "Jo-Jo", "Li Na Wu", "İpek", "Straße"]
GARBAGE = ["?", "-", "=", "==", ":", "0", "+", "+0", "-0", "x", "ｘ", "３５", "⓵", "²", "٣", "3.5", "1e2",
           str(LARGEST), str(LARGEST + 1), "9" * 30, "NPC", "npc", "draw", "引く", "random", "ランダム", "after",
           "adjust", "Ａｄｊｕｓｔ", "s", "c", "stand", "コープ", "縦置き", "ß", "İ", "\u00a0x", "\ufeff3 5", "🎲",
           "a\u0301",
           "RB", "rb", "???", "P", "PPP", "ｒｂ", "Ｒ"]


class SeatedTable(WalkedTable):
    """The terminal's 24 table with the number of players the walk seats."""

    def __init__(self, table: Terror24Table, players: int):
        super().__init__(table)
        self.players = players


class Terror24:
    game = "terror24"

    def __init__(self, cards_dir: Path | None = None):
        """The bundled game, or the one a folder's terror24.toml describes."""
        self.rules = load_terror24(cards_dir)
        self.data = None if cards_dir is None else game_data(self.game, cards_dir)

    def option_sets(self) -> list[dict]:
        return [{"npc_deck": "virtual"}, {"npc_deck": "physical"}]

    def new_table(self, options: dict, seed: int, lang: str) -> SeatedTable:
        session = SimpleNamespace(seed=seed, options=options)
        least, most = self.rules.players.min, self.rules.players.max  # the data's range: every count by the seed
        return SeatedTable(Terror24Table(session, self.rules, lang), least + seed % (most - least + 1))  # type: ignore[arg-type]

    def engine(self, table: SeatedTable):
        return table.match

    def walk_line(self, table: SeatedTable, rng: random.Random) -> str:
        """A line that plays on: a listed action (often written another way), or a form filled as the
        rules allow."""
        m, data = table.match, self.rules
        step = m.setup_step()
        if step == "players":
            names = rng.sample(NAMES, table.players)
            detectives = rng.sample(data.detectives, table.players)
            said = [rng.choice([d.id, d.name.en, d.name.ja, d.id[:3]]) for d in detectives]
            return " ".join(f"{n}={d}" for n, d in zip(names, said))
        if step == "styles":
            letters = [rng.choice(["s", "c", "S", "stand", "coop", "スタンド", "横置き"]) for _ in range(table.players)]
            one_word = all(len(x) == 1 for x in letters) and rng.random() < 0.5
            return "".join(letters) if one_word else " ".join(letters)
        if step == "grid":
            left = m.events_left()
            rng.shuffle(left)
            hidden = rng.choice(["???", "---", "-?-", None])
            words = [hidden if c.face_down else "".join(left.pop() for _ in range(c.places)) for c in data.grid]
            return " ".join(w for w in words if w is not None)
        if step == "npc" and rng.random() < 0.3:
            return rng.choice(["random", "ランダム", f"random after {rng.choice(m.answers['players'])[0]}"])
        need = m.game.need()[0] if m.game is not None else None
        if need == "reveal":
            left = m.events_left()
            rng.shuffle(left)
            letters = "".join(left[: len(m.game.grid[m.game.round - 1])])
            return letters if rng.random() < 0.7 else letters.lower()
        if need == "check" and rng.random() < 0.5:
            return rng.choice(["draw", "引く", "DRAW"])
        line = rng.choice(m.legal_actions()).line()
        if need == "bid" and rng.random() < 0.4:
            name, *cards = line.rsplit(" ", 2)
            line = rng.choice([f"{name}: {'+'.join(cards)}", f"{name.upper()} {','.join(cards)}",
                               f"{name} {''.join(cards)}", " ".join(cards)])
        return line

    def fuzz_line(self, table: SeatedTable, rng: random.Random) -> str:
        """A line from the grammar of the question now, often wrong: names, cards, letters, numbers around
        the limits, full-width digits, garbage."""
        m, data = table.match, self.rules
        names = [s.name for s in m.game.seats] if m.game else [n for n, _ in m.answers.get("players", [])]
        names = names + rng.sample(NAMES, 2)
        letters = "RBYGPrbygpX?-"

        def card() -> str:
            return rng.choice([str(rng.randint(0, 7)), str(rng.randint(-2, 12)), "０", "６", "99", "x"])

        def letter_word() -> str:
            return "".join(rng.choice(letters) for _ in range(rng.randint(0, 4)))

        def detective() -> str:
            return rng.choice([d.id for d in data.detectives] + ["x", "", "スコッチ", "Wolf", "l"])

        def word() -> str:
            return rng.choice([rng.choice(GARBAGE), rng.choice(names), card(), letter_word(),
                               rng.choice(data.detectives).id[: rng.randint(1, 7)]])

        shapes = [
            lambda: " ".join(word() for _ in range(rng.randint(1, 5))),
            lambda: f"{rng.choice(names)} {card()} {card()}",
            lambda: f"{rng.choice(names)}: {card()}{card()}",
            lambda: f"{card()} {card()}",
            card,
            lambda: f"adjust {rng.choice(names)} {rng.choice(['+1', '-3', '+０', '3', f'+{LARGEST + 1}', '±2', '-0'])}",
            lambda: " ".join(f"{rng.choice(names)}={detective()}" for _ in range(rng.randint(1, 6))),
            lambda: " ".join(letter_word() for _ in range(rng.randint(1, 8))),
            lambda: f"{rng.choice(['random', 'lloyd', 'wolf', 'x', 'dokaben', 'スコッチ'])} after {rng.choice(names)}",
            lambda: rng.choice(GARBAGE),
        ]
        return rng.choice(shapes)()


ADAPTER = Terror24()
