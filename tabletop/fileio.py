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


def write_atomic(path: Path, data: bytes | str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs should read like any file
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def os_error_reason(e: OSError) -> str:
    """Why the system refused, in the user's language where we know the cause."""
    return _(_REASONS[e.errno]) if e.errno in _REASONS else str(e.strerror or e)


def describe_os_error(e: OSError) -> str:
    """`path: reason`."""
    return _("{path}: {reason}").format(path=e.filename, reason=os_error_reason(e))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
