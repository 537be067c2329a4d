"""Atomic file writes: an interrupted or failed write leaves the previous file intact."""
from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from .i18n import N_, _

# The system's own wording (strerror) is English whatever the locale: the usual causes in ours.
_REASONS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOSPC: N_("no space left on the device"),
    errno.EROFS: N_("the file system is read-only"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("part of the path is not a folder"),
    errno.EEXIST: N_("it already exists"),
}


TEMP_SUFFIX = ".tmp"


class FolderNotWritable(OSError):
    """The folder a file goes to takes no new file (its `filename`): said of the folder, not of the
    hidden temporary file the write begins with."""


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def write_atomic(path: Path, data: bytes | str, mode: int | None = None) -> None:
    """Write `data` to `path` whole or not at all; `mode` gives the file other permissions than an
    ordinary output's (a private key: 0o600, set before a byte is written)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=_temp_prefix(path), suffix=TEMP_SUFFIX)
    except OSError as e:
        raise FolderNotWritable(e.errno, e.strerror, str(path.parent)) from None
    try:
        os.chmod(tmp, 0o666 & ~_umask() if mode is None else mode)  # mkstemp makes 0600; outputs read like any file
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def remove_leftover_writes(path: Path) -> list[Path]:
    """Delete the temporary files that writes of `path` left behind when the process was killed
    mid-write; the caller makes sure no write of `path` is under way (e.g. by holding its lock)."""
    path = Path(path)
    prefix = _temp_prefix(path)
    removed: list[Path] = []
    try:
        candidates = list(path.parent.iterdir())
    except OSError:
        return removed
    for candidate in candidates:
        name = candidate.name
        if name.startswith(prefix) and name.endswith(TEMP_SUFFIX) and "." not in name[len(prefix):-len(TEMP_SUFFIX)]:
            try:
                candidate.unlink()
                removed.append(candidate)
            except OSError:
                pass  # another process got there first, or the folder is read-only: nothing to mend
    return removed


def os_error_reason(e: OSError) -> str:
    """Why the system refused, in the user's language where we know the cause."""
    return _(_REASONS[e.errno]) if e.errno in _REASONS else str(e.strerror or e)


def describe_os_error(e: OSError) -> str:
    """`path: reason`."""
    if isinstance(e, FolderNotWritable):
        return _("{folder}: cannot write into this folder ({reason})").format(folder=e.filename,
                                                                             reason=os_error_reason(e))
    return _("{path}: {reason}").format(path=e.filename, reason=os_error_reason(e))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
