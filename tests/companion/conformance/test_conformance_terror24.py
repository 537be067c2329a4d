"""The conformance run fails on a real difference in 24's port: a copy of the browser's code whose
same-colour bonus never comes is played against the Python's trace, and the run names the game, its
seed and the step where the events first differ; both engines follow values changed in the game's
data (the run itself: tests/companion/conformance/test_conformance.py), rounds nobody can bid in included;
and the browser's table says `help` and keeps a rematch's setup as the terminal's does."""
from __future__ import annotations

import json
import re
import subprocess
from types import SimpleNamespace

import pytest

from companion.appfiles import game_data
from companion.conformance import adapter, walks, write
from companion.conformance.terror24 import Terror24
from companion.terror24.repl import Terror24Table
from repo_paths import JS, ROOT
from tabletop.data.terror24 import load_terror24


def test_a_rule_broken_in_the_port_is_named_with_its_seed_and_step(node, port_copy):
    copy = port_copy("terror24/rules.js", "if (this.seats[seat].events.includes(suitId)) {", "if (false) {")
    parts: list[str] = []
    write(walks(adapter("terror24"), 12, 100), parts.append)
    trace = "".join(parts)
    runner = copy / "tests" / "js" / "conformance.mjs"
    broken_run = subprocess.run([node, str(runner)], input=trace, capture_output=True, text=True, cwd=copy)
    assert broken_run.returncode == 1, broken_run.stdout + broken_run.stderr
    first = broken_run.stdout.splitlines()[0]
    assert first.startswith("first difference: terror24") and " seed " in first and ": line " in first
    assert "events:" in broken_run.stdout and '"kind":"colour"' in broken_run.stdout
    sound = subprocess.run([node, str(JS / "conformance.mjs")], input=trace, capture_output=True,
                           text=True, cwd=ROOT)
    assert sound.returncode == 0, sound.stdout  # the same trace, the port as it is: no difference


def test_both_engines_follow_changed_values_of_24(node, tmp_path):
    """A bombing worth 9 to a stand and the 6 as the death card, in a folder's terror24.toml: the
    JavaScript is handed the changed data in the trace and plays the changed game as the Python does."""
    bundled = (ROOT / "cards" / "terror24.toml").read_text(encoding="utf-8")
    bomb = bundled.index('id = "bomb"')
    changed = bundled[:bomb] + bundled[bomb:].replace("stand_vp = 2", "stand_vp = 9", 1)
    changed = re.sub(r"^death_card = 0", "death_card = 6", changed, count=1, flags=re.M)
    assert changed.count("stand_vp = 9") == 1 and "\ndeath_card = 6" in changed
    (tmp_path / "terror24.toml").write_text(changed, encoding="utf-8")
    parts: list[str] = []
    write(walks(Terror24(tmp_path), 16, 100), parts.append)  # 16 walks: a death by the 6 among them
    trace = "".join(parts)
    done = subprocess.run([node, str(JS / "conformance.mjs")], input=trace, capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["differences"] == 0
    assert '"stand_vp":9' in trace.splitlines()[0] and '"death_card":6' in trace.splitlines()[0]
    assert "+9: stand VP for Bombing" in trace and "+2: stand VP for Bombing" not in trace
    assert "draws 6: dies" in trace or "holds only the 6: dies" in trace


def test_rounds_nobody_can_bid_in_pass_alike_in_both_engines(node, tmp_path):
    """Bids of four cards empty the hands within a few rounds: a face-down round turned up that nobody
    can bid in passes at once (its end phase told after the events turned up), a round only the
    virtual NPC can bid in is played by its deck, and when the last round passes so, the checks
    begin or the game ends — in both engines, line for line."""
    bundled = (ROOT / "cards" / "terror24.toml").read_text(encoding="utf-8")
    changed = re.sub(r"^bid_cards = 2\b", "bid_cards = 4", bundled, count=1, flags=re.M)
    assert "\nbid_cards = 4" in changed
    (tmp_path / "terror24.toml").write_text(changed, encoding="utf-8")
    parts: list[str] = []
    write(walks(Terror24(tmp_path), 30, 100), parts.append)
    trace = "".join(parts)
    done = subprocess.run([node, str(JS / "conformance.mjs")], input=trace, capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["differences"] == 0
    turned_up = []  # (the round turned up, [(a round resolved, how many bid in it)], the game ended)
    for line in trace.splitlines():
        events = (json.loads(line).get("seen") or {}).get("events") or []
        if events and events[0]["type"] == "Revealed":
            resolved = [(e["result"]["round"], len(e["result"]["ranking"])) for e in events if e["type"] == "Resolved"]
            turned_up.append((events[0]["round"], resolved, events[-1]["type"] == "Ended"))
    assert (5, [(5, 0), (6, 0)], False) in turned_up  # rounds 5 and 6 passed: round 7 to turn up
    assert (7, [(7, 0)], True) in turned_up and (7, [(7, 0)], False) in turned_up  # over, or on to the checks
    assert any(round_ == 5 and resolved and resolved[0][1] == 1 for round_, resolved, _ in turned_up)  # the NPC alone
    assert all(round_ in (5, 7) for round_, _, _ in turned_up)  # always the round turned up
    # who sits out holding more than the 0 is told so (the bundled rules' "one card left" would be wrong)
    assert "sitting out (fewer than 4 cards in hand): " in trace and "不参加（手札が4枚未満）" in trace


JS_TABLE = """
import { readFileSync } from "node:fs";
import { loadWords } from "./companion/app/lib/words.js";
import { newTable } from "./companion/app/terror24/table.js";
const { data, lines } = JSON.parse(readFileSync(0, "utf-8"));
const out = {};
for (const lang of ["en", "ja"]) {
  const table = newTable(data, {}, await loadWords(lang), 7);
  out[lang] = { help: table.help(), rematch: [table.rematchEntries()] };
  for (const line of lines) {
    table.handle(line);
    out[lang].rematch.push(table.rematchEntries());
  }
}
console.log(JSON.stringify(out));
"""


@pytest.mark.parametrize("players", [
    ["Aki=scotch Ben=wolf Chie=hibachi", "s c s", "lloyd after Ben", "Chie"],
    ["Aki=scotch Ben=wolf Chie=hibachi Dan=lloyd", "sccs", "Dan"],
])
@pytest.mark.parametrize("edited", [False, True])
def test_the_browser_says_help_and_keeps_a_rematch_as_the_python_does(node, tmp_path, players, edited):
    """`help` in both languages, word for word and laid out alike (a Japanese character two columns
    wide), with the detectives and event letters of the game's data; and the setup entries a rematch
    plays again, after each answer."""
    cards = None
    if edited:
        bundled = (ROOT / "cards" / "terror24.toml").read_text(encoding="utf-8")
        changed = bundled.replace('name = { ja = "スコッチ", en = "Scotch" }',
                                  'name = { ja = "スコッチ・ウイスキー", en = "Scotch" }')
        changed = changed.replace('id = "wolf"', 'id = "lone-wolf"').replace('letter = "Y"', 'letter = "Q"')
        (tmp_path / "terror24.toml").write_text(changed, encoding="utf-8")
        cards = tmp_path
        players = [players[0].replace("wolf", "lone-wolf"), *players[1:]]
    data = load_terror24(cards)
    lines = [*players, "RB QG RR BP ??? GQ ???" if edited else "RB YG RR BP ??? GY ???"]
    python = {}
    for lang in ("en", "ja"):
        table = Terror24Table(SimpleNamespace(seed=7, options={}), data, lang)  # type: ignore[arg-type]
        python[lang] = {"help": table.help(), "rematch": [table.rematch_entries()]}
        for line in lines:
            table.handle(line)
            python[lang]["rematch"].append(table.rematch_entries())
    done = subprocess.run([node, "--input-type=module", "-e", JS_TABLE], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT,
                          input=json.dumps({"data": game_data("terror24", cards), "lines": lines}))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == python
    assert python["ja"]["rematch"][-1] == len(players) - 1  # the seats, styles (and NPC) kept; not the chief
    said = "\n".join(python["ja"]["help"])
    assert ("スコッチ・ウイスキー" in said and "lone-wolf" not in said and "Q=" in said) if edited else "ウルフ" in said
