"""Famiglia solo: how long the robot takes to decide, and how many whole games simulate per second.

    python bench/famiglia.py [--games N]

Targets: < 5 ms per robot turn; >= 1,000 full simulated games per second on one core.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.famiglia.engine import PLAYER, ROBOT, Game, Rules
from companion.famiglia.match import Match
from companion.famiglia.repl import FamigliaTable
from companion.famiglia.simulate import SimplePlayer, draw_random, simulate, table_lines
from companion.session import Session
from companion.table import replay
from tabletop.data.famiglia import load_famiglia


def robot_turn_times(rules: Rules, games: int, seed: int) -> list[float]:
    """Seconds per robot turn (program + the draws it asks for), timed from real mid-game positions."""
    rng, times = random.Random(seed), []
    for _ in range(games):
        match = Match(Game(rules, PLAYER))
        player = SimplePlayer(rules)
        while not match.game.over:
            g = match.game
            if g.pending:
                g.draw(draw_random(g, rng))
                continue
            trial, trial_rng = g.clone(), random.Random(rng.random())
            start = time.perf_counter()
            trial.player_end()
            while trial.pending and trial.turn == ROBOT and not trial.over:
                trial.draw(draw_random(trial, trial_rng))
            times.append(time.perf_counter() - start)
            match.apply(player.choose(g))
    return times


def replay_time(rules: Rules, seed: int) -> tuple[int, float]:
    """Lines in one whole table game, and the seconds to rebuild it from its journal (every undo)."""
    lines, _ = table_lines(rules, PLAYER, random.Random(seed))
    session = Session.create("famiglia", {}, None, seed)
    session.entries = [[line] for line in lines]
    start = time.perf_counter()
    replay(session, lambda s: FamigliaTable(rules, PLAYER))
    return len(lines), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="games per throughput run")
    args = parser.parse_args()
    data = load_famiglia()
    print(f"Python {sys.version.split()[0]}, one core")
    times = sorted(robot_turn_times(Rules(data, 3), 300, 1))
    p99 = times[int(len(times) * 0.99)]
    print(f"robot turn (level 3, {len(times)} turns): mean {statistics.fmean(times) * 1e6:.1f} µs, "
          f"p99 {p99 * 1e6:.1f} µs, max {times[-1] * 1e6:.1f} µs (target < 5000 µs)")
    for level in (1, 2, 3, 4):
        for first in (PLAYER, ROBOT):
            start = time.perf_counter()
            simulate(Rules(data, level), first, args.games, seed=level)
            rate = args.games / (time.perf_counter() - start)
            print(f"simulate level {level}, {first:6} first: {rate:,.0f} games/s (target >= 1,000)")
    n, seconds = replay_time(Rules(data, 3), 7)
    print(f"rebuild a whole table game from its journal ({n} lines, done on every undo): {seconds * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
