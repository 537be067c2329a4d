"""A deck's SVG pictures, drawn as vectors: each file read through the deck's sandbox, then turned into
a ReportLab drawing by svglib (sheets/draw.py draws it on the canvas).

An SVG is a program of sorts: it can name other files and web addresses (`<image href>`, `xlink:href`,
`file://`, CSS `url()` and `@import`) and declare entities that expand a few bytes into gigabytes. A
deck's SVG is drawn from itself alone: defusedxml reads it first, refusing any DTD (so no entity is
ever expanded), and every reference that is not to a part of the same file (`#id`) is refused, one
line naming the file (an embedded raster picture too: an SVG here is vectors; a photo goes in a box of
its own as a PNG or JPEG); svglib is then given the checked bytes, not the
path, so it has no folder to look in. Text is refused too: svglib would set it in fonts the deck does
not embed (convert it to paths in the drawing program)."""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.geometry import Rect
from pnp.sheets.images import Align, ImageFit, read_picture
from tabletop.i18n import _
from tabletop.record import Record

_URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"]*)", re.IGNORECASE)
_EMBEDDED = re.compile(r"\s*data:", re.IGNORECASE)
_TEXT = {"text", "tspan", "textPath", "tref"}
_REFUSED = {"script", "foreignObject"}  # code, and HTML that svglib would not draw anyway
_GRADIENTS = {"linearGradient", "radialGradient", "pattern"}


class SvgError(Exception):
    """Why an SVG is refused, in the user's words."""


class Svg(Record):
    """An SVG checked and converted: its drawing and size (pt), and whether it has gradients."""
    drawing: Any  # a reportlab.graphics.shapes.Drawing
    width: float
    height: float
    gradient: bool = False


def is_svg(path: Path) -> bool:
    return path.suffix.lower() == ".svg"


def load(path: Path) -> Svg:
    """The SVG at `path` (a file of the deck's folder, found through deck/read/folder.py), checked and drawn."""
    return _converted(read_picture(path, SvgError))


@lru_cache(maxsize=64)
def _converted(data: bytes) -> Svg:
    gradient = check(data)
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(io.BytesIO(data))  # bytes, not a path: svglib has no folder to read from
    except (ValueError, TypeError, AttributeError, KeyError, IndexError) as e:  # e.g. width="abc"
        raise SvgError(_("svglib could not draw it ({reason}): check its sizes, lengths and transforms").format(
            reason=e)) from None
    if drawing is None or not drawing.width or not drawing.height:
        raise SvgError(_("svglib could not draw it: give the SVG a width and height, or a viewBox"))
    return Svg(drawing, float(drawing.width), float(drawing.height), gradient)


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def check(data: bytes) -> bool:
    """Refuse an SVG with a DTD, text, a script or a reference out of itself; whether it has gradients."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(data, forbid_dtd=True)
    except DefusedXmlException:
        raise SvgError(_("it declares a DTD or entities, which are never expanded: remove its {doctype} "
                         "(an SVG needs none)").format(doctype="<!DOCTYPE …>")) from None
    except ParseError as e:
        raise SvgError(_("not an SVG file: {reason}").format(reason=e)) from None
    if _local(root.tag) != "svg":
        raise SvgError(_("not an SVG file: its root is <{tag}>").format(tag=_local(root.tag)))
    gradient = False
    for element in root.iter():
        tag = _local(element.tag)
        if tag in _TEXT:
            raise SvgError(_("it has text (<{tag}>), which would print in a font the deck does not embed: "
                             "convert the text to paths in your drawing program").format(tag=tag))
        if tag in _REFUSED:
            raise SvgError(_("<{tag}> is not drawn in a deck's SVG: remove it").format(tag=tag))
        gradient = gradient or tag in _GRADIENTS
        for name, value in element.attrib.items():
            if _local(name) == "href" and _EMBEDDED.match(value):
                raise SvgError(_("it embeds a raster picture: a deck's SVG is drawn as vectors; show the picture in "
                                 "a box of its own as a PNG or JPEG"))
            if _local(name) == "href" and not value.strip().startswith("#"):
                raise SvgError(_("it refers to {target!r}: a deck's SVG is drawn from itself alone (no other file, "
                                 "no web address)").format(target=value.strip()))
            _check_css(value)
        if tag == "style":
            _check_css(element.text or "")
            if "@import" in (element.text or ""):
                raise SvgError(_("its style sheet imports another (@import): a deck's SVG is drawn from itself "
                                 "alone"))
    return gradient


def _check_css(text: str) -> None:
    for target in _URL.findall(text):
        if not target.strip().startswith("#"):
            raise SvgError(_("it refers to {target!r} in {css}: a deck's SVG is drawn from itself alone (no other "
                             "file, no web address)").format(target=target.strip(), css="url()"))


def place(svg: Svg, box_w: float, box_h: float, fit: str, align: Align) -> ImageFit:
    """Where the whole drawing goes in its box (mm from the box's bottom-left corner): `fit` all of it
    inside, `fill` the box covered (what overflows is clipped), `stretch` the box exactly."""
    if fit == "stretch":
        return ImageFit((0, 0, svg.width, svg.height), Rect(0, 0, box_w, box_h))
    scale = (max if fit == "fill" else min)(box_w / svg.width, box_h / svg.height)
    w, h = svg.width * scale, svg.height * scale
    return ImageFit((0, 0, svg.width, svg.height), Rect(align.x * (box_w - w), (1 - align.y) * (box_h - h), w, h))
