"""The one place the kit reaches into ReportLab's unpublished parts, each where ReportLab offers no
public way to do the job; `tests/test_reportlab_internals.py` has a canary for each, which fails
naming what moved when a ReportLab release changes it (the symptom would otherwise be a PDF that
differs, or a font parsed on every run).

- **Pages held for their footers** (`held_pages_canvas`): a summary sheet's footer says "page n of m",
  and m is known only once the last page is laid out. ReportLab's canvas starts each page in
  `_startPage` and keeps the page under way in its instance attributes; the held-pages canvas keeps a
  copy of those attributes for each finished page and draws them, with their footers, when the
  document is saved (ReportLab's own documentation numbers pages this way). Laying the document out
  twice would double a sheet's time.
- **A font parse kept between runs** (`parsed_state`, `font_from_state`, `font_bytes`): ReportLab
  parses a TrueType file into a `TTFont` and its `TTFontFace` every run (45 ms a face). The font cache
  (`parsedfonts.py`) stores the parse and makes the objects again without parsing: it creates them
  without their constructors and sets their attributes, among them the face's `_ttf_data` (the
  file's bytes, which subsetting reads tables from) and `_pdfScale` (font units to PDF units).
- **A paragraph's lines** (`wrapped_lines`): `Paragraph.wrap` breaks the lines and keeps them as
  `blPara`, which ReportLab's own split and draw read; the kit reads it to see how a text broke and to
  hand a split paragraph's first half the lines ReportLab gave it.
- **The canvas's font** (`canvas_font`): a graphics drawing (an SVG picture) starts its state with
  Helvetica unless the drawing names a font; the drawing is given the canvas's own (embedded) font (`initialFontName`), read
  from its `_fontname`, so no page refers to a font it does not embed.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.platypus import Paragraph

def canvas_font(canvas: Any) -> str:
    """The name of the canvas's current font."""
    return canvas._fontname


# ---- pages held for their footers ------------------------------------------------------------------------


@lru_cache(maxsize=None)
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


def font_from_state(name: str, font_state: dict, face_state: dict, face_class: type, data: Any,
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


# ---- a paragraph's lines ---------------------------------------------------------------------------------

def wrapped_lines(para: Paragraph) -> Any:
    """The lines `para.wrap` broke it into (ReportLab's ParaLines: `.lines`, `.kind`)."""
    return para.blPara
