"""A box's background and border in a shape of its own (`shape` in `[boxes.NAME]`): a circle (an
ellipse in a box that is not square), a rectangle with rounded corners, a polygon or a line through
points given in % of the box, each with an opacity. Like a rectangle's, the border lies inside the
box; a line is drawn in the border's colour and width."""
from __future__ import annotations

import math
from typing import TypedDict

from pnp.geometry import Rect
from pnp.layout.boxplace import BoxLook
from pnp.layout.keys import BoxOptions
from pnp.sheets.draw import ShapeArt
from tabletop.data.errors import DataError
from tabletop.i18n import _

LINE = [[0.0, 50.0], [100.0, 50.0]]  # a line with no points: across the box's middle


def shaped(spec: BoxOptions | None) -> bool:
    return spec is not None and (spec.shape not in (None, "rectangle") or spec.opacity is not None)


def check(spec: BoxOptions, where: str) -> None:
    """The shape's keys: a radius for rounded corners, points for a polygon or a line, an opacity."""
    if spec.opacity is not None and not 0 <= spec.opacity <= 1:
        raise DataError(_("opacity is from 0 (unseen) to 1 (solid)"), where=f"{where}.opacity")
    if spec.radius is not None and (spec.shape != "rounded" or not 0 <= spec.radius < math.inf):
        raise DataError(_("radius is the rounded corners' radius in mm, 0 or more, with shape = \"rounded\""),
                        where=f"{where}.radius")
    if spec.points is not None:
        if spec.shape not in ("polygon", "line"):
            raise DataError(_("points are a polygon's or a line's: give shape = \"polygon\" or \"line\""),
                            where=f"{where}.points")
        least = 3 if spec.shape == "polygon" else 2
        if len(spec.points) < least:
            raise DataError(_("a {shape} needs at least {n} points").format(shape=spec.shape, n=least),
                            where=f"{where}.points")
        for n, point in enumerate(spec.points):
            if len(point) != 2 or not all(0 <= v <= 100 for v in point):
                raise DataError(_("a point is [x, y] in % of the box from its top-left corner, each 0 to 100; "
                                  "got {point}").format(point=point), where=f"{where}.points[{n}]")
    elif spec.shape == "polygon":
        raise DataError(_("a polygon needs its points: points = [[50, 0], [100, 100], [0, 100]]"),
                        where=f"{where}.shape")


def fills(look: BoxLook, spec: BoxOptions) -> tuple:
    """The box's background in its shape (a line has none)."""
    if not look.background or spec.shape == "line":
        return ()
    return tuple(_shape(p.rect, spec, fill=look.background) for p in look.places)


def lines(look: BoxLook, spec: BoxOptions) -> tuple:
    """The box's border in its shape, inside the box; a line's stroke."""
    if not look.border:
        return ()
    inset = 0.0 if spec.shape == "line" else look.border_width / 2
    return tuple(_shape(p.rect.inset(inset), spec, stroke=look.border, width=look.border_width)
                 for p in look.places)


class _Paint(TypedDict):
    """How a shape is painted: what `_shape` gives every shape it makes."""
    fill: str | None
    stroke: str | None
    width: float
    opacity: float


def _shape(r: Rect, spec: BoxOptions, fill: str | None = None, stroke: str | None = None,
           width: float = 0.3) -> ShapeArt:
    opacity = spec.opacity if spec.opacity is not None else 1.0
    paint: _Paint = {"fill": fill, "stroke": stroke, "width": width, "opacity": opacity}
    if spec.shape == "circle":
        return ShapeArt(ellipse=r, **paint)
    if spec.shape == "rounded":
        radius = min(spec.radius if spec.radius is not None else 2.0, r.w / 2, r.h / 2)
        return ShapeArt(rounded=(r, radius), **paint)
    if spec.shape in ("polygon", "line"):
        points = tuple((r.x + x / 100 * r.w, r.y1 - y / 100 * r.h) for x, y in (spec.points or LINE))
        return ShapeArt(points=points, closed=spec.shape == "polygon", **paint)
    return ShapeArt(points=((r.x, r.y), (r.x1, r.y), (r.x1, r.y1), (r.x, r.y1)), **paint)
