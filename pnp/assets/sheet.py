"""Summary sheets: a template renders headings, paragraphs and tables; they flow over A4/Letter."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.assets.common import FOOTER_HEIGHT, check_glyphs, extras_part, footer, page_size
from pnp.base import Built, Options, PrintedGame, author
from pnp.fonts.fontset import FontSet
from pnp.geometry import MIN_MARGIN, Rect
from pnp.layout.facelayout import field_style, file_styles, layout_file
from pnp.layout.keys import TableOptions
from pnp.sheets import draw
from pnp.text import content
from pnp.text.fit import TextStyle
from tabletop.record import Record, replace

MARGIN = 10.0  # mm


class Look(Record):
    """How densely a sheet is set: its text styles and its tables' cells."""
    styles: dict[str, TextStyle]
    table: draw.TableLook = draw.TableLook()


def sheet_looks() -> tuple[Look, ...]:
    """The sheet layout's looks, loosest first (`templates/layouts/sheet.toml`): its styles and table,
    then each `[[tighter]]` look over the one before it."""
    file = layout_file("sheet")
    look = Look(file_styles(file), _table(draw.TableLook(), file.table))
    looks = [look]
    for tighter in file.tighter:
        styles = {name: field_style(look.styles.get(name, TextStyle(9)), spec)
                  for name, spec in tighter.fields.items()}
        look = Look({**look.styles, **styles}, _table(look.table, tighter.table))
        looks.append(look)
    return tuple(looks)


def _table(base: draw.TableLook, spec: TableOptions) -> draw.TableLook:
    changes = {k: v for k in ("side", "top", "bottom", "space_before") if (v := getattr(spec, k)) is not None}
    return replace(base, **changes)


# A sheet that would spill a little onto a page of its own (KILL SHOT's and 24's last table, LIAR
# MAFIA's last line on Letter) takes the loosest look that prints it on the fewest pages.
LOOKS = sheet_looks()


def loosest_fewest(flow: Callable[[Look], tuple[bytes, int]]) -> tuple[Look, bytes, int]:
    """The loosest of LOOKS that flows the sheet on as few pages as the tightest does, with its PDF
    and page count. A one-page sheet is never set tighter."""
    pdf, pages = flow(LOOKS[0])
    if pages == 1:
        return LOOKS[0], pdf, pages
    tightest = flow(LOOKS[-1])
    if pages <= tightest[1]:
        return LOOKS[0], pdf, pages
    for look in LOOKS[1:-1]:
        pdf, pages = flow(look)
        if pages <= tightest[1]:
            return look, pdf, pages
    return (LOOKS[-1], *tightest)


class SummarySheet(Record):
    """A template flowing over as many A4/Letter pages as it needs."""
    name: str
    label: dict[str, str]
    template: str
    context: Callable[[Any, Options], dict[str, Any]]

    def filename(self, opts: Options) -> str:
        return "-".join([self.name, page_size(opts)[0], opts.lang, *extras_part(opts, backs=False)]) + ".pdf"

    def build(self, game: PrintedGame, model: Any, opts: Options, fonts: FontSet) -> Built:
        xml = content.render(self.template, lang=opts.lang, **self.context(model, opts))
        check_glyphs(xml, fonts, self.name, game.data_file(opts.cards_dir))
        blocks = content.parse_doc(xml)
        _, page = page_size(opts)
        # Under the text frame, MIN_MARGIN from the edge: home printers print no closer.
        box = Rect(MARGIN, MIN_MARGIN, page.w - 2 * MARGIN, FOOTER_HEIGHT)

        def page_footer(n: int, pages: int):
            return footer([box], game.title[opts.lang], self.label[opts.lang], n, pages, opts.lang, fonts)

        info = draw.DocInfo(f"{game.title[opts.lang]} — {self.label[opts.lang]}", lang=opts.lang,
                              author=author(model))

        def flow(look: Look, lead=([], [])) -> tuple[bytes, int]:
            return draw.flowing_document(page, MARGIN, blocks, look.styles, fonts, info, page_footer, lead,
                                           look.table)

        look, pdf, pages = loosest_fewest(flow)
        if opts.guide:  # the guide says how many pages follow: lay them out first, then again behind it
            from pnp.assets import guide

            paper = page_size(opts)[0]
            facts = guide.Facts(game.title[opts.lang], self.label[opts.lang], "page", pages, pages, paper,
                                guide.runs(["sheet"] * pages, 1), 1)
            lead = guide.lead_sheets(facts, page, fonts, opts.lang, 0)
            pdf, pages = flow(look, lead)
            return Built(pdf, pages + 1, len(blocks))
        return Built(pdf, pages, len(blocks))
