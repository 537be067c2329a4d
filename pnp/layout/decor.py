"""Artwork drawn under a face's text: frames, card backs and chip discs (mm, from the face's corner).

Everything a back draws is symmetric under a half turn about the face's centre: rectangles centred
on the face, circles at the centre and an even number of rays, each ray paired with its opposite.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from pnp.geometry import Rect, Size
from pnp.layout.builtin import PANEL, detective_band, score_cells
from pnp.sheets.draw import FillArt, ShapeArt
from tabletop.i18n import _

BLEED_REACH = 10.0  # mm: fills drawn this far past the trim are clipped to the bleed by sheets/draw.py


def full_bleed(size: Size, colour: str) -> FillArt:
    return FillArt(Rect(-BLEED_REACH, -BLEED_REACH, size.w + 2 * BLEED_REACH, size.h + 2 * BLEED_REACH), colour)


def framed_panel(size: Size, ink: str, paper: str = "#ffffff") -> tuple:
    """A face in the colour `ink` with a white panel: the colour runs into the bleed."""
    return (full_bleed(size, ink), FillArt(Rect(PANEL, PANEL, size.w - 2 * PANEL, size.h - 2 * PANEL), paper))


def box(rect: Rect, fill: str | None = None, stroke: str | None = None, width: float = 0.3) -> ShapeArt:
    """A filled and/or outlined rectangle."""
    points = ((rect.x, rect.y), (rect.x1, rect.y), (rect.x1, rect.y1), (rect.x, rect.y1))
    return ShapeArt(points=points, fill=fill, stroke=stroke, width=width)


def centre_line(size: Size, ink: str) -> FillArt:
    """The thin line between the two halves of a two-way face."""
    return FillArt(Rect(PANEL + 2, size.h / 2 - 0.15, size.w - 2 * PANEL - 4, 0.3), ink)


def mix(a: str, b: str, share: float) -> str:
    """`share` of colour b over colour a (#rrggbb)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(ca, cb))


def symmetric_back(size: Size, base: str, line: str, rays: int) -> tuple:
    """A back that is its own image under a half turn: rays, double frame and a centre medallion."""
    if rays % 2:
        raise ValueError(_("a symmetric back needs an even number of rays"))
    cx, cy = size.w / 2, size.h / 2
    faint = mix(base, line, 0.22)
    reach = math.hypot(size.w, size.h) / 2
    spread = math.pi / rays / 2.6  # half-width of a ray's tip, in radians
    items: list = [full_bleed(size, base)]
    for k in range(rays // 2):
        for a in (2 * math.pi * k / rays, 2 * math.pi * k / rays + math.pi):  # each ray and its opposite
            tip = [(cx + reach * math.cos(a + s), cy + reach * math.sin(a + s)) for s in (-spread, spread)]
            items.append(ShapeArt(points=((cx, cy), *tip), fill=faint, clip=True))
    frame = Rect(PANEL + 0.5, PANEL + 0.5, size.w - 2 * PANEL - 1, size.h - 2 * PANEL - 1)
    for inset, width in ((0.0, 0.6), (1.4, 0.25)):
        r = frame.inset(inset)
        items.append(ShapeArt(points=((r.x, r.y), (r.x1, r.y), (r.x1, r.y1), (r.x, r.y1)),
                              stroke=line, width=width))
    medallion = min(size.w, size.h) * 0.2
    items.append(ShapeArt(circle=(cx, cy, medallion), fill=base, stroke=line, width=0.6))
    d = medallion * 0.62
    items.append(ShapeArt(points=((cx, cy - d), (cx + d * 0.7, cy), (cx, cy + d), (cx - d * 0.7, cy)),
                          fill=line))
    return tuple(items)


def chip_disc(size: Size, ink: str, cut: bool) -> tuple:
    """A chip's disc. The front carries the cut line; the back's disc reaches 1 mm further so a
    slightly misaligned back still covers the cut edge."""
    cx, cy, r = size.w / 2, size.h / 2, min(size.w, size.h) / 2
    if cut:
        return (ShapeArt(circle=(cx, cy, r), fill="#ffffff", stroke=ink, width=0.35),
                ShapeArt(circle=(cx, cy, r - 1.6), stroke=ink, width=0.25))
    return (ShapeArt(circle=(cx, cy, r + 1.0), fill="#ffffff"),
            ShapeArt(circle=(cx, cy, r - 1.6), stroke=ink, width=0.25))


def plain_back(size: Size, colour: str, line: str = "#ffffff") -> tuple:
    """A back in one colour with a thin frame: the same after a half turn."""
    r = Rect(PANEL + 0.5, PANEL + 0.5, size.w - 2 * PANEL - 1, size.h - 2 * PANEL - 1)
    return (full_bleed(size, colour),
            ShapeArt(points=((r.x, r.y), (r.x1, r.y), (r.x1, r.y1), (r.x, r.y1)), stroke=line, width=0.4))


# The artwork a print file names (`decor = [{ art = "frame", color = "#7a1f2b" }]`): each takes the
# face size and the entry's values (text, as the file gives them) and returns what it draws.
ART: dict[str, Callable[..., tuple]] = {
    "frame": lambda size, color, paper="#ffffff": framed_panel(size, color, paper),
    "centre-line": lambda size, color: (centre_line(size, color),),
    "plain-back": lambda size, color, line="#ffffff": plain_back(size, color, line),
    "symmetric-back": lambda size, base, line, rays: symmetric_back(size, base, line, int(rays)),
    "chip": lambda size, color, cut: chip_disc(size, color, cut),
    "detective-band": lambda size, fill: (box(detective_band(size), fill=fill),),
    "score-cells": lambda size, color: tuple(box(r, stroke=color) for r in score_cells(size).values()),
}
