"""The conformance run fails on a real difference in 24's port: a copy of the browser's code whose
same-colour bonus never comes is played against the Python's trace, and the run names the game, its
seed and the step where the events first differ (the run itself: tests/test_conformance.py)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from companion.conformance import adapter, walks, write

ROOT = Path(__file__).resolve().parent.parent


def test_a_rule_broken_in_the_port_is_named_with_its_seed_and_step(node, tmp_path):
    shutil.copytree(ROOT / "companion" / "app", tmp_path / "companion" / "app")
    shutil.copytree(ROOT / "tests" / "js", tmp_path / "tests" / "js")
    rules = tmp_path / "companion" / "app" / "terror24" / "rules.js"
    source = rules.read_text(encoding="utf-8")
    broken = source.replace("if (this.seats[seat].events.includes(suitId)) {", "if (false) {")
    assert broken != source
    rules.write_text(broken, encoding="utf-8")
    parts: list[str] = []
    write(walks(adapter("terror24"), 12, 100), parts.append)
    trace = "".join(parts)
    runner = tmp_path / "tests" / "js" / "conformance.mjs"
    broken_run = subprocess.run([node, str(runner)], input=trace, capture_output=True, text=True, cwd=tmp_path)
    assert broken_run.returncode == 1, broken_run.stdout + broken_run.stderr
    first = broken_run.stdout.splitlines()[0]
    assert first.startswith("first difference: terror24") and " seed " in first and ": line " in first
    assert "events:" in broken_run.stdout and '"kind":"colour"' in broken_run.stdout
    sound = subprocess.run([node, str(ROOT / "tests" / "js" / "conformance.mjs")], input=trace, capture_output=True,
                           text=True, cwd=ROOT)
    assert sound.returncode == 0, sound.stdout  # the same trace, the port as it is: no difference
