"""`node companion/app/replay.mjs GAME_FILE` prints what `python -m companion.replay GAME_FILE` prints, line for
line, in both languages, for every saved-game fixture of a game the browser plays."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from companion.replay import entries
from repo_paths import JOURNALS, ROOT

# every game has a JavaScript table (companion/app/<game>/table.js)
BROWSER_GAMES = ("famiglia", "terror24", "showdown")
FIXTURES = sorted(p.stem for p in JOURNALS.glob("*.json") if p.stem.split("-")[0] in BROWSER_GAMES)


def game_file(name: str, folder: Path) -> Path:
    path = folder / f"{name}.json"
    path.write_text(json.dumps(json.loads((JOURNALS / f"{name}.json").read_text(encoding="utf-8"))["file"],
                               ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("name", FIXTURES)
def test_the_browser_replays_a_saved_game_as_the_python_does(node, name, lang, tmp_path):
    path = game_file(name, tmp_path)
    python = [json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in entries(path, lang)]
    done = subprocess.run([node, str(ROOT / "companion" / "app" / "replay.mjs"), str(path), "--lang", lang],
                          capture_output=True, text=True, encoding="utf-8", cwd=ROOT)
    assert done.returncode == 0, done.stderr
    javascript = done.stdout.splitlines()
    assert len(python) > 3 and len(javascript) == len(python)  # the shortest fixture: 24's setup, four answers
    for n, (ours, theirs) in enumerate(zip(python, javascript), 1):
        assert theirs == ours, f"{name} ({lang}), entry {n}"


def test_a_line_that_no_longer_plays_is_named(node, tmp_path):
    path = game_file(FIXTURES[0], tmp_path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    saved["entries"][1] = ["take 99"]
    path.write_text(json.dumps(saved), encoding="utf-8")
    done = subprocess.run([node, str(ROOT / "companion" / "app" / "replay.mjs"), str(path), "--lang", "en"],
                          capture_output=True, text=True, encoding="utf-8", cwd=ROOT)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"{path}: saved line 2 ('take 99') no longer applies: "
                                   "there is no position 99: the Street has 6 card(s)")
    assert len(done.stdout.splitlines()) == 1  # the first entry was printed before
