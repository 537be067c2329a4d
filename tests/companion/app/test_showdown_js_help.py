"""The browser's Showdown table says `help` as the terminal's does — the commands laid out by display
width, with the week the game's data opens attacks on a team — in both languages, at several points of
a game, on the bundled data and on a folder's copy that opens them another week; and, as at the
terminal, a rematch plays no line of the game again (the teams are options, kept anyway)."""
from __future__ import annotations

import json
import random
import subprocess

import pytest

from companion.appfiles import game_data
from companion.conformance.hitmans_showdown import HitmansShowdown
from companion.table import InputError
from repo_paths import ROOT

JS_TABLE = """
import { readFileSync } from "node:fs";
import { loadWords } from "./companion/app/lib/words.js";
import { newTable } from "./companion/app/showdown/table.js";
const { data, options, seed, lines, at } = JSON.parse(readFileSync(0, "utf-8"));
const out = {};
for (const lang of ["en", "ja"]) {
  const table = newTable(data, options, await loadWords(lang), seed);
  const look = () => ({ week: table.status().week, help: table.help(), rematch: table.rematchEntries() });
  out[lang] = [look()];
  lines.forEach((line, i) => {
    try {
      table.handle(line);
    } catch (e) {
      if (!(/** @type {any} */ (e)).refusal) throw e;
    }
    if (at.includes(i + 1)) out[lang].push(look());
  });
}
console.log(JSON.stringify(out));
"""


def look(table) -> dict:
    return {"week": table.status()["week"], "help": table.help(), "rematch": table.rematch_entries()}


def python_game(game: HitmansShowdown, options: dict, seed: int) -> tuple[list[str], list[int], dict]:
    """A seeded walk's lines to the game's end; after how many of them `help` was looked at (the start,
    each new week, the end); what it said then in each language."""
    rng = random.Random(seed)
    tables = {lang: game.new_table(options, seed, lang) for lang in ("en", "ja")}
    said = {lang: [look(table)] for lang, table in tables.items()}
    lines: list[str] = []
    at: list[int] = []
    while not tables["en"].is_over() and len(lines) < 400:
        lines.append(game.walk_line(tables["en"], rng))
        for table in tables.values():
            try:
                table.handle(lines[-1])
            except InputError:
                pass  # a refused line changes nothing (the run's table applies a line whole)
        if tables["en"].is_over() or tables["en"].status()["week"] != said["en"][-1]["week"]:
            at.append(len(lines))
            for lang, table in tables.items():
                said[lang].append(look(table))
    return lines, at, said


@pytest.mark.parametrize("edited", [False, True])
def test_the_browser_says_showdowns_help_as_the_python_does(node, tmp_path, edited):
    cards = None
    if edited:
        bundled = (ROOT / "cards" / "hitmans_showdown.toml").read_text(encoding="utf-8")
        changed = bundled.replace('events = ["deal_scouts"]', 'events = ["deal_scouts", "open_hitman_attacks"]', 1)
        changed = changed.replace('week = 3\nactions = 3\nevents = ["open_hitman_attacks"]',
                                  'week = 3\nactions = 3\nevents = []', 1)
        assert changed.count("open_hitman_attacks") == bundled.count("open_hitman_attacks")
        (tmp_path / "hitmans_showdown.toml").write_text(changed, encoding="utf-8")
        cards = tmp_path
    game = HitmansShowdown(cards)
    options, seed = game.option_sets()[1], 2  # a walk that reaches week 3 on both data
    lines, at, python = python_game(game, options, seed)
    data = game_data(game.game, cards)
    done = subprocess.run([node, "--input-type=module", "-e", JS_TABLE], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, input=json.dumps(
                              {"data": data, "options": options, "seed": seed, "lines": lines, "at": at}))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == python
    weeks = {look["week"] for look in python["en"]}
    assert len(weeks) >= 3  # looked at in several weeks of the game
    said = "\n".join(python["en"][0]["help"])
    opens = 2 if edited else 3
    assert f"or a team (week {opens} on)" in said  # the week from the data
    assert f"（WEEK {opens} から）" in python["ja"][0]["help"][0]
    assert {look["rematch"] for lang in python for look in python[lang]} == {0}
