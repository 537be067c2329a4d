"""A game handed over between the terminal and the app: a link the Python makes opens in the browser's
code and one the browser makes opens in the Python, byte for byte; the app's game file of a saved game
is the terminal's; and both sides agree on the limits. (The app's QR code read back by a decoder:
tests/js/qr.test.mjs.)"""
from __future__ import annotations

import json
import subprocess

from companion import appexport, share
from companion.session import Session
from repo_paths import ROOT

JOURNAL = ROOT / "tests" / "fixtures" / "journals" / "terror24-5p-physical.json"
FIXTURE = json.loads(JOURNAL.read_text(encoding="utf-8"))


def node_run(node: str, script: str, *args: str) -> str:
    done = subprocess.run([node, "--input-type=module", "-e", script, *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


def game_text() -> str:
    session = Session.parse(json.dumps(FIXTURE["file"]), None, "fixture")
    session.game_id = "0f3a9c2e4b5d6e7f"
    session.options["note"] = "ゆき \u2028 🎲 \"quoted\""
    return session.to_json() + "\n"


def test_a_link_made_by_the_python_opens_in_the_browser(node):
    text = game_text()
    link = share.make_link("https://games.example/app/", text, "24 ゆき")
    out = node_run(node, "import { readLink } from './companion/app/lib/handover.js';"
                         "process.stdout.write(JSON.stringify(await readLink(process.argv[1])));", link)
    assert json.loads(out) == {"text": text, "name": "24 ゆき"}


def test_a_link_made_by_the_browser_opens_in_the_python(node):
    text = game_text()
    link = node_run(node, "import { makeLink } from './companion/app/lib/handover.js';"
                          "process.stdout.write(await makeLink('https://games.example/app/', process.argv[1], "
                          "'24 ゆき'));", text)
    assert share.read_link(link) == (text, "24 ゆき")


def test_the_apps_game_file_of_a_saved_game_is_the_terminals(node):
    session = Session.parse(game_text(), None, "fixture")
    saved = {"format": "tabletop-kit game", "version": 1, "game": session.game, "id": session.game_id,
             "options": session.options, "seed": session.seed, "revision": session.revision,
             "entries": session.entries, "undone": [["x"]], "name": "24", "updated": 1, "seen": True}
    session.undone = [["x"]]
    out = node_run(node, "import { fileText } from './companion/app/ui/send.js';"
                         "process.stdout.write(fileText(JSON.parse(process.argv[1])));", json.dumps(saved))
    assert out == session.to_json() + "\n"


def test_both_sides_have_the_same_limits(node):
    out = node_run(node, "import * as h from './companion/app/lib/handover.js';"
                         "console.log(JSON.stringify([h.QR_LIMIT, h.MAX_GAME, h.IMPORT_KEY, h.NAME_KEY]));")
    assert json.loads(out) == [share.QR_LIMIT, share.MAX_GAME, share.IMPORT_KEY, share.NAME_KEY]


def test_the_export_sends_and_keeps_offline_the_sending_code_and_the_vendored_encoder_with_its_licence(tmp_path):
    written = appexport.export(tmp_path / "app")
    worker = (tmp_path / "app" / "sw.js").read_text(encoding="utf-8")
    build = json.loads(worker.split("const BUILD = ", 1)[1].split(";\n", 1)[0])
    for name in ("ui/send.js", "ui/qr.js", "lib/handover.js", "vendor/qrcodegen/qrcodegen.js",
                 "vendor/qrcodegen/LICENSE.txt"):
        assert name in written and name in build["files"], name
    licence = (tmp_path / "app" / "vendor" / "qrcodegen" / "LICENSE.txt").read_text(encoding="utf-8")
    assert "Copyright (c) Project Nayuki. (MIT License)" in licence
    assert licence.splitlines()[5].startswith("Permission is hereby granted")
    assert licence.splitlines()[5] in (tmp_path / "app" / "vendor" / "qrcodegen" / "qrcodegen.js").read_text("utf-8")
