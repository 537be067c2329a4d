"""Summary sheets: a template renders headings, paragraphs and tables; they flow over A4/Letter."""
from __future__ import annotations

from typing import Any, Callable

from tabletop.record import Record

from .. import content, render
from ..fonts import FontSet
from ..geometry import MIN_MARGIN, Rect
from ..text import TextStyle
from . import Built, Game, Options
from .common import FOOTER_HEIGHT, check_glyphs, footer, page_size

MARGIN = 10.0  # mm
SHEET_STYLES = {
    "h1": TextStyle(10.5, bold=True, color="#8a0f22", space_before=7, leading=1.3),
    "h2": TextStyle(9, bold=True, space_before=5, leading=1.3),
    "title": TextStyle(15, bold=True, leading=1.3),
    "body": TextStyle(8.5, space_before=2, leading=1.4),
    "small": TextStyle(7.5, color="#444444", space_before=2, leading=1.35),
    "cell": TextStyle(7.5, leading=1.3),
    "th": TextStyle(7.5, bold=True, leading=1.3),
}


class SummarySheet(Record):
    """A template flowing over as many A4/Letter pages as it needs."""
    name: str
    label: dict[str, str]
    template: str
    context: Callable[[Any, Options], dict[str, Any]]

    def filename(self, opts: Options) -> str:
        return f"{self.name}-{page_size(opts)[0]}-{opts.lang}.pdf"

    def build(self, game: Game, model: Any, opts: Options, fonts: FontSet) -> Built:
        xml = content.render(self.template, lang=opts.lang, **self.context(model, opts))
        check_glyphs(xml, fonts, self.name, game.data_file(opts.cards_dir))
        blocks = content.parse_doc(xml)
        _, page = page_size(opts)
        # Under the text frame, MIN_MARGIN from the edge: home printers print no closer.
        box = Rect(MARGIN, MIN_MARGIN, page.w - 2 * MARGIN, FOOTER_HEIGHT)

        def page_footer(n: int, pages: int):
            return footer([box], game.title[opts.lang], self.label[opts.lang], n, pages, opts.lang, fonts)

        info = render.DocInfo(f"{game.title[opts.lang]} — {self.label[opts.lang]}", lang=opts.lang)
        pdf, pages = render.flowing_document(page, MARGIN, blocks, SHEET_STYLES, fonts, info, page_footer)
        if opts.guide:  # the guide says how many pages follow: lay them out first, then again behind it
            from .. import guide

            paper = page_size(opts)[0]
            facts = guide.Facts(game.title[opts.lang], self.label[opts.lang], "page", pages, pages, paper,
                                guide.runs(["sheet"] * pages, 1), 1)
            lead = guide.lead_sheets(facts, page, fonts, opts.lang, 0)
            pdf, pages = render.flowing_document(page, MARGIN, blocks, SHEET_STYLES, fonts, info, page_footer, lead)
            return Built(pdf, pages + 1, len(blocks))
        return Built(pdf, pages, len(blocks))
