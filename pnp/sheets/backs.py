"""Where backs go: duplex (long or short edge), fold-and-glue, or not at all. Pure arithmetic in mm.

A physical model, stated once:
- Turning a sheet over about a vertical axis (a portrait sheet's long edge, a landscape sheet's
  short edge) puts the back of front point (x, y) at (W − x, y) of the back page; the back reads
  upright without turning.
- Turning it about a horizontal axis puts it at (x, H − y); a back must then be printed turned 180°
  to read the same way as above ("short-edge flip turns the back page 180°").
Fold-and-glue folds about a horizontal line: fronts above it, backs mirrored below it, turned 180°.

`--back-offset X,Y` moves everything on a back page X mm right and Y mm up, as seen on the back
page itself; `correction()` says which offset cancels a misalignment seen from the front.
"""
from __future__ import annotations

from functools import partial
from typing import Literal

from pnp.base import BackMode
from pnp.geometry import MIN_MARGIN, Rect, Size, SlotGrid, fit_count
from pnp.sheets.imposition import Guides, Placement, Sheet, plan_fronts
from tabletop.i18n import _
from tabletop.record import Record, replace

BACK_MODES: tuple[BackMode, ...] = ("duplex-long", "duplex-short", "fold", "none")
FOLD_GAP = 5.0  # mm between the fold line and the nearest bleed edge
Axis = Literal["vertical", "horizontal"]


class CardSides(Record):
    """One card to impose: its front face and its back face (indices into the faces list)."""
    front: int
    back: int | None


class Page(Record):
    """A sheet of fronts, of backs, or both folded, with its kind."""
    sheet: Sheet
    kind: Literal["fronts", "backs", "fold"]
    fold_y: float | None = None  # the fold line's height on a fold page


def parse_offset(text: str) -> tuple[float, float]:
    """`X,Y` in mm, e.g. `1.5,-0.5`."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(_("back offset must be X,Y in mm (e.g. 1.5,-0.5), got {text!r}").format(text=text)) from None
    if abs(x) > 20 or abs(y) > 20:
        raise ValueError(_("a back offset of more than 20 mm is not a printer drift: {text!r}").format(text=text))
    return x, y


def flip_axis(mode: BackMode, page: Size) -> Axis:
    """The axis the sheet turns about: the flip edge runs along the long or the short side."""
    portrait = page.h >= page.w
    if mode == "duplex-long":
        return "vertical" if portrait else "horizontal"
    if mode == "duplex-short":
        return "horizontal" if portrait else "vertical"
    raise ValueError(f"{mode} has no flip axis")


def behind(trim: Rect, page: Size, axis: Axis) -> tuple[Rect, int]:
    """The back-page rectangle lying exactly behind `trim`, and the turn its art needs."""
    if axis == "vertical":
        return Rect(page.w - trim.x1, trim.y, trim.w, trim.h), 0
    return Rect(trim.x, page.h - trim.y1, trim.w, trim.h), 180


def correction(mode: BackMode, page: Size, seen_dx: float, seen_dy: float) -> tuple[float, float]:
    """The --back-offset that cancels a back seen (from the front, against the light) `seen_dx` mm
    right and `seen_dy` mm up of where it belongs."""
    if flip_axis(mode, page) == "vertical":
        return seen_dx, -seen_dy  # right on the front is left on the back
    return -seen_dx, seen_dy  # up on the front is down on the back


def shifted(rect: Rect, offset: tuple[float, float]) -> Rect:
    return Rect(rect.x + offset[0], rect.y + offset[1], rect.w, rect.h)


def impose(cards: list[CardSides], grid: SlotGrid, mode: BackMode, offset: tuple[float, float] = (0.0, 0.0),
           guides: Guides = "lines", back_guides: Guides = "none") -> list[Page]:
    """All pages for `cards` in `mode`: fronts only (`none`), each front sheet followed by its back
    sheet (duplex), or fold-and-glue sheets."""
    if mode == "fold":
        return fold(cards, grid.page, grid.card, grid.gutter, grid.bleed, guides)
    pages: list[Page] = []
    for sheet in plan_fronts(len(cards), grid, guides):
        slots = sheet.placements  # face = the card's index
        pages.append(Page(replace(sheet, placements=tuple(
            replace(p, face=cards[p.face].front) for p in slots)), "fronts"))
        if mode == "none":
            continue
        axis = flip_axis(mode, sheet.page)
        backs = []
        for p in slots:
            back = cards[p.face].back
            if back is not None:
                rect, turn = behind(p.trim, sheet.page, axis)
                backs.append(Placement(back, shifted(rect, offset), (p.rotation + turn) % 360))
        if backs:
            # The grid and every front, as they lie behind: the back page's footer goes below them, never
            # on the back of a card that has no back of its own (24's score cards).
            behind_it = partial(_lying_behind, page=sheet.page, axis=axis, offset=offset)
            pages.append(Page(Sheet(sheet.page, tuple(backs), sheet.bleed, back_guides,
                                    behind_it(sheet.frame) if sheet.frame else None,
                                    tuple(behind_it(slot) for slot in sheet.slots or ()),
                                    tuple(behind_it(box) for box in sheet.bleed_boxes())), "backs"))
    return pages


def _lying_behind(rect: Rect, page: Size, axis: Axis, offset: tuple[float, float]) -> Rect:
    """Where `rect` of a front lies on the back page."""
    return shifted(behind(rect, page, axis)[0], offset)


def fold_fit(page: Size, card: Size, gutter: float = 0.0, bleed: float = 0.0,
             margin: float = MIN_MARGIN) -> tuple[int, int]:
    """How many columns and rows of fronts a fold-and-glue sheet holds (its bleed stays `margin` inside)."""
    gap = gutter + 2 * bleed
    return (fit_count(page.w - 2 * margin - 2 * bleed, card.w, gap),
            fit_count(page.h / 2 - FOLD_GAP - bleed - margin - bleed, card.h, gap))


def fold(cards: list[CardSides], page: Size, card: Size, gutter: float = 0.0, bleed: float = 0.0,
         guides: Guides = "lines", margin: float = MIN_MARGIN) -> list[Page]:
    """Fold-and-glue sheets: fronts in rows above the page's horizontal centre line, each back
    mirrored below it and turned 180°. Cards without a back leave their mirror place empty."""
    fold_y = page.h / 2
    reach = FOLD_GAP + bleed  # from the fold to the nearest trim edge
    gap = gutter + 2 * bleed
    cols, rows = fold_fit(page, card, gutter, bleed, margin)
    if cols < 1 or rows < 1:
        raise ValueError(_("a {card} card does not fit half a {width:g}×{height:g} mm page for fold-and-glue; "
                           "try --paper with -landscape or a smaller card").format(card=card, width=page.w,
                                                                                   height=page.h))
    pitch_x, pitch_y = card.w + gap, card.h + gap
    left = (page.w - (cols * pitch_x - gap)) / 2
    per_page = cols * rows
    # Every slot's bleed area, backs' half included, so a page of pieces without backs keeps its
    # footer at the bottom of the page rather than on the fold.
    half = reach + rows * pitch_y - gap + bleed
    frame = Rect(left - bleed, fold_y - half, cols * pitch_x - gap + 2 * bleed, 2 * half)
    # Rows fill outwards from the fold, so a part-filled sheet keeps its pieces near the fold.
    fronts = [Rect(left + (slot % cols) * pitch_x, fold_y + reach + (slot // cols) * pitch_y, card.w, card.h)
              for slot in range(per_page)]
    mirrors = [Rect(f.x, 2 * fold_y - f.y1, card.w, card.h) for f in fronts]
    pages = []
    for start in range(0, len(cards), per_page):
        placements = []
        for slot, index in enumerate(range(start, min(start + per_page, len(cards)))):
            placements.append(Placement(cards[index].front, fronts[slot]))
            back = cards[index].back
            if back is not None:
                placements.append(Placement(back, mirrors[slot], 180))
        pages.append(Page(Sheet(page, tuple(placements), bleed, guides, frame, tuple(fronts + mirrors)), "fold",
                          fold_y))
    return pages
