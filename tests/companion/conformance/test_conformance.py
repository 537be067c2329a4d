"""The browser's engines held to the Python's, line by line: the conformance run's share for CI (seeded
walks with undo, redo and fuzzed lines; companion/conformance/), and proof that the run fails, naming
the step, when the two differ. The full run is `python bench/conformance.py --full`."""
from __future__ import annotations

import json
import subprocess

import pytest

from companion.conformance import adapter, games, walks, write
from companion.conformance.famiglia import Famiglia
from repo_paths import JS, ROOT

RUNNER = JS / "conformance.mjs"
SHARE = {"games": 100, "fuzz": 2000}  # CI's share for each game (fuzzed lines in all); ~10 s of CPU for Famiglia


def run(node: str, trace: str) -> subprocess.CompletedProcess:
    return subprocess.run([node, str(RUNNER)], input=trace, capture_output=True, text=True, cwd=ROOT)


def trace_of(game, games: int, fuzz: int, first_seed: int = 0) -> str:
    parts: list[str] = []
    write(walks(adapter(game) if isinstance(game, str) else game, games, fuzz, first_seed), parts.append)
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
    assert counts["fuzzed"] >= SHARE["fuzz"] and counts["refused"] and counts["undo"] and counts["redo"]


@pytest.mark.parametrize("games, fuzz", [(1, 300), (3, 200), (10, 5)])
def test_a_run_plays_at_least_the_fuzzed_lines_asked_for(games, fuzz):
    counts = list(walks(adapter("terror24"), games, fuzz))[-1]["end"]
    assert counts["games"] == games and fuzz <= counts["fuzzed"] <= fuzz + 30


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


@pytest.mark.parametrize("game", games())
def test_help_is_compared_once_a_walk_and_older_traces_without_it_still_play(node, game):
    lines = [json.loads(line) for line in trace_of(game, 2, 10).splitlines()]
    starts = [i for i, item in enumerate(lines) if item.get("op") == "start"]
    assert all(lines[i]["seen"]["help"]["ja"] != lines[i]["seen"]["help"]["en"] for i in starts)
    assert not any("help" in item.get("seen", {}) for i, item in enumerate(lines) if i not in starts)
    changed = json.loads(json.dumps(lines))
    changed[starts[1]]["seen"]["help"]["ja"][0] += " "  # one help line laid out otherwise
    done = run(node, "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in changed))
    assert done.returncode == 1
    assert done.stdout.startswith(f"first difference: {game}") and "(walk 1), step 1: start" in done.stdout
    assert "  help:" in done.stdout
    for i in starts:
        del lines[i]["seen"]["help"]
    done = run(node, "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in lines))
    assert done.returncode == 0 and json.loads(done.stdout)["differences"] == 0


def test_a_trace_cut_short_fails(node):
    lines = trace_of("famiglia", 1, 10).splitlines()
    done = run(node, "\n".join(lines[:-1]) + "\n")
    assert done.returncode != 0 and "ended without its counts" in done.stderr


def test_both_engines_follow_a_changed_value(node, tmp_path):
    bundled = (ROOT / "cards" / "famiglia.toml").read_text(encoding="utf-8")
    changed = bundled.replace("targets = [9, 6, 5, 3]", "targets = [2, 6, 5, 3]", 1)  # level 1 wants two 0s
    changed = changed.replace("vp = [1, 3, 6, 10, 15]", "vp = [1, 3, 6, 10, 25]", 1)  # R4 worth 25
    assert changed.count("targets = [2, 6, 5, 3]") == 1 and "vp = [1, 3, 6, 10, 25]" in changed
    (tmp_path / "famiglia.toml").write_text(changed, encoding="utf-8")
    trace = trace_of(Famiglia(tmp_path), 8, 100)
    done = run(node, trace)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["differences"] == 0
    # The JavaScript was handed the changed data, and both boards said the robot's new target of 0s.
    lines = trace.splitlines()
    assert '"vp":[1,3,6,10,25]' in lines[0] and '"targets":[2,6,5,3]' in lines[0]
    first_walk = lines[1:next(i for i, line in enumerate(lines[1:], 1) if line.startswith('{"walk"'))]
    assert any("0s 4/2 · 1s" in line for line in first_walk) and not any("0s 4/9" in line for line in first_walk)
