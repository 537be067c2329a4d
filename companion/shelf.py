"""The saved games as `companion <game> play` and `companion games` see them: what a game file holds
(nothing entered yet, a game in progress, or something unusable), and keeping a saved game under a
free name so a new one can take its place. No command line here, no deleting either."""
from __future__ import annotations

import itertools
import os
from dataclasses import dataclass
from pathlib import Path

from tabletop.fileio import remove_leftover_writes

from .guard import journal_lock
from .session import Session, SessionError

GAME_SUFFIX = ".game.json"
NOTHING, EMPTY, SAVED, UNUSABLE = "nothing", "empty", "saved", "unusable"


@dataclass
class Found:
    """What is at a game file's path: `state` is NOTHING, EMPTY (a game with nothing entered and
    nothing to redo), SAVED or UNUSABLE (unreadable, damaged, another game's or another version's)."""
    state: str
    session: Session | None = None
    error: SessionError | None = None


def look(path: Path, game: str) -> Found:
    """What `path` holds for `game`, read under the game's lock (the server may be saving it)."""
    if not path.exists():
        return Found(NOTHING)
    try:
        with journal_lock(path):
            remove_leftover_writes(path)
            session = Session.open(path, game)
    except SessionError as e:
        return Found(UNUSABLE, error=e)
    return Found(EMPTY if not session.entries and not session.undone else SAVED, session)


def _split(path: Path) -> tuple[str, str]:
    """`club.game.json` → (`club`, `.game.json`), `g.json` → (`g`, `.json`): the part a number goes after."""
    name = path.name
    suffix = GAME_SUFFIX if name.endswith(GAME_SUFFIX) and name != GAME_SUFFIX else path.suffix
    return name[: len(name) - len(suffix)], suffix


def free_path(path: Path) -> Path:
    """The first of `NAME-2`, `NAME-3`… beside `path` that nothing has taken."""
    stem, suffix = _split(path)
    return next(target for n in itertools.count(2) if not (target := path.with_name(f"{stem}-{n}{suffix}")).exists())


def set_aside(path: Path) -> Path:
    """Move the file at `path` to the first free `NAME-2`, `NAME-3`… beside it and return that path.
    A hard link claims the new name only if nobody has it (never replacing a file), then the old name
    goes; where links are not supported the name is checked first. Raises OSError."""
    stem, suffix = _split(path)
    with journal_lock(path):  # the server saves this game under the same lock
        for n in itertools.count(2):
            target = path.with_name(f"{stem}-{n}{suffix}")
            try:
                os.link(path, target)
            except FileExistsError:
                continue
            except OSError:
                if target.exists():
                    continue
                os.replace(path, target)
                return target
            os.unlink(path)
            return target
    raise AssertionError("unreachable")
