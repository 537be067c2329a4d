"""Fitting paragraphs into a box: wrap (kinsoku for Japanese), shrink until it fits, or fail.

Measuring uses ReportLab's Paragraph but never a canvas; sheets/draw.py draws the result. ReportLab is
imported when text is first measured, so a command that finds its files up to date never loads it.
"""
from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, Literal

from pnp.fonts.fontset import FontSet
from pnp.geometry import MM
from pnp.text.content import Para
from tabletop.i18n import _
from tabletop.record import Record

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.lib.styles import ParagraphStyle

    from pnp.text.fallback import FallbackParagraph as Paragraph

MIN_SIZE = 6.0  # pt: the smallest text an insert may carry
_STEP = 0.04
_WIDOW_SHRINK = 0.12  # how much smaller text may get to keep a lone character off a last line


class TextStyle(Record):
    """How a paragraph looks: size (pt), weight, colour, alignment and spacing."""
    size: float
    bold: bool = False
    color: str = "#000000"
    align: str = "left"
    space_before: float = 0.0  # pt at full size
    leading: float = 1.28
    indent: float = 0.0  # pt at full size: a hanging indent (numbered steps keep their text clear of the number)
    one_line: bool = False  # shrunk to stay on one line (a title) before it wraps; wraps only below the floor


class Fitted(Record):
    """Paragraphs wrapped to a box at a common scale, with their total height."""
    paras: tuple[tuple[Paragraph, float], ...]  # (wrapped paragraph, space above it in pt)
    height: float
    scale: float


class TextOverflow(Exception):
    def __init__(self, what: str, detail: str = ""):
        super().__init__(f"{what} does not fit{': ' + detail if detail else ''}")
        self.detail = detail


@cache
def rl_color(spec: str) -> Color:
    """ReportLab's colour for `spec` ("#rrggbb"), made once: given the string, ReportLab would parse
    it again at every paragraph it draws, the slow way (hex is not among the forms it tries first)."""
    from reportlab.lib.colors import toColor

    return toColor(spec)


def paragraph_style(style: TextStyle, fonts: FontSet, lang: str, scale: float = 1.0,
                    min_size: float = 0.0) -> ParagraphStyle:
    from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
    from reportlab.lib.styles import ParagraphStyle

    size = max(style.size * scale, min(style.size, min_size))
    aligns: dict[str, Literal[0, 1, 2]] = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}
    align = aligns[style.align]
    made = ParagraphStyle(
        name=f"s{size:.2f}", fontName=fonts.bold if style.bold else fonts.regular, fontSize=size,
        leading=size * style.leading, textColor=rl_color(style.color), alignment=align,
        wordWrap="CJK" if lang == "ja" else None, splitLongWords=False, allowWidows=1,
        allowOrphans=1,
        # ReportLab lets a line run past the box by shrinking its spaces 5% (meant for justified
        # text); unjustified lines would then poke out, and the fitter rightly refuses them.
        spaceShrinkage=0)
    if style.indent:
        made.leftIndent = style.indent * size / style.size
        made.firstLineIndent = -made.leftIndent
    made.fontFaces = fonts.faces  # the fallback chain (fallback.py) each paragraph of this style uses
    made.fontScale = size / style.size if style.size else 1.0  # a span's own size shrinks with its text
    return made


@lru_cache(maxsize=1024)
def _measuring_style(style: TextStyle, fonts: FontSet, lang: str, scale: float, min_size: float) -> ParagraphStyle:
    """paragraph_style, made once for each size a fit tries: fitted paragraphs share it (and never
    change it; sheets/draw.py's flowing sheets, which do, make their own)."""
    return paragraph_style(style, fonts, lang, scale, min_size)


def fit(paras: tuple[Para, ...], styles: dict[str, TextStyle], width: float, height: float,
        fonts: FontSet, lang: str, min_size: float = MIN_SIZE, most: float = 1.0) -> Fitted:
    """The largest scale ≤ `most` at which every paragraph fits `width`×`height` (points). Styles
    shrink together, each stopping at `min_size` (or its own size if smaller). Raises TextOverflow."""
    return _fit(paras, tuple(sorted(styles.items())), round(width, 3), round(height, 3), fonts, lang,
                min_size, round(most, 4))


@lru_cache(maxsize=4096)
def _fit(paras, styles, width, height, fonts, lang, min_size, most=1.0) -> Fitted:
    table = dict(styles)
    for p in paras:
        if p.style not in table:
            raise KeyError(f"no text style {p.style!r}")
    largest = max(table[p.style].size for p in paras)
    scale, fallback = most, None
    while True:
        fitted = _try(paras, table, width, height, fonts, lang, scale, min_size)
        if fitted and not (lang == "ja" and any(_lone_last_char(para) for para, _ in fitted.paras)):
            return fitted
        fallback = fallback or fitted
        if largest * scale <= min_size or (fallback and scale <= fallback.scale - _WIDOW_SHRINK):
            break
        scale -= _STEP
    if fallback:
        return fallback
    raise TextOverflow("text", _("needs more than {width:.1f}×{height:.1f} mm even at {size:g} pt").format(
        width=max(width, 0) / MM, height=max(height, 0) / MM, size=min_size))


def bulleted(para: Para, style: ParagraphStyle) -> tuple[str, ParagraphStyle]:
    """A paragraph's markup and style as printed: a bulleted one (`<p bullet="・">`) has its bullet
    first and its text hanging from it, so wrapped lines start under the text, not under the bullet.
    The hang is the bullet's own width in this style and size (「・」 a full em, "• " a bullet and a
    space), so the second line starts exactly where the first line's text does."""
    if not para.bullet:
        return para.markup, style
    from xml.sax.saxutils import escape

    from pnp.text.fallback import text_width

    return escape(para.bullet) + para.markup, _hanging(style, round(text_width(para.bullet, style), 3))


@lru_cache(maxsize=256)
def _hanging(style: ParagraphStyle, hang: float) -> ParagraphStyle:
    """`style` with every line but the first indented by `hang` pt (made once per style and hang, so
    wrapped paragraphs stay cached by style)."""
    import copy

    made = copy.copy(style)
    made.leftIndent = style.leftIndent + hang
    made.firstLineIndent = style.firstLineIndent - hang
    return made


def _try(paras, table, width, height, fonts, lang, scale, min_size) -> Fitted | None:
    if width <= 0:  # a box squeezed to nothing (a tiny card); ReportLab would not wrap at all
        return None
    out, total = [], 0.0
    for i, p in enumerate(paras):
        style = table[p.style]
        own = _one_line_scale(p, style, fonts, lang, scale, min_size, width) if style.one_line else scale
        para, h, widest = _wrapped(*bulleted(p, _measuring_style(style, fonts, lang, own, min_size)), width)
        if widest > width + 0.01:
            return None
        space = table[p.style].space_before * scale if i else 0.0
        total += space + h
        if total > height + 0.01:
            return None
        out.append((para, space))
    return Fitted(tuple(out), total, scale)


UNWRAPPED = 1e5  # pt: a width no line reaches, to measure a paragraph's lines as written


def _one_line_scale(para: Para, style: TextStyle, fonts, lang, scale, min_size, width) -> float:
    """The scale (≤ `scale`) at which a `one_line` paragraph's lines stand unbroken in `width`, shrunk no
    further than the floor; `scale` where even the floor would not do (it then wraps, at the box's size)."""
    from pnp.reportlab_internals import wrapped_lines

    def lines(at: float, within: float) -> tuple[int, float]:
        wrapped = _wrapped(*bulleted(para, _measuring_style(style, fonts, lang, at, min_size)), within)[0]
        return len(wrapped_lines(wrapped).lines), _widest(wrapped)

    written, natural = lines(scale, UNWRAPPED)  # its own line breaks (<br/>) only
    if lines(scale, width)[0] == written:
        return scale
    floor = min(style.size, min_size) / style.size
    own = scale * width / natural
    for _attempt in range(6):  # widths go with the size, but ReportLab breaks a line a hair before it is full
        if own < floor:
            return scale
        if lines(own, width)[0] == written:
            return own
        own *= 0.995
    return scale


def overflowing(paras: tuple[Para, ...], styles: dict[str, TextStyle], width: float, height: float,
                fonts: FontSet, lang: str, min_size: float = MIN_SIZE) -> int:
    """Which paragraph a box that does not fit overflows at: at the floor size, the first too wide for
    `width` or reaching past `height` (points); the last if none does alone."""
    total = 0.0
    for i, p in enumerate(paras):
        style = styles[p.style]
        _para, h, widest = _wrapped(*bulleted(p, _measuring_style(style, fonts, lang, 0.0, min_size)), width)
        total += (style.space_before * min(1.0, min_size / style.size) if i else 0.0) + h
        if widest > width + 0.01 or total > height + 0.01:
            return i
    return len(paras) - 1


@lru_cache(maxsize=8192)
def _wrapped(markup: str, style: ParagraphStyle, width: float) -> tuple[Paragraph, float, float]:
    """The paragraph wrapped to `width`, its height and its widest line. Made once for each text,
    style and width: a label or a corner index many cards share is parsed and wrapped once (and
    drawn from the same object, as a fitted box shared by several places already is)."""
    from pnp.text.fallback import FallbackParagraph as Paragraph

    para = Paragraph(markup, style)
    _, height = para.wrap(width, 1e6)
    return para, height, _widest(para)


def _lone_last_char(para: Paragraph) -> bool:
    """A wrapped paragraph whose last line is one character (a title ending "…モン" / "ド")."""
    from pnp.reportlab_internals import wrapped_lines
    from pnp.text.kinsoku import line_texts

    lines = line_texts(wrapped_lines(para).lines)
    return len(lines) > 1 and len(lines[-1].strip()) == 1


def _widest(para: Paragraph) -> float:
    return max(para.getActualLineWidths0() or [0])
