"""24 companion figures on this machine:

    python bench/terror24.py

- the NPC's decision: turning its top card and resolving the round (engine only), over many
  random 3-player games;
- a whole scripted game through the table REPL with autosave after every line;
- resuming that game (replaying its journal)."""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.session import Session
from companion.table import Table, replay
from companion.terror24.engine import Game, Seat, npc_style
from companion.terror24.repl import Terror24Table
from tabletop.data.terror24 import STYLES, load_terror24

DATA = load_terror24()
GAMES = 2000


def random_game(rng: random.Random) -> tuple[Game, list[str]]:
    """A 3-player game with random styles and grid; also the unused events, for the reveals."""
    styles = [rng.choice(STYLES) for _ in range(3)]
    seats = [Seat(n, d, s, list(DATA.time_cards.values))
             for n, d, s in zip("ABC", ["scotch", "wolf", "hibachi"], styles)]
    deck = DATA.npc_cards()
    rng.shuffle(deck)
    seats.append(Seat("NPC", "lloyd", npc_style(styles), deck, npc=True))
    pool = [s.id for s in DATA.events.suits for _ in range(s.cards)]
    rng.shuffle(pool)
    grid = [[None] * c.places if c.face_down else [pool.pop() for _ in range(c.places)] for c in DATA.grid]
    return Game(DATA, seats, 0, grid), pool


def npc_decisions() -> list[float]:
    rng, times = random.Random(24), []
    for _ in range(GAMES):
        game, pool = random_game(rng)
        while (kind := game.need())[0] != "over":
            kind, seat = kind
            if kind == "reveal":
                game.reveal([pool.pop() for _ in game.grid[game.round - 1]])
            elif kind == "bid":
                game.bid(seat, rng.sample(game.seats[seat].hand, DATA.rules.bid_cards))
            elif kind == "npc":
                start = time.perf_counter()
                game.npc_card(seat, game.npc_top())
                times.append(time.perf_counter() - start)
            else:
                game.check(rng.choice(game.seats[seat].hand))
    return times


def scripted_game(path: Path) -> float:
    session = Session.create("terror24", {"npc_deck": "virtual"}, path, seed=7)
    table = Table(session, lambda s: Terror24Table(s, DATA), out=open("/dev/null", "w"), color=False)
    setup = iter(["A=scotch B=wolf C=hibachi", "s c s", "random", "A", "RB YG RR BP GY"])

    def read(prompt: str) -> str:
        game = table.game.game
        if game is None:
            return next(setup)
        kind, seat = game.need()
        if kind == "reveal":
            return "YGR" if game.round == 5 else "BRP"
        if kind == "check":
            return "draw"
        return " ".join(map(str, sorted(game.seats[seat].hand)[-2:]))

    start = time.perf_counter()
    table.run(read)
    return time.perf_counter() - start


def main() -> None:
    times = sorted(npc_decisions())
    us = [t * 1e6 for t in times]
    print(f"NPC decision (turn top card + resolve the round): median {statistics.median(us):.0f} µs, "
          f"p99 {us[int(len(us) * 0.99)]:.0f} µs, max {us[-1]:.0f} µs over {len(us)} turns in {GAMES} games")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        seconds = scripted_game(path)
        session = Session.open(path, "terror24")
        lines = len(session.lines())
        print(f"whole 3-player game through the REPL, autosaved after each of {lines} lines: {seconds * 1000:.0f} ms")
        start = time.perf_counter()
        replay(session, lambda s: Terror24Table(s, DATA))
        print(f"resume (replay {lines} journal lines): {(time.perf_counter() - start) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
