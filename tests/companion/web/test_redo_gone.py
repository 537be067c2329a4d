"""What undo took back and no longer plays (a file edited by hand, or saved by another kit) is put away
with a word, never a 500: on the play page, through the API and at the terminal; redo's lines pass the
checks a typed line does."""
import json

import pytest

from companion.famiglia.repl import FamigliaTable
from web_helpers import client, create, famiglia_script, post, terminal

STREET = famiglia_script()[0]


def saved_with_undone(tmp_path, undone):
    c = client(tmp_path)
    create(c, "famiglia", "g", level=2)
    assert post(c, "g", STREET).json()["ok"]
    path = tmp_path / "g.game.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["undone"], raw["revision"] = undone, raw["revision"] + 1  # as another writer saves it
    path.write_text(json.dumps(raw), encoding="utf-8")
    return c, path


@pytest.mark.parametrize("undone, why", [
    ([["take 99"]], "there is no position 99"),
    ([["take 1\x1b[2J"]], "a line holds a control character (U+001B)"),
    ([[]], "it holds no line"),
])
def test_a_redo_that_no_longer_plays_is_put_away_with_a_word(tmp_path, undone, why):
    c, path = saved_with_undone(tmp_path, undone)
    entries = json.loads(path.read_text(encoding="utf-8"))["entries"]
    page = c.get("/games/g")
    assert page.status_code == 200
    answer = post(c, "g", "redo").json()
    assert answer["ok"] is False
    (said,) = answer["messages"]
    assert said.startswith("what undo took back no longer plays (") and why in said
    assert said.endswith("); it was put away, nothing was changed")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["entries"] == entries and "undone" not in saved
    assert post(c, "g", "redo").json()["messages"] == ["nothing to redo"]


def test_a_redo_whose_line_meets_a_bug_is_put_away_not_a_500(tmp_path, monkeypatch):
    c, path = saved_with_undone(tmp_path, [["end"]])

    handle = FamigliaTable.handle

    def broken(self, line):
        if line == "end":
            raise RuntimeError("boom")
        return handle(self, line)

    monkeypatch.setattr(FamigliaTable, "handle", broken)
    assert c.get("/games/g").status_code == 200
    answer = post(c, "g", "redo").json()
    assert answer["ok"] is False and "internal error (RuntimeError: boom)" in answer["messages"][0]
    assert "undone" not in json.loads(path.read_text(encoding="utf-8"))


def test_the_terminal_says_so_too_and_goes_on(tmp_path):
    _c, path = saved_with_undone(tmp_path, [["take 99"]])
    played = terminal("famiglia", path, "redo\nstatus\n", tmp_path)
    assert played.returncode == 0 and "no longer plays" in played.stdout and "Traceback" not in played.stderr
