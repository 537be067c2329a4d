"""One writer at a time on a game file, across threads and processes (the terminal and the server).

A writer takes an exclusive `flock` on a lock file beside the game (`.NAME.lock`, never the game file
itself, which is replaced atomically on every save), re-reads the journal (`catch_up`) and only then
applies its line; the lock is held until the new journal is on disk.
"""
from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import Iterator

from .session import Session


def lock_path(game_file: Path) -> Path:
    game_file = Path(game_file)
    return game_file.with_name(f".{game_file.name}.lock")


@contextlib.contextmanager
def journal_lock(game_file: Path | None) -> Iterator[None]:
    """Hold the game's lock for the block; a game without a file (tests, simulations) needs none."""
    if game_file is None:
        yield
        return
    path = lock_path(game_file)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:  # a folder nobody can write to: the save will say so, and nobody else can write there
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def catch_up(session: Session) -> bool:
    """Take over what another writer saved since `session` was read; True if the journal moved on.
    A file that went away leaves `session` as it is (its next save writes it again); one that can no
    longer be read is a SessionError. Call with the lock held."""
    if session.path is None or not Path(session.path).exists():
        return False
    saved = Session.open(session.path, session.game)
    if (saved.revision, saved.entries, saved.seed) == (session.revision, session.entries, session.seed):
        return False
    session.entries, session.revision, session.seed = saved.entries, saved.revision, saved.seed
    session._written = saved._written
    return True
