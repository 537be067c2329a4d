"""Which face goes where on which page, and the cut guides around them (all in mm).

A page plan is a list of sheets, each a list of placements (face index → trim rectangle, turned
0° or 180°). `plan_fronts` fills grid slots in order; other modes (duplex backs, fold-and-glue)
only need another function that returns sheets: guides, boxes and footer follow the placements.
"""
from __future__ import annotations

from typing import Literal

from tabletop.record import Record

from .geometry import Grid, Rect, Size

Guides = Literal["lines", "corners", "none"]
GUIDE_STYLES = ("lines", "corners", "none")
MARK_LENGTH = 4.0  # corner marks, mm
MARK_OFFSET = 1.0  # gap between a corner mark and the bleed edge, mm
FOOTER_PAD = 1.0
EPS = 1e-6


class Placement(Record):
    """Where one face goes on a sheet: its trim box and turn."""
    face: int
    trim: Rect
    rotation: int = 0


class Sheet(Record):
    """One printed page: its size, the faces placed on it, bleed and guides."""
    page: Size
    placements: tuple[Placement, ...]
    bleed: float = 0.0
    guides: Guides = "lines"
    frame: Rect | None = None  # the full grid's bleed area, so a half-empty page keeps its footer low

    def bleed_boxes(self) -> list[Rect]:
        return [p.trim.outset(self.bleed) for p in self.placements]

    @property
    def trim_box(self) -> Rect:
        return _union([p.trim for p in self.placements])

    @property
    def bleed_box(self) -> Rect:
        return _union(self.bleed_boxes())


Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


def plan_fronts(count: int, grid: Grid, guides: Guides = "lines") -> list[Sheet]:
    """Faces 0..count-1 in grid order, as many sheets as needed."""
    sheets = []
    for start in range(0, count, grid.per_page):
        faces = range(start, min(start + grid.per_page, count))
        placements = tuple(Placement(face, grid.trim(i)) for i, face in enumerate(faces))
        sheets.append(Sheet(grid.page, placements, grid.bleed, guides, grid.bleed_area))
    return sheets


def guide_segments(sheet: Sheet) -> list[Segment]:
    """Cut guides, never over a card (its bleed included): `lines` run along every trim edge to
    the page edge, `corners` are short marks off each corner."""
    if sheet.guides == "none" or not sheet.placements:
        return []
    boxes = sheet.bleed_boxes()
    if sheet.guides == "lines":
        xs = sorted({round(v, 6) for p in sheet.placements for v in (p.trim.x, p.trim.x1)})
        ys = sorted({round(v, 6) for p in sheet.placements for v in (p.trim.y, p.trim.y1)})
        raw = [(x, 0.0, x, sheet.page.h) for x in xs] + [(0.0, y, sheet.page.w, y) for y in ys]
    else:
        raw = []
        gap = sheet.bleed + MARK_OFFSET
        for p in sheet.placements:
            t = p.trim
            for x, sx in ((t.x, -1), (t.x1, 1)):
                for y, sy in ((t.y, -1), (t.y1, 1)):
                    raw.append((x, y + sy * gap, x, y + sy * (gap + MARK_LENGTH)))
                    raw.append((x + sx * gap, y, x + sx * (gap + MARK_LENGTH), y))
    out = []
    for seg in raw:
        out.extend(_outside(seg, boxes))
    return sorted(set(out))


def footer_box(sheet: Sheet, segments: list[Segment], height: float) -> Rect | None:
    """The widest strip of the bottom margin, `height` tall, that no guide crosses."""
    top = (sheet.frame or sheet.bleed_box).y - FOOTER_PAD
    bottom = max(top - height, FOOTER_PAD)
    if top - bottom < height * 0.6:
        return None
    blocked = sorted((min(x0, x1) - FOOTER_PAD, max(x0, x1) + FOOTER_PAD)
                     for x0, y0, x1, y1 in segments
                     if min(y0, y1) < top and max(y0, y1) > bottom)
    free = _gaps((3.0, sheet.page.w - 3.0), blocked)
    if not free:
        return None
    middle = sheet.page.w / 2
    a, b = max(free, key=lambda g: (round(g[1] - g[0], 3), -abs((g[0] + g[1]) / 2 - middle)))
    return Rect(a, bottom, b - a, top - bottom)


def _outside(seg: Segment, boxes: list[Rect]) -> list[Segment]:
    """The parts of an axis-parallel segment that lie outside every box (touching counts as in)."""
    x0, y0, x1, y1 = seg
    vertical = abs(x0 - x1) < EPS
    lo, hi = (min(y0, y1), max(y0, y1)) if vertical else (min(x0, x1), max(x0, x1))
    covered = []
    for b in boxes:
        if vertical and b.x - EPS <= x0 <= b.x1 + EPS:
            covered.append((b.y, b.y1))
        elif not vertical and b.y - EPS <= y0 <= b.y1 + EPS:
            covered.append((b.x, b.x1))
    parts = _gaps((lo, hi), sorted(covered))
    return [(x0, a, x0, b) if vertical else (a, y0, b, y0) for a, b in parts if b - a > EPS]


def _gaps(span: tuple[float, float], covered: list[tuple[float, float]]) -> list[tuple[float, float]]:
    lo, hi = span
    gaps, cursor = [], lo
    for a, b in covered:
        if a > cursor:
            gaps.append((cursor, min(a, hi)))
        cursor = max(cursor, b)
    if cursor < hi:
        gaps.append((cursor, hi))
    return [(a, b) for a, b in gaps if b > a]


def _union(rects: list[Rect]) -> Rect:
    x, y = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(x, y, max(r.x1 for r in rects) - x, max(r.y1 for r in rects) - y)
