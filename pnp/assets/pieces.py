"""Card-sized pieces on sheets: sleeve inserts, cards and chips, each a front face (template +
layout + artwork, `cardfaces.py`) and maybe a back, printed duplex (long or short edge),
fold-and-glue or not at all (pnp/sheets/backs.py decides where). Pieces without backs print fronts only.

A game's print file (through `wiring.py`) or a user's deck describes its pieces as `Piece`s (a front
`Face` and the key of its back) and the distinct backs as `Face`s; this module lays out the text,
imposes the sheets and renders them.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markupsafe import Markup

from pnp.assets.cardfaces import Face, fit_together
from pnp.assets.common import (
    FOOTER_HEIGHT,
    FOOTER_LEAST,
    extras_part,
    footer,
    page_size,
    paper_part,
    variant,
    without_extras,
)
from pnp.base import BackMode, BuildError, Built, Guides, Options, PrintedGame, author
from pnp.fonts.fontset import FontSet
from pnp.geometry import MIN_MARGIN, Rect, Size, SlotGrid, grid, grid_capacity, safe_bleed
from pnp.sheets import backs as backs_mod
from pnp.sheets import cutpath, cutter, draw, pagepng
from pnp.sheets.draw import FaceArt, FillArt, ImageArt, ShapeArt, SheetArt
from pnp.sheets.imposition import (
    footer_boxes,
    guide_clearance,
    guide_segments,
    plan_fronts,
    ruler_box,
    side_footer_boxes,
)
from pnp.text import content
from tabletop.i18n import _
from tabletop.record import Record, field, replace

_SIDE_LABEL = {"backs": {"ja": "裏面", "en": "backs"}, "fold": {"ja": "中央で折る", "en": "fold in the middle"}}


def _side_label(kind: str, lang: str) -> str:
    """What the footer adds to the asset's label on a page of backs or a folded sheet: in brackets,
    full-width ones in Japanese (「マフィアカード（裏面）」)."""
    if kind not in _SIDE_LABEL:
        return ""
    label = _SIDE_LABEL[kind][lang]
    return f"（{label}）" if lang == "ja" else f" ({label})"


class Piece(Record):
    """One card-sized piece: its front face, the key of its back and its names."""
    id: str
    front: Face
    back: str | None = None  # key into PieceSet.backs
    name: str = ""  # readable, in the build's language (exports show it, e.g. as a TTS card's name); default: id
    where: str = ""  # the data it prints, as errors name it (`cards[H3]`); default: <asset>[<id>]


class PieceSet(Record):
    """The pieces of an asset with their distinct backs, size, gutter and guides."""
    size: Size
    pieces: list[Piece]
    backs: dict[str, Face] = field(default_factory=dict)
    gutter: float = 0.0  # at least this much between pieces (chips need room for scissors)
    guides: Guides | None = None  # overrides --guides (chips: their printed circle is the cut line)


Maker = Callable[[Any, Options, Size], PieceSet]  # model, options, card size → pieces


class Cards(Record):
    """Card-sized pieces (inserts, cards, chips) laid out, imposed with their backs and drawn."""
    name: str
    label: dict[str, str]
    make: Maker
    size: Callable[[Options], Size]  # the piece size these options ask for
    piece: str = "card"  # what one piece is called on the guide page (pnp/assets/guide.py): card, chip or insert

    def filename(self, opts: Options) -> str:
        """<asset>-[<size>-][<backs>-]<paper>-<lang>.pdf; size and backs only when not the default."""
        default = Options()
        size = self.size(opts)
        parts = [f"{size.w:g}x{size.h:g}"] if size != self.size(default) else []
        if opts.print_shop:  # a page per face: no paper size, no back mode
            return "-".join([self.name, "printshop", *parts, opts.lang]) + ".pdf"
        parts += [opts.cutter] if opts.cutter else []
        parts += [opts.backs] if opts.backs != default.backs else []
        return "-".join([self.name, *parts, *paper_part(opts), opts.lang, *extras_part(opts)]) + ".pdf"

    def cut_radius(self, opts: Options, size: Size) -> float:
        """The corners of a piece's outline, mm, for a cutter's path or a shop's die line: a chip is
        a circle (half its diameter), a card as --corner-radius asks."""
        return min(size.w, size.h) / 2 if self.piece == "chip" else opts.corner_radius

    def lay_out(self, model: Any, opts: Options, fonts: FontSet,
                data_file) -> tuple[PieceSet, list[FaceArt], list[backs_mod.CardSides]]:
        """The pieces, every face's artwork (fronts then backs) and each piece's face indices."""
        size = self.size(opts)
        pieces = self.make(model, opts, size)
        faces = [p.front for p in pieces.pieces] + list(pieces.backs.values())
        wheres = ([p.where or f"{self.name}[{p.id}]" for p in pieces.pieces]
                  + [f"{self.name}[back {key}]" for key in pieces.backs])
        arts = fit_together(faces, size, opts, fonts, wheres, data_file)
        back_index = {key: len(pieces.pieces) + n for n, key in enumerate(pieces.backs)}
        cards = [backs_mod.CardSides(i, back_index[p.back] if p.back else None) for i, p in enumerate(pieces.pieces)]
        return pieces, arts, cards

    def build(self, game: PrintedGame, model: Any, opts: Options, fonts: FontSet) -> Built:
        if opts.print_shop:
            from pnp.sheets import printshop

            return printshop.build(self, game, model, opts, fonts, opts.icc_profile)
        pieces, arts, cards = self.lay_out(model, opts, fonts, game.data_file(opts.cards_dir))
        page = page_size(opts)[1]
        mode = opts.backs if any(card.back is not None for card in cards) else "none"
        if opts.cutter:
            page = cutter.sheet(opts.cutter, page)
            if mode == "fold":
                raise BuildError(_("--cutter cuts one-sided or duplex sheets, not fold-and-glue ones"))
            try:
                cutter.check_radius(opts.corner_radius, pieces.size)
            except ValueError as e:
                raise BuildError(str(e)) from None
        # A cutter's sheet keeps every card inside its machine's margin (Silhouette's: its marks' frame) and
        # draws no cut lines: the machine cuts.
        margin = cutter.margin(opts.cutter) if opts.cutter else MIN_MARGIN
        guides: Guides = "none" if opts.cutter else pieces.guides or opts.guides
        bleed, gutter = sheet_spacing(opts, pieces, arts, page, mode, margin + guide_clearance(guides))
        try:
            sheet_grid = grid(page, pieces.size, gutter, bleed, **({"margin": margin + bleed} if opts.cutter else {}))
            if opts.cutter == "cricut":
                pages = cricut_pages(cards, sheet_grid, mode, opts.back_offset)
            else:
                pages = backs_mod.impose(cards, sheet_grid, mode, opts.back_offset, guides)
        except ValueError as e:
            raise BuildError(str(e)) from None
        label = self.label[opts.lang]
        sheets, extras, cut = [], [], []
        for n, p in enumerate(pages, 1):
            segments = guide_segments(p.sheet)
            boxes = footer_boxes(p.sheet, segments, FOOTER_HEIGHT, FOOTER_LEAST)
            sides = side_footer_boxes(p.sheet, segments, FOOTER_HEIGHT, FOOTER_LEAST)
            side = _side_label(p.kind, opts.lang)
            folds = ((0.0, p.fold_y, page.w, p.fold_y),) if p.fold_y is not None else ()
            foot = footer(boxes, game.title[opts.lang], label + side, n, len(pages), opts.lang, fonts, sides)
            ruler = ruler_box(p.sheet, segments, _footprint(foot))
            marks: tuple[Rect, ...] = ()
            if opts.cutter and p.kind == "fronts":  # the machine reads the printed side it cuts
                cut.append(n)
                marks = tuple(cutter.marks(page)) if opts.cutter == "silhouette" else ()
                extras += cut_files(opts.cutter, p.sheet, n, self.cut_radius(opts, pieces.size))
            sheets.append(SheetArt(p.sheet, segments, foot, folds, ruler, marks))
        if opts.guide:
            lead, faces = self._guide(game, opts, fonts, pieces, [p.kind for p in pages], len(arts), bleed, mode, page)
            sheets, arts = lead + sheets, arts + faces
        info = draw.DocInfo(f"{game.title[opts.lang]} — {label}", lang=opts.lang, author=author(model))
        refs = tuple((p.id, p.name or p.id, c.front, c.back) for p, c in zip(pieces.pieces, cards))
        pdf = draw.card_sheets(sheets, arts, fonts, info)
        if opts.cutter == "cricut":  # Design Space takes each sheet of fronts as an image, its cut path beside
            before = len(sheets) - len(pages)  # the guide's pages stand before the sheets
            extras = [(f"-p{n}.png", pagepng.exact_png(pdf, before + n, cutter.cricut_pixels(), cutter.CRICUT_DPI))
                      for n in cut] + extras
        return Built(pdf, len(sheets), len(cards), tuple(p.sheet for p in pages), refs, tuple(extras))

    def _guide(self, game: PrintedGame, opts: Options, fonts: FontSet, pieces: PieceSet, kinds: list[str],
               first_face: int, bleed: float, mode: str, page: Size) -> tuple[list[SheetArt], list[FaceArt]]:
        """The guide page (`--guide`) and its blank back where the sheets are printed duplex, the size
        of the sheets (a Cricut sheet's image is smaller than the paper)."""
        from pnp.assets import guide

        lead = guide.lead_pages(kinds)
        paper = page_size(opts)[0]
        facts = guide.Facts(
            game.title[opts.lang], self.label[opts.lang], self.piece, len(pieces.pieces),
            sum(kind != "backs" for kind in kinds), paper, guide.runs(kinds, lead), lead, pieces.size, mode,
            "none" if opts.cutter else pieces.guides or opts.guides, bleed, opts.style, opts.cutter,
            self.filename(without_extras(opts)).removesuffix(".pdf"))
        return guide.lead_sheets(facts, page, fonts, opts.lang, first_face)


def cricut_pages(cards: list[backs_mod.CardSides], sheet_grid: SlotGrid, mode: BackMode,
                 offset: tuple[float, float]) -> list[backs_mod.Page]:
    """A Cricut's sheets, each with its cards' block centred on the image. Design Space sizes an
    uploaded SVG to its outlines and its "Align → Center" puts their middle on the image's middle, so
    a part-filled sheet keeps its cards on a grid just large enough for them, centred like a full
    one: the outlines then land on the printed cards. The top margin keeps room for the scale check
    (chips fill the image otherwise): the grid loses a row until it is there."""
    rows = sheet_grid.rows
    while rows > 1 and not _ruler_fits(replace(sheet_grid, rows=rows)):
        rows -= 1
    per_page = sheet_grid.cols * rows
    pages: list[backs_mod.Page] = []
    for start in range(0, len(cards), per_page):
        chunk = cards[start:start + per_page]
        cols = min(sheet_grid.cols, len(chunk))
        pages += backs_mod.impose(chunk, replace(sheet_grid, cols=cols, rows=-(-len(chunk) // cols)), mode,
                                  offset, "none")
    return pages


def _ruler_fits(sheet_grid: SlotGrid) -> bool:
    """Whether a full sheet of this grid leaves room for the scale check beside a footer's strip."""
    [sheet] = plan_fronts(sheet_grid.per_page, sheet_grid, "none")
    room = footer_boxes(sheet, [], FOOTER_HEIGHT, FOOTER_LEAST)
    footprint = room[0] if room else None
    return ruler_box(sheet, [], footprint) is not None


def cut_files(machine: str, sheet, n: int, radius: float) -> list[tuple[str, bytes]]:
    """Sheet `n`'s cut path, its outlines on the pieces' trims with corners of `radius`: SVG for both
    machines, and DXF for Silhouette Studio's basic edition, which imports no SVG."""
    trims = [pl.trim for pl in sheet.placements]
    files = [(f"-p{n}.svg", cutpath.svg(sheet.page, trims, radius).encode())]
    if machine == "silhouette":
        files.append((f"-p{n}.dxf", cutpath.dxf(sheet.page, trims, radius).encode()))
    return files


def _footprint(foot) -> Rect | None:
    """The page area a footer covers (its box turned as it is drawn), for the scale check to keep clear of."""
    if foot is None:
        return None
    box = foot.box
    if foot.rotation % 180:
        return Rect(box.x + box.w / 2 - box.h / 2, box.y + box.h / 2 - box.w / 2, box.h, box.w)
    return box


def sheet_spacing(opts: Options, pieces: PieceSet, arts: list[FaceArt], page: Size, mode: str,
                  margin: float = MIN_MARGIN) -> tuple[float, float]:
    """The bleed and gutter a sheet is laid out with. Asked for (`--bleed`, `--gutter`, either one): as
    asked, 0 for the other. By default, where some face's colour reaches its edge: the safe bleed, as
    much as the sheet has room for without holding fewer pieces (9 poker cards on A4 and on Letter),
    so a cut a little off the line or a back page drifting in a duplex printer shows the card's own
    colour, never a neighbour's; faces of white paper (chips, score cards) gain nothing from it."""
    gutter = max(opts.gutter or 0.0, pieces.gutter)
    if opts.bleed is not None or opts.gutter is not None:
        return opts.bleed or 0.0, gutter
    if not any(colour_past_trim(art, pieces.size) for art in arts):
        return 0.0, gutter
    capacity: Callable[[float], int]
    if mode == "fold":
        def capacity(bleed: float) -> int:
            cols, rows = backs_mod.fold_fit(page, pieces.size, gutter, bleed, margin)
            return max(cols, 0) * max(rows, 0)
    else:
        capacity = grid_capacity(page, pieces.size, gutter, margin)
    # A machine's cut lands within about half a millimetre of the line: a thinner bleed would show a
    # neighbour's colour, so a cutter's sheet keeps this much even at the cost of a row of cards.
    return safe_bleed(capacity, least=cutter.LEAST_BLEED if opts.cutter else 0.0), gutter


def colour_past_trim(art: FaceArt, size: Size) -> bool:
    """Whether a face draws past its trim (a frame's colour, a back's pattern), not white paper."""
    trim = Rect(0, 0, size.w, size.h)
    return any((isinstance(item, FillArt) and not trim.contains(item.box) and item.color.lower() != "#ffffff")
               or (isinstance(item, ShapeArt) and item.clip) or (isinstance(item, ImageArt) and any(item.reach))
               for item in art.items)


class Inserts(Cards):
    """Sleeve inserts: a front each, no backs; their layout follows --style (an overlay insert is
    narrower than the card it goes over). Named <asset>-[<style>-][<size>-]<paper>-<lang>.pdf."""
    piece: str = "insert"

    def filename(self, opts: Options) -> str:
        if opts.print_shop:
            return f"{self.name}-printshop-{variant(opts)}{opts.lang}.pdf"
        machine = f"{opts.cutter}-" if opts.cutter else ""
        return (f"{self.name}-{machine}{variant(opts)}"
                + "-".join([*paper_part(opts), opts.lang, *extras_part(opts, backs=False)]) + ".pdf")


class Words:
    """The macros of a game's labels template (`W`, `paren`...) in one language, as plain strings:
    piece names are made of the same data texts and printed words as the faces."""

    def __init__(self, template: str, lang: str):
        self._module = content.environment().get_template(template).make_module(
            {"lang": lang, "t": lambda text: text(lang)})

    def __getattr__(self, macro: str) -> Callable[..., str]:
        function = getattr(self._module, macro)
        return lambda *args: Markup(function(*args)).unescape()
