"""One writer at a time on a game file, across threads and processes (the terminal and the server).

A writer takes an exclusive lock on a lock file beside the game (`.NAME.lock`, never the game file
itself, which is replaced atomically on every save), re-reads the journal (`catch_up`) and only then
applies its line; the lock is held until the new journal is on disk. The lock is `flock` on POSIX and
`msvcrt.locking` on Windows; where there are no processes to share files with (Python in a browser)
there is nothing to lock.
"""
from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from tabletop.fileio import TEMP_SUFFIX, remove_leftover_writes

from .session import Session

if sys.platform == "win32":
    import msvcrt

    def _hold(fd: int) -> None:
        while True:  # LK_LOCK gives up after ten seconds: a long save elsewhere only makes us wait longer
            try:
                msvcrt.locking(fd, msvcrt.LK_LOCK, 1)
                return
            except OSError:
                continue
else:
    try:
        import fcntl
    except ImportError:  # e.g. Pyodide: one process, nothing to wait for
        fcntl = None

    def _hold(fd: int) -> None:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)


LOCK_SUFFIX = ".lock"


def lock_path(game_file: Path) -> Path:
    game_file = Path(game_file)
    return game_file.with_name(f".{game_file.name}{LOCK_SUFFIX}")


@contextlib.contextmanager
def journal_lock(game_file: Path | None) -> Iterator[None]:
    """Hold the game's lock for the block; a game without a file (tests, simulations) needs none."""
    if game_file is None:
        yield
        return
    path = lock_path(game_file)
    while True:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError:  # a folder nobody can write to: the save will say so, and nobody else can write there
            yield
            return
        _hold(fd)
        if _still_there(fd, path):
            break
        os.close(fd)  # the lock file was put away while we waited (`remove_leftovers`): take the one there now
    try:
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _still_there(fd: int, path: Path) -> bool:
    try:
        named, held = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def remove_leftovers(game_file: Path) -> list[Path]:
    """What writers killed mid-way left beside `game_file`: the temporary copies of its saves and, for a
    game that was never saved (a new game killed before its first save), its lock file."""
    game_file = Path(game_file)
    with journal_lock(game_file):
        removed = remove_leftover_writes(game_file)
        if not game_file.exists():
            try:
                lock_path(game_file).unlink()
                removed.append(lock_path(game_file))
            except OSError:
                pass  # on Windows an open file stays; elsewhere someone tidied it first
    return removed


def leftover_games(folder: Path, suffix: str) -> set[Path]:
    """The game files of `folder` (named `*suffix`) that a lock file or a temporary copy is beside."""
    found = set()
    try:
        names = [entry.name for entry in Path(folder).iterdir()]
    except OSError:
        return found
    for name in names:
        if name.startswith(".") and name.endswith(LOCK_SUFFIX):
            game = name[1:-len(LOCK_SUFFIX)]
        elif name.startswith(".") and name.endswith(TEMP_SUFFIX):
            game = name[1:-len(TEMP_SUFFIX)].rpartition(".")[0]
        else:
            continue
        if game.endswith(suffix):
            found.add(Path(folder) / game)
    return found


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
    session.undone = saved.undone
    session._written = saved._written
    return True
