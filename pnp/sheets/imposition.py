"""Which face goes where on which page, and the cut guides around them (all in mm).

A page plan is a list of sheets, each a list of placements (face index → trim rectangle, turned
0° or 180°). `plan_fronts` fills grid slots in order; other modes (duplex backs, fold-and-glue)
only need another function that returns sheets: guides, boxes and footer follow the placements.
"""
from __future__ import annotations

from pnp.base import Guides
from pnp.geometry import MIN_MARGIN, Rect, Size, SlotGrid
from tabletop.record import Record

GUIDE_STYLES = ("lines", "corners", "none")
MARK_LENGTH = 4.0  # corner marks, mm
MARK_OFFSET = 1.0  # gap between a corner mark and the bleed edge, mm
# mm of every guide a home printer prints: past MIN_MARGIN, where the printer starts (a guide wholly
# in the margin it cannot print vanishes on paper).
GUIDE_REACH = 1.0
FOOTER_PAD = 1.0  # mm between the footer and the cards or a guide
FOOTER_PAD_TIGHT = 0.5  # mm to the cards where the margin is thin (Letter: 7.7 mm under 9 poker cards)
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
    # Every slot of the grid the page was laid out on, empty ones included (trim boxes): cut lines
    # stay out of the empty ones. None: only the placements are known (a page built by hand).
    slots: tuple[Rect, ...] | None = None
    # A back page: the fronts' bleed boxes as they lie behind it (where its footer must not go either).
    reverse: tuple[Rect, ...] = ()

    def bleed_boxes(self) -> list[Rect]:
        return [p.trim.outset(self.bleed) for p in self.placements]

    @property
    def trim_box(self) -> Rect:
        return _union([p.trim for p in self.placements])

    @property
    def bleed_box(self) -> Rect:
        return _union(self.bleed_boxes())


Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


def plan_fronts(count: int, grid: SlotGrid, guides: Guides = "lines") -> list[Sheet]:
    """Faces 0..count-1 in grid order, as many sheets as needed."""
    sheets = []
    for start in range(0, count, grid.per_page):
        faces = range(start, min(start + grid.per_page, count))
        placements = tuple(Placement(face, grid.trim(i)) for i, face in enumerate(faces))
        sheets.append(Sheet(grid.page, placements, grid.bleed, guides, grid.bleed_area,
                            tuple(grid.trim(i) for i in range(grid.per_page))))
    return sheets


def guide_clearance(guides: Guides) -> float:
    """How much farther than MIN_MARGIN from the page edge a sheet's pieces, bleed included, stay so that
    each guide has GUIDE_REACH where a home printer prints (a line or a corner mark starts at the bleed)."""
    return GUIDE_REACH if guides != "none" else 0.0


def guide_segments(sheet: Sheet) -> list[Segment]:
    """Cut guides, never over a card (its bleed included): `lines` run along every trim edge to
    the page edge, `corners` are short marks off each corner.

    Lines stay out of a page's empty slots too, and a piece of line that touches no card (below an
    empty bottom row, across an empty column's margin) is left out: a line with no card beside it
    reads as a card to cut out, and crosses the margin the footer needs. A guillotine still finds
    every cut, where the line meets the page edge beside a card."""
    if sheet.guides == "none" or not sheet.placements:
        return []
    boxes = sheet.bleed_boxes()
    avoid = boxes + [slot.outset(sheet.bleed) for slot in sheet.slots or ()]
    if sheet.guides == "lines":
        xs = sorted({round(v, 6) for p in sheet.placements for v in (p.trim.x, p.trim.x1)})
        ys = sorted({round(v, 6) for p in sheet.placements for v in (p.trim.y, p.trim.y1)})
        raw = [(x, 0.0, x, sheet.page.h) for x in xs] + [(0.0, y, sheet.page.w, y) for y in ys]
    else:
        raw = []
        gap = sheet.bleed + _mark_offset(sheet)
        for p in sheet.placements:
            t = p.trim
            for x, sx in ((t.x, -1), (t.x1, 1)):
                for y, sy in ((t.y, -1), (t.y1, 1)):
                    raw.append((x, y + sy * gap, x, y + sy * (gap + MARK_LENGTH)))
                    raw.append((x + sx * gap, y, x + sx * (gap + MARK_LENGTH), y))
    out = []
    for seg in raw:
        parts = _outside(seg, avoid)
        if sheet.guides == "lines":
            parts = [part for part in parts if _touches(part, boxes)]
        out.extend(parts)
    return sorted(set(out))


def _mark_offset(sheet: Sheet) -> float:
    """How far past the bleed a corner mark starts: MARK_OFFSET, less where the margin beside the grid
    leaves less (a mark keeps GUIDE_REACH of its length where a home printer prints)."""
    area = sheet.frame or sheet.bleed_box
    margin = min(area.x, area.y, sheet.page.w - area.x1, sheet.page.h - area.y1)
    return max(0.0, min(MARK_OFFSET, margin - MIN_MARGIN - GUIDE_REACH))


def footer_boxes(sheet: Sheet, segments: list[Segment], height: float, least: float) -> list[Rect]:
    """Where the page's footer may go, best first: strips up to `height` tall (at least `least`) that
    no guide crosses, MIN_MARGIN inside the page edges (home printers print no closer).

    The strip lies under the page's whole grid (the footer keeps its place on a half-empty page);
    where the grid leaves too little margin (chips on Letter), under the lowest piece printed on
    either side of the sheet — on a back page the fronts count too, so a footer never lands behind a
    card (24's score cards have no backs). First the strip centred on the page, then the widest."""
    pieces = _union(sheet.bleed_boxes() + list(sheet.reverse))
    for edge in ([sheet.frame.y] if sheet.frame else []) + [pieces.y]:
        top = edge - FOOTER_PAD
        if top - MIN_MARGIN < 2 * least:  # too thin for two lines at the least size: come closer
            top = edge - FOOTER_PAD_TIGHT
        bottom = max(top - height, MIN_MARGIN)
        if top - bottom < least:
            continue
        free = _unblocked(segments, (bottom, top), sheet.page.w, across=True)
        if not free:
            continue
        middle = sheet.page.w / 2
        half = [min(middle - a, b - middle) for a, b in free if a < middle < b]
        a, b = max(free, key=lambda g: (round(g[1] - g[0], 3), -abs((g[0] + g[1]) / 2 - middle)))
        return [Rect(middle - r, bottom, 2 * r, top - bottom) for r in half] + [Rect(a, bottom, b - a, top - bottom)]
    return []


def _unblocked(segments: list[Segment], band: tuple[float, float], length: float, across: bool) -> list:
    """The stretches of a strip, MIN_MARGIN inside the page's `length`, that no guide crossing the
    strip blocks (FOOTER_PAD clear of each): the strip runs across the page over heights `band`, or,
    not `across`, up it over widths `band`."""
    low, high = band
    blocked = []
    for x0, y0, x1, y1 in segments:
        (a0, a1), (b0, b1) = ((x0, x1), (y0, y1)) if across else ((y0, y1), (x0, x1))
        if min(b0, b1) < high and max(b0, b1) > low:
            blocked.append((min(a0, a1) - FOOTER_PAD, max(a0, a1) + FOOTER_PAD))
    return _gaps((MIN_MARGIN, length - MIN_MARGIN), sorted(blocked))


def side_footer_boxes(sheet: Sheet, segments: list[Segment], height: float, least: float) -> list[Rect]:
    """Where a footer turned a quarter may go when the bottom margin is too low for it (Letter under
    9 poker cards with the default bleed): upright strips up to `height` wide (at least `least`) in the
    side margins, beside the pieces of either side of the sheet and MIN_MARGIN inside the page, along
    the stretch no cut line crosses that lies nearest the middle of the page's height. Left first."""
    pieces = _union(sheet.bleed_boxes() + list(sheet.reverse) + ([sheet.frame] if sheet.frame else []))
    out = []
    inner_left, inner_right = pieces.x - FOOTER_PAD, pieces.x1 + FOOTER_PAD
    strips = ((max(MIN_MARGIN, inner_left - height), inner_left),
              (inner_right, min(sheet.page.w - MIN_MARGIN, inner_right + height)))
    for left, right in strips:
        if right - left < least:
            continue
        free = _unblocked(segments, (left, right), sheet.page.h, across=False)
        if not free:
            continue
        middle = sheet.page.h / 2
        a, b = min(free, key=lambda g: (0 if g[0] < middle < g[1] else 1, -(g[1] - g[0])))
        out.append(Rect(left, a, right - left, b - a))
    return out


RULER = 50.0  # mm: the scale check's length
RULER_DEPTH = 4.5  # mm across it: its ticks and the "50 mm" over them (Letter's side margins hold 5.2 mm)


def ruler_box(sheet: Sheet, segments: list[Segment], footer: Rect | None = None) -> tuple[Rect, int] | None:
    """Where the sheet's scale check goes, and its turn (0: along the page's width, 90: up its side): a
    RULER × RULER_DEPTH box that no cut line crosses, clear of every piece of either side of the sheet
    and of the footer, MIN_MARGIN inside the page. First the top margin, nearest the middle of the page's
    width (above a full sheet's middle column); then the right margin, then the left, nearest the middle
    of its height (Letter, whose height leaves no top margin beyond 5 mm). None where nothing is free."""
    pieces = _union(sheet.bleed_boxes() + list(sheet.reverse) + ([sheet.frame] if sheet.frame else []))
    taken = [footer] if footer else []
    need = RULER + 2 * FOOTER_PAD
    page = sheet.page
    # along the top: the strip between the pieces and the page's safe margin
    bottom, top = pieces.y1 + FOOTER_PAD, page.h - MIN_MARGIN
    if top - bottom >= RULER_DEPTH:
        y = top - RULER_DEPTH
        blocked = sorted((min(x0, x1), max(x0, x1)) for x0, y0, x1, y1 in segments
                         if min(y0, y1) < y + RULER_DEPTH and max(y0, y1) > y)
        blocked += sorted((r.x, r.x1) for r in taken if r.y < y + RULER_DEPTH and r.y1 > y)
        free = [g for g in _gaps((MIN_MARGIN, page.w - MIN_MARGIN), sorted(blocked)) if g[1] - g[0] >= need]
        if free:
            middle = page.w / 2
            a, b = min(free, key=lambda g: abs(min(max(middle, g[0] + need / 2), g[1] - need / 2) - middle))
            x = min(max(middle, a + need / 2), b - need / 2) - RULER / 2
            return Rect(x, y, RULER, RULER_DEPTH), 0
    # up a side: strips beside the pieces
    for left, right in ((pieces.x1 + FOOTER_PAD_TIGHT, page.w - MIN_MARGIN),
                        (MIN_MARGIN, pieces.x - FOOTER_PAD_TIGHT)):
        if right - left < RULER_DEPTH:
            continue
        x = left if left > page.w / 2 else right - RULER_DEPTH  # close to the pieces
        blocked = [(min(y0, y1), max(y0, y1)) for x0, y0, x1, y1 in segments
                   if min(x0, x1) < x + RULER_DEPTH and max(x0, x1) > x]
        blocked += [(r.y, r.y1) for r in taken if r.x < x + RULER_DEPTH and r.x1 > x]
        free = [g for g in _gaps((MIN_MARGIN, page.h - MIN_MARGIN), sorted(blocked)) if g[1] - g[0] >= need]
        if free:
            middle = page.h / 2
            a, b = min(free, key=lambda g: abs(min(max(middle, g[0] + need / 2), g[1] - need / 2) - middle))
            y = min(max(middle, a + need / 2), b - need / 2) - RULER / 2
            # the box in its reading shape, turned 90° about its centre when drawn (as a side footer)
            return Rect(x + RULER_DEPTH / 2 - RULER / 2, y + RULER / 2 - RULER_DEPTH / 2, RULER, RULER_DEPTH), 90
    return None


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


def _touches(seg: Segment, boxes: list[Rect]) -> bool:
    """Whether an axis-parallel segment ends on (or runs along) the edge of one of the boxes."""
    x0, y0, x1, y1 = seg
    for b in boxes:
        if abs(x0 - x1) < EPS:
            if b.x - EPS <= x0 <= b.x1 + EPS and (min(y0, y1) <= b.y1 + EPS and max(y0, y1) >= b.y - EPS):
                return True
        elif b.y - EPS <= y0 <= b.y1 + EPS and (min(x0, x1) <= b.x1 + EPS and max(x0, x1) >= b.x - EPS):
            return True
    return False


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
