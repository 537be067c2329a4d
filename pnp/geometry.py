"""Units, card and paper sizes, and the grid of cards on a sheet: pure arithmetic in millimetres.

Coordinates follow PDF: origin at the page's bottom-left, y up. Everything is in mm until
sheets/draw.py converts to points.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from tabletop.i18n import _, listing
from tabletop.record import Record

MM = 72 / 25.4  # points per millimetre
MIN_MARGIN = 5.0  # home printers cannot print closer to the edge
# The most a default build draws a card's colour past its trim: a print shop's bleed; more would
# only take room. The default is less where the sheet has less room (pnp/assets/pieces.py).
SAFE_BLEED_MAX = 3.0
SAFE_BLEED_STEP = 0.1  # mm: the default bleed is a round figure, said in docs and footers alike

CARD_SIZES = {"poker": (63.0, 88.0), "ja-small": (59.0, 86.0), "bridge": (57.0, 89.0), "mini": (44.0, 63.0)}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def pt(mm: float) -> float:
    return mm * MM


def to_mm(points: float) -> float:
    return points / MM


class Rect(Record):
    """A rectangle in mm from the bottom-left corner."""
    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def outset(self, d: float) -> Rect:
        return self.inset(-d)

    def contains(self, other: Rect, tol: float = 1e-6) -> bool:
        return (other.x >= self.x - tol and other.y >= self.y - tol
                and other.x1 <= self.x1 + tol and other.y1 <= self.y1 + tol)

    def sub(self, x: float, y: float, w: float, h: float) -> Rect:
        """A rectangle given from this one's TOP-left corner, y downwards (how layouts read)."""
        return Rect(self.x + x, self.y1 - y - h, w, h)


class Size(Record):
    """A width and height in mm."""
    w: float
    h: float

    def __str__(self) -> str:
        return f"{self.w:g}×{self.h:g} mm"


def parse_card_size(text: str) -> Size:
    """A preset name (poker, ja-small, bridge, mini) or `WxH` in mm, e.g. `63x88` or `63.5x88.9`."""
    name = text.strip().lower()
    if name in CARD_SIZES:
        return Size(*CARD_SIZES[name])
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)(?:\s*mm)?", name)
    if not m or float(m.group(1)) <= 0 or float(m.group(2)) <= 0:
        presets = listing(CARD_SIZES)
        said = _("card size must be one of {presets} or WxH in mm (e.g. 63x88), got {text!r}").format(
            presets=presets, text=text)
        if near := difflib.get_close_matches(name, CARD_SIZES, n=1):
            said += _("; did you mean {size!r}?").format(size=near[0])
        raise ValueError(said)
    return Size(float(m.group(1)), float(m.group(2)))


def parse_paper(text: str) -> tuple[str, Size]:
    """`a4`, `letter`, optionally with `-landscape`; returns the canonical name and the size."""
    name = text.strip().lower()
    base, _dash, orient = name.partition("-")
    if base not in PAPERS or orient not in ("", "portrait", "landscape"):
        raise ValueError(_("paper must be a4 or letter, optionally -landscape, got {text!r}").format(text=text))
    w, h = PAPERS[base]
    if orient == "landscape":
        return f"{base}-landscape", Size(h, w)
    return base, Size(w, h)


class SlotGrid(Record):
    """Where each slot's trim box lies on a sheet. Slots run left to right, top to bottom."""
    page: Size
    card: Size
    cols: int
    rows: int
    gutter: float
    bleed: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def pitch(self) -> tuple[float, float]:
        extra = self.gutter + 2 * self.bleed
        return self.card.w + extra, self.card.h + extra

    @property
    def trim_area(self) -> Rect:
        """The union of all trim boxes, centred on the page."""
        px, py = self.pitch
        w = self.cols * px - (px - self.card.w)
        h = self.rows * py - (py - self.card.h)
        return Rect((self.page.w - w) / 2, (self.page.h - h) / 2, w, h)

    @property
    def bleed_area(self) -> Rect:
        return self.trim_area.outset(self.bleed)

    def trim(self, slot: int) -> Rect:
        if not 0 <= slot < self.per_page:
            raise IndexError(slot)
        col, row = slot % self.cols, slot // self.cols
        px, py = self.pitch
        area = self.trim_area
        return Rect(area.x + col * px, area.y1 - self.card.h - row * py, self.card.w, self.card.h)

    def bleed_box(self, slot: int) -> Rect:
        return self.trim(slot).outset(self.bleed)


def fit_count(avail: float, size: float, gap: float) -> int:
    """How many `size`s fit in `avail` with `gap` between neighbours (not at the ends)."""
    if size > avail + 1e-9:
        return 0
    return int((avail - size + 1e-9) // (size + gap) + 1)  # an exact fit is a fit, float error aside


def grid(page: Size, card: Size, gutter: float = 0.0, bleed: float = 0.0,
         margin: float = MIN_MARGIN) -> SlotGrid:
    """The most cards that fit at full size: trims stay `margin` inside the page edge; between
    neighbours lie both bleeds and the gutter. Never shrinks a card; raises if none fits."""
    if gutter < 0 or bleed < 0:
        raise ValueError(_("gutter and bleed must not be negative"))
    gap = gutter + 2 * bleed
    cols = fit_count(page.w - 2 * margin, card.w, gap)
    rows = fit_count(page.h - 2 * margin, card.h, gap)
    if cols < 1 or rows < 1:
        raise ValueError(_("a {card} card does not fit on a {width:g}×{height:g} mm page with {margin:g} mm "
                           "margins").format(card=card, width=page.w, height=page.h, margin=margin))
    return SlotGrid(page, card, cols, rows, gutter, bleed)


def safe_bleed(capacity: Callable[[float], int], most: float = SAFE_BLEED_MAX, least: float = 0.0) -> float:
    """The largest bleed (a multiple of SAFE_BLEED_STEP, at most `most`) with which a sheet holds as many
    pieces as with `least` (none, unless a cutting machine needs some): `capacity(bleed)` counts them,
    keeping the bleed itself MIN_MARGIN inside the page. A card's colour then reaches past its trim on
    every side, into a gutter between neighbours, so a cut a little off or a back page drifting shows
    its own colour, not a neighbour's or white paper."""
    full = capacity(least)
    steps = int(round(most / SAFE_BLEED_STEP))
    for n in range(steps, 0, -1):
        if n * SAFE_BLEED_STEP >= least - 1e-9 and capacity(n * SAFE_BLEED_STEP) >= full:
            return round(n * SAFE_BLEED_STEP, 6)
    return least


def grid_capacity(page: Size, card: Size, gutter: float = 0.0,
                  margin: float = MIN_MARGIN) -> Callable[[float], int]:
    """`safe_bleed`'s count for a grid: its bleed area, not only its trims, `margin` inside the page."""
    def count(bleed: float) -> int:
        try:
            return grid(page, card, gutter, bleed, margin=margin + bleed).per_page
        except ValueError:
            return 0
    return count
