"""Face layouts: named boxes in mm on a card face, and the text styles used inside them.

A template fills boxes by name; a layout says where each name goes (one name may appear in several
places, e.g. the corner index top-left and, turned 180°, bottom-right). Pure data and arithmetic.
"""
from __future__ import annotations

from tabletop.record import Record

from ..geometry import Rect, Size
from ..text import TextStyle

SAFE = 3.0  # mm: text stays this far inside the trim
# pt: the smallest text a card face may carry (issue 20, finding 8). Below it the densest cards
# were hard to read at arm's length; a face that needs less room gets it from its layout (padding,
# line height, a second card), never by leaving a rule out. Footers keep their own 6 pt floor.
LEGIBLE = 6.5
OVERLAY_SIDE = 10.0  # mm left free on each side so the real card's indices show
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


INSERT_STYLES = {
    # The rank's line reaches further below its baseline than its glyphs (leading 1.2, not 1.05): a Q's
    # tail touched the pip under it (issue 20, finding 10); every rank now clears its pip by ≥ 0.5 mm.
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

INDEX_W, INDEX_H = 7.0, 16.0


def insert_layout(style: str, card: Size) -> FaceLayout:
    """`full`: the card's size with the playing-card index in two corners. `overlay`: narrower,
    centred on the card, so the real card's own indices stay visible beside it."""
    if style == "full":
        return _full(card)
    if style == "overlay":
        return _overlay(card)
    raise ValueError(f"unknown insert style {style!r}")


def _full(card: Size) -> FaceLayout:
    face = Rect(0, 0, card.w, card.h)
    inner_w = card.w - 2 * SAFE
    beside_index = inner_w - INDEX_W - 1.0
    body_top = SAFE + INDEX_H + 1.0
    body_h = card.h - 2 * body_top
    boxes = {
        "index": (BoxSpec(face.sub(SAFE, SAFE, INDEX_W, INDEX_H)),
                  BoxSpec(face.sub(card.w - SAFE - INDEX_W, card.h - SAFE - INDEX_H, INDEX_W, INDEX_H),
                          rotation=180)),
        "header": (BoxSpec(face.sub(SAFE + INDEX_W + 1.0, SAFE, beside_index, INDEX_H), valign="middle"),),
        "body": (BoxSpec(face.sub(SAFE, body_top, inner_w, body_h)),),
        "flavor": (BoxSpec(face.sub(SAFE, card.h - SAFE - INDEX_H, beside_index, INDEX_H),
                           valign="bottom"),),
    }
    return FaceLayout(card, boxes, INSERT_STYLES)


def _overlay(card: Size) -> FaceLayout:
    size = Size(card.w - 2 * OVERLAY_SIDE, card.h)
    face = Rect(0, 0, size.w, size.h)
    inner_w = size.w - 2 * SAFE
    header_h, flavor_h = 20.0, 16.0
    body_top = SAFE + header_h + 1.0
    boxes = {
        "header": (BoxSpec(face.sub(SAFE, SAFE, inner_w, header_h), valign="middle"),),
        "body": (BoxSpec(face.sub(SAFE, body_top, inner_w, size.h - body_top - SAFE - flavor_h - 1.0)),),
        "flavor": (BoxSpec(face.sub(SAFE, size.h - SAFE - flavor_h, inner_w, flavor_h), valign="bottom"),),
    }
    styles = dict(INSERT_STYLES, title=TextStyle(11, bold=True, align="center", leading=1.15),
                  sub=TextStyle(7, color=GREY, align="center", space_before=1.5))
    return FaceLayout(size, boxes, styles)


LAYOUTS = {"insert": insert_layout}
