"""Face layouts for cards with backs, reference cards and chips (boxes in mm, text styles).

Each function takes the face size and returns a FaceLayout; `CARD_LAYOUTS` names them so a print
file picks one by name (`layout = "halves"`). Layouts that must read the same after a half turn (LIAR MAFIA faces and
backs) place their second box at the 180° image of the first about the face's centre.
"""
from __future__ import annotations

from pnp.geometry import Rect, Size
from pnp.layout.boxplace import turned
from pnp.layout.facelayout import GREY, SAFE, BoxSpec, FaceLayout, file_layout
from pnp.text.fit import TextStyle

PANEL = 2.5  # mm: the coloured frame around a face's white panel
PANEL_INSET = PANEL + 1.0  # mm: the standard inset of text from the frame (a detective card's, a header's)


def halves(size: Size) -> FaceLayout:
    """Two halves: `upright` in the top half, `reversed` the same box turned 180° in the bottom half
    (`templates/layouts/halves.toml`, the deck layout of the same name)."""
    return file_layout("halves", size)


def panel(size: Size) -> FaceLayout:
    """One box filling the white panel (summary cards). Its sizes are the most a summary prints at:
    the fitter brings a fuller card down (to LEGIBLE at least), and every face of the asset in this
    layout to the one size its fullest face takes (`together`)."""
    inset = SAFE  # the text safe zone itself: on a bridge card the summary needs every mm at 6.5 pt
    styles = {
        "title": TextStyle(10, bold=True, leading=1.15),
        "head": TextStyle(8.5, bold=True, space_before=1.2, leading=1.15),
        "item": TextStyle(8, space_before=0.5, leading=1.15),
    }
    return FaceLayout(size, {"body": (BoxSpec(Rect(inset, inset, size.w - 2 * inset, size.h - 2 * inset)),)},
                      styles, together=True)


def reference(size: Size) -> FaceLayout:
    """A header band and a body (quick-reference and robot cards)."""
    inset = SAFE  # the text safe zone itself: KILL SHOT's densest type card needs every mm at 6.5 pt
    band = 12.5  # the header's band, from the safe zone's top
    w = size.w - 2 * inset
    # The header keeps the standard inset from the frame (it sat 0.5 mm from it): the band's top
    # half-millimetre goes, the body keeps its room.
    header = Rect(PANEL_INSET, size.h - inset - band, size.w - 2 * PANEL_INSET, band - (PANEL_INSET - inset))
    body = Rect(inset, inset, w, size.h - 2 * inset - band - 1.5)
    styles = {
        "kicker": TextStyle(6.5, color=GREY, leading=1.15),
        "title": TextStyle(10.5, bold=True, leading=1.12),
        # Room under the title, whose descenders (p, g) otherwise touch the subtitle's capitals.
        "sub": TextStyle(6.5, color=GREY, space_before=1.5, leading=1.12),
        "item": TextStyle(7, space_before=0.6, leading=1.18),
        "head": TextStyle(7, bold=True, space_before=2.0, leading=1.2),
        "cell": TextStyle(7, leading=1.25),
        "ladder": TextStyle(6.5, color=GREY, space_before=2.0, leading=1.25),
        "big": TextStyle(24, bold=True, align="center", leading=1.1, space_before=1.0),
        "cap": TextStyle(7.5, bold=True, align="center", space_before=5.0, leading=1.2),
        "note": TextStyle(6.5, color=GREY, align="center", space_before=3.0, leading=1.2),
        "emblem": TextStyle(40, align="center", space_before=6.0, leading=1.1),  # a suit's mark, large
    }
    return FaceLayout(size, {"header": (BoxSpec(header, valign="middle"),), "body": (BoxSpec(body),)}, styles)


def chip(size: Size) -> FaceLayout:
    """A round chip: a large value in the middle, a small label under it, all inside the circle."""
    d = min(size.w, size.h)
    value = Rect(size.w / 2 - d * 0.32, size.h / 2 - d * 0.14, d * 0.64, d * 0.46)
    label = Rect(size.w / 2 - d * 0.34, size.h / 2 - d * 0.33, d * 0.68, d * 0.18)
    styles = {
        "value": TextStyle(d * 1.3, bold=True, align="center", leading=1.0),
        "label": TextStyle(6.5, bold=True, align="center", leading=1.0, color=GREY),
    }
    return FaceLayout(size, {"value": (BoxSpec(value, valign="middle"),),
                             "label": (BoxSpec(label, valign="middle"),)}, styles)


def emblem_back(size: Size) -> FaceLayout:
    """A back's words above the centre and, turned 180°, below it: the same after a half turn."""
    h = 9.0
    above = Rect(SAFE + 3, size.h * 0.80 - h / 2, size.w - 2 * (SAFE + 3), h)
    styles = {"emblem": TextStyle(10, bold=True, align="center", leading=1.1)}
    return FaceLayout(size, {"emblem": (BoxSpec(above, valign="middle"),
                                        BoxSpec(turned(above, size), valign="middle", rotation=180))}, styles)


def title_back(size: Size) -> FaceLayout:
    """A back whose words stand once in the middle (backs whose orientation does not matter)."""
    inset = PANEL + 3
    styles = {"title": TextStyle(14, bold=True, align="center", leading=1.15),
              "sub": TextStyle(8, align="center", leading=1.2, space_before=2)}
    box = Rect(inset, size.h / 2 - 15, size.w - 2 * inset, 30)
    return FaceLayout(size, {"body": (BoxSpec(box, valign="middle"),)}, styles)


DETECTIVE_STRIP = 13.0  # mm: width of the sideways `coop` box along a detective card's left edge


def detective_band(size: Size) -> Rect:
    """The shaded band behind the sideways `coop` box: from just inside the frame to the upright column."""
    edge = PANEL + 0.5
    return Rect(edge, edge, PANEL + 1.0 + DETECTIVE_STRIP + 1.0 - edge, size.h - 2 * edge)


def detective(size: Size) -> FaceLayout:
    """A card read two ways: upright (portrait) it shows the `stand` box, turned a quarter clockwise
    (landscape) the `coop` box, which runs up its left edge, reads upright."""
    inset = PANEL_INSET
    strip = DETECTIVE_STRIP
    left = inset + strip + 1.0
    w = size.w - left - inset
    head_h, stand_h = 13.0, 17.0
    side = Rect(inset, inset, strip, size.h - 2 * inset)
    styles = {
        "kicker": TextStyle(6.5, color=GREY, leading=1.1),
        "name": TextStyle(13, bold=True, leading=1.1),
        "style": TextStyle(8.5, bold=True, leading=1.15),
        "rule": TextStyle(6.5, leading=1.2),
        "head": TextStyle(7, bold=True, leading=1.2),
        "round": TextStyle(7.5, leading=1.25),
    }
    return FaceLayout(size, {
        "name": (BoxSpec(Rect(left, size.h - inset - head_h, w, head_h), valign="middle"),),
        "stand": (BoxSpec(Rect(left, size.h - inset - head_h - stand_h, w, stand_h)),),
        "schedule": (BoxSpec(Rect(left, inset, w, size.h - 2 * inset - head_h - stand_h - 1)),),
        # Drawn turned 90° (anticlockwise) about its centre, so the box is given in its reading shape.
        "coop": (BoxSpec(Rect(side.x + side.w / 2 - side.h / 2, side.y + side.h / 2 - side.w / 2, side.h, side.w),
                         valign="middle", rotation=90),),
    }, styles)


def value(size: Size) -> FaceLayout:
    """A number card: the value large in the middle and small in two opposite corners."""
    inset = PANEL + 1.2
    corner = Rect(inset, size.h - inset - 10, 10, 10)
    styles = {
        "big": TextStyle(54, bold=True, align="center", leading=1.0),
        "corner": TextStyle(14, bold=True, align="center", leading=1.0),
        "name": TextStyle(8, align="center", leading=1.2, color=GREY),
    }
    return FaceLayout(size, {
        "big": (BoxSpec(Rect(inset, size.h / 2 - 15, size.w - 2 * inset, 30), valign="middle"),),
        "corner": (BoxSpec(corner, valign="middle"), BoxSpec(turned(corner, size), valign="middle", rotation=180)),
        "name": (BoxSpec(Rect(inset + 11, inset, size.w - 2 * inset - 22, 8), valign="bottom"),),
    }, styles)


def score_cells(size: Size, rows: int = 10) -> dict[str, Rect]:
    """Two columns of numbered cells for cubes: `tens0`… on the left, `ones0`… on the right."""
    inset = PANEL + 1.5
    top = size.h - inset - 11.0  # below the title
    pitch = (top - inset) / rows
    w = (size.w - 2 * inset - 2.0) / 2
    cells = {}
    for column, x in (("tens", inset), ("ones", inset + w + 2.0)):
        for n in range(rows):
            cells[f"{column}{n}"] = Rect(x, top - (n + 1) * pitch, w, pitch)
    return cells


def score(size: Size) -> FaceLayout:
    inset = PANEL + 1.5
    styles = {"title": TextStyle(10, bold=True, align="center", leading=1.15),
              "sub": TextStyle(6.5, color=GREY, align="center", leading=1.15),
              "cell": TextStyle(9, align="center", leading=1.0)}
    boxes = {"title": (BoxSpec(Rect(inset, size.h - inset - 10, size.w - 2 * inset, 10), valign="middle"),)}
    boxes.update({name: (BoxSpec(r.inset(0.6), valign="middle"),) for name, r in score_cells(size).items()})
    return FaceLayout(size, boxes, styles)


CARD_LAYOUTS = {"halves": halves, "panel": panel, "reference": reference, "chip": chip,
                "emblem-back": emblem_back, "title-back": title_back, "detective": detective, "value": value,
                "score": score}
