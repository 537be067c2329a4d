"""Face layouts: named boxes in mm on a card face, and the text styles used inside them.

A template fills boxes by name; a layout says where each name goes (one name may appear in several
places, e.g. the corner index top-left and, turned 180°, bottom-right). Pure data and arithmetic.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from pnp.geometry import Rect, Size
from pnp.layout.boxplace import BoxLook, length, reading, resolve
from pnp.layout.keys import CellsOptions, FieldOptions, LayoutFile
from pnp.text.fit import TextStyle
from tabletop.data import TEMPLATES_DIR
from tabletop.data.errors import DataError
from tabletop.data.load import locate, read_toml
from tabletop.data.schema import convert
from tabletop.i18n import _
from tabletop.record import Record, replace

# pt: the smallest text a card face may carry. Below it the densest cards
# were hard to read at arm's length; a face that needs less room gets it from its layout (padding,
# line height, a second card), never by leaving a rule out. Footers have the same floor (FOOTER_MIN).
LEGIBLE = 6.5


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
    """A named layout (`templates/layouts/NAME.toml`) on a card of this size: its boxes, then its
    grids' cells, and its styles."""
    file = layout_file(name)
    face = face_size(file, card)
    with _in_file(name):
        looks = {box: resolve(spec, face, None, f"boxes.{box}", inside=not file.past_edges)
                 for box, spec in file.boxes.items()}
        boxes = {box: box_specs(look) for box, look in looks.items()}
        for grid, spec in file.cells.items():
            boxes.update({cell: (BoxSpec(rect.inset(spec.padding or 0.0), spec.valign or "top"),)
                          for cell, rect in cells(spec, face, f"cells.{grid}", not file.past_edges).items()})
        return FaceLayout(face, boxes, file_styles(file, face), together=file.together)


def face_areas(name: str, card: Size) -> dict[str, Rect]:
    """Where a layout's artwork draws on a card of this size: each of its `[areas.NAME]`."""
    file = layout_file(name)
    face = face_size(file, card)
    with _in_file(name):
        return {area: resolve(spec, face, None, f"areas.{area}", inside=not file.past_edges).places[0].rect
                for area, spec in file.areas.items()}


def face_cells(name: str, card: Size) -> dict[str, Rect]:
    """Every cell of a layout's grids on a card of this size, whole (its padding in it), by name."""
    file = layout_file(name)
    face = face_size(file, card)
    with _in_file(name):
        return {cell: rect for grid, spec in file.cells.items()
                for cell, rect in cells(spec, face, f"cells.{grid}", not file.past_edges).items()}


def cells(spec: CellsOptions, face: Size, where: str, inside: bool = True) -> dict[str, Rect]:
    """A grid's cells by name (`{column}{row}`), column by column, each from the top down; held
    inside the face unless not `inside`."""
    if spec.rows < 1:
        raise DataError(_("rows is a whole number, 1 or more"), where=f"{where}.rows")
    if not spec.columns:
        raise DataError(_("name one column at least"), where=f"{where}.columns")
    if spec.gap < 0:
        raise DataError(_("gap is mm, 0 or more"), where=f"{where}.gap")
    area = resolve(spec, face, None, where, inside=inside).places[0].rect
    count = len(spec.columns)
    width = (area.w - spec.gap * (count - 1)) / count
    if width <= 0 and inside:
        raise DataError(_("{count} columns {gap:g} mm apart leave no room in {w:.1f} mm").format(
            count=count, gap=spec.gap, w=area.w), where=f"{where}.gap")
    top = area.y1
    pitch = (top - area.y) / spec.rows
    return {f"{column}{n}": Rect(area.x + i * width + i * spec.gap, top - (n + 1) * pitch, width, pitch)
            for i, column in enumerate(spec.columns) for n in range(spec.rows)}


def file_styles(file: LayoutFile, face: Size | None = None) -> dict[str, TextStyle]:
    """Each style a layout file names, by name: its `[fields.NAME]` over the plain 9 pt body; a size
    per mm grows with the face (given the face)."""
    styles = {name: field_style(TextStyle(9), spec) for name, spec in file.fields.items()}
    if face is not None:
        styles.update({name: replace(styles[name], size=min(face.w, face.h) * spec.size_per_mm)
                       for name, spec in file.fields.items() if spec.size_per_mm is not None})
    return styles


def layout_path(name: str) -> Path:
    return TEMPLATES_DIR / "layouts" / f"{name}.toml"


@cache
def layout_file(name: str) -> LayoutFile:
    with _in_file(name):
        return convert(LayoutFile, read_toml(layout_path(name)), "")


@contextmanager
def _in_file(name: str) -> Iterator[None]:
    """A layout file's error names the file and the line of the key."""
    try:
        yield
    except DataError as e:
        e.file = layout_path(name)
        raise locate(e) from None


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
