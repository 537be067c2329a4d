"""The table REPL every game shares: prompt, parse, autosave, undo, history, status, help, quit.

A game plugs in by implementing `TableGame`. The driver owns the house rules: every accepted line is
journalled and saved atomically before anything else happens, a rejected line changes nothing and is
answered with a message and a re-prompt, and undo rebuilds the state by replaying the journal.
"""
from __future__ import annotations

import json
import os
import sys
import unicodedata
from collections.abc import Callable, Iterable
from typing import Protocol, TextIO

from tabletop.i18n import N_
from tabletop.plain_text import shown, stray_character

from .choices import Choice
from .guard import catch_up, journal_lock
from .numbers import whole
from .protocol import Outcome
from .session import Session, SessionError
from .speech import Speech


class RedoGone(Exception):
    """What undo took back no longer plays on the game as it stands; `why` in the player's words."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class InputError(Exception):
    """A line the game cannot accept; the message tells the user what to type instead."""


class TableGame(Protocol):
    def prompt(self) -> str:
        """What is asked now (shown before each input line)."""

    def awaiting_answer(self) -> bool:
        """True when the next line answers a question asked by the current command (e.g. drawn
        cards), so it joins that command's journal entry and undo takes both back together."""

    def handle(self, line: str) -> list[str]:
        """Apply one line; return the messages for the user; raise InputError to refuse it."""

    def status(self) -> dict:
        """The state as plain JSON-able data (`status --json`)."""

    def describe(self) -> list[str]:
        """The state for a human (`status`)."""

    def help(self) -> list[str]:
        """The game's own commands."""

    def is_over(self) -> bool: ...

    # What a game may add, declared here with what a game without it does (a game subclasses
    # TableGame to take these defaults).

    def outcome(self) -> Outcome | None:
        """How the game ended, the protocol's one shape (`status --json` holds it); None until then."""
        return None

    def choices(self) -> list[Choice]:
        """What a page may send now (the API's `actions`): the legal actions worded, and forms."""
        return []

    def notes(self) -> list[str] | None:
        """One short text per accepted line, saying what it brought about (`history` and the pages'
        story tell those), or None: the game's narration of each line tells it."""
        return None

    def rematch_entries(self) -> int:
        """How many of the journal's first entries a rematch plays again (a setup the game keeps)."""
        return 0


# The driver's own commands, said after the game's own in `help` (translated when shown).
HELP = (N_("undo [N]        take back the last command (or the last N commands)"),
        N_("redo            play again what undo took back (until another line is played)"),
        N_("history         what has happened so far"),
        N_("status          the table now;  status --json  the same as one JSON line"),
        N_("help            this list;  quit  save and leave (resume with --resume)"))


MOVED_ELSEWHERE = N_("(the game was changed elsewhere; here it is now: type your line again if it still holds)")

# The driver reads these first words itself, before a game sees the line.
# (`redo` too, but only alone on its line: a 24 player may be called Redo, as games saved before it did.)
TABLE_WORDS = ("quit", "help", "status", "history", "undo")


def wants_color(out: TextIO) -> bool:
    """Colour only on a terminal, and never when the user set NO_COLOR (https://no-color.org)."""
    return out.isatty() and "NO_COLOR" not in os.environ


NO_LONGER_APPLIES = N_("{path}: saved line {number} ({line!r}) no longer applies: {error}")


def replay(session: Session, new_game: Callable[[Session], TableGame]) -> TableGame:
    """A fresh game with every journalled line applied again, silently."""
    game = new_game(session)
    for number, line in enumerate(session.lines(), 1):
        try:
            game.handle(line)
        except InputError as e:
            raise SessionError(NO_LONGER_APPLIES, path=session.path, number=number, line=line, error=e) from None
    return game


class Table:
    typed = True  # lines come from a keyboard: a refusal points to `help` (a page's taps need no such hint)

    def __init__(self, session: Session, new_game: Callable[[Session], TableGame],
                 out: TextIO | None = None, color: bool | None = None, lang: str = "en"):
        self.session = session
        self.speech = Speech(lang)  # the game's own language, whatever the process speaks
        self.lang = self.speech.lang
        self.new_game = new_game
        self.out = out or sys.stdout
        self.color = wants_color(self.out) if color is None else color
        self.game = replay(session, new_game)

    def say(self, lines: Iterable[str]) -> None:
        for line in lines:
            print(line, file=self.out)
        self.out.flush()

    def error(self, message: str) -> None:
        text = f"! {message}"
        self.say([f"\033[31m{text}\033[0m" if self.color else text])

    def run(self, read_line: Callable[[str], str] = input) -> int:
        """Loop until the game is over, `quit`, or end of input. Returns the exit status."""
        if not self.session.entries:
            with journal_lock(self.session.path):
                self.session.save()  # the file exists from the first prompt on
        # A game that ends here ends the run with its result as the last line; a finished game
        # that is resumed shows its result and waits for undo, history, status or quit.
        reviewing = self.game.is_over()
        if reviewing:
            self.say(self.game.describe())
        while True:
            if not self.game.is_over():
                reviewing = False
            elif not reviewing:
                return 0
            over = self.game.is_over()
            prompt = self.speech._("game over (undo, history, status, quit)>") if over else self.game.prompt()
            try:
                # NFKC reads a Japanese IME's full-width letters, digits and spaces as ASCII.
                line = unicodedata.normalize("NFKC", read_line(prompt + " ")).strip()
            except EOFError:
                self.say(["", self._saved()])
                return 0
            except KeyboardInterrupt:
                self.say(["", self._saved(interrupted=True)])
                return 130
            if not line:
                continue
            if not sys.stdin.isatty() and read_line is input:
                self.say([line])  # echo piped input so a transcript reads like a session
            if self.guarded_step(line) == "quit":
                self.say([self._saved()])
                return 0

    def guarded_step(self, line: str) -> str | None:
        """`step` under the game file's lock, after taking over what another writer (the server)
        saved meanwhile; a command typed on a table that has since moved on is shown the new table
        instead of being applied to it."""
        with journal_lock(self.session.path):
            try:
                moved = catch_up(self.session)
            except SessionError as e:
                self.error(e.text(self.lang))
                return None
            if moved:
                self._rebuild()
                self.say([self.speech._(MOVED_ELSEWHERE)] + self.game.describe())
                if line.split()[0].lower() not in ("help", "status", "history", "quit"):
                    return None
            return self.step(line)

    def step(self, line: str) -> str | None:
        """Carry out one line (never empty); "quit" when it asks to leave. Whatever the line is, the
        table goes on: what fails for a bug is said in one line and changes nothing."""
        try:
            return self._carry_out(line)
        except Exception as e:  # every error: a bug must not cost the table its game or its session
            self._rebuild()
            self.error(self.speech._("internal error ({error}); the line was not applied, the game is saved",
                                     error=f"{type(e).__name__}: {e}"))
            return None

    def _carry_out(self, line: str) -> str | None:
        word = line.split()[0].lower()
        rest = line[len(word):].strip()
        if word == "quit":
            return "quit"
        if word == "help":
            self.say(self.game.help() + self.speech.help_lines(HELP))
        elif word == "status":
            if rest == "--json":
                self.say([json.dumps(self.game_status(), ensure_ascii=False, separators=(",", ":"))])
            else:
                self.say(self.game.describe())
        elif word == "history":
            self.say(self.history())
        elif word == "undo":
            self.undo(rest)
        elif word == "redo" and not rest:
            self.redo()
        elif self.game.is_over():
            self.error(self.speech._("the game is over: undo, history, status or quit"))
        else:
            self.accept(line)
        return None

    def accept(self, line: str) -> None:
        stray = stray_character(line)
        if stray:  # an escape in a name would act on every terminal that shows the history later
            self.error(self.speech._("the line holds a control character ({character}); type it without",
                                     character=shown(stray)))
            return
        continues = self.game.awaiting_answer()
        try:
            messages = self.game.handle(line)
        except InputError as e:
            self._rebuild()  # whatever the refused line touched is discarded
            self.error(str(e))
            if self.typed:
                self.say([self.speech._("  (type 'help' for the commands)")])
            return
        try:
            self.session.record(line, continues_entry=continues)
        except SessionError as e:  # e.g. the disk is full or the folder went away
            self._rebuild()
            self.error(self.speech._("{error}; nothing was changed", error=e.text(self.speech.lang)))
            return
        self.say(messages)

    def undo(self, count: str = "") -> None:
        n = whole(count) if count else 1
        if not n:
            self.error(self.speech._("undo takes back the last command; undo N the last N (N a whole number from 1)"))
            return
        try:
            dropped = self.session.undo(n)
        except SessionError as e:
            self.error(self.speech._("{error}; nothing was changed", error=e.text(self.speech.lang)))
            return
        if not dropped:
            self.error(self.speech._("nothing to undo"))
            return
        self._rebuild()
        lines = " | ".join(line for entry in dropped for line in entry)
        self.say([self.speech._("undone: {lines}", lines=lines)] + self.game.describe())

    def game_status(self) -> dict:
        """The game's status, with whether it is over and how it ended (the protocol's one shape)."""
        outcome = self.game.outcome()
        return {**self.game.status(), "over": self.game.is_over(),
                "outcome": None if outcome is None else outcome.to_json()}

    def redo(self) -> None:
        entry = self.session.next_redo()
        if entry is None:
            self.error(self.speech._("nothing to redo"))
            return
        try:
            said = self.played_again(entry)
            self.session.redo()
        except RedoGone as gone:
            self._rebuild()
            self.drop_redo(gone)
            return
        except SessionError as e:
            self._rebuild()
            self.error(self.speech._("{error}; nothing was changed", error=e.text(self.speech.lang)))
            return
        self.say([self.speech._("redone: {lines}", lines=" | ".join(entry))] + said)

    def played_again(self, entry: list[str]) -> list[str]:
        """What `entry` says played again on the game as it stands; RedoGone if it no longer plays (a
        file edited by hand, or saved by another kit): every line passes the checks a typed line does."""
        if not entry:
            raise RedoGone(self.speech._("it holds no line"))
        said = []
        for line in entry:  # the same lines on the same state: they play out as they did
            stray = stray_character(line)
            if stray:
                raise RedoGone(self.speech._("a line holds a control character ({character})", character=shown(stray)))
            try:
                said += self.game.handle(line)
            except InputError as e:
                raise RedoGone(str(e)) from None
            except Exception as e:  # every error: a bug in playing it again must not cost the table its game
                raise RedoGone(self.speech._("internal error ({error})", error=f"{type(e).__name__}: {e}")) from None
        return said

    def drop_redo(self, gone: RedoGone) -> None:
        try:
            self.session.drop_redo()
        except SessionError as e:
            self.error(self.speech._("{error}; nothing was changed", error=e.text(self.speech.lang)))
            return
        self.error(self.speech._("what undo took back no longer plays ({why}); it was put away, nothing was changed",
                                 why=gone.why))

    def _rebuild(self) -> None:
        self.game = replay(self.session, self.new_game)

    def history(self) -> list[str]:
        if not self.session.entries:
            return [self.speech._("(nothing yet)")]
        # A game may keep `notes`, one short text per accepted line, saying what that line brought about.
        notes = iter(self.game.notes() or [])
        lines = []
        for n, entry in enumerate(self.session.entries, 1):
            said = [note for _ in entry if (note := next(notes, ""))]
            lines.append(f"{n:3}. {' | '.join(entry)}" + (f"  → {'; '.join(said)}" if said else ""))
        return lines

    def _saved(self, interrupted: bool = False) -> str:
        path = self.session.path
        if interrupted:
            return (self.speech._("(interrupted; saved to {path})", path=path) if path
                    else self.speech._("(interrupted; saved)"))
        return self.speech._("(saved to {path})", path=path) if path else self.speech._("(saved)")
