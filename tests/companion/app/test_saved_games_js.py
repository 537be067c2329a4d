"""One game moves between the terminal and the browser's engines: a game file the Python saved is
continued by the JavaScript (companion/app/lib/gamefile.js, driven by tests/js/continue_game.mjs), which
writes it back, and the Python continues that — and the other way round. After every stretch the file
is byte for byte the one the Python alone writes after the same lines: header, entries, what undo put
aside (`undone`, handed over in both directions) and the count of saves."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.session import Session
from repo_paths import JOURNALS, JS, ROOT

CONTINUE = JS / "continue_game.mjs"
# Saved games of every kind the browser plays: 24 with the NPC's deck virtual (3 players) and physical
# (5), Famiglia with the robot first (entries of several lines: a turn and the cards drawn for it).
FIXTURES = ["terror24-3p-virtual", "terror24-5p-physical", "famiglia-level1-robot-first"]


def game_args(fixture: dict) -> list[str]:
    options = fixture["file"]["options"]
    if fixture["game"] == "terror24":
        return ["--npc-deck", options["npc_deck"], "--seed", str(fixture["file"]["seed"]), "--lang", options["lang"]]
    return ["--level", str(options["level"]), "--first", options["first"], "--lang", options["lang"]]


def stretches(fixture: dict) -> list[list[str]]:
    """The fixture's lines in three stretches, each handed over with something undone to redo; cut
    inside an entry where one has several lines (a turn whose drawn cards come on the other side)."""
    lines = [line for entry in fixture["file"]["entries"] for line in entry]
    first, second = len(lines) // 3, 2 * len(lines) // 3
    return [lines[:first] + ["undo"],
            ["redo", "undo", "undo", "redo", "redo"] + lines[first:second] + ["undo"],
            ["redo"] + lines[second:]]


def python_plays(game: str, path: Path, lines: list[str], create: list[str] | None = None) -> str:
    start = create if create is not None else ["--resume"]
    done = CliRunner().invoke(main, [game, "play", "--game", str(path), *start], input="\n".join(lines) + "\n")
    assert done.exit_code == 0, done.output
    assert "type 'help'" not in done.output and "no longer applies" not in done.output  # every line accepted
    return path.read_text(encoding="utf-8")


def javascript_plays(node: str, path: Path, lines: list[str], create: dict | None = None) -> str:
    start = [] if create is None else ["--game", create["game"], "--seed", str(create["seed"]), "--id", create["id"],
                                       "--options", json.dumps(create["options"], ensure_ascii=False)]
    done = subprocess.run([node, str(CONTINUE), str(path), *start], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, encoding="utf-8", cwd=ROOT)
    assert done.returncode == 0 and not done.stderr, done.stderr  # every line accepted
    return path.read_text(encoding="utf-8")


@pytest.fixture(params=FIXTURES)
def saved(request, tmp_path):
    """The fixture, its stretches, and the file the Python alone writes after each stretch."""
    fixture = json.loads((JOURNALS / f"{request.param}.json").read_text(encoding="utf-8"))
    parts = stretches(fixture)
    alone = tmp_path / "python-alone.json"
    after = [python_plays(fixture["game"], alone, parts[0], game_args(fixture))]
    after += [python_plays(fixture["game"], alone, part) for part in parts[1:]]
    return fixture, parts, after


def test_a_game_saved_at_the_terminal_is_played_on_in_the_browser_and_back(node, saved, tmp_path):
    fixture, parts, alone = saved
    path = tmp_path / "moved.json"
    path.write_text(alone[0], encoding="utf-8")  # the first stretch, played at the terminal
    assert javascript_plays(node, path, parts[1]) == alone[1]
    assert python_plays(fixture["game"], path, parts[2]) == alone[2]
    final = json.loads(alone[2])
    assert final["entries"] == fixture["file"]["entries"] and "undone" not in final
    assert '"undone"' in alone[0] and '"undone"' in alone[1]  # what undo put aside went across both ways


def test_a_game_begun_in_the_browser_is_played_on_at_the_terminal_and_back(node, saved, tmp_path):
    fixture, parts, alone = saved
    path = tmp_path / "moved.json"
    header = json.loads(alone[0])  # the options, seed and id the terminal's game was given
    begun = {"game": fixture["game"], "seed": header["seed"], "options": header["options"], "id": header["id"]}
    assert javascript_plays(node, path, parts[0], create=begun) == alone[0]
    assert python_plays(fixture["game"], path, parts[1]) == alone[1]
    assert javascript_plays(node, path, parts[2]) == alone[2]


def test_the_browser_refuses_a_file_it_cannot_use_in_the_pythons_words(node, tmp_path):
    fixture = json.loads((JOURNALS / "terror24-setup.json").read_text(encoding="utf-8"))
    cases = {"damaged": {**fixture["file"], "seed": "eleven"}, "later": {**fixture["file"], "version": 2},
             "other": {**fixture["file"], "format": "something else"}}
    said = {"damaged": "the game file is damaged", "later": "game file version 2 is not supported",
            "other": "not a tabletop-kit game file"}
    for name, content in cases.items():
        path = tmp_path / f"{name}.json"
        text = json.dumps(content, ensure_ascii=False, indent=1) + "\n"
        path.write_text(text, encoding="utf-8")
        script = ("import { readFileSync } from 'node:fs';"
                  "import { GameFile } from './companion/app/lib/gamefile.js';"
                  "import { Speech } from './companion/app/lib/speech.js';"
                  "import { loadWords } from './companion/app/lib/words.js';"
                  f"try {{ GameFile.read(readFileSync({json.dumps(str(path))}, 'utf8'), 'terror24', 'g.json'); }}"
                  "catch (e) { console.log(e.said().text(new Speech(await loadWords('en'))));"
                  "  console.log(e.said().text(new Speech(await loadWords('ja')))); }")
        done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True,
                              encoding="utf-8", cwd=ROOT)
        english, japanese = done.stdout.splitlines()
        assert english.startswith("g.json: ") and said[name] in english, english
        assert japanese.startswith("g.json") and japanese != english


def test_the_browser_writes_any_text_as_the_pythons_json_does(node):
    """Quotes, backslashes, control characters, line separators, emoji and Japanese in options and lines."""
    tricky = 'Ann "A\\B"\t\x01\x1f\x7f\u2028\u2029\U0001F3B2 ゆき\u3000Ｋｅｎ'
    session = Session(game="terror24", options={"npc_deck": "virtual", "lang": "ja", "cards": None, "note": tricky},
                      seed=4294967295, entries=[[tricky], ["1", "2"]], undone=[["x"]], revision=7,
                      game_id="0f3a9c2e4b5d6e7f")
    script = ("import { GameFile } from './companion/app/lib/gamefile.js';"
              "const header = JSON.parse(process.argv[1]);"
              "process.stdout.write(new GameFile(header).text());")
    header = {"game": "terror24", "options": session.options, "seed": session.seed, "entries": session.entries,
              "undone": session.undone, "revision": session.revision, "id": session.game_id}
    done = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(header)], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout == session.to_json()
