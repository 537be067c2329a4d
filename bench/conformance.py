"""The conformance run over every game with a JavaScript engine: the Python's seeded walks played again
by Node on the browser's engines (companion/conformance/, tests/js/conformance.mjs); prints each game's
counts and the time, or the first difference.

    python bench/conformance.py            # CI's share: 100 games and 2,000 fuzzed lines, for each game
    python bench/conformance.py --full     # 1,000 games and 10,000 fuzzed lines, for each game

The fuzzed lines are counted for a game (an engine) in all, spread over its walks, and the run plays at
least as many as asked (companion.conformance.walks): the counts printed say how many it played.
    python bench/conformance.py --game famiglia --games 300 --fuzz 5000 --seed 1000
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.conformance import adapter, games, walks, write

SHARE, FULL = (100, 2000), (1000, 10000)


def run(game: str, count: int, fuzz: int, seed: int) -> int:
    node = shutil.which("node")
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip() if node else ""
    major = version.lstrip("v").split(".")[0]
    if not (major.isdigit() and int(major) >= 18):
        print(f"the conformance run needs Node.js 18 or newer on PATH (found: {version or 'none'})", file=sys.stderr)
        return 2
    start = time.perf_counter()
    with subprocess.Popen([node, str(ROOT / "tests" / "js" / "conformance.mjs")], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True, encoding="utf-8", cwd=ROOT) as child:
        assert child.stdin is not None and child.stdout is not None
        try:
            write(walks(adapter(game), count, fuzz, seed), child.stdin.write)
        except BrokenPipeError:  # Node stopped at the first difference
            pass
        try:
            child.stdin.close()
        except BrokenPipeError:
            pass
        said = child.stdout.read()
    seconds = time.perf_counter() - start
    if child.returncode:
        print(said, end="")
        return 1
    counts = json.loads(said)
    if counts["games"] < count or counts["fuzzed"] < fuzz:  # never a smaller run than the one asked for
        print(f"{game}: asked for {count} games and {fuzz} fuzzed lines, played {counts}")
        return 1
    print(f"{game}: {counts['games']} games ({counts['over']} to the end), {counts['lines']} lines "
          f"({counts['fuzzed']} fuzzed, {counts['refused']} refused), {counts['undo']} undo, {counts['redo']} redo; "
          f"{counts['compared']} steps compared, {counts['differences']} differences; {seconds:.1f} s")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="1,000 games and 10,000 fuzzed lines, for each game")
    parser.add_argument("--game", choices=games(), action="append", help="only this game (repeatable)")
    parser.add_argument("--games", type=int)
    parser.add_argument("--fuzz", type=int, help="fuzzed lines for each game, in all")
    parser.add_argument("--seed", type=int, default=0, help="the first walk's seed")
    args = parser.parse_args()
    count, fuzz = FULL if args.full else SHARE
    status = 0
    for game in args.game or games():
        status = max(status, run(game, args.games or count, args.fuzz or fuzz, args.seed))
    return status


if __name__ == "__main__":
    sys.exit(main())
