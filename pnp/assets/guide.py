"""The optional first page of a built PDF (`pnp build --guide`): what the file holds, which of its
pages to print one-sided and which two-sided, the scale check, and how to cut (and fold).

It goes before the asset's own pages and leaves them as they are: their footers keep counting the
asset's pages (the guide names both numbers) and a cutter's cut files keep their names. Before duplex
pages it takes a blank back of its own, so the whole file printed two-sided still puts every back
behind its front; the page numbers it gives are those a print dialogue asks for.
"""
from __future__ import annotations

from collections.abc import Sequence

from pnp.assets.cardfaces import lay_out
from pnp.fonts.fontset import FontSet
from pnp.geometry import Rect, Size
from pnp.layout.facelayout import BoxSpec, FaceLayout
from pnp.sheets.draw import FaceArt, SheetArt
from pnp.sheets.imposition import Placement, Sheet
from pnp.text import content
from pnp.text.fit import TextStyle
from tabletop.record import Record

MARGIN = 15.0  # mm from the page edge to the text (home printers print no closer than 5)
STEP_INDENT = 13.0  # pt: "9. " at the step size, so a step's lines start clear of its number
STYLES = {
    "title": TextStyle(16, bold=True, leading=1.3),
    "sub": TextStyle(10, color="#444444", leading=1.4, space_before=2),
    "h": TextStyle(11, bold=True, color="#8a0f22", leading=1.3, space_before=12),
    "body": TextStyle(9.5, leading=1.45, space_before=2),
    "step": TextStyle(9.5, leading=1.45, space_before=4, indent=STEP_INDENT),
    "note": TextStyle(8.5, color="#444444", leading=1.4, space_before=4),
    "blank": TextStyle(8.5, color="#444444", leading=1.4, align="center"),
}
LINE_MAX = 180.0  # mm: a landscape page's lines no longer than a portrait one's, to stay easy to read
MIN_SIZE = 7.5  # pt: the guide shrinks no further to fit a page


class Run(Record):
    """Consecutive pages of the PDF printed the same way: `duplex` (fronts, each followed by its
    backs), `one` (fronts without backs), `fold` (fronts and backs on one side) or `any` (a sheet of
    text, printed as one likes)."""
    first: int
    last: int
    sides: str


class Facts(Record):
    """What the guide says about one built file."""
    game: str
    asset: str
    piece: str  # card | chip | insert | page (a summary sheet)
    count: int  # pieces, or a sheet's pages
    sheets: int  # sheets of paper printed
    paper: str  # a4, letter-landscape…
    runs: tuple[Run, ...]
    lead: int  # pages of guide before the asset's own: 1, or 2 with its blank back
    size: Size | None = None  # a piece's trim (a chip's: its diameter twice)
    backs: str = "none"  # as printed: duplex-long | duplex-short | fold | none
    guides: str = "none"  # lines | corners | none (a chip's circle is its cut line)
    bleed: float = 0.0
    style: str = "full"  # an insert's
    cutter: str | None = None
    cut_file: str = ""  # a cutter's cut files: <cut_file>-p<n>.dxf


def lead_pages(kinds: Sequence[str]) -> int:
    """The guide's pages: with a blank back where the asset's pages are printed duplex."""
    return 2 if "backs" in kinds else 1


def runs(kinds: Sequence[str], lead: int) -> tuple[Run, ...]:
    """The asset's pages (kinds as `backs.Page.kind`, or `sheet`) grouped by how they are printed,
    numbered as in the whole PDF."""
    out: list[Run] = []
    i = 0
    while i < len(kinds):
        pair = kinds[i] == "fronts" and i + 1 < len(kinds) and kinds[i + 1] == "backs"
        sides = "duplex" if pair else {"fold": "fold", "sheet": "any"}.get(kinds[i], "one")
        first, last = lead + i + 1, lead + i + (2 if pair else 1)
        if out and out[-1].sides == sides:
            out[-1] = Run(out[-1].first, last, sides)
        else:
            out.append(Run(first, last, sides))
        i += 2 if pair else 1
    return tuple(out)


def page_art(facts: Facts, page: Size, fonts: FontSet, lang: str) -> FaceArt:
    """The guide as a face the size of the page, its text fitted inside the margins."""
    xml = content.render("common/guide.j2", lang=lang, f=facts, blank=False)
    return _fitted(xml, page, fonts, lang)


def blank_art(page: Size, fonts: FontSet, lang: str) -> FaceArt:
    """The guide's back: empty but for a line saying why it is there."""
    return _fitted(content.render("common/guide.j2", lang=lang, f=None, blank=True), page, fonts, lang, "middle")


def _fitted(xml: str, page: Size, fonts: FontSet, lang: str, valign: str = "top") -> FaceArt:
    width = min(page.w - 2 * MARGIN, LINE_MAX)
    box = Rect((page.w - width) / 2, MARGIN, width, page.h - 2 * MARGIN)
    layout = FaceLayout(page, {"body": (BoxSpec(box, valign=valign),)}, STYLES, MIN_SIZE)
    return lay_out(content.parse_face(xml), layout, fonts, lang, "guide", None)


def lead_sheets(facts: Facts, page: Size, fonts: FontSet, lang: str,
                first_face: int) -> tuple[list[SheetArt], list[FaceArt]]:
    """The guide's pages, ready to go before the asset's, and their faces (numbered from `first_face`)."""
    whole = Rect(0, 0, page.w, page.h)
    faces = [page_art(facts, page, fonts, lang)] + ([blank_art(page, fonts, lang)] if facts.lead == 2 else [])
    sheets = [SheetArt(Sheet(page, (Placement(first_face + n, whole),), 0.0, "none"), [], None)
              for n in range(len(faces))]
    return sheets, faces
