"""Face layouts: named boxes in mm on a card face, and the text styles used inside them.

A template fills boxes by name; a layout says where each name goes (one name may appear in several
places, e.g. the corner index top-left and, turned 180°, bottom-right). Pure data and arithmetic.
"""
from __future__ import annotations

from functools import cache

from pnp.geometry import Rect, Size
from pnp.layout.boxplace import BoxLook, length, reading, resolve
from pnp.layout.keys import FieldOptions, LayoutFile
from pnp.text.fit import TextStyle
from tabletop.data import TEMPLATES_DIR
from tabletop.data.errors import DataError
from tabletop.data.load import read_toml
from tabletop.data.schema import convert
from tabletop.record import Record, replace

SAFE = 3.0  # mm: text stays this far inside the trim
# pt: the smallest text a card face may carry. Below it the densest cards
# were hard to read at arm's length; a face that needs less room gets it from its layout (padding,
# line height, a second card), never by leaving a rule out. Footers have the same floor (FOOTER_MIN).
LEGIBLE = 6.5
RED = "#c8102e"
GREY = "#555555"


class BoxSpec(Record):
    """One place a box's text goes on a face."""
    rect: Rect  # from the face's bottom-left corner, mm
    valign: str = "top"
    rotation: int = 0


class FaceLayout(Record):
    """A face's named boxes and the text styles used in them."""
    size: Size
    boxes: dict[str, tuple[BoxSpec, ...]]
    styles: dict[str, TextStyle]
    min_size: float = LEGIBLE
    # Every face of an asset in this layout prints at one size: the largest at which the fullest of them
    # fits (a summary card's two sides, 24's two summary cards read as one set, not one large, one small).
    together: bool = False


INSERT_STYLES = {
    # The rank's line reaches further below its baseline than its glyphs (leading 1.2, not 1.05): a Q's
    # tail touched the pip under it; every rank now clears its pip by ≥ 0.5 mm.
    "rank": TextStyle(13, bold=True, align="center", leading=1.2),
    "suit": TextStyle(12, align="center", leading=1.05),
    "joker": TextStyle(6.5, bold=True, align="center", leading=1.0),
    "ident": TextStyle(9, bold=True, align="center", leading=1.1),
    "title": TextStyle(11, bold=True, leading=1.15),
    "sub": TextStyle(7, color=GREY, space_before=1.5),
    "stat": TextStyle(9, leading=1.3),
    "label": TextStyle(7.5, bold=True, color=RED, space_before=5),
    "body": TextStyle(9.5, space_before=0.5, leading=1.35),
    "warn": TextStyle(7.5, bold=True, color=RED, space_before=4),
    "note": TextStyle(7, color=GREY, space_before=5),
    "flavor": TextStyle(6.5, color=GREY, leading=1.3),
}

def insert_layout(style: str, card: Size) -> FaceLayout:
    """`full`: the card's size with the playing-card index in two corners. `overlay`: narrower,
    centred on the card, so the real card's own indices stay visible beside it. The boxes are the
    deck layout's (`templates/layouts/insert-*.toml`); the styles are the built-in inserts' own."""
    if style not in ("full", "overlay"):
        raise ValueError(f"unknown insert style {style!r}")
    styles = INSERT_STYLES
    if style == "overlay":
        styles = dict(INSERT_STYLES, title=TextStyle(11, bold=True, align="center", leading=1.15),
                      sub=TextStyle(7, color=GREY, align="center", space_before=1.5))
    return file_layout(f"insert-{style}", card, styles)


def file_layout(name: str, card: Size, styles: dict[str, TextStyle]) -> FaceLayout:
    """A named layout's boxes (`templates/layouts/NAME.toml`) on a card of this size."""
    file = layout_file(name)
    face = face_size(file, card)
    looks = {box: resolve(spec, face, None, f"boxes.{box}") for box, spec in file.boxes.items()}
    return FaceLayout(face, {box: box_specs(look) for box, look in looks.items()}, styles)


@cache
def layout_file(name: str) -> LayoutFile:
    path = TEMPLATES_DIR / "layouts" / f"{name}.toml"
    try:
        return convert(LayoutFile, read_toml(path), "")
    except DataError as e:
        e.file = path
        raise


def face_size(file: LayoutFile, card: Size) -> Size:
    return Size(length(file.face.width, card.w, "face.width"), length(file.face.height, card.h, "face.height"))


def box_specs(look: BoxLook) -> tuple[BoxSpec, ...]:
    """Where a box's text goes, place by place: inside its padding, in its reading shape."""
    return tuple(BoxSpec(reading(p, look.padding), look.valign, p.rotation) for p in look.places)


def field_style(base: TextStyle, spec: FieldOptions) -> TextStyle:
    """`base` with the look a `[fields.NAME]` entry gives."""
    changes = {k: getattr(spec, k) for k in ("size", "bold", "color", "align", "leading", "space_before", "one_line")
               if getattr(spec, k) is not None}
    return replace(base, **changes)


LAYOUTS = {"insert": insert_layout}
