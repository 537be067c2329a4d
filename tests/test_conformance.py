"""The browser's engines held to the Python's, line by line: the conformance run's share for CI (seeded
walks with undo, redo and fuzzed lines; companion/conformance/), and proof that the run fails, naming
the step, when the two differ. The full run is `python bench/conformance.py --full`."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from companion.conformance import adapter, games, walks, write

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "js" / "conformance.mjs"
SHARE = {"games": 100, "fuzz": 2000}  # CI's share per game; ~10 s of CPU for Famiglia


def run(node: str, trace: str) -> subprocess.CompletedProcess:
    return subprocess.run([node, str(RUNNER)], input=trace, capture_output=True, text=True, cwd=ROOT)


def trace_of(game: str, games: int, fuzz: int, first_seed: int = 0) -> str:
    parts: list[str] = []
    write(walks(adapter(game), games, fuzz, first_seed), parts.append)
    return "".join(parts)


@pytest.mark.parametrize("game", games())
def test_the_javascript_plays_every_line_as_the_python_does(node, game, capsys):
    done = run(node, trace_of(game, SHARE["games"], SHARE["fuzz"]))
    assert done.returncode == 0, done.stdout + done.stderr
    counts = json.loads(done.stdout)
    with capsys.disabled():  # the counts show in CI's log
        print(f"\nconformance {game}: {counts}")
    assert counts["differences"] == 0
    assert counts["games"] == SHARE["games"] and counts["over"] == SHARE["games"]
    assert counts["fuzzed"] >= SHARE["fuzz"] * 0.8 and counts["refused"] and counts["undo"] and counts["redo"]


def test_a_difference_is_named_with_the_game_seed_and_step(node):
    lines = trace_of("famiglia", 2, 40, first_seed=7).splitlines()
    steps = [i for i, line in enumerate(lines) if '"op":"line"' in line and '"events":[{' in line]
    changed = json.loads(lines[steps[5]])
    changed["seen"]["events"][0]["type"] = "Tampered"  # what the Python would say if the rules drifted
    lines[steps[5]] = json.dumps(changed, ensure_ascii=False)
    done = run(node, "\n".join(lines) + "\n")
    assert done.returncode == 1
    first = done.stdout.splitlines()[0]
    assert first.startswith("first difference: famiglia") and "seed 7" in first and f"step {steps[5]}:" in first
    assert "events:" in done.stdout and '"type":"Tampered"' in done.stdout


def test_a_trace_cut_short_fails(node):
    lines = trace_of("famiglia", 1, 10).splitlines()
    done = run(node, "\n".join(lines[:-1]) + "\n")
    assert done.returncode != 0 and "ended without its counts" in done.stderr
