"""The one place the kit reaches into ReportLab's unpublished parts, each where ReportLab offers no
public way to do the job; `tests/pnp/test_reportlab_internals.py` has a canary for each, which fails
naming what moved when a ReportLab release changes it (the symptom would otherwise be a PDF that
differs, or a font parsed on every run).

- **Pages held for their footers** (`held_pages_canvas`): a summary sheet's footer says "page n of m",
  and m is known only once the last page is laid out. ReportLab's canvas starts each page in
  `_startPage` and keeps the page under way in its instance attributes; the held-pages canvas keeps a
  copy of those attributes for each finished page and draws them, with their footers, when the
  document is saved (ReportLab's own documentation numbers pages this way). Laying the document out
  twice would double a sheet's time.
- **A font parse kept between runs** (`parsed_state`, `font_from_state`, `font_bytes`): ReportLab
  parses a TrueType file into a `TTFont` and its `TTFontFace` on every run. The font cache
  (`fonts/parsed.py`) stores the parse and makes the objects again without parsing: it creates them
  without their constructors and sets their attributes, among them the face's `_ttf_data` (the
  file's bytes, which subsetting reads tables from) and `_pdfScale` (font units to PDF units).
- **A picture's PDF object kept between documents** (`draw_kept_image`): `drawImage` decodes a PNG and
  deflates its pixels again for every document (a tenth of a second for a card's art), and registers
  the object it made with the canvas's document under a name made from the file's name. `pnp watch`
  makes a document at every save: the object is made once per version of the file (its name, size
  and mtime), and a copy of it is registered in each new document the way `drawImage` registers its
  own (with the soft mask of a picture with transparency), so `drawImage` finds it there and only
  draws it.
- **A paragraph's lines** (`wrapped_lines`): `Paragraph.wrap` breaks the lines and keeps them as
  `blPara`, which ReportLab's own split and draw read; the kit reads it to see how a text broke and to
  hand a split paragraph's first half the lines ReportLab gave it. Japanese lines broken the kit's way
  (`text/kinsoku.py`) are made into ReportLab's lines by its own `makeCJKParaLine` (`cjk_line`), which
  ReportLab does not publish (its type stubs leave it out).
- **The canvas's font** (`canvas_font`): a graphics drawing (an SVG picture) starts its state with
  Helvetica unless the drawing names a font; the drawing is given the canvas's own (embedded) font
  (`initialFontName`), read from its `_fontname`, so no page refers to a font it does not embed.
"""
from __future__ import annotations

import copy
import os
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from reportlab.pdfbase.pdfdoc import PDFImageXObject
    from reportlab.pdfbase.ttfonts import TTFont, TTFontFace
    from reportlab.platypus import Paragraph

def canvas_font(canvas: Any) -> str:
    """The name of the canvas's current font."""
    return canvas._fontname


# ---- pages held for their footers ------------------------------------------------------------------------


@cache
def held_pages_canvas() -> type:
    from reportlab.pdfgen.canvas import Canvas

    class HeldPagesCanvas(Canvas):
        """Holds each finished page back until the last one, so every footer can say "n/m"."""

        def __init__(self, draw_footer: Callable, lead: tuple[Callable, int], *args: Any, **kwargs: Any):
            super().__init__(*args, **kwargs)
            self.footer_drawer = draw_footer
            self.lead_pages = lead  # (draw page n, how many): pages before the held ones, without footers
            self.held_pages: list[dict] = []

        def showPage(self) -> None:
            self.held_pages.append(dict(vars(self)))
            self._startPage()

        def save(self) -> None:
            draw, count = self.lead_pages
            for n in range(count):  # on the fresh page the last showPage started; the held ones follow
                draw(self, n)
                super().showPage()
            held = self.held_pages
            for number, state in enumerate(held, 1):
                vars(self).update(state)
                self.footer_drawer(self, number, len(held))
                super().showPage()
            super().save()

    return HeldPagesCanvas


# ---- a font parse kept between runs ----------------------------------------------------------------------

FONT_BYTES = "_ttf_data"
PDF_SCALE = "_pdfScale"
NOT_KEPT_FONT = ("face", "state")  # the face is kept apart; the subsetting state is per document


def parsed_state(font: TTFont, made_again: tuple[str, ...]) -> tuple[dict, dict]:
    """(the font's attributes, its face's) as ReportLab's parse left them, without what is made again
    on reading: the file's bytes, the scaling function, the per-document state and `made_again`."""
    face = {k: v for k, v in vars(font.face).items() if k not in (FONT_BYTES, PDF_SCALE, *made_again)}
    own = {k: v for k, v in vars(font).items() if k not in NOT_KEPT_FONT}
    return own, face


def font_from_state(name: str, font_state: dict, face_state: dict, face_class: type[TTFontFace], data: Any,
                    scale: Callable[[float], float]) -> TTFont:
    """A `TTFont` named `name` whose face (of `face_class`, a `TTFontFace`) has `face_state`, reading
    its tables from `data` (the font file's bytes, or a map of them)."""
    from reportlab.pdfbase.ttfonts import TTFont

    face = face_class.__new__(face_class)
    vars(face).update(face_state)
    setattr(face, FONT_BYTES, data)
    setattr(face, PDF_SCALE, scale)
    font = TTFont.__new__(TTFont)
    vars(font).update(font_state)
    font.fontName, font.face, font.state = name, face, WeakKeyDictionary()
    return font


def font_bytes(face: Any) -> Any:
    """The font file's bytes a face reads its tables from."""
    return getattr(face, FONT_BYTES)


# ---- a picture's PDF object kept between documents ------------------------------------------------------

IMAGE_MASK = "auto"  # a picture's transparency (its alpha channel) kept, as every picture of the kit is drawn
KEPT_IMAGE_BYTES = 512 * 2**20  # the most the kept pictures' streams hold; the oldest go first
# (file, size, mtime) → the object drawImage would make
_kept_images: OrderedDict[tuple[str, int, int], PDFImageXObject] = OrderedDict()


def draw_kept_image(canvas: Any, file: str, x: float, y: float, width: float, height: float) -> None:
    """`canvas.drawImage(file, x, y, width, height, mask="auto")`, the picture's PDF object made once
    for this version of the file and kept for the documents made after this one."""
    from reportlab.lib.utils import _digester
    from reportlab.pdfbase import pdfdoc

    doc = canvas._doc
    name = _digester(f"{file}{IMAGE_MASK}".encode())  # as drawImage names a file's picture
    registered = doc.getXObjectName(name)
    if registered not in doc.idToObject:
        stat = os.stat(file)
        key = (file, stat.st_size, stat.st_mtime_ns)
        kept = _kept_images.get(key)
        if kept is None:
            kept = _kept_images[key] = pdfdoc.PDFImageXObject(name, file, mask=IMAGE_MASK)
            _forget_oldest_images()
        _kept_images.move_to_end(key)
        image = copy.copy(kept)
        smask = vars(image).pop("_smask", None)
        canvas._setXObjects(image)
        doc.Reference(image, registered)
        doc.addForm(name, image)
        if smask is not None:
            smask = copy.copy(smask)
            mask_name = doc.getXObjectName(smask.name)
            if mask_name in doc.idToObject:
                image.smask = pdfdoc.PDFObjectReference(mask_name)
            else:
                canvas._setXObjects(smask)
                image.smask = doc.Reference(smask, mask_name)
    canvas.drawImage(file, x, y, width, height, mask=IMAGE_MASK)


def _forget_oldest_images() -> None:
    def size(image: PDFImageXObject) -> int:
        smask = getattr(image, "_smask", None)
        return len(image.streamContent) + (len(smask.streamContent) if smask is not None else 0)

    total = sum(size(image) for image in _kept_images.values())
    while len(_kept_images) > 1 and total > KEPT_IMAGE_BYTES:
        total -= size(_kept_images.popitem(last=False)[1])


# ---- a paragraph's lines ---------------------------------------------------------------------------------

def wrapped_lines(para: Paragraph) -> Any:
    """The lines `para.wrap` broke it into (ReportLab's ParaLines: `.lines`, `.kind`)."""
    return para.blPara


def cjk_line(chars: Sequence[str], width: float, used: float, extra: float, hard: bool, calc_bounds: bool) -> Any:
    """One line of a CJK paragraph made as ReportLab's own breaking makes it, from `chars` (each with its
    `.frag` and `.width`) that take `used` of the line's `width`, `extra` left over; `hard`: a forced break."""
    from reportlab.platypus.paragraph import makeCJKParaLine

    return makeCJKParaLine(chars, width, used, extra, hard, calc_bounds)
