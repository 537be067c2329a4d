"""The browser's port of 24 plays what the Python plays: seeded walks of the Python engine
(tests/terror24_walks.py: 3, 4 and 5 players, the NPC with a virtual or a physical deck, undo and redo,
fuzzed lines) replayed through companion/app/terror24 under Node, compared after every line — the
action read, the refusal (key, arguments and words in both languages), the events, the narration in
English and Japanese, whose move it is, the listed actions, the status and the outcome. The full run
is `python bench/terror24_conformance.py`."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from terror24_walks import write

ROOT = Path(__file__).resolve().parent.parent
REPLAY = ROOT / "tests" / "js" / "terror24_replay.mjs"
RULES = ROOT / "companion" / "app" / "terror24" / "rules.js"
GAMES, FUZZ = 60, 60  # the share every run checks (about 8,000 lines)


def replay(node: str, traces: Path) -> subprocess.CompletedProcess:
    return subprocess.run([node, str(REPLAY), str(traces)], capture_output=True, text=True, encoding="utf-8",
                          timeout=600, cwd=ROOT)


@pytest.fixture(scope="module")
def traces(tmp_path_factory) -> tuple[Path, dict]:
    path = tmp_path_factory.mktemp("terror24") / "traces.jsonl"
    return path, write(str(path), GAMES, FUZZ)


def test_the_port_plays_every_line_as_the_python(node, traces):
    path, made = traces
    ran = replay(node, path)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    counts = json.loads(ran.stdout.splitlines()[-1])
    print("terror24 conformance:", counts)
    assert counts["differences"] == 0
    assert counts["games"] == made["games"] == GAMES
    assert counts["lines"] == made["lines"]
    # the walks reach what they are meant to: finished games, refusals, undo and redo
    assert counts["over"] == GAMES and counts["refused"] > GAMES * FUZZ // 2 and counts["undo"] > GAMES // 2


def test_a_rule_broken_in_the_port_is_named_with_its_seed(node, traces, tmp_path):
    """The run fails on a real difference: a copy of the port whose same-colour bonus never comes."""
    path, _ = traces
    app = tmp_path / "companion" / "app"
    (tmp_path / "companion").mkdir()
    subprocess.run(["cp", "-r", str(ROOT / "companion" / "app"), str(tmp_path / "companion")], check=True)
    (tmp_path / "tests" / "js").mkdir(parents=True)
    (tmp_path / "tests" / "js" / REPLAY.name).write_text(REPLAY.read_text(encoding="utf-8"), encoding="utf-8")
    rules = app / "terror24" / "rules.js"
    source = rules.read_text(encoding="utf-8")
    broken = source.replace("if (this.seats[seat].events.includes(suitId)) {", "if (false) {")
    assert broken != source
    rules.write_text(broken, encoding="utf-8")
    ran = subprocess.run([node, str(tmp_path / "tests" / "js" / REPLAY.name), str(path)], capture_output=True,
                         text=True, encoding="utf-8", timeout=600)
    assert ran.returncode == 1
    first = ran.stdout.splitlines()[0]
    assert re.match(r"seed \d+ \(\d players, NPC deck (virtual|physical)\), step \d+ line .*: events differs", first)
    assert json.loads(ran.stdout.splitlines()[-1])["differences"] > 0
