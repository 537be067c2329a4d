"""What a deck may read: the files of its own folder, and nothing else. Every file a deck names is
found through `resolve` — its spreadsheet and the deck file beside it, its templates and each template
they include, its pictures, icons, fonts and backs' pictures — so a kind of file added later is held
to the same rule by going through it too.

Decks travel as zips and git repositories, which keep symbolic links: a deck holding a link to
`~/.ssh/id_ed25519` would otherwise print its reader's key into a PDF they pass on. So a name is
judged by where it really leads, links followed: a link (to a file or a folder) that stays inside the
deck's folder is fine, one leading out is refused like `../` or an absolute path."""
from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path, PurePosixPath, PureWindowsPath

from tabletop.i18n import _


class Refused(Exception):
    """A file the deck may not read; the message says which and why, in the user's words."""


def resolve(folder: Path, name: str, what: str | None = None) -> Path:
    """The real path, links followed, of `name`: written relative to the deck's `folder`, with `/`
    (or `\\`, as typed on Windows). Refused: an absolute path; a name leading out of the folder, by
    `..` or through a link; a folder, pipe or device. A name that is not there is returned, for its
    reader to say "not found". `what` names the file in the message (`picture 'art/fox.png'`);
    without it, the name alone."""
    what = what or repr(name)
    if PurePosixPath(_posix(name)).is_absolute() or PureWindowsPath(name).anchor:
        raise Refused(_("{what} is an absolute path: give it relative to the deck's folder").format(what=what))
    root = Path(os.path.realpath(folder))
    real = Path(os.path.realpath(as_written(root, name)))  # unlike Path.resolve, a loop of links raises nothing
    if not real.is_relative_to(root):
        if Path(os.path.normpath(as_written(root, name))).is_relative_to(root):
            raise Refused(_("{what} leads through a link to {target}, outside the deck's folder: a deck reads "
                            "only the files in its own folder").format(what=what, target=real))
        raise Refused(_("{what} is outside the deck's folder: keep the deck's files beside it").format(what=what))
    try:
        mode = real.stat().st_mode
    except OSError:  # not there, or not to be looked at: its reader says which
        return real
    if not stat.S_ISREG(mode):  # reading a pipe or a device would wait, or never end
        raise Refused(_("{what} is not a file (a folder, a pipe or a device)").format(what=what))
    return real


def as_written(folder: Path, name: str) -> Path:
    """`name` in `folder` as the deck gives it, links not followed: the path to look at a file by
    (`os.stat` follows its links) once `resolve` has let it through."""
    return folder / _posix(name)


def _posix(name: str) -> str:
    return name.replace("\\", "/")  # a path typed on Windows


def checked(folder: Path, name: str, error: Callable[[str], Exception], what: str | None = None) -> Path:
    """`resolve`, a refusal raised as `error(message)`: the caller's own error, naming its place."""
    try:
        return resolve(folder, name, what)
    except Refused as e:
        raise error(str(e)) from None
