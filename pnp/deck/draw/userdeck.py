"""A user's deck as a game with one asset: its cards laid out by a named layout (`layouts.py`) from
the deck's fields, then fitted, imposed and rendered by the same code as the built-in games' cards
(`cards.py`); or, with the `sheet` layout, its rows as a table on a summary sheet (`sheet.py`)."""
from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from tabletop.data import TEMPLATES_DIR
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _, listing
from tabletop.record import replace
from tabletop.text_width import display_width

from pnp.sheets import backs as backs_mod
from pnp.text import content, richtext
from pnp.deck.read import icons as deckicons, templates as decktemplates
from pnp.text.content import Para, TemplateError
from pnp.deck.read.deckfile import Card, Deck
from pnp.fonts.fontset import DEFAULT_CHAIN, FontSet
from pnp.geometry import Size, pt
from pnp.text.fit import overflowing
from pnp.sheets.draw import FaceArt
from pnp.base import BuildError, Game, Options
from pnp.assets.cardfaces import lay_out as fit_boxes
from pnp.deck.draw.looks import CardLooks, picture_warnings
from pnp.deck.draw.boxes import deck_geometry
from pnp.assets.cards import Cards, Face, Piece, PieceSet
from pnp.assets.common import card_size, extras_part, paper_part, plain
from pnp.deck.draw import backfaces as deck_backs
from pnp.deck.draw.pictures import split
from pnp.deck.draw.keptfaces import KeptFaces, card_key, deck_key
from pnp.layout.facelayout import FaceLayout
from pnp.layout.named import BACK_STYLE, INDEX
from pnp.assets.sheet import SummarySheet
from pnp.deck.draw.tuckbox import tuck_boxes

ASSET_LABELS = {"inserts": {"ja": "スリーブ用インサート", "en": "Sleeve inserts"},
                "cards": {"ja": "カード", "en": "Cards"}, "chips": {"ja": "チップ", "en": "Chips"},
                "sheet": {"ja": "カード一覧", "en": "Card list"}}
SHEET_TEMPLATE = "common/deck_sheet.j2"
MIN_TEXT = 3.0  # mm: a box's text below its picture needs at least a line of small type
_IMG = re.compile(r"<\s*img\b", re.IGNORECASE)
_FONT_SIZE = re.compile(r"<\s*font\b[^>]*\bsize\s*=\s*[\"']?\s*([\d.]+)", re.IGNORECASE)


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
    icon_fonts = deckicons.fonts(deck.icons)
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


def _markup(text: str) -> str:
    return html.escape(text, quote=False).replace("\n", "<br/>")


def _coloured(markup: str, colour: str | None) -> str:
    return f'<font color="{colour}">{markup}</font>' if colour else markup


def icon_markups(deck: Deck) -> dict[str, str]:
    """Each icon's markup (deckicons.py), its picture prepared for the deck's largest text."""
    if not deck.icons:
        return {}
    largest = max([s.size for s in deck.styles.values()] + [BACK_STYLE.size])
    return deckicons.markups(deck.icons, deck.folder, largest, deck.image_dpi)


# Stands in for `\:` while Markdown reads a rich field (its own escapes would take the backslash), so
# a deck's icons see it as written.
_KEPT_COLON = "\ue000"


def text_markup(deck: Deck, text: str, name: str, icons: dict[str, str]) -> str:
    """A field's text as paragraph markup: escaped, line breaks kept and icons inline; read as rich
    text (richtext.py) if the deck says so for this field."""
    if name not in deck.rich:
        return deckicons.expand(_markup(text), icons)
    if deck.icons:
        text = text.replace("\\:", _KEPT_COLON)
    style = deck.styles.get(name)
    return richtext.to_markup(text, style.size if style else 9.0, lambda run: deckicons.expand(
        _markup(run.replace(_KEPT_COLON, "\\:")), icons))


def field_markup(deck: Deck, card: Card, name: str, box: str, lang: str, icons: dict[str, str] | None = None) -> str:
    """A field as paragraph markup: data text escaped, line breaks kept, icons inline, the index in
    the suit's colour."""
    suit = deck.suit(card)
    colour = suit.color if suit and name in deck.layout.colour_fields else None
    rank = deck.text(card, "rank", lang)
    if name == INDEX:
        text = (suit.symbol if suit else "") + rank
        return _coloured(_markup(text), colour) if text else ""
    if name == "suit":
        return _coloured(_markup(suit.symbol), colour) if suit else ""
    if name == "rank" and box == "index" and len(rank) > 2:  # JOKER stands letter by letter in a corner
        return _coloured("<br/>".join(_markup(c) for c in rank), colour)
    markup = _coloured(text_markup(deck, deck.text(card, name, lang), name, icons or {}), colour)
    icon = (suit.symbol if suit else "") + rank
    if name == deck.layout.icon_field and icon:
        return f'{_coloured(_markup(icon), suit.color if suit else None)} {markup}'
    return markup


def face_content(deck: Deck, card: Card, lang: str, style: str, icons: dict[str, str] | None = None,
                 boxes_fields: dict[str, tuple[str, ...]] | None = None) -> content.Face:
    """The card's paragraphs box by box: the front's boxes, or `boxes_fields` (a face back's)."""
    boxes = {}
    front = boxes_fields is None
    for box, fields in (deck.boxes_for(style) if front else boxes_fields).items():
        if front and box in deck.templates:
            boxes[box] = _from_template(deck, card, box, lang, icons or {})
            continue
        paras = [Para(m, name) for name in fields if (m := field_markup(deck, card, name, box, lang, icons))]
        boxes[box] = tuple(paras)
    return content.Face(boxes)


def template_context(deck: Deck, card: Card, lang: str) -> dict[str, Any]:
    suit = deck.suit(card)
    fields: dict[str, Any] = {name: deck.text(card, name, lang) for name in deck.fields}
    for name in deck.rich:  # a rich field comes to a template as markup: {{ body }} prints it bold and all
        fields[name] = Markup(text_markup(deck, fields[name], name, {}))
    fields[INDEX] = (suit.symbol if suit else "") + deck.text(card, "rank", lang)
    suit_info = {"symbol": suit.symbol, "color": suit.color,
                 "name": suit.name.get(lang, "") if isinstance(suit.name, dict) else suit.name or ""} if suit else None
    return {**fields, "lang": lang, "row": card.row, "copies": card.copies, "suit": suit_info}


def _from_template(deck: Deck, card: Card, box: str, lang: str, icons: dict[str, str]) -> tuple[Para, ...]:
    path = deck.templates[box]
    try:
        out = decktemplates.render(path, deck.folder, template_context(deck, card, lang)).strip()
        if _IMG.search(out):  # ReportLab would read any file named; pictures go through [boxes.*.image]
            raise deck.table.error(_("{template}: {reason}").format(template=path.name, reason=_(decktemplates.NO_IMG)),
                                   card.row)
        if "<p" not in out:  # plain text: one paragraph in the style of the box's first field
            lines = [line.strip() for line in out.splitlines() if line.strip()]
            style = deck.boxes[box][0] if deck.boxes[box] else "body"
            paras = (Para("<br/>".join(lines), style),) if lines else ()
        else:
            paras = content.parse_face(f'<face><box name="{box}">{out}</box></face>').boxes[box]
    except (jinja2.TemplateError, TemplateError) as e:
        raise deck.table.error(_("{template}: {reason}").format(template=path.name, reason=e), card.row) from None
    except decktemplates.RunError as e:
        where = _("{template}, line {line}").format(template=path.name, line=e.line) if e.line else path.name
        raise deck.table.error(_("{template}: {reason}").format(template=where, reason=e), card.row) from None
    if deck.icons:
        names = [n for p in paras for n in deckicons.unknown(p.markup, deck.icons)]
        if names:
            raise deck.table.error(_("{template}: {reason}").format(
                template=path.name, reason=deckicons.unknown_error(dict.fromkeys(names), deck.icons)), card.row)
        paras = tuple(replace(p, markup=deckicons.expand(p.markup, icons)) for p in paras)
    for p in paras if "<p" in out else ():  # plain text takes its box's own style
        if p.style not in deck.styles:
            raise DataError(_("no style {style!r}: a paragraph's style is a field's name ({known})").format(
                style=p.style, known=listing(sorted(deck.styles))), file=path)
    for p in paras:  # a line keeps its height: a much larger run would print over its neighbours
        most = richtext.LARGEST_SPAN * deck.styles[p.style].size if p.style in deck.styles else None
        for size in _FONT_SIZE.findall(p.markup):
            if most is not None and float(size) > most:
                raise deck.table.error(_("{template}: a <font size> is at most {times:g} times its paragraph's size "
                                         "({most:g} pt), got {size}").format(
                    template=path.name, times=richtext.LARGEST_SPAN, most=most, size=size), card.row)
    return paras


class TextFitErrors(DataErrors):
    """Text that does not fit its box even at the deck's floor: a line per box, reported together for
    the whole build (the other errors stop it at once)."""


def card_art(deck: Deck, card: Card, layout: FaceLayout, opts: Options, fonts: FontSet,
             decor: tuple, icons: dict[str, str], boxes_fields: dict[str, tuple[str, ...]] | None = None,
             over: dict[str, tuple] | None = None) -> FaceArt:
    """The card's text fitted box by box (the front's, or a face back's `boxes_fields`); an error
    names the card's row and the box's first column, or, for text that does not fit, the column of
    the field it overflows at (every box of the card that does not fit: TextFitErrors). A box's artwork
    in `over` is drawn over the text of the boxes before it."""
    lang = opts.lang
    face = face_content(deck, card, lang, opts.style, icons, boxes_fields)
    items = list(decor)
    overflows = []
    for box, paras in face.boxes.items():
        items += (over or {}).get(box, ())
        column = _column(deck, (boxes_fields or deck.boxes_for(opts.style)).get(box, ()), lang)
        missing = fonts.missing(" ".join(p.bullet + plain(p.markup) for p in paras))
        if missing:
            raise deck.table.error(_("no font of the deck has a glyph for {chars} (add one that does to fonts in [deck])")
                                   .format(chars=" ".join(missing)), card.row, column)
        try:
            items += fit_boxes(content.Face({box: paras}), layout, fonts, lang, "", deck.table.file).items
        except ValueError as e:  # ReportLab could not read a box template's markup (data text is escaped)
            if box not in deck.templates or isinstance(e, DataError):
                raise
            reason = str(e).partition("caused exception ")[2] or str(e)
            raise deck.table.error(_("{template}: its markup does not read ({reason}): close every tag it opens, "
                                     "and give colours as #rrggbb").format(
                template=deck.templates[box].name, reason=reason), card.row) from None
        except DataError as e:
            name = deck.text(card, deck.name_field, lang)
            message = _("{name}: {reason}").format(name=name, reason=e.message) if name else e.message
            overflows.append(deck.table.error(message, card.row, _overflowing_column(deck, layout, box, paras, fonts,
                                                                                   lang) or column))
    if overflows:
        raise TextFitErrors(overflows)
    return FaceArt(tuple(items))


def _overflowing_column(deck: Deck, layout: FaceLayout, box: str, paras: tuple[Para, ...], fonts: FontSet,
                        lang: str) -> str | None:
    """The column of the field a box's text overflows at (a box template's paragraph names its field)."""
    rect = layout.boxes[box][0].rect
    n = overflowing(paras, layout.styles, pt(rect.w), pt(rect.h), fonts, lang, layout.min_size)
    return _column(deck, (paras[n].style,), lang)


def _column(deck: Deck, fields: tuple[str, ...], lang: str) -> str | None:
    for name in fields:
        f = deck.fields.get(name if name != INDEX else "rank")
        if f:
            return f.columns[lang]
    return None


class DeckCards(Cards):
    """A deck's cards: a face per row (printed as many times as its copies) and the deck's back.
    `kept`: the faces of the deck's last build (`pnp watch`), laid out again only where they changed."""
    deck: Deck | None = None
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
        arts, faces, overflows = [], [], []
        for card in deck.cards:
            if card.copies:
                def front(card: Card = card) -> FaceArt:
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
        backs = deck_backs.BackFaces(deck, size, opts, fonts, icons, kept) if opts.backs != "none" else None
        pieces, cards = [], []
        for card, front in faces:
            name = deck.text(card, deck.name_field, opts.lang) or _("row {n}").format(n=card.row)
            try:
                back = backs.index(card, arts) if backs and card.back is not None else None
            except TextFitErrors as e:
                overflows += e.errors
                continue
            for copy in range(1, card.copies + 1):
                suffix = f"-{copy}" if card.copies > 1 else ""
                pieces.append(Piece(f"row{card.row}{suffix}", Face(None, deck.layout.name), card.back
                                    if back is not None else None, name))
                cards.append(backs_mod.Card(front, back))
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
        headings.append(Markup(_markup(text)))
    icons = icon_markups(deck)
    rows = [[Markup(field_markup(deck, card, name, "", lang, icons)) for name in columns] for card in deck.cards]
    # Columns as wide as their longest text, within limits: a cost column stays narrow, an effect wide.
    widths = deck.options.widths or [min(max(_width(h), *(_width(r[n]) for r in rows), 3), 60)
                                     for n, h in enumerate(headings)]
    return {"title": deck.title[lang], "headings": headings, "rows": rows, "widths": ",".join(map(str, widths))}


def _width(markup: str) -> int:
    """How wide a cell's text runs, in half-width characters (a kanji counts two)."""
    return display_width(plain(str(markup)))


class DeckGame(Game):
    deck: Deck | None = None

    def data_file(self, cards_dir: Path | None) -> Path:
        return self.deck.file

    def input_files(self, cards_dir: Path | None) -> tuple[Path, ...]:
        kit = [TEMPLATES_DIR / "common", TEMPLATES_DIR / "layouts"]
        return (*self.deck.inputs(), *sorted(p for folder in kit for p in folder.rglob("*") if p.is_file()))


def deck_game(deck: Deck, kept: KeptFaces | None = None) -> DeckGame:
    """The deck as a game of one asset; `kept`: the faces of its last build, to keep where unchanged."""
    kind = deck.layout.kind
    if kind == "sheet":
        asset = SummarySheet("sheet", ASSET_LABELS["sheet"], SHEET_TEMPLATE,
                             lambda model, opts: sheet_context(deck, opts))
    else:
        size = (lambda opts: Size(opts.chip_diameter, opts.chip_diameter)) if kind == "chips" else card_size
        asset = DeckCards(kind, ASSET_LABELS[kind], lambda model, opts, size: None, size, piece=kind[:-1],
                          deck=deck, kept=kept)
        assets = {asset.name: asset, **tuck_boxes(deck)}
        return DeckGame(deck.id, deck.title, lambda cards_dir: deck, assets,
                        lambda model, opts: deck.warnings + picture_warnings(deck, asset.size(opts), opts), deck)
    return DeckGame(deck.id, deck.title, lambda cards_dir: deck, {asset.name: asset},
                    lambda model, opts: deck.warnings, deck)


def check_language(deck: Deck, lang: str) -> None:
    if lang not in deck.languages:
        raise BuildError(_("{deck} has texts in {langs} only (languages in its [deck] table)").format(
            deck=deck.file, langs=listing(deck.languages)))
