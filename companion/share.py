"""A game handed from one device to another: its game file, byte for byte, in a link's fragment (the
part after `#`, which a browser never sends to any server), compressed as raw DEFLATE (the browser's
`CompressionStream('deflate-raw')`) and written in base64url without padding. The app opens such a link
(`#import=DATA&name=NAME`) and continues the game; `companion <game> play --import LINK` does too.

When the game arrives where its id is already kept, the two journals are compared (`compare`): the
one that has everything the other has and more is the game; when each has steps the other lacks,
neither is dropped — the arriving one is kept beside the other under a free name."""
from __future__ import annotations

import base64
import binascii
import os
import zlib
from urllib.parse import parse_qs, urlencode

from tabletop.i18n import N_

from .speech import SaidError

IMPORT_KEY = "import"  # the fragment's field holding the game
NAME_KEY = "name"  # the game's name where it came from (the next free one is taken where it lands)
# The longest link shown as a QR code: version 22 at the lowest error correction (105 modules a side)
# holds 1,003 bytes, small enough modules for a phone's camera off another phone's screen. A longer
# game goes as the link alone or as a file.
QR_LIMIT = 1000
# The largest game file taken in (by a link, unpacked, or a file): a whole game is tens of kilobytes.
MAX_GAME = 1_000_000
# Where the app a link opens is published: --app-url, else this variable, else the address
# `python3 -m http.server 8000 --directory DIR` serves an exported app at on this machine (never a
# stranger's host: whoever serves the page can read the fragment).
APP_URL_VARIABLE = "TABLETOP_KIT_APP_URL"
DEFAULT_APP_URL = "http://localhost:8000/"

SAME, BEHIND, AHEAD, DIVERGED = "same", "behind", "ahead", "diverged"


class ShareError(SaidError):
    """A link or file that cannot be taken in (worded when shown)."""


def app_url(given: str | None) -> str:
    """The address a link opens: the one given, else $TABLETOP_KIT_APP_URL, else the default."""
    return given or os.environ.get(APP_URL_VARIABLE) or DEFAULT_APP_URL


def pack(text: str) -> str:
    """A game file's text as the fragment carries it."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def unpack(data: str) -> str:
    """The game file's text a fragment carries; ShareError if it is damaged or too big."""
    damaged = ShareError(N_("this link is damaged (cut short or changed); nothing was imported"))
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        unpacker = zlib.decompressobj(-15)
        text = unpacker.decompress(raw, MAX_GAME + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise damaged from None
    if len(text) > MAX_GAME:
        raise ShareError(N_("the game in this link is too big (more than {limit} bytes)"), limit=MAX_GAME)
    if not unpacker.eof:
        raise damaged
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError:
        raise damaged from None


def make_link(base: str, text: str, name: str) -> str:
    """The link that opens the app at `base` and hands it the game file `text`, named `name`."""
    return f"{base.split('#')[0]}#{urlencode({IMPORT_KEY: pack(text), NAME_KEY: name})}"


def read_link(link: str) -> tuple[str, str | None]:
    """(the game file's text, its name) from a link or its fragment; ShareError if it holds no game."""
    fields = parse_qs(link.partition("#")[2].strip())
    data = fields.get(IMPORT_KEY)
    if not data:
        raise ShareError(N_("{source}: neither a game file nor a link to a game"), source=link[:60])
    return unpack(data[0]), fields.get(NAME_KEY, [None])[0]


def compare(here: list[list[str]], arriving: list[list[str]]) -> str:
    """How the arriving journal stands to the one kept here: SAME, BEHIND (here has all of it and more),
    AHEAD (it has all of here and more) or DIVERGED (each has steps the other lacks)."""
    lines_here = [line for entry in here for line in entry]
    lines_arriving = [line for entry in arriving for line in entry]
    shorter = min(len(lines_here), len(lines_arriving))
    if lines_here[:shorter] != lines_arriving[:shorter]:
        return DIVERGED
    if len(lines_here) == len(lines_arriving):
        return SAME
    return BEHIND if len(lines_here) > len(lines_arriving) else AHEAD
