"""A user's deck as a game with one asset: its cards laid out by a named layout (`layout/named.py`) from
the deck's fields, then fitted, imposed and rendered by the same code as the built-in games' cards
(`pieces.py`); or, with the `sheet` layout, its rows as a table on a summary sheet (`sheet.py`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from markupsafe import Markup

from pnp.assets.common import card_size, extras_part, paper_part, plain
from pnp.assets.pieces import Cards, Face, Piece, PieceSet
from pnp.assets.sheet import SummarySheet
from pnp.base import Asset, BuildError, Options, PrintedGame
from pnp.deck.draw import backfaces
from pnp.deck.draw.boxes import deck_geometry
from pnp.deck.draw.faces import TextFitErrors, card_art, escaped, field_markup, icon_markups
from pnp.deck.draw.keptfaces import KeptFaces, card_key, deck_key
from pnp.deck.draw.looks import CardLooks, picture_warnings
from pnp.deck.draw.pictures import split
from pnp.deck.draw.tuckbox import tuck_boxes
from pnp.deck.read.deckfile import CardRow, Deck
from pnp.deck.read.icons import fonts as glyph_fonts
from pnp.fonts.fontset import DEFAULT_CHAIN, FontSet
from pnp.geometry import Size
from pnp.layout.facelayout import FaceLayout
from pnp.sheets import backs as backs_mod
from pnp.sheets.draw import FaceArt
from tabletop.data import TEMPLATES_DIR
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _, listing
from tabletop.record import replace
from tabletop.text_width import display_width

ASSET_LABELS = {"inserts": {"ja": "スリーブ用インサート", "en": "Sleeve inserts"},
                "cards": {"ja": "カード", "en": "Cards"}, "chips": {"ja": "チップ", "en": "Chips"},
                "sheet": {"ja": "カード一覧", "en": "Card list"}}
SHEET_TEMPLATE = "common/deck_sheet.j2"
MIN_TEXT = 3.0  # mm: a box's text below its picture needs at least a line of small type


def deck_options(deck: Deck, opts: Options, explicit: set[str]) -> Options:
    """The deck's card size, insert style and chip size, unless the command line gave them."""
    if "style" in explicit and deck.layout.name != "insert":
        raise BuildError(_("--style chooses the style of inserts (full or overlay); the {layout} layout has none")
                         .format(layout=deck.layout.name))
    changes: dict[str, Any] = {}
    if deck.card_size and "card_size" not in explicit:
        changes["card_size"] = deck.card_size
    if "style" not in explicit:
        changes["style"] = deck.options.style
    if "chip_diameter" not in explicit:
        changes["chip_diameter"] = deck.diameter
    if not deck.backs.backs:
        changes["backs"] = "none"
    # Glyph icons' fonts go after the kit's: they draw their icons, and nothing the other fonts have.
    icon_fonts = glyph_fonts(deck.icons)
    changes["font_chain"] = deck.fonts + ((*DEFAULT_CHAIN, *icon_fonts) if icon_fonts else ())
    return replace(opts, **changes)


def face_layout(deck: Deck, size: Size, opts: Options) -> FaceLayout:
    """Where the text goes: the deck's boxes, less the band a picture with a height takes."""
    geometry = deck_geometry(deck, size, opts.style)[0]
    fields = deck.boxes_for(opts.style)
    boxes = {}
    for box, specs in geometry.boxes.items():
        image = deck.images.get(box)
        boxes[box] = tuple(split(spec, image.height)[1] for spec in specs) if image else specs
        left = min(spec.rect.h for spec in boxes[box]) if specs else 0.0
        if image and image.height is not None and fields.get(box) and left < MIN_TEXT:
            raise DataError(_("the picture's height leaves the box's text {left:.1f} mm of its {height:.1f}: make "
                              "it lower, or the box taller").format(left=left, height=min(s.rect.h for s in specs)),
                            file=deck.file, where=f"boxes.{box}.image.height")
    return replace(geometry, boxes=boxes, styles=deck.styles, min_size=deck.min_text_size)


class DeckCards(Cards, kw_only=True):
    """A deck's cards: a face per row (printed as many times as its copies) and the deck's back.
    `kept`: the faces of the deck's last build (`pnp watch`), laid out again only where they changed."""
    deck: Deck
    kept: KeptFaces | None = None

    def filename(self, opts: Options) -> str:
        """<kind>-[<style>-][<size>-][<backs>-]<paper>-<lang>.pdf: the insert style always, the size
        when not the deck's own, how backs are printed when the deck has backs and not the default."""
        deck = self.deck
        parts = [self.name] + ([opts.style] if deck.layout.name == "insert" else [])
        size = self.size(opts)
        if size != self.size(deck_options(deck, Options(), set())):
            parts.append(f"{size.w:g}x{size.h:g}")
        if opts.print_shop:  # a page per face (pnp/sheets/printshop.py): no paper, no back mode
            return "-".join([*parts, "printshop", opts.lang]) + ".pdf"
        if opts.cutter:
            parts.append(opts.cutter)
        if deck.backs.backs and opts.backs != Options().backs:
            parts.append(opts.backs)
        extras = extras_part(opts, backs=bool(deck.backs.backs))
        return "-".join([*parts, *paper_part(opts), opts.lang, *extras]) + ".pdf"

    def lay_out(self, model: Any, opts: Options, fonts: FontSet, data_file) -> tuple[PieceSet, list, list]:
        deck, size = self.deck, self.size(opts)
        looks = CardLooks(deck, size, opts, face_layout)
        icons = icon_markups(deck)
        kept = self.kept or KeptFaces()
        kept.begin(deck_key(deck, opts))
        arts: list[FaceArt] = []
        faces: list[tuple[CardRow, int]] = []  # a card and its front's index among the arts
        overflows = []
        for card in deck.cards:
            if card.copies:
                def front(card: CardRow = card) -> FaceArt:
                    face = looks.face(card)
                    return card_art(face.deck, card, face.layout, opts, fonts, face.decor, icons, over=face.over)
                faces.append((card, len(arts)))
                try:
                    arts.append(kept.front(card_key(deck, card), front))
                except TextFitErrors as e:  # every card's, said together
                    overflows += e.errors
                    arts.append(FaceArt())
        if not faces:
            raise DataError(_("the deck has no cards to print (every row has 0 copies)"), file=deck.table.file)
        backs = backfaces.BackFaces(deck, size, opts, fonts, icons, kept) if opts.backs != "none" else None
        pieces, cards = [], []
        for card, front_index in faces:
            name = deck.text(card, deck.name_field, opts.lang) or _("row {n}").format(n=card.row)
            try:
                back = backs.index(card, card.back, arts) if backs and card.back is not None else None
            except TextFitErrors as e:
                overflows += e.errors
                continue
            for copy in range(1, card.copies + 1):
                suffix = f"-{copy}" if card.copies > 1 else ""
                pieces.append(Piece(f"row{card.row}{suffix}", Face(None, deck.layout.name), card.back
                                    if back is not None else None, name))
                cards.append(backs_mod.CardSides(front_index, back))
        DataErrors.raise_all(overflows)
        kept.end()
        chips = deck.layout.kind == "chips"
        # An overlay insert is narrower than the card it covers: the sheet holds pieces of the layout's size.
        return (PieceSet(looks.face_size(), pieces, gutter=2.0 if chips else 0.0, guides="none" if chips else None),
                arts, cards)


def sheet_context(deck: Deck, opts: Options) -> dict[str, Any]:
    """The rows of the `sheet` layout: each card once, the chosen fields as columns."""
    lang = opts.lang
    columns = list(deck.options.columns or [f for f in deck.fields if f in deck.styles])
    headings = []
    for name in columns:
        heading = deck.options.headings.get(name)
        text = heading.get(lang, name) if isinstance(heading, dict) else heading or deck.fields[name].columns[lang]
        headings.append(Markup(escaped(text)))
    icons = icon_markups(deck)
    rows = [[Markup(field_markup(deck, card, name, "", lang, icons)) for name in columns] for card in deck.cards]
    # Columns as wide as their longest text, within limits: a cost column stays narrow, an effect wide.
    widths = deck.options.widths or [min(max(_width(h), *(_width(r[n]) for r in rows), 3), 60)
                                     for n, h in enumerate(headings)]
    return {"title": deck.title[lang], "headings": headings, "rows": rows, "widths": ",".join(map(str, widths))}


def _width(markup: str) -> int:
    """How wide a cell's text runs, in half-width characters (a kanji counts two)."""
    return display_width(plain(str(markup)))


class DeckGame(PrintedGame, kw_only=True):
    deck: Deck

    def data_file(self, cards_dir: Path | None) -> Path:
        return self.deck.file

    def input_files(self, cards_dir: Path | None) -> tuple[Path, ...]:
        kit = [TEMPLATES_DIR / "common", TEMPLATES_DIR / "layouts"]
        return (*self.deck.inputs(), *sorted(p for folder in kit for p in folder.rglob("*") if p.is_file()))


def deck_game(deck: Deck, kept: KeptFaces | None = None) -> DeckGame:
    """The deck as a game of one asset; `kept`: the faces of its last build, to keep where unchanged."""
    kind = deck.layout.kind
    if kind == "sheet":
        sheet = SummarySheet("sheet", ASSET_LABELS["sheet"], SHEET_TEMPLATE,
                             lambda model, opts: sheet_context(deck, opts))
        return DeckGame(deck.id, deck.title, lambda cards_dir: deck, {sheet.name: sheet},
                        lambda model, opts: deck.warnings, deck=deck)
    size = (lambda opts: Size(opts.chip_diameter, opts.chip_diameter)) if kind == "chips" else card_size
    cards = DeckCards(kind, ASSET_LABELS[kind], _made_by_lay_out, size, piece=kind[:-1], deck=deck, kept=kept)
    assets: dict[str, Asset] = {cards.name: cards, **tuck_boxes(deck)}
    return DeckGame(deck.id, deck.title, lambda cards_dir: deck, assets,
                    lambda model, opts: deck.warnings + picture_warnings(deck, cards.size(opts), opts), deck=deck)


def _made_by_lay_out(model: Any, opts: Options, size: Size) -> PieceSet:
    """A deck's cards are laid out by `DeckCards.lay_out` from the deck itself, never made from a model."""
    raise AssertionError("DeckCards.lay_out lays a deck's cards out")


def check_language(deck: Deck, lang: str) -> None:
    if lang not in deck.languages:
        raise BuildError(_("{deck} has texts in {langs} only (languages in its [deck] table)").format(
            deck=deck.file, langs=listing(deck.languages)))
