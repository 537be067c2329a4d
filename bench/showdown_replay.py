"""How long resuming / undoing a Hitman's Showdown game takes: replaying a long journal.

Prints the time to replay a full two-team game (every line through the engine), repeated."""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

from companion.session import Session
from companion.showdown.repl import ShowdownTable
from companion.table import InputError, replay
from showdown_script import GAME

lines = [line for line in GAME.strip().splitlines() if line]
options = {"teams": [{"name": "Ann", "faction": "blood_diamond"}, {"name": "Bob", "faction": "void_clover"}],
           "lang": "en"}
session = Session.create("hitmans-showdown", options, None, seed=1)
probe = ShowdownTable(session)
for line in lines:
    try:
        probe.handle(line)
        session.entries.append([line])
    except InputError:
        probe = replay(session, ShowdownTable)  # the script's deliberately refused lines, as the driver does
runs = 20
start = time.perf_counter()
for _ in range(runs):
    replay(session, ShowdownTable)
each = (time.perf_counter() - start) / runs
print(f"replay of {len(session.lines())} journal lines (a full game to the showdown): {each * 1000:.1f} ms")
