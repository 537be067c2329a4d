"""One saved game = a header plus a journal of accepted input lines.

Replaying the journal through a fresh engine rebuilds the state exactly (the RNG seed is in the
header), so resume, undo and history all come from one mechanism that every game shares. A journal
entry is one user command together with the answers it asked for (e.g. the cards drawn for a robot
turn); `undo` drops the last entry and keeps it aside, so `redo` can put it back as long as nothing
else was played since. `revision` counts the saves, so every accepted line, undo and redo gives the file
a new number, also when an undo and a new line leave as many entries as before.

The entries put aside are saved as `undone` (only when there are some): a file from before redo has
none, and a kit from before redo reads a file that has some, ignoring them.

`id` names the game wherever it goes (a game handed from a terminal to a phone and back is recognised
as the same one): drawn when the game is created, kept unchanged by every save. A file from before ids
has none and is read and written back as it was; it gets one when it is first shared.
"""
from __future__ import annotations

import json
import random
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.fileio import write_atomic
from tabletop.i18n import N_

from .speech import SaidError

FORMAT = "tabletop-kit game"
VERSION = 1
# A game's id: what `new_id` draws (16 hex digits); a file may carry any id of these characters.
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def new_id() -> str:
    """A fresh game id: 64 random bits, written as 16 hex digits."""
    return secrets.token_hex(8)


def valid_id(value: Any) -> bool:
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def _journal(entries: Any) -> bool:
    """Whether `entries` is a journal: a list of entries, each a list of lines."""
    return isinstance(entries, list) and all(isinstance(e, list) and all(isinstance(x, str) for x in e)
                                             for e in entries)


class SessionError(SaidError):
    """A game file that cannot be used: missing, corrupt, or another game's (worded when shown)."""


@dataclass
class Session:
    game: str
    options: dict[str, Any]
    seed: int
    path: Path | None = None
    entries: list[list[str]] = field(default_factory=list)
    undone: list[list[str]] = field(default_factory=list)  # what undo took, the next to redo last
    revision: int = 0
    game_id: str | None = None  # None: a file from before ids
    _written: str | None = field(default=None, repr=False, compare=False)  # the file as last read or saved

    @classmethod
    def create(cls, game: str, options: dict[str, Any], path: Path | None,
               seed: int | None = None) -> Session:
        seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        return cls(game=game, options=dict(options), seed=seed, path=path, game_id=new_id())

    @classmethod
    def open(cls, path: Path, game: str) -> Session:
        """The game saved in `path`, which must be a `game` game."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SessionError(N_("{path}: no saved game there (start one without --resume)"), path=path) from None
        except (OSError, UnicodeDecodeError) as e:
            raise SessionError(N_("{path}: not a readable game file ({error}); it was left untouched"),
                               path=path, error=e) from None
        session = cls.parse(text, game, path)
        session.path = Path(path)
        return session

    @classmethod
    def parse(cls, text: str, game: str | None, path: Path | str) -> Session:
        """The game file's text read as `open` reads it (`game` None: whichever game it holds); `path`
        names it in a refusal. The session has no path: it is saved nowhere until it is given one."""
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as e:
            raise SessionError(N_("{path}: not a readable game file ({error}); it was left untouched"),
                               path=path, error=e) from None
        if not isinstance(raw, dict) or raw.get("format") != FORMAT or not isinstance(raw.get("game"), str):
            raise SessionError(N_("{path}: not a tabletop-kit game file; it was left untouched"), path=path)
        if game is not None and raw.get("game") != game:
            raise SessionError(N_("{path}: this file holds a {found!r} game, not {game!r}"), path=path,
                               found=raw.get("game"), game=game)
        if raw.get("version") != VERSION:
            raise SessionError(N_("{path}: game file version {version!r} is not supported"), path=path,
                               version=raw.get("version"))
        entries, undone = raw.get("entries"), raw.get("undone", [])
        if (not _journal(entries) or not _journal(undone) or not isinstance(raw.get("seed"), int)
                or not isinstance(raw.get("options"), dict)):
            raise SessionError(N_("{path}: the game file is damaged; it was left untouched"), path=path)
        revision = raw.get("revision", 0)  # files saved before revisions were counted have none
        if not isinstance(revision, int) or isinstance(revision, bool):
            raise SessionError(N_("{path}: the game file is damaged; it was left untouched"), path=path)
        game_id = raw.get("id")
        if game_id is not None and not valid_id(game_id):
            raise SessionError(N_("{path}: the game file is damaged; it was left untouched"), path=path)
        session = cls(game=raw["game"], options=raw["options"], seed=raw["seed"], entries=entries,
                      undone=undone, revision=revision, game_id=game_id)
        session._written = session.to_json()
        return session

    def record(self, line: str, *, continues_entry: bool) -> None:
        """Journal one accepted line (what undo put aside can no longer be redone); if it cannot be
        saved, the journal is left as it was."""
        before = self._journal()
        if continues_entry and self.entries:
            self.entries[-1].append(line)
        else:
            self.entries.append([line])
        self.undone = []
        self._save_or_restore(before)

    def undo(self, count: int = 1) -> list[list[str]]:
        """Drop the last `count` entries (fewer if there are fewer) and keep them for redo; returns them,
        oldest first."""
        if not self.entries:
            return []
        before = self._journal()
        kept = max(len(self.entries) - count, 0)
        dropped = self.entries[kept:]
        self.entries = self.entries[:kept]
        self.undone = self.undone + dropped[::-1]
        self._save_or_restore(before)
        return dropped

    def next_redo(self) -> list[str] | None:
        """The entry redo would put back (the last one undone), if any."""
        return list(self.undone[-1]) if self.undone else None

    def redo(self) -> list[str]:
        """Put back the entry undone last (the caller has replayed its lines); returns it."""
        before = self._journal()
        entry = self.undone[-1]
        self.entries, self.undone = self.entries + [entry], self.undone[:-1]
        self._save_or_restore(before)
        return entry

    def drop_redo(self) -> None:
        """Put away the entry redo would put back: it no longer plays."""
        before = self._journal()
        self.undone = self.undone[:-1]
        self._save_or_restore(before)

    def _journal(self) -> tuple[list[list[str]], list[list[str]]]:
        return [list(e) for e in self.entries], [list(e) for e in self.undone]

    def _save_or_restore(self, before: tuple[list[list[str]], list[list[str]]]) -> None:
        try:
            self.save()
        except SessionError:
            self.entries, self.undone = before
            raise

    def lines(self) -> list[str]:
        return [line for entry in self.entries for line in entry]

    def to_json(self) -> str:
        saved: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": self.game}
        if self.game_id is not None:
            saved["id"] = self.game_id
        saved.update(options=self.options, seed=self.seed, revision=self.revision, entries=self.entries)
        if self.undone:
            saved["undone"] = self.undone
        return json.dumps(saved, ensure_ascii=False, indent=1)

    def save(self) -> None:
        if self.path is None or self.to_json() == self._written:
            return  # nothing changed: the revision stays, so nobody sees a change that is not there
        self.revision += 1
        try:
            text = self.to_json()
            write_atomic(self.path, text + "\n")
            self._written = text
        except OSError as e:
            self.revision -= 1
            why = f"{e.strerror}: {e.filename}" if e.strerror and e.filename else str(e)
            raise SessionError(N_("{path}: the game cannot be saved there ({why})"), path=self.path, why=why) from None
        except UnicodeEncodeError:  # e.g. a name given on the command line in another encoding
            self.revision -= 1
            raise SessionError(N_("{path}: the game cannot be saved: a name or option is not UTF-8 text"),
                               path=self.path) from None
