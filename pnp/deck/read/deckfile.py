"""A user's deck from data alone: a TOML deck file (a `[deck]` table, the cards as `[[cards]]`) or a
spreadsheet (.csv, .xlsx) with the TOML file of the same name beside it. Reading checks everything
that can be checked before drawing — columns, fields, types, copies, suits, templates — so a bad
deck fails with one line naming the file, the row and the column (or the line and the field)."""
from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

from pnp.deck.read import backchoice, imagefiles, layoutchoice
from pnp.deck.read.backchoice import DeckBacks
from pnp.deck.read.folder import checked
from pnp.deck.read.icons import Icon, read_icons, unknown, unknown_error
from pnp.deck.read.icons import fonts as glyph_fonts
from pnp.deck.read.path import SPREADSHEETS
from pnp.deck.read.rules import CardRules, read_rules
from pnp.deck.read.rules import split as split_looks
from pnp.deck.read.spreadsheet import Spreadsheet, quoted_column, read_json, read_table, toml_table
from pnp.deck.read.templates import check as check_template
from pnp.fonts.facts import font_facts
from pnp.fonts.fontset import BUNDLED, FontSpec, cache_dir
from pnp.geometry import Size, parse_card_size
from pnp.layout import shapes
from pnp.layout.facelayout import field_style
from pnp.layout.keys import (
    FRENCH_SUITS,
    BoxOptions,
    DeckFileData,
    DeckOptions,
    FieldOptions,
    FontOptions,
    LayoutOptions,
    SuitOptions,
    Text,
)
from pnp.layout.named import DERIVED, INDEX, LAYOUTS, NamedLayout
from pnp.layout.values import ValueMap, is_dynamic
from pnp.text import richtext
from pnp.text.fit import TextStyle
from tabletop.data.checks import require_colour
from tabletop.data.errors import DataError, DataErrors
from tabletop.data.load import locate, read_toml
from tabletop.data.schema import convert
from tabletop.data.toml_lines import line_of
from tabletop.i18n import _, listing
from tabletop.record import Record, field, replace

LANGS = ("ja", "en")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")  # kana, kanji
MAX_COPIES = 999  # more of one card is a typo (a price in the copies column), not a deck
MIN_TEXT_SIZE = 6.5  # pt: the text floor unless the deck sets its own (assets/layout.LEGIBLE)
LEAST_TEXT_SIZE = 4.0  # pt: below it, printed type is not read at arm's length, whatever the card


class Field(Record):
    name: str
    columns: dict[str, str]  # language → column
    type: str = "text"


class CardRow(Record):
    row: int
    copies: int
    cells: dict[str, Any]
    images: dict[str, str] = field(default_factory=dict)  # box → its picture, relative to the deck's folder
    back: str | None = None  # the key of its back in Deck.backs (deck/read/backchoice.py); None: no back
    layout: str | None = None  # the key of its layout in Deck.variants (deck/read/layoutchoice.py); None: [layout]


class Deck(Record):
    file: Path  # the TOML file with the [deck] table
    id: str
    title: dict[str, str]
    languages: tuple[str, ...]
    layout: NamedLayout
    options: LayoutOptions
    card_size: str | None
    diameter: float
    fields: dict[str, Field]
    boxes: dict[str, tuple[str, ...]]  # box → fields, in order (for the deck's own insert style)
    templates: dict[str, Path]  # box → the user's template for it
    styles: dict[str, TextStyle]  # field → its look
    suits: dict[str, SuitOptions]
    backs: DeckBacks  # [back] and [backs.NAME], and the column choosing one per card
    table: Spreadsheet
    cards: tuple[CardRow, ...]
    name_field: str
    images: dict[str, imagefiles.BoxImage] = field(default_factory=dict)  # box → its picture
    image_dpi: int = 300
    fonts: tuple[FontSpec, ...] = ()  # the deck's own fonts, before the kit's (fonts.load_fonts)
    icons: dict[str, Icon] = field(default_factory=dict)  # `:name:` in text (deck/read/icons.py)
    rich: frozenset[str] = frozenset()  # the fields read as rich text (richtext.py)
    places: dict[str, BoxOptions] = field(default_factory=dict)  # boxes the deck places or dresses (boxplace.py)
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # information lines (the CSV's encoding)
    included: tuple[Path, ...] = ()  # the templates the box templates include (the backs': backs.included)
    author: str | None = None  # the PDF's Author
    rules: CardRules = CardRules()  # what each card's data changes on its face
    variants: dict[str, Any] = field(default_factory=dict)  # [layouts.NAME] → a Deck of its cards
    tuckbox: Any = None  # [tuckbox] (deckformat.TuckBoxOptions), checked; None: no tuck box
    min_text_size: float = MIN_TEXT_SIZE  # pt: the floor text is shrunk to before the build fails

    def boxes_for(self, style: str) -> dict[str, tuple[str, ...]]:
        """The boxes for an insert style given on the command line: the layout's for that style, with
        the deck's own choices for the boxes it names."""
        if style == self.options.style:
            return self.boxes
        defaults = self.layout.boxes(replace(self.options, style=style))
        own = self.layout.boxes(self.options)
        chosen = {box: fields for box, fields in self.boxes.items() if fields != own.get(box)}
        return {**defaults, **chosen}

    @property
    def folder(self) -> Path:
        return self.file.parent

    def inputs(self) -> tuple[Path, ...]:
        """Every file the deck is made from."""
        pictures = (*(self.folder / name for card in self.cards for name in card.images.values()),
                    *(self.folder / back.image for back in self.backs.backs.values() if back.image))
        fonts = (*(Path(f) for spec in self.fonts for f in (spec.regular, spec.bold, spec.italic, spec.bold_italic)
                   if f and f not in BUNDLED),
                 *(Path(spec.regular) for spec in glyph_fonts(self.icons) if spec.regular not in BUNDLED))
        icons = (self.folder / icon.file for icon in self.icons.values() if icon.file)
        templates = (*self.templates.values(), *self.included, *self.backs.included)
        others = (f for variant in self.variants.values() for f in variant.inputs())
        return tuple(dict.fromkeys((self.file, self.table.file, *templates, *pictures, *icons, *fonts, *others)))

    def variant(self, card: CardRow) -> Deck:
        """The deck as the card's layout prints it: `[layout]`'s, or one of `[layouts.NAME]`."""
        return self.variants[card.layout] if card.layout is not None else self

    def text(self, card: CardRow, name: str, lang: str) -> str:
        """A field's value on a card in `lang`, as printed ("" when empty or the deck has no such column)."""
        f = self.fields.get(name)
        if f is None:
            return ""
        value = card.cells.get(f.columns[lang], "")
        return indent(value) + cell_text(value).lstrip(IDEOGRAPHIC_SPACE)

    def suit(self, card: CardRow) -> SuitOptions | None:
        value = self.text(card, "suit", self.languages[0]).strip()
        return find_suit(self.suits, value) if value else None


def cell_text(value: Any) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # Excel stores 3 as 3.0
    return str(value).strip()


IDEOGRAPHIC_SPACE = "\u3000"


def indent(value: Any) -> str:
    """The 全角スペース a text cell starts with (字下げ, a paragraph's indent), kept when it prints."""
    if not isinstance(value, str):
        return ""
    text = value.lstrip(" \t\r\n")
    return text[:len(text) - len(text.lstrip(IDEOGRAPHIC_SPACE))] if text.strip() else ""


def find_suit(suits: dict[str, SuitOptions], value: str) -> SuitOptions | None:
    """The suit a cell names by its key, its symbol or its name in any language (H, ♥, ハート)."""
    for key, suit in suits.items():
        names = suit.name.values() if isinstance(suit.name, dict) else [suit.name or ""]
        if value.lower() in (key.lower(), suit.symbol, *(n.lower() for n in names if n)):
            return suit
    return None


def load_deck(path: Path) -> Deck:
    path = Path(path)
    if not path.is_file():
        raise DataError(_("file not found"), file=path)
    deck_file = path.with_suffix(".toml") if path.suffix.lower() in SPREADSHEETS else path
    if deck_file != path:  # found beside the spreadsheet named: a file of the deck, like any other
        checked(path.parent, deck_file.name, lambda message: DataError(message, file=path))
    if not deck_file.is_file():
        raise DataError(_("no deck file: a spreadsheet needs {name} beside it with a [deck] table").format(
            name=deck_file.name), file=deck_file)
    raw = read_toml(deck_file)
    try:
        data = convert(DeckFileData, raw, "")
        return _resolve(deck_file, data, path if deck_file != path else None)
    except DataError as e:
        for error in getattr(e, "errors", [e]):
            if error.file is None:
                error.file = deck_file
            if error.file == deck_file and error.line is None and error.where:
                error.line = line_of(deck_file.read_text(encoding="utf-8"), raw, error.where)
        raise


def inside(folder: Path, name: str, where: str, what: str | None = None) -> Path:
    """The real path of a file the deck file names at `where` (deck/read/folder.py: one the deck may read)."""
    return checked(folder, name, lambda message: DataError(message, where=where), what)


def _resolve(deck_file: Path, data: DeckFileData, spreadsheet: Path | None, rows: set[int] | None = None,
             prefix: str = "") -> Deck:
    """The deck (`rows`: only these rows of the cards, for a layout of [layouts] whose keys are
    under `prefix`)."""
    data, *looks = split_looks(data)  # the looks a card's cells choose: checked on the cards below
    d = data.deck
    if data.layouts:
        layoutchoice.check_kinds(data)
    elif d.layout is not None:
        raise DataError(_("layout chooses among the layouts of [layouts.NAME]; the deck has none"),
                        where="deck.layout")
    layout = LAYOUTS[data.layout.name]
    deck_id = d.id or deck_file.stem
    if not _ID.fullmatch(deck_id):
        raise DataError(_("a deck id is letters, digits, - and _ (it names the output folder)"),
                        where="deck.id" if d.id else "deck")
    languages = tuple(dict.fromkeys(d.languages if d.languages is not None else ["ja"]))
    if not languages:
        raise DataError(_("name at least one language"), where="deck.languages")
    if d.card_size is not None:
        try:
            parse_card_size(d.card_size)
        except ValueError as e:
            raise DataError(str(e), where="deck.card_size") from None
    _check_colours(data)
    _check_looks(data)
    table, notes = _cards_table(deck_file, data, spreadsheet)
    table = _filtered(table, d.where)
    table = _replaced(table, d.replace)
    if rows is not None:
        table = replace(table, rows=tuple(row for row in table.rows if row.number in rows))
    suits = {**FRENCH_SUITS, **data.suits}
    fields = _fields(data, table, languages)
    layout_column = layoutchoice.choosing_column(data, table, fields) if data.layouts else None
    card_layouts = layoutchoice.card_layouts(data, layout_column, table, cell_text) if layout_column else {}
    own = replace(table, rows=tuple(row for row in table.rows if card_layouts.get(row.number) is None))
    boxes, templates, included = _boxes(deck_file.parent, data, layout, table, fields)
    places = _places(data, layout)
    backs = backchoice.read_backs(data, layout, table, fields, deck_file.parent)
    shown = {f for names in boxes.values() for f in names} | backs.fields
    copies = _copies_column(d, table)
    if layout.kind == "sheet":  # every field but the copies, unless `columns` chooses
        boxes = {}
        shown = set(data.layout.columns or [f for f, spec in fields.items() if copies not in spec.columns.values()])
        for n, name in enumerate(data.layout.columns):
            if name not in fields:
                raise _unknown_field(name, table, f"layout.columns[{n}]")
    if INDEX in shown or layout.icon_field in shown:
        shown |= {"rank", "suit"}
    name_field = d.name or "title"
    if d.name and name_field not in fields:
        raise _unknown_field(name_field, table, "deck.name")
    cards = _cards(table, fields, copies, suits)
    # after the cells are checked: a condition reads a typed field's cells as numbers
    rules = read_rules(data, looks, fields, own, cell_text, prefix)
    chosen = backchoice.card_backs(backs, table, [(row.number, row.cells) for row in table.rows], cell_text)
    cards = tuple(replace(card, back=chosen[card.row]) for card in cards)
    images = {box: image for box, spec in data.boxes.items()
              if (image := imagefiles.box_image(box, spec, table, deck_file.parent)) is not None}
    if images:
        pictures = imagefiles.card_images(images, table, deck_file.parent, table.rows)
        cards = tuple(replace(card, images=pictures.get(card.row, {})) for card in cards)
    styles = _styles(data, layout, fields, shown)
    icons = read_icons(deck_file.parent, data.icons, lambda name, where: _font_file(
        deck_file.parent, name, where))
    if icons:
        _check_markers(table, cards, fields, shown | {name_field}, icons, backs)
    rich = _rich(data, boxes, fields, table, cards, styles)
    used = {c for name, f in fields.items() if name in shown or name == name_field for c in f.columns.values()}
    used |= {c for image in images.values() for c in image.columns} | ({backs.column} if backs.column else set())
    used |= rules.used_columns()
    used |= {layout_column} if layout_column else set()
    for n, column in enumerate(d.ignore):
        if column not in table.columns:
            raise DataError(_("no column {column!r} to ignore (columns: {known})").format(
                column=column, known=listing(table.columns)), where=f"deck.ignore[{n}]")
    warnings = (*_unnamed(table), *_unused(table, used | set(d.ignore) | ({copies} if copies else set())),
                *_no_japanese(deck_file, d, table))
    title = {lang: _text(d.title, lang) or deck_id for lang in LANGS}
    fonts = _fonts(deck_file.parent, d.fonts)
    no_bold = _("warning: {file}: font {font!r} has no bold face: its bold text prints in its regular face")
    warnings += tuple(no_bold.format(
        file=deck_file.name, font=Path(spec.regular).name) for spec in fonts if spec.regular not in BUNDLED
        and spec.bold is None and not font_facts(Path(spec.regular), cache_dir()).variable)
    deck = Deck(deck_file, deck_id, title, languages, layout, data.layout, d.card_size, d.diameter,
                {k: f for k, f in fields.items() if k in shown or k == name_field}, boxes, templates, styles,
                suits, backs, table, cards, name_field, images, d.image_dpi, fonts, icons, rich, places, warnings,
                notes, included, d.author, rules, tuckbox=_tuckbox(data, layout), min_text_size=d.min_text_size)
    return _with_variants(deck, data, spreadsheet, layout_column, card_layouts) if layout_column else deck


def _with_variants(deck: Deck, data: DeckFileData, spreadsheet: Path | None, column: str,
                   chosen: dict[int, str | None]) -> Deck:
    """The deck with its `[layouts.NAME]`, each read as a deck of its own holding the cards that
    choose it; a column only some layout prints is no warning."""
    cards = tuple(replace(card, layout=chosen[card.row]) for card in deck.cards)
    variants = {}
    for name, options in data.layouts.items():
        try:
            variant = _resolve(deck.file, layoutchoice.variant_data(data, name, options, column), spreadsheet,
                               {row for row, chosen_name in chosen.items() if chosen_name == name}, f"layouts.{name}.")
        except DataError as e:
            for error in getattr(e, "errors", [e]):
                layoutchoice.in_variant(error, name)
            raise
        variants[name] = replace(variant, cards=tuple(replace(card, layout=name) for card in variant.cards))
    warnings = tuple(w for w in deck.warnings if all(w in v.warnings for v in variants.values()))
    return replace(deck, cards=cards, variants=variants, warnings=warnings)


def _tuckbox(data: DeckFileData, layout: NamedLayout):
    """`[tuckbox]`, checked: a box for cards (not chips, not a sheet), a thickness and ease that make one."""
    box = data.tuckbox
    if box is None:
        return None
    if layout.kind not in ("cards", "inserts"):
        raise DataError(_("a tuck box holds cards; the {layout} layout makes none").format(layout=layout.name),
                        where="tuckbox")
    if not 0 < box.thickness <= 5:
        raise DataError(_("thickness is mm per card, more than 0 and at most 5"), where="tuckbox.thickness")
    if not 0 <= box.ease <= 10:
        raise DataError(_("ease is mm from 0 to 10, added to each inside measure"), where="tuckbox.ease")
    if box.cards is not None and not 1 <= box.cards <= 1000:
        raise DataError(_("cards is how many cards the box holds, 1 to 1000"), where="tuckbox.cards")
    return box


def _fonts(folder: Path, given: list[str | FontOptions]) -> tuple[FontSpec, ...]:
    """The deck's fonts as specs with absolute paths: each file inside the deck's folder, a TrueType
    font that exists; or a bundled font by its name."""
    specs = []
    for n, entry in enumerate(given):
        entry = FontOptions(entry) if isinstance(entry, str) else entry
        styled = isinstance(given[n], FontOptions)
        files = {style: _font_file(folder, name, f"deck.fonts[{n}]" + (f".{style}" if styled else ""))
                 for style in ("regular", "bold", "italic", "bold_italic")
                 if (name := getattr(entry, style)) is not None}
        specs.append(FontSpec(files["regular"], files.get("bold"), files.get("italic"), files.get("bold_italic")))
    return tuple(specs)


def _font_file(folder: Path, name: str, where: str) -> str:
    """A bundled font's name as it is, or a TrueType file in the deck's folder as an absolute path."""
    if name in BUNDLED:
        return name
    path = inside(folder, name, where, _("font {name!r}").format(name=name))
    if not path.is_file():
        raise DataError(_("font {name!r} not found in the deck's folder (or a bundled font: {known})").format(
            name=name, known=listing(BUNDLED)), where=where)
    return str(path)


def _replaced(table: Spreadsheet, codes: dict[str, str]) -> Spreadsheet:
    """Every text cell with the deck's own codes replaced (`replace` in [deck]: `"<strong>" = "**"`,
    `"[click]" = ":tap:"`), longest code first, before anything else reads the cells."""
    if not codes:
        return table
    pattern = re.compile("|".join(re.escape(code) for code in sorted(codes, key=len, reverse=True) if code))
    rows = tuple(replace(row, cells={column: pattern.sub(lambda m: codes[m.group(0)], value)
                                     if isinstance(value, str) else value for column, value in row.cells.items()})
                 for row in table.rows)
    return replace(table, rows=rows)


def _rich(data: DeckFileData, boxes, fields: dict[str, Field], table: Spreadsheet, cards, styles) -> frozenset[str]:
    """The fields read as rich text: `rich` in [deck] and every field of a box with `rich = true`.
    Every cell of them that does not read is reported at once."""
    for n, name in enumerate(data.deck.rich):
        if name not in fields:
            raise _unknown_field(name, table, f"deck.rich[{n}]")
    rich = set(data.deck.rich) | {f for box, spec in data.boxes.items() if spec.rich for f in boxes.get(box, ())}
    rich &= set(fields)
    errors = []
    for card in cards:
        for name in sorted(rich):
            for column in dict.fromkeys(fields[name].columns.values()):
                try:
                    richtext.to_markup(cell_text(card.cells.get(column, "")),
                                       styles[name].size if name in styles else 9)
                except richtext.RichTextError as e:
                    errors.append(table.error(str(e), card.row, column))
    DataErrors.raise_all(errors)
    return frozenset(rich)


def _check_markers(table: Spreadsheet, cards, fields: dict[str, Field], shown: set[str], icons,
                   backs: DeckBacks) -> None:
    """Every cell printed whose `:name:` markers name no icon: one line per cell, all at once."""
    columns = sorted({c for name, f in fields.items() if name in shown for c in f.columns.values()},
                     key=table.columns.index)
    errors = []
    for card in cards:
        for column in columns:
            names = unknown(cell_text(card.cells.get(column, "")), icons)
            if names:
                errors.append(table.error(unknown_error(names, icons), card.row, column))
    for key, back in backs.backs.items():
        texts = back.text.items() if isinstance(back.text, dict) else [("", back.text)]
        for lang, text in texts:
            if names := unknown(text, icons):
                entry = "back" if key == backchoice.DEFAULT else f"backs.{key}"
                where = entry + ".text" + (f".{lang}" if lang else "")
                errors.append(DataError(unknown_error(names, icons), where=where))
    DataErrors.raise_all(errors)


def _check_looks(data: DeckFileData) -> None:
    """A field's size and line height above 0, the space above it 0 or more (a size of 0 would lose the
    text without a word, a negative line height print it below its box); a code to replace not empty."""
    for name, spec in data.fields.items():
        if not isinstance(spec, FieldOptions):
            continue
        for key, zero_ok, message in (("size", False, _("size is pt, more than 0")),
                                      ("leading", False, _("leading is the line height ÷ the size, more than 0")),
                                      ("space_before", True, _("space_before is pt, 0 or more"))):
            value = getattr(spec, key)
            if value is not None and not (math.isfinite(value) and (value >= 0 if zero_ok else value > 0)):
                raise DataError(message, where=f"fields.{name}.{key}")
    if "" in data.deck.replace:
        raise DataError(_("a code to replace cannot be empty"), where="deck.replace")
    floor = data.deck.min_text_size
    if not (math.isfinite(floor) and floor >= LEAST_TEXT_SIZE):
        raise DataError(_("min_text_size is pt, at least {least:g} (smaller type is not read at arm's length), "
                          "got {value:g}").format(least=LEAST_TEXT_SIZE, value=floor), where="deck.min_text_size")


def _check_colours(data: DeckFileData) -> None:
    colours: dict[str, str | ValueMap | None] = {f"suits.{key}.color": suit.color for key, suit in data.suits.items()}
    colours |= {f"fields.{name}.color": spec.color for name, spec in data.fields.items()
                if isinstance(spec, FieldOptions)}
    for key, back in (({"": data.back} if data.back else {}) | data.backs).items():
        where = f"backs.{key}" if key else "back"
        colours |= {f"{where}.color": back.color, f"{where}.ink": back.ink}
    colours["layout.frame"] = data.layout.frame
    colours |= {f"layouts.{name}.frame": variant.frame for name, variant in data.layouts.items()
                if not is_dynamic(variant.frame)}
    for where, colour in colours.items():
        if isinstance(colour, str):  # a value map is checked entry by entry (rules.py)
            require_colour(colour, where)


def _text(value: Text | None, lang: str) -> str:
    if isinstance(value, dict):
        return value.get(lang) or next(iter(value.values()), "")
    return value or ""


def _cards_table(deck_file: Path, data: DeckFileData, spreadsheet: Path | None) -> tuple[Spreadsheet, tuple[str, ...]]:
    d = data.deck
    if spreadsheet is None and d.data:
        spreadsheet = inside(deck_file.parent, d.data, "deck.data")
    if spreadsheet is None and data.cards is None:  # mydeck.toml beside mydeck.csv
        spreadsheet = next((p for p in map(deck_file.with_suffix, SPREADSHEETS) if p.exists()), None)
        if spreadsheet is not None:
            inside(deck_file.parent, spreadsheet.name, "deck")
    json = spreadsheet is not None and spreadsheet.suffix.lower() == ".json"
    if d.data_path is not None and not json:
        raise DataError(_("data_path says where the cards are in a JSON file; the cards are not in one"),
                        where="deck.data_path")
    for key, given in (("header", not d.header), ("column_names", d.column_names is not None)):
        if given and (spreadsheet is None or json):
            raise DataError(_("{key} is for a .csv or .xlsx file").format(key=key), where=f"deck.{key}")
    if spreadsheet is None:
        if data.cards is None:
            raise DataError(_("no cards: add [[cards]] entries or name a spreadsheet with data = \"…\""),
                            where="deck")
        return toml_table(deck_file, data.cards), ()
    if data.cards is not None:
        raise DataError(_("the cards are in {name}: remove the [[cards]] entries here").format(
            name=spreadsheet.name), where="cards")
    if json:
        return read_json(spreadsheet, d.data_path), ()
    names = d.column_names if d.column_names is not None else (None if d.header else [])
    table = read_table(spreadsheet, d.worksheet, names)
    if table.encoding is None:
        return table, ()
    note = _("{file}: read as {encoding}").format(file=table.file, encoding=table.encoding)
    return table, (note,)


def _filtered(table: Spreadsheet, where: dict[str, Any]) -> Spreadsheet:
    """The rows `[deck] where` keeps: each named column holding the value, or one of the list."""
    if not where:
        return table
    wanted = {}
    for column, value in where.items():
        if column not in table.columns:
            raise DataError(_("no column {column!r} to filter on (columns: {known})").format(
                column=column, known=listing(table.columns)), where=f"deck.where.{column}")
        wanted[column] = {cell_text(v) for v in (value if isinstance(value, list) else [value])}
    rows = tuple(row for row in table.rows
                 if all(cell_text(row.cells.get(column, "")) in values for column, values in wanted.items()))
    if not rows:
        raise DataError(_("no row of {file} matches where (rows: {count})").format(
            file=table.file.name, count=len(table.rows)), where="deck.where")
    return replace(table, rows=rows)


def _fields(data: DeckFileData, table: Spreadsheet, languages: tuple[str, ...]) -> dict[str, Field]:
    """Every field the deck can print: those `[fields]` maps, then every column by its own name
    (`title`, or `title_ja` and `title_en`). Every column named but missing is reported at once."""
    fields: dict[str, Field] = {}
    missing = []
    for name, spec in data.fields.items():
        if name in DERIVED:
            raise DataError(_("{name!r} is made from rank and suit; it cannot be a column").format(name=name),
                            where=f"fields.{name}")
        spec = FieldOptions(column=spec) if isinstance(spec, str) else spec
        columns = {}
        for lang in languages:
            column = getattr(spec, lang) or spec.column or _default_column(table, name, lang)
            if column is None:
                raise DataError(_("no column for the {lang} text of {name!r}").format(lang=lang, name=name),
                                where=f"fields.{name}")
            if column not in table.columns:
                missing.append(_missing_column(table, column, name))
                break
            columns[lang] = column
        else:
            fields[name] = Field(name, columns, spec.type)
    DataErrors.raise_all(missing)
    for column in table.columns:
        base = column
        for lang in LANGS:
            base = base.removesuffix(f"_{lang}")
        if base in fields:
            continue
        columns = {lang: found for lang in languages if (found := _default_column(table, base, lang))}
        if len(columns) == len(languages):
            fields[base] = Field(base, columns)
    return fields


def _missing_column(table: Spreadsheet, column: str, name: str) -> DataError:
    known = listing(table.columns)
    if table.toml_keys is not None:
        return DataError(_("no card has {column!r} (field {name!r}; keys: {known})").format(
            column=column, name=name, known=known), where=f"fields.{name}")
    return DataError(_('no such column: the deck file maps field {name!r} to it (columns: {known})').format(
        name=name, known=known), file=table.file, row=1, column=quoted_column(column))


def _default_column(table: Spreadsheet, name: str, lang: str) -> str | None:
    for column in (f"{name}_{lang}", name):
        if column in table.columns:
            return column
    return None


def _unknown_field(name: str, table: Spreadsheet, where: str) -> DataError:
    return DataError(_("unknown field {name!r}: {file} has no column {name!r} or {name}_ja/{name}_en "
                       "(columns: {known})").format(name=name, file=table.file.name,
                                                    known=listing(table.columns)), where=where)


def _boxes(folder: Path, data: DeckFileData, layout: NamedLayout, table: Spreadsheet,
           fields: dict[str, Field]) -> tuple[dict[str, tuple[str, ...]], dict[str, Path], tuple[Path, ...]]:
    boxes = dict(layout.boxes(data.layout))
    templates: dict[str, Path] = {}
    included: dict[Path, None] = {}  # the files the templates include, in order, once each
    for box, spec in data.boxes.items():
        if box not in boxes:
            if not spec.positioned() or layout.flowing:
                raise DataError(_("the {layout} layout has no box {box!r} (boxes: {known}); a box of the deck's "
                                  "own needs its place: left, top, width, height").format(
                    layout=layout.name, box=box, known=listing(boxes) or _("none")), where=f"boxes.{box}")
            boxes[box] = ()
        if spec.fields is not None:
            for n, name in enumerate(spec.fields):
                if name not in fields and name not in DERIVED:
                    raise _unknown_field(name, table, f"boxes.{box}.fields[{n}]")
            boxes[box] = tuple(spec.fields)
        if spec.template:
            templates[box] = inside(folder, spec.template, f"boxes.{box}.template",
                                    _("template {name!r}").format(name=spec.template))
            if not templates[box].is_file():
                raise DataError(_("template {name!r} not found beside the deck file").format(name=spec.template),
                                where=f"boxes.{box}.template")
            printed, files = check_template(templates[box], folder, (*fields, *DERIVED))
            boxes[box] = tuple(dict.fromkeys((*boxes[box], *sorted(printed))))
            included |= dict.fromkeys(files)
    return boxes, templates, tuple(included)


def _places(data: DeckFileData, layout: NamedLayout) -> dict[str, BoxOptions]:
    """The boxes the deck places or dresses, checked on a face of the deck's own size (a size given
    on the command line is checked when it builds)."""
    places = {box: spec for box, spec in data.boxes.items() if spec.styled()}
    if not places or layout.flowing:
        return places
    d = data.deck
    try:
        size = Size(d.diameter, d.diameter) if layout.kind == "chips" else parse_card_size(d.card_size or "poker")
    except ValueError:
        return places  # the card size's own error comes at the build
    for box, spec in places.items():
        shapes.check(spec, f"boxes.{box}")
    for colour in ("background", "border"):
        for box, spec in places.items():
            if getattr(spec, colour) is not None:
                require_colour(getattr(spec, colour), f"boxes.{box}.{colour}")
    layout.looks_with(size, data.layout, places)
    return places


def _copies_column(d: DeckOptions, table: Spreadsheet) -> str | None:
    column = d.copies or "copies"
    if column in table.columns:
        return column
    if d.copies:
        raise _missing_column(table, column, "copies")
    return None


def _number(value: Any, kind: str) -> int | float | None:
    """`value` as a whole number or a number; None if it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        number = value
    else:
        try:
            number = float(str(value).strip().replace(",", ""))
        except ValueError:
            return None
    if kind == "integer":
        return int(number) if float(number).is_integer() else None
    return number


def _cards(table: Spreadsheet, fields: dict[str, Field], copies: str | None,
           suits: dict[str, SuitOptions]) -> tuple[CardRow, ...]:
    """The cards, every cell checked; all the bad cells are reported together, a line each."""
    typed = [f for f in fields.values() if f.type != "text"]
    suit_columns = set(fields["suit"].columns.values()) if "suit" in fields else set()
    cards, errors = [], []
    for row in table.rows:
        for column, value in row.cells.items():
            if hasattr(value, "isoformat"):  # a spreadsheet's date or time cell
                errors.append(table.error(_("a date or time ({value}): format the cell as text, or write a number")
                                          .format(value=value.isoformat()), row.number, column))
            elif isinstance(value, (dict, list)):
                errors.append(table.error(_("must be text or a number, got {value!r}").format(value=value),
                                          row.number, column))
        for f in typed:
            for column in set(f.columns.values()):
                value = row.cells.get(column, "")
                if isinstance(value, (dict, list)) or hasattr(value, "isoformat"):
                    continue  # said above
                if cell_text(value) and _number(value, f.type) is None:
                    kind = _("a whole number") if f.type == "integer" else _("a number")
                    errors.append(table.error(_("{value!r} is not {kind}").format(value=cell_text(value), kind=kind),
                                              row.number, column))
        for column in suit_columns:
            value = cell_text(row.cells.get(column, ""))
            if value and find_suit(suits, value) is None:
                known = listing(f"{k} {s.symbol}" for k, s in suits.items())
                errors.append(table.error(_("unknown suit {value!r} (known: {known}; add yours under [suits])")
                                          .format(value=value, known=known), row.number, column))
        count = 1
        if copies:
            value = row.cells.get(copies, "")
            number = _number(value, "integer") if cell_text(value) else 1
            if number is None or not 0 <= number <= MAX_COPIES:
                errors.append(table.error(_("the number of copies must be a whole number from 0 to {most}, "
                                            "got {value!r}").format(most=MAX_COPIES, value=cell_text(value)),
                                          row.number, copies))
                number = 1
            count = int(number)
        cards.append(CardRow(row.number, count, row.cells))
    DataErrors.raise_all(errors)
    return tuple(cards)


def _styles(data: DeckFileData, layout: NamedLayout, fields: dict[str, Field], shown: set[str]) -> dict[str, TextStyle]:
    defaults = layout.styles(data.layout)
    styles = {}
    for name in shown | set(defaults):
        base = defaults.get(name, layout.body_style(data.layout))
        spec = data.fields.get(name)
        styles[name] = field_style(base, spec) if isinstance(spec, FieldOptions) else base
    return styles


def _unnamed(table: Spreadsheet):
    for column in table.unnamed:
        yield _("warning: {file}, row 1, column {column}: the column has no name; it is called {column}").format(
            file=table.file, column=column)


def _no_japanese(deck_file: Path, d: DeckOptions, table: Spreadsheet):
    """A deck built in Japanese only because nobody chose: say so if its cards hold no Japanese."""
    if d.languages is not None:
        return
    if any(_JAPANESE.search(str(v)) for row in table.rows for v in row.cells.values()):
        return
    yield _('warning: {file}: the deck is built in Japanese (the default), but no card holds Japanese text; '
            'choose its language in [deck]: languages = ["en"]').format(file=deck_file)


def _unused(table: Spreadsheet, used: set[str]):
    for column in table.columns:
        if column not in used:
            # A spreadsheet's column is named in its header row; a TOML key where a card first gives it.
            row = 1 if table.toml_keys is None else next((r.number for r in table.rows if r.cells[column] != ""), 1)
            where = locate(table.error("", row=row, column=column))
            yield _("warning: {place}: no box prints this column").format(place=where.location())
