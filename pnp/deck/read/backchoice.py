"""A deck's backs as the deck file gives them: the one `[back]`, and the named `[backs.NAME]` that a
column (`back = "tier"` in `[deck]`) chooses card by card. Each prints a text that is a template of
the card's row (`{{ tier }}`), maybe over a picture, or a whole face of the row's own fields
(`layout = "card"` with its own boxes: two-sided cards). Checked when the deck is read, so a cell
naming a back the deck lacks is one line naming its row and column."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from pnp.deck.read import templates
from pnp.deck.read.imagefiles import checked_path
from pnp.deck.read.spreadsheet import Spreadsheet
from pnp.layout import values
from pnp.layout.keys import BackLayout, BackOptions, DeckFileData, LayoutOptions
from pnp.layout.named import DERIVED, LAYOUTS, NamedLayout
from pnp.sheets import svgpictures
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _, listing
from tabletop.record import Record, field

DEFAULT = ""  # the key of `[back]` among the deck's backs
BACK_COLUMN = "back"  # the column choosing a card's back when `[deck]` names none


class DeckBacks(Record):
    """The deck's backs by key (`[back]` under DEFAULT), the column choosing one per card, and the
    fields the backs print (their texts' templates and their faces' boxes)."""
    backs: dict[str, BackOptions] = field(default_factory=dict)
    column: str | None = None
    fields: frozenset[str] = frozenset()
    included: tuple[Path, ...] = ()  # the templates the texts include, files of the deck's folder
    choice: values.ValueMap | None = None  # a map from the column's cells to the backs' names

    def boxes(self, key: str, layout: BackLayout) -> dict[str, tuple[str, ...]]:
        """A face back's boxes: its layout's, with the fields the back's `boxes` name."""
        back = self.backs[key]
        boxes = LAYOUTS[layout].boxes(_options(layout))
        return {**boxes, **{box: tuple(spec.fields or ()) for box, spec in back.boxes.items()}}


def _options(layout: BackLayout) -> LayoutOptions:
    return LayoutOptions(name=layout)


def _where(key: str) -> str:
    return "back" if key == DEFAULT else f"backs.{key}"


def read_backs(data: DeckFileData, layout: NamedLayout, table: Spreadsheet, fields: dict, folder: Path) -> DeckBacks:
    """The backs, every key checked: a face's layout and boxes, a picture's path, each text's template."""
    backs = ({DEFAULT: data.back} if data.back else {}) | dict(data.backs)
    if not backs:
        if data.deck.back:
            raise DataError(_("back chooses among the backs of [backs.NAME]; the deck has none"), where="deck.back")
        return DeckBacks()
    if layout.back_decor is None:
        raise DataError(_("the {layout} layout has no back").format(layout=layout.name),
                        where="back" if data.back else "backs")
    column = _column(data, table, fields)
    printed: set[str] = set()
    included: dict[Path, None] = {}
    known = (*fields, *DERIVED)
    for key, back in backs.items():
        where = _where(key)
        texts = back.text.items() if isinstance(back.text, dict) else [("", back.text)]
        for lang, text in texts:
            names, files = templates.check_text(text, folder, known, f"{where}.text" + (f".{lang}" if lang else ""))
            printed |= names
            included |= dict.fromkeys(files)
        if back.image:
            checked_path(folder, back.image, partial(DataError, where=f"{where}.image"))
            if svgpictures.is_svg(Path(back.image)):  # a back is drawn as one picture covering the card
                raise DataError(_("picture {path!r}: a back's picture is PNG, JPEG or WebP (an SVG is drawn "
                                  "in a box of the card's face)").format(path=back.image), where=f"{where}.image")
        if back.layout:
            printed |= _face_fields(back, back.layout, layout, fields, where, table)
        elif back.boxes:
            raise DataError(_("boxes on a back draw a face of the card's fields: give the back a layout "
                              "(layout = \"{layout}\")").format(layout=layout.name), where=f"{where}.boxes")
    choice = data.deck.back if isinstance(data.deck.back, values.ValueMap) else None
    return DeckBacks(backs, column, frozenset(printed), tuple(included), choice)


def _face_fields(back: BackOptions, face_layout: BackLayout, layout: NamedLayout, fields: dict, where: str,
                 table: Spreadsheet) -> set[str]:
    """The fields a face back (in `face_layout`) prints; its layout must make pieces of the front's kind and size."""
    face = LAYOUTS[face_layout]
    if face.kind != layout.kind or face.flowing:
        raise DataError(_("a back's layout makes a piece like its front's: {layout} is not one ({kinds})").format(
            layout=back.layout, kinds=listing(name for name, other in LAYOUTS.items() if other.kind == layout.kind)),
            where=f"{where}.layout")
    boxes = face.boxes(_options(face_layout))
    printed = set()
    for box, spec in back.boxes.items():
        if box not in boxes:
            raise DataError(_("the {layout} layout has no box {box!r} (boxes: {known})").format(
                layout=back.layout, box=box, known=listing(boxes)), where=f"{where}.boxes.{box}")
        if spec.template or spec.image or spec.rich or spec.styled():
            raise DataError(_("a back's box takes fields only"), where=f"{where}.boxes.{box}")
        for n, name in enumerate(spec.fields or ()):
            if name not in fields and name not in DERIVED:
                raise DataError(_("unknown field {name!r}: {file} has no column {name!r} or {name}_ja/{name}_en "
                                  "(columns: {known})").format(name=name, file=table.file.name,
                                                               known=listing(table.columns)),
                                where=f"{where}.boxes.{box}.fields[{n}]")
        printed |= set(spec.fields or ())
    return printed | {f for box, names in boxes.items() if box not in back.boxes for f in names if f in fields}


def _column(data: DeckFileData, table: Spreadsheet, fields: dict) -> str | None:
    """The column whose cell names each card's back: `back` in [deck] (a column, or a field's column in
    the first language), else a column called `back` when there are named backs to choose from."""
    name = values.column_of(data.deck.back) or data.deck.back
    if name is None:
        if not data.backs:
            return None
        if BACK_COLUMN in table.columns:
            return BACK_COLUMN
        raise DataError(_("[backs] needs a column naming each card's back: back = \"COLUMN\" in [deck] "
                          "(columns: {known})").format(known=listing(table.columns)), where="backs")
    if not data.backs:
        raise DataError(_("back chooses among the backs of [backs.NAME]; the deck has none"), where="deck.back")
    if name in fields:
        return next(iter(fields[name].columns.values()))
    if name in table.columns:
        return name
    raise DataError(_("no column {column!r} to choose the backs by (columns: {known})").format(
        column=name, known=listing(table.columns)), where="deck.back")


def card_backs(backs: DeckBacks, table: Spreadsheet, rows: list[tuple[int, dict[str, Any]]],
               text) -> dict[int, str | None]:
    """Row → the key of its back (None: no back). A cell naming no back is an error, every such cell
    reported at once; an empty one takes `[back]`, if the deck has one."""
    default = DEFAULT if DEFAULT in backs.backs else None
    if backs.column is None:
        return {row: default for row, _cells in rows}
    chosen, errors = {}, []
    named = [key for key in backs.backs if key != DEFAULT]
    for row, cells in rows:
        value = text(cells.get(backs.column, ""))
        if backs.choice is not None:  # a value map: the cell picks the back's name
            try:
                value = str(values.chosen(backs.choice, value) or "")
            except values.Unchosen as e:
                errors.append(table.error(_("{key}: {reason}").format(key="deck.back", reason=e), row, backs.column))
                continue
        if not value:
            chosen[row] = default
        elif value in named:
            chosen[row] = value
        else:
            errors.append(table.error(_("no back {value!r} in [backs] (backs: {known})").format(
                value=value, known=listing(named)), row, backs.column))
    DataErrors.raise_all(errors)
    return chosen
