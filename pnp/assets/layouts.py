"""Named layouts a deck file chooses by name and configures with data: the boxes of a face, which
fields each box prints by default, how each field looks, and the artwork under the text.

The geometry is that of the built-in games (`layout.py`, `card_layouts.py`); what a deck adds is the
link from its fields to the boxes. A field prints as one paragraph in a style of the field's own
name, so `[fields.title] size = 12` changes the title wherever it stands.
"""
from __future__ import annotations

from typing import Callable, Literal

from tabletop.record import Record, field

from ..geometry import Rect, Size
from ..text import TextStyle
from . import card_layouts
from .card_layouts import PANEL
from .decor import centre_line, chip_disc, framed_panel, plain_back
from .layout import GREY, INSERT_STYLES, BoxSpec, FaceLayout, insert_layout

Kind = Literal["inserts", "cards", "chips", "sheet"]
INK = "#111111"
FRAME = "#3a4a5c"  # a card's frame when neither the deck nor the card's suit gives one

# Fields a deck does not map to a column: made from the others.
INDEX = "index"  # the rank and the suit's symbol on one line, in the suit's colour (♥A)
DERIVED = (INDEX,)


class LayoutOptions(Record):
    """The `[layout]` table of a deck file."""
    name: Literal["insert", "card", "halves", "chip", "sheet"] = "card"
    style: Literal["full", "overlay"] = "full"  # insert
    frame: str | None = None  # card, halves: the frame's colour (a card's suit colour wins)
    columns: list[str] = field(default_factory=list)  # sheet: the fields shown, in order
    headings: dict[str, str | dict[str, str]] = field(default_factory=dict)  # sheet: column headings
    widths: list[float] = field(default_factory=list)  # sheet: relative column widths


class NamedLayout(Record):
    name: str
    kind: Kind
    boxes: Callable[[LayoutOptions], dict[str, tuple[str, ...]]]  # box → the fields it prints by default
    styles: Callable[[LayoutOptions], dict[str, TextStyle]]  # a field's look unless the deck says otherwise
    geometry: Callable[[Size, LayoutOptions], FaceLayout] | None = None  # None: a flowing sheet
    decor: Callable[[Size, str | None], tuple] = lambda size, colour: ()  # artwork under a face's text
    back_decor: Callable[[Size, str], tuple] | None = None  # artwork of the deck's back (None: no backs)
    colour_fields: tuple[str, ...] = ("rank", "suit", INDEX)  # printed in the card's suit colour
    icon_field: str | None = None  # the card's rank and suit symbol stand before this field, in the suit's colour

    def body_style(self, opts: LayoutOptions) -> TextStyle:
        """The look of a field the layout knows nothing about (a column the deck adds to a box)."""
        return self.styles(opts).get("body", TextStyle(9))


def _insert_boxes(opts: LayoutOptions) -> dict[str, tuple[str, ...]]:
    if opts.style == "overlay":  # the real card's indices show beside the insert: repeat them above the title
        return {"header": (INDEX, "title", "subtitle"), "body": ("body",), "flavor": ("flavor",)}
    return {"index": ("rank", "suit"), "header": ("title", "subtitle"), "body": ("body",), "flavor": ("flavor",)}


def _insert_styles(opts: LayoutOptions) -> dict[str, TextStyle]:
    centred = opts.style == "overlay"
    return {"rank": INSERT_STYLES["rank"], "suit": INSERT_STYLES["suit"], INDEX: INSERT_STYLES["ident"],
            "title": TextStyle(11, bold=True, leading=1.15, align="center" if centred else "left"),
            "subtitle": TextStyle(7, color=GREY, space_before=1.5, align="center" if centred else "left"),
            "body": INSERT_STYLES["body"], "flavor": INSERT_STYLES["flavor"]}


def titled(size: Size) -> FaceLayout:
    """A title band, a body and a footer line inside the frame."""
    inset = PANEL + 1.2
    w = size.w - 2 * inset
    title_h, footer_h = 12.0, 7.0
    face = Rect(0, 0, size.w, size.h)
    return FaceLayout(size, {
        "title": (BoxSpec(face.sub(inset, inset, w, title_h), valign="middle"),),
        "body": (BoxSpec(face.sub(inset, inset + title_h + 1.0, w, size.h - 2 * inset - title_h - footer_h - 2.0)),),
        "footer": (BoxSpec(face.sub(inset, size.h - inset - footer_h, w, footer_h), valign="bottom"),),
    }, {})


def _card_styles(opts: LayoutOptions) -> dict[str, TextStyle]:
    return {"title": TextStyle(11, bold=True, leading=1.15),
            "body": TextStyle(8.5, space_before=1.5, leading=1.35),
            "footer": TextStyle(6.5, color=GREY, leading=1.2)}


def _halves_styles(opts: LayoutOptions) -> dict[str, TextStyle]:
    return {"title": TextStyle(12, bold=True, align="center", leading=1.1),
            "upright": TextStyle(8.5, space_before=3, leading=1.3),
            "reversed": TextStyle(8.5, space_before=3, leading=1.3), "body": TextStyle(8.5, leading=1.3)}


def _chip_styles(opts: LayoutOptions) -> dict[str, TextStyle]:
    return {"value": TextStyle(28, bold=True, align="center", leading=1.0),
            "label": TextStyle(6, bold=True, align="center", leading=1.0, color=GREY),
            "body": TextStyle(6, align="center", leading=1.0)}


def _sheet_styles(opts: LayoutOptions) -> dict[str, TextStyle]:
    return {"body": TextStyle(7.5, leading=1.3)}


def _framed(size: Size, colour: str | None) -> tuple:
    return framed_panel(size, colour or FRAME)


def _chip_face(size: Size, opts: LayoutOptions) -> FaceLayout:
    d = min(size.w, size.h)  # the built-in chip's value is sized for one or two digits: data chips get words
    value = Rect(size.w / 2 - d * 0.34, size.h / 2 - d * 0.12, d * 0.68, d * 0.42)
    label = Rect(size.w / 2 - d * 0.32, size.h / 2 - d * 0.33, d * 0.64, d * 0.19)
    return FaceLayout(size, {"value": (BoxSpec(value, valign="middle"),),
                             "label": (BoxSpec(label, valign="middle"),)}, {})


LAYOUTS: dict[str, NamedLayout] = {layout.name: layout for layout in (
    NamedLayout("insert", "inserts", _insert_boxes, _insert_styles,
                lambda size, opts: insert_layout(opts.style, size)),
    NamedLayout("card", "cards", lambda opts: {"title": ("title",), "body": ("body",), "footer": ("footer",)},
                _card_styles, lambda size, opts: titled(size), _framed, plain_back, icon_field="title"),
    NamedLayout("halves", "cards", lambda opts: {"upright": ("title", "upright"), "reversed": ("title", "reversed")},
                _halves_styles, lambda size, opts: card_layouts.halves(size),
                lambda size, colour: _framed(size, colour) + (centre_line(size, colour or FRAME),), plain_back),
    NamedLayout("chip", "chips", lambda opts: {"value": ("value",), "label": ("label",)}, _chip_styles,
                _chip_face, lambda size, colour: chip_disc(size, colour or INK, cut=True),
                lambda size, colour: chip_disc(size, colour, cut=False)),
    NamedLayout("sheet", "sheet", lambda opts: {}, _sheet_styles),
)}


def back_layout(size: Size) -> FaceLayout:
    """The deck's back: its words once in the middle, the same box as the built-in games' plain backs."""
    return card_layouts.title_back(size)


BACK_STYLE = TextStyle(14, bold=True, align="center", leading=1.15, color="#ffffff")
