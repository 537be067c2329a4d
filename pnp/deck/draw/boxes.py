"""A deck's boxes on a face: the named layout's, with the deck's own `[boxes.NAME]` keys over them —
a named box moved, resized, padded, turned or given a background, and boxes of the deck's own added
(`boxplace.py`; docs/decks.md, "Free boxes")."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pnp.geometry import Size
from pnp.layout import shapes
from pnp.layout.boxplace import BoxLook, PlaceOptions
from pnp.layout.decor import box
from pnp.layout.facelayout import FaceLayout, box_specs
from pnp.layout.keys import LayoutOptions
from pnp.layout.named import NamedLayout
from tabletop.data.errors import DataError
from tabletop.record import replace

if TYPE_CHECKING:
    from pnp.deck.read.deckfile import Deck


def face_geometry(layout: NamedLayout, options: LayoutOptions, places: Mapping[str, PlaceOptions], size: Size,
                  deck_file) -> tuple[FaceLayout, dict[str, tuple[tuple, tuple]]]:
    """Where each box's text goes; and, box by box in drawing order, the artwork under its picture (its
    background) and over it (its border). A box that does not fit this card size (a card size given
    on the command line) is an error naming its key."""
    try:
        face, looks = layout.looks_with(size, options, places)
    except DataError as e:
        e.file = e.file or deck_file
        raise
    return (FaceLayout(face, {name: box_specs(look) for name, look in looks.items()}, {}),
            {name: (_backgrounds(look, places.get(name)), _borders(look, places.get(name)))
             for name, look in looks.items()})


def deck_geometry(deck: Deck, size: Size, style: str) -> tuple[FaceLayout, dict[str, tuple[tuple, tuple]]]:
    """The deck's boxes on a face (the layout's and its own), and each box's background and border."""
    return face_geometry(deck.layout, replace(deck.options, style=style), deck.places, size, deck.file)


def layered(dressing: dict[str, tuple[tuple, tuple]], pictures: dict[str, tuple]) -> tuple:
    """A face's artwork box by box, in the boxes' order: each box's background, its picture, its
    border; so a later box (a title band) lies over an earlier one's picture (full art). The text
    of every box is drawn over all of it."""
    return tuple(item for name, (under, over) in dressing.items() for item in (*under, *pictures.get(name, ()), *over))


def _backgrounds(look: BoxLook, spec=None) -> tuple:
    if shapes.shaped(spec):
        return shapes.fills(look, spec)
    return tuple(box(p.rect, fill=look.background) for p in look.places) if look.background else ()


def _borders(look: BoxLook, spec=None) -> tuple:
    """The border's line lies inside the box, so a box at the trim keeps all of it."""
    if shapes.shaped(spec):
        return shapes.lines(look, spec)
    if not look.border:
        return ()
    return tuple(box(p.rect.inset(look.border_width / 2), stroke=look.border, width=look.border_width)
                 for p in look.places)
