"""A deck's laid-out faces kept from one build to the next (`pnp watch` builds the deck at every save):
a card is laid out again only when something it is made from changed, and every other face of the
PDF is the one kept. Laying out is what a face costs (fitting its text); drawing the kept faces into
a new PDF is quick.

A face is kept under a key naming everything it is made from, so a stale face is never printed:
- for every face of the deck, the deck as read (its fields, boxes, looks, backs, icons, fonts named,
  the columns of its cards' file — all but the rows), the options of the build, and the size and
  mtime of every file the deck reads besides its cards' file and their pictures (the deck file, the
  templates and what they include, icons, fonts, backs' pictures, the kit's own layouts and
  templates): a change to any of them lays out every card again;
- for a card's front, its row: number, copies, every cell, its back, and the size and mtime of each
  of its pictures;
- for a back, what it prints: its text rendered from the row, or the fields of a two-sided card's
  face (`deck/draw/backfaces.py` tells backs apart by them already).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.data import TEMPLATES_DIR
from tabletop.record import replace

if TYPE_CHECKING:
    from pnp.base import Options
    from pnp.deck.read.deckfile import CardRow, Deck
    from pnp.sheets.draw import FaceArt

KIT_TEMPLATES = ("common", "layouts")  # the kit's files a deck's faces are drawn from


def file_version(path: Path) -> tuple:
    """A file's name with its size and mtime (None where it is missing: a later save may add it)."""
    try:
        stat = Path(path).stat()
    except OSError:
        return str(path), None
    return str(path), stat.st_size, stat.st_mtime_ns, stat.st_ino


def deck_key(deck: Deck, opts: Options) -> str:
    """What every face of the deck is made from (the module's docstring), as a digest."""
    pictures = {deck.folder / name for d in (deck, *deck.variants.values()) for card in d.cards
                for name in card.images.values()}
    files = [p for p in deck.inputs() if p != deck.table.file and p not in pictures]
    files += sorted(p for folder in KIT_TEMPLATES for p in (TEMPLATES_DIR / folder).rglob("*") if p.is_file())
    if opts.font:
        files.append(Path(opts.font))
    shape = _without_rows(deck)
    return _digest((shape, opts, tuple(map(file_version, files))))


def _without_rows(deck: Deck) -> Deck:
    """The deck as read but for its cards (each card's face has its own key): its layouts' too, or
    an edited cell would change every face's key in a deck with `[layouts]`."""
    return replace(deck, cards=(), table=replace(deck.table, rows=()), warnings=(), notes=(),
                   variants={name: _without_rows(variant) for name, variant in deck.variants.items()})


def card_key(deck: Deck, card: CardRow) -> str:
    """What a card's front is made from besides the deck: its row and its pictures' files."""
    layout = deck.variant(card)  # a card of [layouts.NAME] shows the pictures of that layout's boxes
    shown = next((c for c in layout.cards if c.row == card.row), card) if layout is not deck else card
    pictures = tuple((box, file_version(deck.folder / name)) for box, name in sorted(shown.images.items()))
    return _digest((card.row, card.copies, sorted((k, repr(v)) for k, v in card.cells.items()), card.back,
                    pictures))


def _digest(value: Any) -> str:
    return hashlib.sha1(repr(value).encode("utf-8")).hexdigest()


class KeptFaces:
    """The faces of a deck's last build, by key; `laid_out` counts the faces the last build laid out
    (the others were kept), `order` is the key of each face of the last build, in the order of the
    build's faces (what a page's placements point at)."""

    def __init__(self) -> None:
        self.deck = ""
        self.faces: dict[tuple, FaceArt] = {}
        self.used: dict[tuple, FaceArt] = {}
        self.order: list[tuple] = []
        self.laid_out = 0

    def begin(self, deck: str) -> None:
        """A build of a deck whose faces are made from `deck` (deck_key): faces kept for another are dropped."""
        if deck != self.deck:
            self.faces = {}
        self.deck, self.used, self.order, self.laid_out = deck, {}, [], 0

    def front(self, key: str, make: Callable[[], FaceArt]) -> FaceArt:
        return self._face(("front", key), make)

    def back(self, key: Any, make: Callable[[], FaceArt]) -> FaceArt:
        return self._face(("back", _digest(key)), make)

    def end(self) -> None:
        """The build is done: only its own faces are kept for the next one."""
        self.faces = self.used

    def _face(self, key: tuple, make: Callable[[], FaceArt]) -> FaceArt:
        face = self.used.get(key, self.faces.get(key))
        if face is None:
            face = make()
            self.laid_out += 1
        self.used[key] = face
        self.order.append(key)
        return face
