"""One line applied to a saved game exactly as the terminal would, for callers without a terminal.

`LineTable` is the terminal's `Table` with its printing collected instead, so the web runs the same
parsing, journalling, undo, history and refusals as `companion <game> play`. `apply_line` takes the
game file's lock, catches up with whatever another writer saved, checks the caller's version and
applies the line: `Applied(ok, messages, status)`.
"""
from __future__ import annotations

import io
import os
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.i18n import N_, translator

from .guard import catch_up, journal_lock
from .session import Session
from .table import RedoGone, Table, TableGame

MOVED_ON = N_("The game changed; here it is now.")


class LineTable(Table):
    """The table driver with its output kept: `said` holds what the terminal would print (but the
    pointer to `help` after a refusal: a page's taps are its commands)."""

    typed = False

    def __init__(self, session: Session, new_game: Callable[[Session], TableGame], lang: str = "en"):
        super().__init__(session, new_game, out=io.StringIO(), color=False, lang=lang)
        self.said: list[str] = []
        self.refused = False
        self._told: tuple | None = None  # the story of one saved state (its revision, its length)

    def say(self, lines: Iterable[str]) -> None:
        self.said.extend(local_words(line, self.session.path) for line in lines)

    def error(self, message: str) -> None:
        self.refused = True
        self.said.append(local_words(message, self.session.path))

    def version(self) -> int:
        return self.session.revision

    def status(self) -> dict:
        return {**self.game_status(), "version": self.version(), "actions": self.actions()}

    def rematch_lines(self) -> list[list[str]]:
        """The entries a rematch starts with: those of the setup the game keeps (24's seats)."""
        kept = self.game.rematch_entries()
        return [list(entry) for entry in self.session.entries[:kept]]

    def actions(self) -> list[dict]:
        """What may be sent now: the game's choices (for a game on the protocol), then undo and redo."""
        listed = [choice.to_json() for choice in self.game.choices()]
        if self.session.entries:
            listed.append({"line": "undo", "label": self.speech._("Undo"), "group": "table"})
        if self.session.undone:
            listed.append({"line": "redo", "label": self.speech._("Redo"), "group": "table"})
        return listed

    def story(self) -> list[list[str]]:
        """What each journal entry brought about, in the game's words: the journal played again on a
        fresh game (once per saved state). A game that keeps a short note per line (`notes`) is told by
        those."""
        key = (self.session.revision, len(self.session.entries))
        if self._told is None or self._told[0] != key:
            self._told = (key, self._tell())
        return self._told[1]

    def _tell(self) -> list[list[str]]:
        game = self.new_game(self.session)
        told = [[said for line in entry for said in game.handle(line)] for entry in self.session.entries]
        notes = game.notes()
        if notes is None:
            return told
        lines = iter(notes)
        return [[note for _ in entry if (note := next(lines, ""))] for entry in self.session.entries]

    def redo_story(self) -> list[str]:
        """What redo would play again, in the game's words: nothing if there is nothing to redo, or if
        it no longer plays (redo then says so, and puts it away)."""
        entry = self.session.next_redo()
        if entry is None:
            return []
        trial = LineTable(self.session, self.new_game, self.speech.lang)
        try:
            said = trial.played_again(entry)
        except RedoGone:
            return []
        notes = trial.game.notes()
        return [note for note in notes[-len(entry):] if note] if notes else said


@dataclass
class Applied:
    """What applying one line came to: accepted or not, what was said, the status after it."""
    ok: bool
    messages: list[str] = field(default_factory=list)
    status: dict = field(default_factory=dict)
    conflict: bool = False  # refused because the game moved on since the caller's version
    journal: dict = field(default_factory=dict)  # the game file's journal after it (`journal_of`)


def local_words(text: str, game_file: Path | None) -> str:
    """`text` with the game's folder taken out of the paths in it (a save error names the file and its
    temporary copy): a player on another device learns a file's name, never where the server keeps it."""
    if game_file is None:
        return text
    for folder in {str(Path(game_file).parent), str(Path(game_file).parent.resolve())}:
        text = text.replace(folder + os.sep, "")
    return text


def normalise_line(line: str) -> str:
    """What the terminal makes of a typed line: a Japanese IME's full-width forms read as ASCII."""
    return unicodedata.normalize("NFKC", line).strip()


def sync(table: LineTable) -> None:
    """Take over what another writer saved (call with the lock held)."""
    if catch_up(table.session):
        table._rebuild()


def apply_line(table: LineTable, line: str, version: int | None = None) -> Applied:
    """Apply one line under the game's lock; refused lines, and lines sent for an older version,
    change nothing."""
    with journal_lock(table.session.path):
        sync(table)
        if version is not None and version != table.version():
            return Applied(False, [translator(table.lang)(MOVED_ON)], table.status(), conflict=True,
                           journal=journal_of(table))
        table.said, table.refused = [], False
        if table.step(normalise_line(line)) == "quit":  # nothing to leave: every line is saved already
            table.say([table.speech._("(saved)")])
        return Applied(not table.refused, table.said, table.status(), journal=journal_of(table))


def current(table: LineTable) -> dict:
    """The status after catching up with the file (for pages and `GET`)."""
    with journal_lock(table.session.path):
        sync(table)
        return table.status()


def journal_of(table: LineTable) -> dict:
    """What a replica needs to rebuild the game as it stands: the game file's header and journal, and
    its revision (call with the lock held)."""
    session = table.session
    return {"game": session.game, "options": session.options, "seed": session.seed,
            "revision": session.revision, "entries": [list(e) for e in session.entries],
            "undone": [list(e) for e in session.undone]}


def current_journal(table: LineTable) -> dict:
    """`journal_of` after catching up with the file."""
    with journal_lock(table.session.path):
        sync(table)
        return journal_of(table)
