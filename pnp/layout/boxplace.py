"""Boxes placed by data: where a box lies on a face, given in mm from the face's edges (or as a share of
its side), its padding, its vertical alignment, its turn by quarter turns, its background and border.

The named layouts' boxes are written this way (`templates/layouts/*.toml`), and a deck's `[boxes.NAME]`
moves one of them or adds its own with the same keys (docs/decks.md, "Free boxes"). Positions read from
the face's top-left corner, as a designer measures a card; the boxes come out in the drawing's
coordinates (`geometry.Rect`: mm from the bottom-left corner).
"""
from __future__ import annotations

import math
import re
from typing import Literal

from pnp.geometry import Rect, Size
from tabletop.data.errors import DataError
from tabletop.i18n import _
from tabletop.record import Record, replace

Length = float | str  # mm, or "40%" / "50% - 6": a share of the face's side, then mm more or less
_SHARE = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*%\s*(?:([+-])\s*(\d+(?:\.\d+)?)\s*)?")
EDGE_TOLERANCE = 1e-6  # mm: a box computed from shares may land a rounding error past the edge


class PlaceOptions(Record):
    """Where a box lies and how it looks, as a deck file or a layout file writes it. Each axis takes
    two of its three keys (left, width, right; top, height, bottom); a size alone centres the box."""
    left: Length | None = None
    right: Length | None = None
    width: Length | None = None
    top: Length | None = None
    bottom: Length | None = None
    height: Length | None = None
    padding: float | None = None  # mm between the box's edge and its text (and picture); default 0
    valign: Literal["top", "middle", "bottom"] | None = None
    rotation: Literal[0, 90, 180, 270] | None = None  # quarter turns anticlockwise: 90 reads upwards
    both_ends: bool | None = None  # also printed turned a half turn about the face's centre (corner indexes)
    background: str | None = None  # #rrggbb behind the box
    border: str | None = None  # #rrggbb around the box
    border_width: float | None = None  # mm; default 0.3

    def positioned(self) -> bool:
        return any(v is not None for v in (self.left, self.right, self.width, self.top, self.bottom, self.height))

    def styled(self) -> bool:
        """Whether any key of a box's place or look is given."""
        return self.positioned() or any(getattr(self, k) is not None for k in LOOK_KEYS + ("rotation", "both_ends"))


LOOK_KEYS = ("padding", "valign", "background", "border", "border_width")


class BoxPlace(Record):
    """One place a box is drawn: its rectangle on the face (as it lies there) and how it turns."""
    rect: Rect  # mm from the face's bottom-left corner
    rotation: int = 0


def length(value: Length, extent: float, where: str) -> float:
    """A length in mm: a number as it is, "40%" of `extent`, "50% - 6" that share less 6 mm."""
    if isinstance(value, (int, float)):
        if math.isfinite(value):
            return float(value)
        m = None
    else:
        m = _SHARE.fullmatch(value)
    if not m:
        raise DataError(_('a length is mm (a number) or a share of the face\'s side ("40%", "50% - 6"); '
                          'got {value!r}').format(value=value), where=where)
    mm = float(m.group(1)) * extent / 100
    if m.group(2):
        mm += float(m.group(3)) * (1 if m.group(2) == "+" else -1)
    return mm


def _span(start: Length | None, size: Length | None, end: Length | None, extent: float,
          base: tuple[float, float] | None, keys: tuple[str, str, str], where: str) -> tuple[float, float]:
    """(start, size) of a box along one axis of a face `extent` mm long, from the keys given. A box
    of a named layout (`base`) keeps what the keys leave open: an edge given alone moves that edge
    only; a size alone keeps the box's edge nearer the face's (a footer grows upwards)."""
    given = {k: length(v, extent, f"{where}.{k}") for k, v in zip(keys, (start, size, end)) if v is not None}
    s, z, e = (given.get(k) for k in keys)
    if len(given) == 3:
        raise DataError(_("give two of {a}, {b} and {c}, not all three").format(a=keys[0], b=keys[1], c=keys[2]),
                        where=f"{where}.{keys[1]}")
    if base is None and len(given) < 2 and z is None:
        raise DataError(_("a new box needs its size: give two of {a}, {b} and {c} (or {b} alone to centre it)")
                        .format(a=keys[0], b=keys[1], c=keys[2]), where=where)
    if base is not None and len(given) < 2:  # the layout's box fills in the key left open
        base_start, base_size = base
        base_end = extent - base_start - base_size
        if s is not None or e is not None:
            s, e = (s if s is not None else base_start), (e if e is not None else base_end)
        elif z is not None and base_start + base_size / 2 > extent / 2:
            e = base_end
        elif z is not None:
            s = base_start
        else:
            return base
    if s is not None and e is not None:
        return s, extent - s - e
    assert z is not None  # two keys were given, or the size alone: the checks above leave no other case
    if s is not None:
        return s, z
    if e is not None:
        return extent - e - z, z
    return (extent - z) / 2, z


def on_face(rect: Rect, rotation: int) -> Rect:
    """The rectangle a box covers on the face. A box turned a quarter is given to the drawing in its
    reading shape about the same centre (`render.TextArt`), so its width and height trade places."""
    if rotation % 180 == 0:
        return rect
    cx, cy = rect.x + rect.w / 2, rect.y + rect.h / 2
    return Rect(cx - rect.h / 2, cy - rect.w / 2, rect.h, rect.w)


def turned(rect: Rect, face: Size) -> Rect:
    """The image of `rect` under a half turn about the centre of the face."""
    return Rect(face.w - rect.x1, face.h - rect.y1, rect.w, rect.h)


class BoxLook(Record):
    """A box resolved for one face size: every place it is drawn and how it looks."""
    places: tuple[BoxPlace, ...]
    padding: float = 0.0
    valign: str = "top"
    background: str | None = None
    border: str | None = None
    border_width: float = 0.3


def resolve(opts: PlaceOptions, face: Size, base: BoxLook | None, where: str, round_face: bool = False,
            inside: bool = True) -> BoxLook:
    """A box on a face: its own keys over the named layout's box (`base`, if the box is one), every
    place inside the face (inside its circle, for a chip) with room for its padding and border (unless
    not `inside`), a second place turned a half turn with `both_ends`."""
    first = base.places[0] if base else None
    rotation = opts.rotation if opts.rotation is not None else (first.rotation if first else 0)
    lying = first.rect if first else None
    x, w = _span(opts.left, opts.width, opts.right, face.w, (lying.x, lying.w) if lying else None,
                 ("left", "width", "right"), where)
    top, h = _span(opts.top, opts.height, opts.bottom, face.h,
                   (face.h - lying.y1, lying.h) if lying else None, ("top", "height", "bottom"), where)
    rect = Rect(x, face.h - top - h, w, h)
    if inside:
        _check_inside(rect, face, opts, where, round_face)
    look = {k: v for k in LOOK_KEYS if (v := getattr(opts, k)) is not None}
    resolved = replace(base, **look) if base else BoxLook((), **look)
    if not 0 <= resolved.padding < math.inf:
        raise DataError(_("padding is mm, 0 or more"), where=f"{where}.padding")
    if inside and 2 * resolved.padding >= min(rect.w, rect.h):
        raise DataError(_("padding {padding:g} mm leaves no room in a box {w:.1f} × {h:.1f} mm").format(
            padding=resolved.padding, w=rect.w, h=rect.h), where=f"{where}.padding")
    if not 0 < resolved.border_width < math.inf:
        raise DataError(_("border_width is mm, more than 0"), where=f"{where}.border_width")
    if inside and resolved.border and 2 * resolved.border_width >= min(rect.w, rect.h):
        raise DataError(_("border_width {width:g} mm fills a box {w:.1f} × {h:.1f} mm: the border lies inside "
                          "the box").format(width=resolved.border_width, w=rect.w, h=rect.h),
                        where=f"{where}.border_width")
    both = opts.both_ends if opts.both_ends is not None else bool(base and len(base.places) > 1)
    places: tuple[BoxPlace, ...] = (BoxPlace(rect, rotation),)
    if both:
        places += (BoxPlace(turned(rect, face), (rotation + 180) % 360),)
    return replace(resolved, places=places)


def _check_inside(rect: Rect, face: Size, opts: PlaceOptions, where: str, round_face: bool) -> None:
    """Refuse a box off the face, naming the key that put it there (of those the deck gave)."""
    t = EDGE_TOLERANCE
    across = _culprit(opts, ("left", "width", "right"), rect.w <= 0, rect.x < -t, rect.x1 > face.w + t)
    down = _culprit(opts, ("top", "height", "bottom"), rect.h <= 0, rect.y1 > face.h + t, rect.y < -t)
    if rect.w <= 0 or rect.h <= 0:
        raise DataError(_("the box has no room: {w:.1f} × {h:.1f} mm").format(w=rect.w, h=rect.h),
                        where=f"{where}.{across or down}" if across or down else where)
    if across is not None or down is not None:
        raise DataError(_("the box reaches past the face's edge: it spans {x0:.1f}–{x1:.1f} mm across and "
                          "{y0:.1f}–{y1:.1f} mm down a face {w:g} × {h:g} mm").format(
            x0=rect.x, x1=rect.x1, y0=face.h - rect.y1, y1=face.h - rect.y, w=face.w, h=face.h),
            where=f"{where}.{across or down}" if (across or down) else where)
    if round_face:
        r, cx, cy = min(face.w, face.h) / 2, face.w / 2, face.h / 2
        corners = ((rect.x, rect.y), (rect.x1, rect.y), (rect.x, rect.y1), (rect.x1, rect.y1))
        if any(math.hypot(x - cx, y - cy) > r + t for x, y in corners):
            raise DataError(_("the box reaches past the chip's circle ({d:g} mm across): keep its corners inside "
                              "it").format(d=2 * r), where=where)


def _culprit(opts: PlaceOptions, keys: tuple[str, str, str], no_room: bool, past_start: bool,
             past_end: bool) -> str | None:
    """The key of one axis to blame: None if the box is inside on that axis, "" if none was given."""
    if not (no_room or past_start or past_end):
        return None
    start, size, end = (k if getattr(opts, k) is not None else None for k in keys)
    if no_room:
        return size or end or start or ""
    return (start or size or end or "") if past_start else (end or size or start or "")


def reading(p: BoxPlace, padding: float) -> Rect:
    """The rectangle handed to the drawing for a place's text (or picture): inside the padding, in
    its reading shape."""
    return on_face(p.rect.inset(padding), p.rotation)
