"""The browser's Famiglia table says `help` as the terminal's does — the commands laid out by display
width and the robot's program at the level, with its targets — in both languages, on the bundled data
and on a folder's edited copy; and, as at the terminal, a rematch keeps no entry of the game."""
from __future__ import annotations

import json
import subprocess

import pytest

from companion.appfiles import game_data
from companion.famiglia.engine import PLAYER, Rules
from companion.famiglia.repl import FamigliaTable
from repo_paths import ROOT
from tabletop.data.famiglia import load_famiglia

JS_TABLE = """
import { readFileSync } from "node:fs";
import { loadWords } from "./companion/app/lib/words.js";
import { newTable } from "./companion/app/famiglia/table.js";
const data = JSON.parse(readFileSync(0, "utf-8"));
const out = {};
for (const lang of ["en", "ja"]) {
  for (const { level } of data.levels) {
    const table = newTable(data, { level, first: "player" }, await loadWords(lang));
    out[`${lang} ${level}`] = { help: table.help(), rematch: table.rematchEntries() };
  }
}
console.log(JSON.stringify(out));
"""


@pytest.mark.parametrize("edited", [False, True])
def test_the_browser_says_famiglias_help_as_the_python_does(node, tmp_path, edited):
    cards = None
    if edited:
        bundled = (ROOT / "cards" / "famiglia.toml").read_text(encoding="utf-8")
        changed = bundled.replace("targets = [9, 6, 5, 3]", "targets = [2, 6, 5, 3]", 1)
        assert changed != bundled
        (tmp_path / "famiglia.toml").write_text(changed, encoding="utf-8")
        cards = tmp_path
    loaded = load_famiglia(cards)
    python = {}
    for lang in ("en", "ja"):
        for level in loaded.levels:
            table = FamigliaTable(Rules(loaded, level.level), PLAYER, lang)
            python[f"{lang} {level.level}"] = {"help": table.help(), "rematch": table.rematch_entries()}
    done = subprocess.run([node, "--input-type=module", "-e", JS_TABLE], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, input=json.dumps(game_data("famiglia", cards)))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == python
    said = "\n".join(python["en 1"]["help"])
    assert f"1. Fewer than {2 if edited else 9} rank-0 cards" in said  # the level's target, from the data
