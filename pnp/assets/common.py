"""Pieces every asset shares: page and card size from the options, the footer, glyph checks."""
from __future__ import annotations

import html
import re

from ..content import Para, render
from tabletop.data.errors import DataError
from ..fonts import FontSet
from ..geometry import Rect, Size, parse_card_size, parse_paper, pt
from ..render import TextArt
from ..text import TextOverflow, TextStyle, fit
from . import BuildError, Options
from tabletop.i18n import _

FOOTER_STYLE = {"footer": TextStyle(6, color="#444444", align="center", leading=1.15)}
FOOTER_MIN = 4.5
FOOTER_FULL_MIN = 5.5  # pt: smaller than this, the footer leaves out the game and asset names
FOOTER_HEIGHT = 5.0
_TAG = re.compile(r"<[^>]+>")


def page_size(opts: Options) -> tuple[str, Size]:
    try:
        return parse_paper(opts.paper)
    except ValueError as e:
        raise BuildError(str(e)) from None


def card_size(opts: Options) -> Size:
    try:
        return parse_card_size(opts.card_size)
    except ValueError as e:
        raise BuildError(str(e)) from None


def variant(opts: Options, defaults: Options = Options()) -> str:
    """The part of a file name that tells non-default card options apart."""
    parts = [opts.style] if opts.style != defaults.style else []
    if opts.card_size != defaults.card_size:
        parts.append(opts.card_size.lower().replace("×", "x"))
    return "".join(f"{p}-" for p in parts)


def footer(box: Rect | None, game_title: str, asset: str, page: int, pages: int, lang: str,
           fonts: FontSet) -> TextArt | None:
    """The page's footer in `box`; where the full line would get smaller than FOOTER_FULL_MIN (a
    narrow gap between guides), only the page number and the print-scale note."""
    if box is None:
        return None
    for short, min_size in ((False, FOOTER_FULL_MIN), (True, FOOTER_MIN)):
        markup = render("common/footer.j2", lang=lang, game=game_title, asset=asset, page=page, pages=pages,
                        short=short)
        try:
            fitted = fit((Para(markup.strip(), "footer"),), FOOTER_STYLE, pt(box.w), pt(box.h), fonts, lang,
                         min_size=min_size)
        except TextOverflow:
            continue
        return TextArt(box, fitted, valign="middle")
    return None  # a crowded margin keeps its guides and drops the footer


def plain(markup: str) -> str:
    return html.unescape(_TAG.sub("", markup))


def check_glyphs(text: str, fonts: FontSet, where: str, file=None) -> None:
    missing = fonts.missing(plain(text))
    if missing:
        raise DataError(_("the font has no glyph for {characters} (use --font with a font that does)")
                        .format(characters=" ".join(missing)), file=file, where=where)
