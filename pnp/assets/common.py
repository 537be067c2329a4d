"""Pieces every asset shares: page and card size from the options, the footer, glyph checks."""
from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import partial

from pnp.base import BuildError, Options
from pnp.fonts.fontset import FontSet
from pnp.geometry import Rect, Size, parse_card_size, parse_paper, pt, to_mm
from pnp.reportlab_internals import wrapped_lines
from pnp.sheets.draw import TextArt
from pnp.text.content import Para, render
from pnp.text.fit import Fitted, TextOverflow, TextStyle, fit
from tabletop.data.errors import DataError
from tabletop.i18n import _

FOOTER_STYLE = {"footer": TextStyle(6.5, color="#444444", align="center", leading=1.15)}
# pt: the least a footer is printed at, so it stays legible: where
# the bottom margin is lower than that (Letter under 9 poker cards), the footer turns a quarter into a
# side margin rather than shrink; where a line is too long, it takes more lines, or leaves the names out.
FOOTER_MIN = 6.5
FOOTER_LEAST = to_mm(FOOTER_MIN * FOOTER_STYLE["footer"].leading)  # mm: one line at the smallest size
FOOTER_HEIGHT = 3 * FOOTER_LEAST  # mm: the most it takes, three lines (the game, the asset, the page)
_TAG = re.compile(r"<[^>]+>")


def page_size(opts: Options) -> tuple[str, Size]:
    try:
        return parse_paper(opts.paper)
    except ValueError as e:
        raise BuildError(str(e)) from None


def paper_part(opts: Options) -> list[str]:
    """The paper's part of a file name: none for Cricut's sheets, the same image on any paper."""
    return [] if opts.cutter == "cricut" else [page_size(opts)[0]]


def extras_part(opts: Options, backs: bool = True) -> list[str]:
    """The end of a file name for what a build adds to the plain one (a guide page, backs moved by
    --back-offset), so it never takes the plain file's name: inserts-a4-ja-guide.pdf,
    cards-a4-ja-offset1.5,-0.5.pdf. `backs`: whether the asset can have back pages."""
    parts = ["guide"] if opts.guide else []
    if backs and opts.back_offset != Options().back_offset:
        parts.append("offset{:g},{:g}".format(*opts.back_offset))
    return parts


def without_extras(opts: Options) -> Options:
    """The options of the plain build: a cutter's files are named after its PDF, for a guide page or
    moved backs change no sheet of fronts."""
    from tabletop.record import replace

    return replace(opts, guide=False, back_offset=Options().back_offset)


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


def footer(boxes: Sequence[Rect], game_title: str, asset: str, page: int, pages: int, lang: str,
           fonts: FontSet, sides: Sequence[Rect] = ()) -> TextArt | None:
    """The page's footer in the first of `boxes` it fits, else turned a quarter (reading upwards) in the
    first of the upright strips `sides`; every line of it whole (a footer broken mid-word,
    「100%(実際/のサイズ)」, reads as two notes): the full line; where it is too wide, the names on one
    line and the page and print-scale note on the next, or the game, the asset and the page on three;
    where the margin is low and narrow, one line of the game (shortened with … if need be), the page
    and a shorter note; where not even that fits, only the page number and the note (one line, or
    two). Never smaller than FOOTER_MIN; None where it fits nowhere."""
    forms = ((False, 1, False), (False, 2, False), (False, 3, False), (False, 1, True), (True, 1, False),
             (True, 2, False))
    # A side strip's text runs along its height: the box is the strip turned about its centre.
    places = [(box, 0) for box in boxes] + [
        (Rect(s.x + s.w / 2 - s.h / 2, s.y + s.h / 2 - s.w / 2, s.h, s.w), 90) for s in sides]
    for (box, turn), (short, lines, brief) in ((place, form) for place in places for form in forms):
        fitted = partial(_footer_fit, box, asset=asset, page=page, pages=pages, lang=lang, fonts=fonts, short=short,
                         lines=lines, brief=brief)
        text = fitted(game_title)
        if text is None and brief:
            text = fitted(_shortened(game_title, lambda game, fitted=fitted: fitted(game) is not None))
        if text is not None:
            return TextArt(box, text, valign="middle", rotation=turn)
    return None  # a crowded margin keeps its guides and drops the footer


def _footer_fit(box: Rect, game: str, asset: str, page: int, pages: int, lang: str, fonts: FontSet,
                short: bool, lines: int, brief: bool) -> Fitted | None:
    """One form of the footer fitted in `box`, each of its lines unbroken; None if it does not fit."""
    style = FOOTER_STYLE["footer"]
    markup = render("common/footer.j2", lang=lang, game=game, asset=asset, page=page, pages=pages,
                    short=short, lines=lines, brief=brief)
    paras = tuple(Para(line.strip(), "footer") for line in markup.strip().split("\n"))
    # No more height than its lines take at full size, so the fit shrinks the type rather than wrap.
    height = min(pt(box.h), lines * style.size * style.leading)
    try:
        fitted = fit(paras, FOOTER_STYLE, pt(box.w), height, fonts, lang, min_size=FOOTER_MIN)
    except TextOverflow:
        return None
    return fitted if all(len(wrapped_lines(para).lines) == 1 for para, _ in fitted.paras) else None


SHORTEST_TITLE = 4  # characters of a shortened game title, before the …: fewer no longer name it


def _shortened(title: str, fits) -> str:
    """The longest `title` cut short with … that `fits`; the shortest such cut if none does."""
    low, high = SHORTEST_TITLE, len(title) - 1  # the longest cut that fits lies between
    best = title[:SHORTEST_TITLE].rstrip() + "…"
    while low <= high:
        middle = (low + high) // 2
        cut = title[:middle].rstrip() + "…"
        if fits(cut):
            best, low = cut, middle + 1
        else:
            high = middle - 1
    return best


def plain(markup: str) -> str:
    return html.unescape(_TAG.sub("", markup))


def check_glyphs(text: str, fonts: FontSet, where: str, file=None) -> None:
    missing = fonts.missing(plain(text))
    if missing:
        raise DataError(_("the font has no glyph for {characters} (use --font with a font that does)")
                        .format(characters=" ".join(missing)), file=file, where=where)
