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


def insert_layout(style: str, card: Size) -> FaceLayout:
    """`full`: the card's size with the playing-card index in two corners. `overlay`: narrower,
    centred on the card, so the real card's own indices stay visible beside it. Boxes and styles are
    the layout file's (`templates/layouts/insert-*.toml`), which a deck with `layout = "insert"` reads too."""
    if style not in ("full", "overlay"):
        raise ValueError(f"unknown insert style {style!r}")
    return file_layout(f"insert-{style}", card)


def file_layout(name: str, card: Size) -> FaceLayout:
    """A named layout (`templates/layouts/NAME.toml`) on a card of this size: its boxes and its styles."""
    file = layout_file(name)
    face = face_size(file, card)
    looks = {box: resolve(spec, face, None, f"boxes.{box}") for box, spec in file.boxes.items()}
    return FaceLayout(face, {box: box_specs(look) for box, look in looks.items()}, file_styles(file),
                      together=file.together)


def file_styles(file: LayoutFile) -> dict[str, TextStyle]:
    """Each style a layout file names, by name: its `[fields.NAME]` over the plain 9 pt body."""
    return {name: field_style(TextStyle(9), spec) for name, spec in file.fields.items()}


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
