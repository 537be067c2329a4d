"""The conformance run fails on a real difference in Hitman's Showdown's port: a copy of the browser's
code that triples a doubled reward is played against the Python's trace, and the run names
the game, its seed and the step where they first differ; and both engines follow penalty entries
changed in the game's data (the run itself: tests/companion/conformance/test_conformance.py)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from companion.conformance import walks, write
from companion.conformance.hitmans_showdown import HitmansShowdown
from repo_paths import ROOT

RUNNER = Path("tests") / "js" / "conformance.mjs"


def trace_of(game: HitmansShowdown, games: int, fuzz: int) -> str:
    parts: list[str] = []
    write(walks(game, games, fuzz), parts.append)
    return "".join(parts)


def run(node: str, trace: str, root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([node, str(root / RUNNER)], input=trace, capture_output=True, text=True, cwd=root)


def test_a_rule_broken_in_the_port_is_named_with_its_seed_and_step(node, port_copy):
    copy = port_copy("showdown/rules.js", "(action.double ? 2 : 1)", "(action.double ? 3 : 1)")
    trace = trace_of(HitmansShowdown(), 30, 300)
    broken_run = run(node, trace, copy)
    assert broken_run.returncode == 1, broken_run.stdout + broken_run.stderr
    first = broken_run.stdout.splitlines()[0]
    assert first.startswith("first difference: hitmans-showdown") and " seed " in first and ": line " in first
    assert "events:" in broken_run.stdout and '"type":"Booked"' in broken_run.stdout  # the doubled reward booked
    sound = run(node, trace, ROOT)
    assert sound.returncode == 0, sound.stdout  # the same trace, the port as it is: no difference


def test_both_engines_follow_changed_penalty_entries(node, tmp_path):
    """A lost mafia attack costing 1d6 × 700 and a lost hitman attack 2,900, in a folder's
    hitmans_showdown.toml: the JavaScript is handed the changed data in the trace and plays the changed
    game as the Python does."""
    bundled = (ROOT / "cards" / "hitmans_showdown.toml").read_text(encoding="utf-8")
    mafia = bundled.index("[penalty_tables.mafia_loss]")
    hitman = bundled.index("[penalty_tables.hitman_loss]")
    changed = (bundled[:mafia] + bundled[mafia:hitman].replace("times = 1000", "times = 700", 1)
               + bundled[hitman:].replace("amount = 3000", "amount = 2900", 1))
    assert changed.count("times = 700") == 1 and changed.count("amount = 2900") == 1
    (tmp_path / "hitmans_showdown.toml").write_text(changed, encoding="utf-8")
    trace = trace_of(HitmansShowdown(tmp_path), 24, 200)
    done = run(node, trace, ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["differences"] == 0
    assert '"times":700' in trace.splitlines()[0] and '"amount":2900' in trace.splitlines()[0]
    lost: dict[str, list[dict]] = {}
    for line in trace.splitlines():
        step = json.loads(line)
        for event in (step.get("seen") or {}).get("events") or []:
            if event["type"] == "PenaltyRolled" and event["effect"]["id"] == "lose_money":
                lost.setdefault(event["table"]["en"], []).append(event["effect"])
    assert lost.get("Losing to the mafia") and lost.get("Losing a hitman attack")
    assert all(e["amount"] == 700 * sum(e["money_roll"]) for e in lost["Losing to the mafia"])
    assert all(e["amount"] == 2900 for e in lost["Losing a hitman attack"])
