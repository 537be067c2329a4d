"""Sheets for a cutting machine's print-then-cut (`pnp build --cutter silhouette`): the machine's own
registration marks printed on every sheet of fronts, every card inside the frame they make, and the cut
path beside the PDF as DXF (Silhouette Studio's basic edition imports DXF, not SVG) and SVG, its card
outlines where the cards' trims are printed.

Silhouette's convention (Silhouette Studio's default registration marks, "Type 1" for the Cameo and
Portrait): a 5 mm filled square at the top-left and L-shaped marks, arms 20 mm long and 0.5 mm thick, at
the other three corners, each 10 mm in from the page's edges. Studio's own mark settings must say the
same (docs/print-assets.md, "Cutting machines").
"""
from __future__ import annotations

from .geometry import Rect, Size

INSET = 10.0  # mm from the page's edges to the marks' outer edges
SQUARE = 5.0  # mm: the top-left mark
ARM = 20.0  # mm: each arm of an L mark
THICKNESS = 0.5  # mm
# mm from the page's edges to any card: inside the marks' frame with room around them (the square ends
# 15 mm in), and the 0.625″ (15.9 mm) the Cameo's sheet feeder needs.
MARGIN = 16.0
CUTTERS = ("silhouette",)


def marks(page: Size) -> list[Rect]:
    """The registration marks as filled rectangles, page mm from its bottom-left corner."""
    left, right = INSET, page.w - INSET
    bottom, top = INSET, page.h - INSET
    t = THICKNESS
    return [
        Rect(left, top - SQUARE, SQUARE, SQUARE),  # top-left: the square
        Rect(right - ARM, top - t, ARM, t), Rect(right - t, top - ARM, t, ARM),  # top-right L
        Rect(left, bottom, ARM, t), Rect(left, bottom, t, ARM),  # bottom-left L
        Rect(right - ARM, bottom, ARM, t), Rect(right - t, bottom, t, ARM),  # bottom-right L
    ]


def svg(page: Size, trims: list[Rect]) -> str:
    """The cut path as an SVG the page's size, in mm, y downwards: one rectangle per card trim."""
    rects = "\n".join(
        f'  <rect x="{r.x:.3f}" y="{page.h - r.y1:.3f}" width="{r.w:.3f}" height="{r.h:.3f}"/>' for r in trims)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{page.w:g}mm" height="{page.h:g}mm" '
            f'viewBox="0 0 {page.w:g} {page.h:g}">\n'
            f'<g fill="none" stroke="#ff0000" stroke-width="0.1">\n{rects}\n</g>\n</svg>\n')


def dxf(page: Size, trims: list[Rect]) -> str:
    """The cut path as DXF R12 (the oldest form every cutter's software reads): a closed polyline per
    card trim, in mm, y upwards from the page's bottom-left corner — the page's own coordinates."""
    out = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4",  # millimetres
           "9", "$EXTMIN", "10", "0.0", "20", "0.0", "9", "$EXTMAX", "10", f"{page.w:.3f}", "20", f"{page.h:.3f}",
           "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    for r in trims:
        out += ["0", "POLYLINE", "8", "CUT", "66", "1", "70", "1"]
        for x, y in ((r.x, r.y), (r.x1, r.y), (r.x1, r.y1), (r.x, r.y1)):
            out += ["0", "VERTEX", "8", "CUT", "10", f"{x:.3f}", "20", f"{y:.3f}"]
        out += ["0", "SEQEND"]
    out += ["0", "ENDSEC", "0", "EOF"]
    return "\n".join(out) + "\n"
