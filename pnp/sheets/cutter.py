"""Sheets for a cutting machine's print-then-cut (`pnp build --cutter silhouette|cricut`): where each
machine wants the cards and what it reads to find them. The cut path itself is `cutpath.py`.

Silhouette's convention, as silhouette-card-maker's published specification of its templates draws
Silhouette Studio's three-mark pattern ("Type 1" for the Cameo and Portrait) on a portrait page: a 5 mm
filled square at the top-left and L marks at the top-right and bottom-left only, no mark at the
bottom-right. The square's outline and the L marks' lines are `THICKNESS` thick and centred on lines
`INSET` in from the page's edges (the L's corner point lies there; an arm reaches `ARM` from it). Studio's
own mark settings must say the same (docs/print-assets.md, "Cutting machines").

Cricut: Design Space prints an uploaded image itself, inside a black frame of its own that the machine
reads, so the kit prints no marks: each sheet is an image no larger than Print Then Cut's maximum for
Letter and A4 paper, 6.75 × 9.25 in, written at 300 dpi with the cut path the image's size.
"""
from __future__ import annotations

from pnp.geometry import MIN_MARGIN, Rect, Size
from tabletop.i18n import _

INSET = 10.0  # mm from the page's edges to the middle of the marks' lines (Studio's least inset)
SQUARE = 5.0  # mm: the top-left mark, between the middles of its outline
# mm from an L's corner point to the end of each arm: the specification allows 5–20 and fits each layout
# the longest that clears its cards; ours all start 16 mm in, clear of the longest.
ARM = 20.0
THICKNESS = 1.0  # mm: the specification's default (it allows 0.5–1)
# mm from the page's edges to any card: inside the marks' frame with room around them (the square ends
# 15.5 mm in), and the 0.625″ (15.9 mm) the Cameo's sheet feeder needs.
MARGIN = 16.0
LEAST_BLEED = 1.0  # mm: a print-then-cut lands within about 0.5 mm of its line; twice that is safe
CUTTERS = ("silhouette", "cricut")

INCH = 25.4
CRICUT_SHEET = Size(6.75 * INCH, 9.25 * INCH)  # Print Then Cut's largest image on Letter or A4
CRICUT_DPI = 300


def cricut_pixels() -> tuple[int, int]:
    """The sheet image's size in pixels: 2025 × 2775."""
    return round(CRICUT_SHEET.w / INCH * CRICUT_DPI), round(CRICUT_SHEET.h / INCH * CRICUT_DPI)


def sheet(machine: str, paper: Size) -> Size:
    """The sheet a machine's cards are laid out on: the paper, or for Cricut the image Design Space prints."""
    return CRICUT_SHEET if machine == "cricut" else paper


def margin(machine: str) -> float:
    """mm from the sheet's edges to any card: Silhouette's marks frame; Cricut's frame lies outside the
    image, which keeps the margin every printed sheet keeps (a footer and scale check fit in it)."""
    return MARGIN if machine == "silhouette" else MIN_MARGIN


def check_radius(radius: float, card: Size) -> None:
    """A corner radius the card can have: none (0) up to half its short side (a round end)."""
    if radius < 0:
        raise ValueError(_("--corner-radius must not be negative, got {radius:g}").format(radius=radius))
    if radius > min(card.w, card.h) / 2 + 1e-9:
        raise ValueError(_("--corner-radius {radius:g} mm is more than half the short side of a {card} card "
                           "({most:g} mm at most)").format(radius=radius, card=card, most=min(card.w, card.h) / 2))


def marks(page: Size) -> list[Rect]:
    """Silhouette's registration marks as filled rectangles, page mm from its bottom-left corner: the
    square with its outline, and the two L marks, each arm from the outer edge of the other to ARM
    from the corner point."""
    left, right = INSET, page.w - INSET
    bottom, top = INSET, page.h - INSET
    t, h = THICKNESS, THICKNESS / 2
    return [
        Rect(left - h, top - SQUARE - h, SQUARE + t, SQUARE + t),  # top-left: the square
        Rect(right - ARM, top - h, ARM + h, t), Rect(right - h, top - ARM, t, ARM + h),  # top-right L
        Rect(left - h, bottom - h, ARM + h, t), Rect(left - h, bottom - h, t, ARM + h),  # bottom-left L
    ]
