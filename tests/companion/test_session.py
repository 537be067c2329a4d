"""The shared journal: atomic autosave, undo by entries, resume, refusal of foreign files."""
import io
import json

import pytest

from companion.session import Session, SessionError
from companion.table import TABLE_WORDS, InputError, Table, TableGame, wants_color


class Counter(TableGame):
    """A toy game: `add N` asks for a confirmation line `yes`; the pair is one journal entry."""

    def __init__(self, session):
        self.total = 0
        self.pending = None

    def prompt(self):
        return "confirm?" if self.pending else ">"

    def awaiting_answer(self):
        return self.pending is not None

    def handle(self, line):
        if self.pending is not None:
            if line != "yes":
                raise InputError("answer yes")
            self.total += self.pending
            self.pending = None
            return [f"total {self.total}"]
        word, _, arg = line.partition(" ")
        if word != "add" or not arg.isdigit():
            raise InputError(f"unknown command {line!r}")
        self.pending = int(arg)
        return ["confirm with yes"]

    def status(self):
        return {"total": self.total}

    def describe(self):
        return [f"total {self.total}"]

    def help(self):
        return ["add N"]

    def is_over(self):
        return self.total >= 100


def play(session, lines):
    out = io.StringIO()
    feed = iter(lines)

    def read(prompt):
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    Table(session, Counter, out=out, color=False).run(read)
    return out.getvalue()


def test_accepted_lines_are_saved_and_resume_rebuilds_state(tmp_path):
    path = tmp_path / "g.json"
    play(Session.create("toy", {}, path, seed=7), ["add 3", "yes", "add 4", "yes"])
    resumed = Session.open(path, "toy")
    assert resumed.entries == [["add 3", "yes"], ["add 4", "yes"]]
    out = play(resumed, ["status --json"])
    assert '{"total":7,"over":false,"outcome":null}' in out


def test_refused_line_is_not_journalled_and_reprompts(tmp_path):
    path = tmp_path / "g.json"
    out = play(Session.create("toy", {}, path), ["ad 3", "add 3", "no", "yes"])
    assert "unknown command 'ad 3'" in out and "answer yes" in out
    assert Session.open(path, "toy").entries == [["add 3", "yes"]]


def test_undo_drops_a_command_with_its_answers(tmp_path):
    path = tmp_path / "g.json"
    out = play(Session.create("toy", {}, path), ["add 3", "yes", "add 4", "yes", "undo", "undo", "undo"])
    assert "nothing to undo" in out
    assert Session.open(path, "toy").entries == []


def test_the_run_ends_with_the_result_when_the_game_ends(tmp_path):
    out = play(Session.create("toy", {}, tmp_path / "g.json"), ["add 100", "yes", "add 1"])
    assert out.rstrip().endswith("total 100")


def test_a_finished_game_resumed_shows_the_result_and_can_be_undone(tmp_path):
    path = tmp_path / "g.json"
    play(Session.create("toy", {}, path), ["add 100", "yes"])
    out = play(Session.open(path, "toy"), ["add 1", "undo"])
    assert out.startswith("total 100") and "the game is over" in out
    assert Session.open(path, "toy").entries == []


@pytest.mark.parametrize("content, reason", [
    ("{not json", "not a readable game file"),
    ('{"format": "something else"}', "not a tabletop-kit game file"),
])
def test_corrupt_or_foreign_file_is_refused_and_left_intact(tmp_path, content, reason):
    path = tmp_path / "g.json"
    path.write_text(content)
    with pytest.raises(SessionError, match=reason):
        Session.open(path, "toy")
    assert path.read_text() == content


def test_other_games_file_is_refused(tmp_path):
    path = tmp_path / "g.json"
    Session.create("famiglia", {}, path).save()
    with pytest.raises(SessionError, match="holds a 'famiglia' game"):
        Session.open(path, "toy")
    assert json.loads(path.read_text())["game"] == "famiglia"


def test_saved_files_get_ordinary_permissions(tmp_path):
    import os
    import stat

    from tabletop.fileio import write_atomic

    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "out.pdf", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out.pdf").stat().st_mode) == 0o644


def test_full_width_input_from_a_japanese_ime_is_read_as_ascii(tmp_path):
    path = tmp_path / "g.json"
    play(Session.create("toy", {}, path), ["ａｄｄ　３", "ｙｅｓ"])
    assert Session.open(path, "toy").entries == [["add 3", "yes"]]


def test_a_line_that_cannot_be_saved_is_refused_and_the_game_goes_on(tmp_path):
    path = tmp_path / "g.json"
    session = Session.create("toy", {}, path)
    out = io.StringIO()
    table = Table(session, Counter, out=out, color=False)
    table.step("add 3")
    table.step("yes")
    path.unlink()
    path.mkdir()  # the saved file was replaced by a folder: nothing can be written there now
    table.step("add 4")
    assert "cannot be saved" in out.getvalue() and "nothing was changed" in out.getvalue()
    assert session.entries == [["add 3", "yes"]] and table.game.pending is None
    table.step("undo")
    assert session.entries == [["add 3", "yes"]] and table.game.total == 3
    path.rmdir()
    table.step("add 4")
    assert Session.open(path, "toy").entries == [["add 3", "yes"], ["add 4"]]


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_colour_only_on_a_terminal_and_never_under_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wants_color(Terminal()) and not wants_color(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_color(Terminal())
    out = Terminal()
    Table(Session.create("toy", {}, None), Counter, out=out).step("add x")
    assert "\033[" not in out.getvalue() and "! unknown command" in out.getvalue()


def test_undo_n_takes_back_the_last_n_commands_and_refuses_anything_else(tmp_path):
    path = tmp_path / "g.json"
    out = play(Session.create("toy", {}, path), ["add 1", "yes", "add 2", "yes", "add 4", "yes",
                                                 "undo x", "undo 0", "undo -1", "undo 2", "status --json"])
    assert out.count("undo N the last N") == 3
    assert "undone: add 2 | yes | add 4 | yes" in out and '{"total":1,"over":false,"outcome":null}' in out
    assert Session.open(path, "toy").entries == [["add 1", "yes"]]
    out = play(Session.open(path, "toy"), ["undo 99", "undo"])
    assert "undone: add 1 | yes" in out and "nothing to undo" in out
    assert Session.open(path, "toy").entries == []


def test_every_table_word_is_answered_by_the_driver_not_the_game(tmp_path):
    session = Session.create("toy", {}, None)
    out = io.StringIO()
    table = Table(session, Counter, out=out, color=False)
    results = [table.step(word.capitalize()) for word in TABLE_WORDS]
    assert "unknown command" not in out.getvalue() and results[TABLE_WORDS.index("quit")] == "quit"


def test_redo_puts_back_what_undo_took_in_order_until_another_line_is_played(tmp_path):
    path = tmp_path / "g.json"
    out = play(Session.create("toy", {}, path), ["add 1", "yes", "add 2", "yes", "add 4", "yes", "undo 2",
                                                 "redo", "status --json"])
    assert "redone: add 2 | yes" in out and "total 3" in out and '{"total":3,"over":false,"outcome":null}' in out
    saved = Session.open(path, "toy")
    assert saved.entries == [["add 1", "yes"], ["add 2", "yes"]] and saved.undone == [["add 4", "yes"]]
    out = play(saved, ["redo", "redo", "undo", "add 8", "yes", "redo"])  # resumed: redo still works
    assert "redone: add 4 | yes" in out and out.count("nothing to redo") == 2
    assert Session.open(path, "toy").entries == [["add 1", "yes"], ["add 2", "yes"], ["add 8", "yes"]]
    assert "undone" not in json.loads(path.read_text(encoding="utf-8"))  # nothing left aside: as before redo


def test_a_file_with_a_damaged_undone_list_is_refused_untouched(tmp_path):
    path = tmp_path / "g.json"
    play(Session.create("toy", {}, path), ["add 1", "yes"])
    raw = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**raw, "undone": [["add 2", 3]]}), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SessionError, match="damaged"):
        Session.open(path, "toy")
    assert path.read_bytes() == before
