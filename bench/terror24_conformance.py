"""The full conformance run of 24's browser port against the Python engine: seeded walks (3, 4 and 5
players, the NPC with a virtual or a physical deck, undo and redo, fuzzed lines) written by the Python
and replayed by Node, compared after every line (tests/terror24_walks.py, tests/js/terror24_replay.mjs).
Prints the counts and the time; exits 1 on the first game with a difference (printed with its seed).

    python bench/terror24_conformance.py [--games 1000] [--fuzz 100]
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from terror24_walks import write  # noqa: E402

CHUNK = 100  # games per trace file: the traces of a thousand games would fill a disk's temporary space


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--fuzz", type=int, default=100, help="fuzzed lines per game")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        print("node not found: the run needs Node.js 18 or newer on PATH")
        return 2
    totals: dict[str, int] = {}
    python_s = node_s = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for first in range(0, args.games, CHUNK):
            path = Path(folder) / f"traces-{first}.jsonl"
            started = time.perf_counter()
            write(str(path), min(CHUNK, args.games - first), args.fuzz, first_seed=first)
            python_s += time.perf_counter() - started
            started = time.perf_counter()
            ran = subprocess.run([node, str(ROOT / "tests/js/terror24_replay.mjs"), str(path)], capture_output=True,
                                 text=True, encoding="utf-8")
            node_s += time.perf_counter() - started
            *found, last = ran.stdout.splitlines()
            for key, value in json.loads(last).items():
                totals[key] = totals.get(key, 0) + value
            if ran.returncode != 0:
                print("\n".join(found))
                print(json.dumps(totals))
                return 1
    print(json.dumps(totals))
    print(f"Python walks {python_s:.1f} s, Node replay {node_s:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
