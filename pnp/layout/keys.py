"""The deck file's tables as typed data (checked by `tabletop.data.schema`: unknown keys, missing
fields and wrong types name the line and the key). docs/decks.md describes each key."""
from __future__ import annotations

from typing import Any, Literal

from pnp.layout.boxplace import Length, PlaceOptions
from pnp.layout.values import ValueMap
from tabletop.record import Record, field

Text = str | dict[str, str]  # the same in every language, or one per language
INK = "#111111"
LAYOUT_NAMES = ("insert", "card", "halves", "chip", "blank", "sheet")


class LayoutOptions(Record):
    """The `[layout]` table of a deck file."""
    name: Literal["insert", "card", "halves", "chip", "blank", "sheet"] = "card"
    style: Literal["full", "overlay"] = "full"  # insert
    frame: str | ValueMap | None = None  # card, halves: the frame's colour (a card's suit colour wins)
    columns: list[str] = field(default_factory=list)  # sheet: the fields shown, in order
    headings: dict[str, str | dict[str, str]] = field(default_factory=dict)  # sheet: column headings
    widths: list[float] = field(default_factory=list)  # sheet: relative column widths


class DeckOptions(Record):
    """The `[deck]` table."""
    id: str | None = None
    title: Text | None = None
    author: str | None = None  # who made the deck: the PDF's Author (else the kit's name)
    card_size: str | None = None
    diameter: float = 25.0
    languages: list[Literal["ja", "en"]] | None = None  # None: ["ja"], and a word if no card has Japanese
    data: str | None = None
    data_path: str | None = None  # JSON: where the array of cards is (`cards`, `set.cards`)
    worksheet: str | None = None
    header: bool = True  # false: the spreadsheet's first row is a card; columns A, B, C…
    column_names: list[str] | None = None  # the columns of a spreadsheet without a header row, in order
    where: dict[str, str | int | float | list[str | int | float]] = field(default_factory=dict)  # rows printed
    ignore: list[str] = field(default_factory=list)  # columns unused on purpose: no warning
    copies: str | None = None
    name: str | None = None
    image_dpi: Literal[300, 600] = 300  # art is downsampled to this at its printed size
    fonts: list[str | FontOptions] = field(default_factory=list)  # the deck's fonts, before the kit's
    rich: list[str] = field(default_factory=list)  # fields read as rich text (richtext.py)
    replace: dict[str, str] = field(default_factory=dict)  # the deck's own codes → text, in every cell
    back: str | ValueMap | None = None  # the column (or field) whose cell names each card's back in [backs]
    layout: str | ValueMap | None = None  # the column (or field) whose cell names each card's [layouts.NAME]
    min_text_size: float = 6.5  # pt: the floor text is shrunk to before a build fails; 4 at the least


class FontOptions(Record):
    """A font of the deck's chain with its styles: files in the deck's folder (or bundled names)."""
    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


class ImageOptions(Record):
    """A box's picture (`[boxes.NAME.image]`, or `image = "art/{id}.png"` for the file alone)."""
    file: str | ValueMap  # a path in the deck's folder; `{column}` is replaced by the card's cell
    fit: Literal["fit", "fill", "stretch"] = "fit"
    align: str = "center"
    height: float | None = None  # mm at the top of the box for the picture, the text below it


class IconOptions(Record):
    """An icon of `[icons]`: a picture file in the deck's folder, or a glyph (in a font of its own)."""
    file: str | None = None
    glyph: str | None = None
    font: str | None = None  # a font file in the deck's folder, or a bundled font's name


class FieldOptions(Record):
    column: str | None = None
    ja: str | None = None
    en: str | None = None
    type: Literal["text", "integer", "number"] = "text"
    size: float | str | ValueMap | None = None  # str: "{column}", the size a card's cell gives
    bold: bool | None = None
    color: str | ValueMap | None = None
    align: Literal["left", "center", "right"] | None = None
    leading: float | None = None
    space_before: float | None = None  # pt above the field's paragraph
    one_line: bool | None = None  # shrunk to one line (as far as the text floor) before it wraps


class BoxOptions(PlaceOptions):
    """`[boxes.NAME]`: what a box prints, and where it lies and how it looks (boxplace.py)."""
    fields: list[str] | None = None
    template: str | None = None
    image: str | ImageOptions | None = None
    rich: bool = False  # the box's fields read as rich text
    # The look from a card's cell: "{column}" or a value map (layout/values.py), turned into the plain value
    # PlaceOptions declares card by card (deck/draw/looks.py) before the box is placed (layout/boxplace.py).
    background: str | ValueMap | None = None  # type: ignore[assignment]  # a cell's, made plain before placing
    border: str | ValueMap | None = None  # type: ignore[assignment]  # a cell's, made plain before placing
    border_width: float | str | ValueMap | None = None  # type: ignore[assignment]  # likewise
    when: str | None = None  # a condition on the card's fields: the box prints only where it holds
    restyle: list[RestyleOptions] = field(default_factory=list)  # the first whose condition holds applies
    # The shape its background and border draw (layout/shapes.py): a rectangle unless given.
    shape: Literal["rectangle", "circle", "rounded", "line", "polygon"] | None = None
    radius: float | None = None  # rounded: the corners' radius, mm
    points: list[list[float]] | None = None  # polygon, line: [x, y] in % of the box from its top-left corner
    opacity: float | None = None  # of the shape's fill and line, 0 to 1
    over_text: bool = False  # its background, picture and border over the text of the boxes before it


class RestyleOptions(Record):
    """`[[boxes.NAME.restyle]]`: a box's look on the cards where `when` holds."""
    when: str
    background: str | ValueMap | None = None
    border: str | ValueMap | None = None
    border_width: float | str | ValueMap | None = None


class SuitOptions(Record):
    symbol: str
    color: str = INK
    name: Text | None = None


BACK = "#2b3a4a"  # a back's colour when it gives none and has no picture


BackLayout = Literal["insert", "card", "halves", "chip"]  # the named layouts a back can be a face of


class BackOptions(Record):
    """`[back]`, or one of `[backs.NAME]` that a column chooses card by card (deck/read/backchoice.py)."""
    text: Text = ""  # a template of the card's row: `{{ tier }}` prints the card's tier
    color: str | None = None  # None: the colour at the edges of its picture (so its bleed matches), else BACK
    ink: str | None = None  # the text's colour (default: white on a card's back, the ring's on a chip's)
    image: str | None = None  # a picture covering the back, in the deck's folder
    layout: BackLayout | None = None  # a face of the row's own fields
    boxes: dict[str, BoxOptions] = field(default_factory=dict)  # that face's boxes: which fields


class LayoutVariant(LayoutOptions):
    """`[layouts.NAME]`: another layout of the deck, with its own boxes, for the cards whose cell
    names it (`layout = "kind"` in [deck])."""
    boxes: dict[str, BoxOptions] = field(default_factory=dict)


class FaceOptions(Record):
    """A layout file's face, if not the card's size (an overlay insert is narrower than its card)."""
    width: Length = "100%"
    height: Length = "100%"


class StyleOptions(FieldOptions):
    """`[fields.NAME]` of a layout file: a field's look, which may also grow with the face. Its size is
    pt (no card's cell chooses it here)."""
    size: float | None = None
    size_per_mm: float | None = None  # pt for each mm of the face's narrower side (a chip's value)


class CellsOptions(PlaceOptions, kw_only=True):
    """`[cells.NAME]` of a layout file: a grid of text boxes over the area its place keys give,
    `rows` high in each of `columns`, named `{column}{row}` from 0 at the top (`tens0`…`tens9`)."""
    columns: list[str]
    rows: int
    gap: float = 0.0  # mm between two columns


class TableOptions(Record):
    """`[table]` of the sheet's layout file: a flowing table's cells, padding inside the grid and the
    space above the table, pt (what is not given stays as it was)."""
    side: float | None = None
    top: float | None = None
    bottom: float | None = None
    space_before: float | None = None


class LookOptions(Record):
    """`[[tighter]]` of the sheet's layout file: a denser look, its styles' and table's changes over
    the look before it."""
    fields: dict[str, StyleOptions] = field(default_factory=dict)
    table: TableOptions = TableOptions()


class LayoutFile(Record):
    """A named layout (`templates/layouts/NAME.toml`), in the keys of a deck file: its boxes where
    they lie, the fields each prints, and how each field looks; for a built-in game's layout also
    its grids of cells and the areas its artwork fills."""
    face: FaceOptions = FaceOptions()
    fields: dict[str, StyleOptions] = field(default_factory=dict)  # the styles, by name
    boxes: dict[str, BoxOptions] = field(default_factory=dict)
    cells: dict[str, CellsOptions] = field(default_factory=dict)  # after the boxes, in the face's order
    areas: dict[str, PlaceOptions] = field(default_factory=dict)  # no text: where artwork draws (a band)
    # Every face of an asset in this layout prints at one size, the largest the fullest of them fits.
    together: bool = False
    # Its boxes are not held inside the face: on a card size too small for them (`--card-size`) the text
    # that cannot fit is the error, naming the card; a box larger than a small face keeps its size.
    past_edges: bool = False
    table: TableOptions = TableOptions()  # a flowing sheet's tables
    tighter: list[LookOptions] = field(default_factory=list)  # denser looks, tried in order (sheets)


SLEEVED_CARD = 0.5  # mm: a card (about 0.3 mm) in a sleeve of 100-micron walls (0.2 mm more)


class TuckBoxOptions(Record):
    """`[tuckbox]`: a tuck box for the deck (deck/draw/tuckbox.py)."""
    cards: int | None = None  # how many cards it holds; None: the deck's, copies counted
    thickness: float = SLEEVED_CARD  # mm per card
    ease: float = 1.0  # mm added to each inside measure, so the cards slide in


class DeckFileData(Record):
    deck: DeckOptions
    layout: LayoutOptions = LayoutOptions()
    fields: dict[str, str | FieldOptions] = field(default_factory=dict)
    boxes: dict[str, BoxOptions] = field(default_factory=dict)
    suits: dict[str, SuitOptions] = field(default_factory=dict)
    icons: dict[str, str | IconOptions] = field(default_factory=dict)  # name → a picture file, or a glyph
    back: BackOptions | None = None
    backs: dict[str, BackOptions] = field(default_factory=dict)  # named backs, chosen by [deck] back
    layouts: dict[str, LayoutVariant] = field(default_factory=dict)  # other layouts, chosen by [deck] layout
    cards: list[dict[str, Any]] | None = None
    tuckbox: TuckBoxOptions | None = None


FRENCH_SUITS = {"S": SuitOptions("♠", "#111111", {"ja": "スペード", "en": "Spades"}),
                "H": SuitOptions("♥", "#c8102e", {"ja": "ハート", "en": "Hearts"}),
                "D": SuitOptions("♦", "#c8102e", {"ja": "ダイヤ", "en": "Diamonds"}),
                "C": SuitOptions("♣", "#111111", {"ja": "クラブ", "en": "Clubs"})}
