"""The conformance run's Python side: seeded walks over every game's table, written as a trace that the
browser's JavaScript (tests/js/conformance.mjs) plays again, line by line, comparing what it sees.

A walk starts a table in both languages, then plays lines: mostly one of the listed actions (or a line
the game's adapter makes, e.g. several drawn cards at once), sometimes a fuzzed line from the game's
grammar, sometimes `undo` or `redo`, which rebuild the tables from the journal as the terminal's table
does (companion/table.py, with its Session). After every step the trace holds what a player could see
or a page could read: whose move it is, the listed actions (lines and JSON), the events the line
brought about (as JSON: `{"type": ClassName, ...fields}`), the refusal's message key and arguments, the
outcome, the status (`status --json`), the choices a page offers (labelled), the prompt and the words
said in English and in Japanese; and the listed actions whose line parses to another action (none, in
a sound engine). A refused line is not followed by a rebuild, so an engine that changed something
before refusing shows it at once. The start also holds what `help` says in each language: a game's
commands depend on its options and data only, so once a walk is enough.

The trace is JSON lines: a header `{"walk": n, "game", "options", "seed"}` (with `"data"`, the game's
data as the browser reads it, when the walk plays other data than the bundled file), then one object
per step `{"op": "start"|"line"|"undo"|"redo", "line", "typed", "seen": {...}}` (`typed`: the line as the
table hands it to the game; `seen["help"]` only at the start, and a trace written before it had none);
the last line is `{"end": counts}`.

How a game plugs in: a module `companion/conformance/<game>.py` (the game's id with `-` as `_`) with
`ADAPTER`, an object of the shape `Adapter` below, and its JavaScript twin
`tests/js/conformance/<game>.mjs` (see tests/js/conformance.mjs). Nothing else names the games. The
game's table is driven through its own `handle(line)`; the events are read by wrapping the `apply` of
the engine `ADAPTER.engine(table)` returns (so that engine must take an instance attribute), and the
refusal is the RuleError the table's InputError was raised from (`raise InputError(...) from None`
keeps it as `__context__`).

    python -m companion.conformance famiglia --games 100 --fuzz 2000 | node tests/js/conformance.mjs
"""
from __future__ import annotations

import argparse
import importlib
import itertools
import json
import pkgutil
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import msgspec

from companion.driver import normalise_line
from companion.session import Session
from companion.speech import Joined, Said, SaidError
from companion.table import TABLE_WORDS as READ_FIRST_BY_THE_TABLE
from companion.table import InputError
from tabletop.plain_text import stray_character

LANGS = ("en", "ja")
TABLE_WORDS = (*READ_FIRST_BY_THE_TABLE, "redo")  # read by the table, never the game
UNDO = 0.05  # how often a walk undoes, of its steps
REDO = 0.3  # how often it redoes, of the steps while something undone waits
MOST_STEPS = 600  # a walk stops here even if the game is not over (no game of ours comes near), unless
# it is the last and fuzzed lines are still owed


class Adapter(Protocol):
    """What the generic run needs to know of one game."""

    game: str  # its id, as game files and data/<game>.json name it
    data: dict | None  # the game's data as the browser reads it, when not the bundled data/<game>.json

    def option_sets(self) -> list[dict]:
        """The game files' options the walks take in turn (every level, seat, player count…)."""

    def new_table(self, options: dict, seed: int, lang: str) -> Any:
        """A fresh table (a companion.table.TableGame) for a game file's options and seed."""

    def engine(self, table: Any) -> Any:
        """The table's engine (companion.protocol.Engine)."""

    def walk_line(self, table: Any, rng: random.Random) -> str:
        """A line a player would type now: a listed action's line, or one the lists do not hold (several
        cards drawn at once)."""

    def fuzz_line(self, table: Any, rng: random.Random) -> str:
        """A line from the game's grammar, right or wrong: every code, numbers around the limits,
        full-width digits, garbage."""


class WalkedTable:
    """A terminal table as the run drives it: nothing is said before the first prompt (the trace starts at
    the first question); everything else is the table's own."""

    def __init__(self, table: Any):
        self.table = table

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)

    def opening(self) -> list[str]:
        return []


def games() -> list[str]:
    """Every game with an adapter (a module beside this one)."""
    return sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def adapter(game: str) -> Adapter:
    return importlib.import_module(f"{__name__}.{game.replace('-', '_')}").ADAPTER


def to_json(value: Any) -> Any:
    """Arguments and events as the JavaScript writes them: tuples as lists, words as their key (an error
    given as a field as its words, words side by side as their parts)."""
    if isinstance(value, SaidError):  # an error given as a field is said as its words
        value = value.said
    if isinstance(value, Said):
        return {"said": value.message, "fields": to_json(value.fields),
                "plural": list(value.plural) if value.plural else None}
    if isinstance(value, Joined):
        return {"joined": to_json(value.parts), "sep": value.sep}
    if isinstance(value, msgspec.Struct):
        return {"type": type(value).__name__, **to_json(msgspec.structs.asdict(value))}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


class Walk:
    """One game at a table in every language, with the table's journal, undo and redo."""

    def __init__(self, game: Adapter, options: dict, seed: int):
        self.game, self.options, self.seed = game, options, seed
        self.session = Session.create(game.game, options, None, seed)
        self.tables: dict[str, Any] = {}
        self.events: list = []
        self.rebuild()

    def _new(self, lang: str) -> Any:
        table = self.game.new_table(self.options, self.seed, lang)
        engine = self.game.engine(table)
        apply = engine.apply

        def recorded(action):  # the events the table's own handling brought about
            events = apply(action)
            self.events = list(events)
            return events

        engine.apply = recorded
        return table

    def rebuild(self) -> None:
        """Fresh tables with every journalled line played again, silently (table.replay)."""
        self.tables = {lang: self._new(lang) for lang in LANGS}
        for line in self.session.lines():
            for table in self.tables.values():
                table.handle(line)

    @property
    def table(self) -> Any:
        return self.tables[LANGS[0]]

    def seen(self, said: dict[str, list[str]], events: list | None = None,
             refusal: Said | None = None) -> dict:
        table, engine = self.table, self.game.engine(self.table)
        outcome = engine.outcome()
        mover, notes = engine.to_move(), table.notes()
        actions = engine.legal_actions()
        return {"mover": {"kind": mover.kind, "who": mover.who}, "actions": [a.line() for a in actions],
                "listed": to_json(actions), "round_trip": [a.line() for a in actions if engine.parse(a.line()) != a],
                "events": None if events is None else to_json(events),
                "refusal": None if refusal is None else {"key": refusal.message, "args": to_json(refusal.fields)},
                "outcome": None if outcome is None else outcome.to_json(), "status": table.status(),
                "prompt": {lang: t.prompt() for lang, t in self.tables.items()},
                "choices": {lang: [c.to_json() for c in t.choices()] for lang, t in self.tables.items()},
                "awaiting": table.awaiting_answer(), "over": table.is_over(),
                "notes": None if notes is None else {"count": len(notes), "last": {
                    lang: (t.notes() or [None])[-1] for lang, t in self.tables.items()}},
                "said": said}

    def start(self) -> dict:
        seen = self.seen({lang: t.opening() for lang, t in self.tables.items()})
        return {**seen, "help": {lang: t.help() for lang, t in self.tables.items()}}

    def play(self, line: str) -> dict:
        """One typed line, as the table takes it: accepted (journalled, said) or refused (said why)."""
        continues = self.table.awaiting_answer()
        said, refusal = {}, None
        self.events = []
        for lang, table in self.tables.items():
            try:
                said[lang] = table.handle(line)
            except InputError as e:
                said[lang] = [str(e)]
                refusal = e.__context__  # the RuleError the table turned into words (raise … from None)
        if refusal is not None:
            return self.seen(said, None, refusal)
        self.session.record(line, continues_entry=continues)
        return self.seen(said, self.events)

    def undo(self) -> dict:
        dropped = self.session.undo(1)
        self.rebuild()
        return self.seen({lang: ([] if not dropped else t.describe()) for lang, t in self.tables.items()})

    def redo(self) -> dict:
        entry = self.session.next_redo()
        said: dict[str, list[str]] = {lang: [] for lang in LANGS}
        if entry is not None:
            for line in entry:
                for lang, table in self.tables.items():
                    said[lang] += table.handle(line)
            self.session.redo()
        return self.seen(said)



def typeable(line: str) -> bool:
    """A line a game sees: not empty, no control character, not one of the table's own words."""
    text = normalise_line(line)
    return bool(text) and not stray_character(text) and text.split()[0].lower() not in TABLE_WORDS


def walks(game: Adapter, games: int, fuzz: int, first_seed: int = 0) -> Iterator[dict]:
    """The trace of `games` walks (options in turn, seeds from `first_seed`) with at least `fuzz` fuzzed
    lines in all (for the game, not for each walk), spread over them; the last item counts what was
    played."""
    counts = {"games": 0, "over": 0, "steps": 0, "lines": 0, "refused": 0, "fuzzed": 0, "undo": 0, "redo": 0}
    option_sets = game.option_sets()
    for n in range(games):
        seed = first_seed + n
        options = option_sets[n % len(option_sets)]
        rng = random.Random(seed)
        last = n == games - 1
        # The share of lines fuzzed: what is still owed, shared by the walks left, beside the lines a
        # walk of this game has played so far (a first guess of a hundred; a game of 24 takes half the
        # lines of one of Famiglia). A fuzzed line rarely moves the game on, so it adds to a walk's lines.
        played = counts["lines"] - counts["fuzzed"]
        per_walk = played / counts["games"] if counts["games"] and played else 100
        owed = max(fuzz - counts["fuzzed"], 0) / (games - n)
        fuzz_rate = owed / (owed + per_walk)
        walk = Walk(game, options, seed)
        header = {"walk": n, "game": game.game, "options": options, "seed": seed}
        yield header if game.data is None else {**header, "data": game.data}
        yield {"op": "start", "seen": walk.start()}
        for step in itertools.count(1):
            roll = rng.random()
            if walk.session.undone and roll < REDO:
                counts["redo"] += 1
                yield {"op": "redo", "seen": walk.redo()}
            elif walk.session.entries and rng.random() < UNDO:
                counts["undo"] += 1
                yield {"op": "undo", "seen": walk.undo()}
            else:
                fuzzed = rng.random() < fuzz_rate or walk.table.is_over()
                line = game.fuzz_line(walk.table, rng) if fuzzed else game.walk_line(walk.table, rng)
                if not typeable(line):
                    continue
                seen = walk.play(normalise_line(line))
                counts["lines"] += 1
                counts["fuzzed"] += fuzzed
                counts["refused"] += seen["refusal"] is not None
                yield {"op": "line", "line": line, "typed": normalise_line(line), "seen": seen}
            counts["steps"] += 1
            # The last walk goes on (fuzzing a game over) until every fuzzed line owed is played.
            if last and counts["fuzzed"] < fuzz:
                continue
            if step >= MOST_STEPS or (walk.table.is_over() and rng.random() < 0.3):
                break
        counts["games"] += 1
        counts["over"] += walk.table.is_over()
    yield {"end": counts}


def write(trace: Iterator[dict], out: Callable[[str], Any]) -> dict:
    counts: dict = {}
    for item in trace:
        out(json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n")
        counts = item.get("end", counts)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the conformance trace of seeded walks over a game.")
    parser.add_argument("game", choices=games())
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--fuzz", type=int, default=2000,
                        help="fuzzed lines for the game in all (at least), spread over the walks")
    parser.add_argument("--seed", type=int, default=0, help="the first walk's seed")
    args = parser.parse_args(argv)
    counts = write(walks(adapter(args.game), args.games, args.fuzz, args.seed), sys.stdout.write)
    print(json.dumps(counts), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
