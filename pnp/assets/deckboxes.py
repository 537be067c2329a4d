"""A deck's boxes on a face: the named layout's, with the deck's own `[boxes.NAME]` keys over them —
a named box moved, resized, padded, turned or given a background, and boxes of the deck's own added
(`boxplace.py`; docs/decks.md, "Free boxes")."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.data.errors import DataError
from tabletop.record import replace

from ..boxplace import BoxLook, PlaceOptions, resolve
from ..deckformat import LayoutOptions
from ..geometry import Size
from .decor import box
from .layout import FaceLayout, box_specs
from .layouts import NamedLayout

if TYPE_CHECKING:
    from ..deckfile import Deck


def deck_looks(layout: NamedLayout, options: LayoutOptions, places: dict[str, PlaceOptions],
               size: Size) -> tuple[Size, dict[str, BoxLook]]:
    """The face's size and every box on it: the layout's in its order, then the deck's new ones."""
    face, looks = layout.looks(size, options)
    for name, spec in places.items():
        looks[name] = resolve(spec, face, looks.get(name), f"boxes.{name}")
    return face, looks


def face_geometry(layout: NamedLayout, options: LayoutOptions, places: dict[str, PlaceOptions], size: Size,
                  deck_file) -> tuple[FaceLayout, tuple, tuple]:
    """Where each box's text goes; the boxes' backgrounds, drawn under the pictures; their borders,
    drawn over the pictures and under the text. A box that does not fit this card size (a card size
    given on the command line) is an error naming its key."""
    try:
        face, looks = deck_looks(layout, options, places, size)
    except DataError as e:
        e.file = e.file or deck_file
        raise
    return (FaceLayout(face, {name: box_specs(look) for name, look in looks.items()}, {}),
            tuple(box(p.rect, fill=look.background) for look in looks.values() if look.background
                  for p in look.places),
            tuple(_border(p.rect, look) for look in looks.values() if look.border for p in look.places))


def deck_geometry(deck: Deck, size: Size, style: str) -> tuple[FaceLayout, tuple, tuple]:
    """The deck's boxes on a face (the layout's and its own), their backgrounds and their borders."""
    return face_geometry(deck.layout, replace(deck.options, style=style), deck.places, size, deck.file)


def _border(rect, look: BoxLook):
    """The border's line lies inside the box, so a box at the trim keeps all of it."""
    return box(rect.inset(look.border_width / 2), stroke=look.border, width=look.border_width)
