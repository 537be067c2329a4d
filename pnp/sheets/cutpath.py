"""A sheet's cut path: one closed outline per piece's trim — square, with rounded corners, or a chip's
circle — as SVG (mm, y down, the sheet's size) and DXF R12 (mm, y up from the sheet's bottom-left
corner, the PDF's own coordinates). Which machine reads which: pnp/sheets/cutter.py and docs/print-assets.md."""
from __future__ import annotations

import math

from pnp.geometry import Rect, Size

# DXF: a polyline vertex's bulge is tan(θ/4) of the arc to the next vertex, positive counter-clockwise;
# a rounded corner turns a quarter.
QUARTER_BULGE = math.tan(math.pi / 8)


def svg(page: Size, trims: list[Rect], radius: float = 0.0) -> str:
    """The cut path as an SVG the sheet's size, in mm: a rectangle per trim, or with `radius` a path of
    four edges and four quarter arcs (cutter software reads paths more surely than rounded rects), or
    at half a square's side a circle."""
    shapes = "\n".join(_svg_outline(Rect(r.x, page.h - r.y1, r.w, r.h), radius) for r in trims)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{page.w:g}mm" height="{page.h:g}mm" '
            f'viewBox="0 0 {page.w:g} {page.h:g}">\n'
            f'<g fill="none" stroke="#ff0000" stroke-width="0.1">\n{shapes}\n</g>\n</svg>\n')


def is_circle(r: Rect, radius: float) -> bool:
    """Whether an outline of `radius` round a square trim is its inscribed circle (a chip's)."""
    return abs(r.w - r.h) < 1e-6 and radius >= r.w / 2 - 1e-6


def _svg_outline(r: Rect, radius: float) -> str:
    """`r` in SVG coordinates (y is its top edge)."""
    if is_circle(r, radius):
        return f'  <circle cx="{r.x + r.w / 2:.3f}" cy="{r.y + r.h / 2:.3f}" r="{r.w / 2:.3f}"/>'
    if radius <= 0:
        return f'  <rect x="{r.x:.3f}" y="{r.y:.3f}" width="{r.w:.3f}" height="{r.h:.3f}"/>'
    k = f"{radius:.3f}"
    arc = f"A {k} {k} 0 0 1"  # sweep 1: clockwise on screen, the way the outline runs
    return (f'  <path d="M {r.x + radius:.3f} {r.y:.3f} H {r.x1 - radius:.3f} {arc} {r.x1:.3f} {r.y + radius:.3f} '
            f'V {r.y1 - radius:.3f} {arc} {r.x1 - radius:.3f} {r.y1:.3f} H {r.x + radius:.3f} '
            f'{arc} {r.x:.3f} {r.y1 - radius:.3f} V {r.y + radius:.3f} {arc} {r.x + radius:.3f} {r.y:.3f} Z"/>')


def dxf(page: Size, trims: list[Rect], radius: float = 0.0) -> str:
    """The cut path as DXF R12 (the oldest form every cutter's software reads): a closed polyline per
    trim, its rounded corners as bulges (one closed shape a card, not lines and arcs to join)."""
    out = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4",  # millimetres
           "9", "$EXTMIN", "10", "0.0", "20", "0.0", "9", "$EXTMAX", "10", f"{page.w:.3f}", "20", f"{page.h:.3f}",
           "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    for r in trims:
        out += ["0", "POLYLINE", "8", "CUT", "66", "1", "70", "1"]
        for x, y, bulge in dxf_vertices(r, radius):
            out += ["0", "VERTEX", "8", "CUT", "10", f"{x:.3f}", "20", f"{y:.3f}"]
            out += ["42", f"{bulge:.9f}"] if bulge else []
        out += ["0", "SEQEND"]
    out += ["0", "ENDSEC", "0", "EOF"]
    return "\n".join(out) + "\n"


def dxf_vertices(r: Rect, radius: float) -> list[tuple[float, float, float]]:
    """(x, y, bulge) counter-clockwise from the bottom-left; a bulge rounds the way to the next vertex."""
    if radius <= 0:
        return [(r.x, r.y, 0.0), (r.x1, r.y, 0.0), (r.x1, r.y1, 0.0), (r.x, r.y1, 0.0)]
    k, b = radius, QUARTER_BULGE
    out = [(r.x + k, r.y, 0.0), (r.x1 - k, r.y, b), (r.x1, r.y + k, 0.0), (r.x1, r.y1 - k, b),
           (r.x1 - k, r.y1, 0.0), (r.x + k, r.y1, b), (r.x, r.y1 - k, 0.0), (r.x, r.y + k, b)]
    # At half the short side (a chip's circle) a straight edge has no length: its start is the arc's.
    return [v for v, nxt in zip(out, out[1:] + out[:1]) if v[2] or math.dist(v[:2], nxt[:2]) > 1e-6]
