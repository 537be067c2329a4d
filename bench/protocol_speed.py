"""The protocol's figures on this machine (targets: each well under 1 ms):

    python bench/protocol_speed.py

- listing the legal actions and applying one, in every position of seeded random games (Famiglia
  levels 1 and 4; 24 with 3 and 5 players; Hitman's Showdown with 2, 3 and 4 teams, whose legal actions
  are found by trying each candidate on a copy), as the API does on every request and the simulator
  on every step;
- the same through the API's words: the choices with their labels and forms (what `"actions"` holds);
- resuming a long game: replaying a whole saved journal.

A listing changes nothing, so each is timed REPEAT times and the best kept: what the work costs, without
the pauses another process on a busy machine puts into one run (the median and p99 are over positions)."""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from companion.famiglia.engine import PLAYER, ROBOT, Game, Rules
from companion.famiglia.match import Match
from companion.famiglia.repl import FamigliaTable
from companion.protocol import NOBODY
from companion.session import Session
from companion.showdown.repl import ShowdownTable
from companion.table import replay
from companion.terror24.repl import Terror24Table
from tabletop.data.famiglia import load_famiglia
from tabletop.data.terror24 import load_terror24

GAMES = 40
REPEAT = 3


def best_of(work):
    """µs of the fastest of REPEAT runs of `work`, and what it returned."""
    runs = []
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        done = work()
        runs.append(time.perf_counter() - t0)
    return min(runs) * 1e6, done


def timed(positions, engine_of, step):
    """Per position: µs to list the legal actions, µs to apply the chosen one."""
    listing, applying = [], []
    for seed in range(GAMES):
        rng, engine = random.Random(seed), engine_of(seed)
        for _ in range(5000):
            if engine.to_move().kind == NOBODY:
                break
            took, actions = best_of(engine.legal_actions)
            action = step(engine, actions, rng)
            t0 = time.perf_counter()
            engine.apply(action)
            listing.append(took)
            applying.append((time.perf_counter() - t0) * 1e6)
    positions.append(len(listing))
    return listing, applying


def report(name, listing, applying):
    def line(what, values):
        q = statistics.quantiles(values, n=100)
        return (f"  {what:<8} median {statistics.median(values):7.1f} µs   p99 {q[98]:7.1f} µs   "
                f"max {max(values):8.1f} µs")
    print(f"{name}: {len(listing)} positions")
    print(line("list", listing))
    print(line("apply", applying))


def famiglia(level, first):
    data = load_famiglia()
    return lambda seed: Match(Game(Rules(data, level), first))


def terror24(players):
    data = load_terror24()
    setup = {3: ["A=scotch B=wolf C=hibachi", "s c s", "random"],
             5: ["A=scotch B=wolf C=hibachi D=lloyd E=dokaben", "s c s c c"]}[players]

    def start(seed):
        table = Terror24Table(Session.create("terror24", {}, None, seed), data)
        for line in setup + ["A", "RB YG RR BP GY"]:
            table.handle(line)
        return table.match
    return start


def showdown(teams):
    factions = ["blood_diamond", "void_clover", "red_heart", "darkness_speed"]
    options = {"teams": [{"name": f"T{n}", "faction": f} for n, f in enumerate(factions[:teams])], "lang": "en"}
    return lambda seed: ShowdownTable(Session.create("hitmans-showdown", options, None, seed)).match


def pick(engine, actions, rng):
    if actions:
        return rng.choice(actions)
    letters = engine.events_left()  # a 24 column turned up: the form, filled
    return engine.parse("".join(rng.sample(letters, len(engine.game.grid[engine.game.round - 1]))))


def showdown_choices(teams):
    """The API's actions for Hitman's Showdown (the legal actions worded, and the forms with the items
    each may be filled with) in every position of seeded random games."""
    factions = ["blood_diamond", "void_clover", "red_heart", "darkness_speed"]
    options = {"teams": [{"name": f"T{n}", "faction": f} for n, f in enumerate(factions[:teams])], "lang": "en"}
    listing = []
    for seed in range(GAMES):
        table, rng = ShowdownTable(Session.create("hitmans-showdown", options, None, seed)), random.Random(seed)
        while not table.is_over():
            took, choices = best_of(table.choices)
            listing.append(took)
            table.handle(rng.choice([c.line for c in choices if c.line]))
    q = statistics.quantiles(listing, n=100)
    print(f"Hitman's Showdown choices with labels and forms, {teams} teams: {len(listing)} positions, "
          f"median {statistics.median(listing):.1f} µs, p99 {q[98]:.1f} µs, max {max(listing):.1f} µs")


def choices_cost():
    data = load_famiglia()
    table = FamigliaTable(Rules(data, 3), PLAYER)
    runs = []
    for _ in range(200):
        t0 = time.perf_counter()
        table.choices()
        runs.append((time.perf_counter() - t0) * 1e6)
    print(f"Famiglia choices with labels (a new game: 21 entries): median {statistics.median(runs):.1f} µs")


def resume_cost():
    from famiglia_helpers import scripted_game

    lines, _ = scripted_game(level=3, first=ROBOT, seed=3)
    session = Session.create("famiglia", {"level": 3, "first": ROBOT}, None, 1)
    session.entries = [[line] for line in lines]
    rules = Rules(load_famiglia(), 3)
    runs = []
    for _ in range(20):
        t0 = time.perf_counter()
        replay(session, lambda s: FamigliaTable(rules, ROBOT))
        runs.append((time.perf_counter() - t0) * 1e3)
    print(f"resuming a whole Famiglia game ({len(lines)} lines): median {statistics.median(runs):.1f} ms")


if __name__ == "__main__":
    counted = []
    for name, engine_of in [("Famiglia level 1, player first", famiglia(1, PLAYER)),
                            ("Famiglia level 4, robot first", famiglia(4, ROBOT)),
                            ("24, 3 players", terror24(3)), ("24, 5 players", terror24(5)),
                            *((f"Hitman's Showdown, {n} teams", showdown(n)) for n in (2, 3, 4))]:
        report(name, *timed(counted, engine_of, pick))
    for teams in (2, 4):
        showdown_choices(teams)
    choices_cost()
    resume_cost()
