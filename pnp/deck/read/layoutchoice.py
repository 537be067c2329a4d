"""Several layouts in one deck: `[layouts.NAME]` tables, each a layout with its own boxes (the keys of
`[layout]` and of `[boxes.NAME]`), and `layout = "kind"` in `[deck]`, the column (or a value map)
whose cell names each card's layout; an empty cell keeps `[layout]`. Each layout is read as a deck
of its own over the same cards (so its boxes, templates and pictures are checked like `[layout]`'s),
and prints the cards that choose it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.layout import values
from pnp.layout.keys import DeckFileData, LayoutOptions, LayoutVariant
from pnp.layout.named import LAYOUTS
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _, listing
from tabletop.record import replace


def variant_data(data: DeckFileData, name: str, variant: LayoutVariant, column: str) -> DeckFileData:
    """The deck file as `[layouts.NAME]` would have it: its layout and boxes in place of the deck's,
    the choosing column read on purpose."""
    options = LayoutOptions(name=variant.name, style=variant.style, frame=variant.frame, columns=variant.columns,
                            headings=variant.headings, widths=variant.widths)
    deck = replace(data.deck, layout=None, ignore=[*data.deck.ignore, column])
    return replace(data, deck=deck, layout=options, boxes=variant.boxes, layouts={})


def in_variant(error: DataError, name: str) -> DataError:
    """An error a layout's keys caused, pointed at `[layouts.NAME]`'s own key."""
    if error.where and (error.where.startswith("boxes.") or error.where.startswith("layout.")):
        error.where = f"layouts.{name}." + error.where.removeprefix("layout.")
    elif error.where == "layout":
        error.where = f"layouts.{name}"
    return error


def check_kinds(data: DeckFileData) -> None:
    """Every layout makes pieces like `[layout]`'s: cards of one size, or inserts of one style."""
    main = LAYOUTS[data.layout.name]
    if main.flowing:
        raise DataError(_("a sheet is one table: it has no other layouts"), where="layouts")
    for name, variant in data.layouts.items():
        layout = LAYOUTS[variant.name]
        if layout.kind != main.kind or layout.flowing or (
                main.kind == "inserts" and variant.style != data.layout.style):
            kinds = listing(name for name, other in LAYOUTS.items() if other.kind == main.kind)
            raise DataError(_("a deck's layouts make pieces of one kind and size: {layout} is not like "
                              "{main} ({kinds})").format(layout=variant.name, main=data.layout.name, kinds=kinds),
                            where=f"layouts.{name}.name")


def choosing_column(data: DeckFileData, table, fields: dict) -> str:
    given = data.deck.layout
    if given is None:
        raise DataError(_("[layouts] needs the column naming each card's layout: layout = \"COLUMN\" in [deck]"),
                        where="layouts")
    name = given.column if isinstance(given, values.ValueMap) else values.column_of(given) or given
    column = values.resolve_column(name, table.columns, fields)
    if column is None:
        raise DataError(_("no column {column!r} to choose the layouts by (columns: {known})").format(
            column=name, known=listing(table.columns)), where="deck.layout")
    return column


def card_layouts(data: DeckFileData, column: str, table, text: Callable[[Any], str]) -> dict[int, str | None]:
    """Row → the name of its layout in [layouts] (None: `[layout]`). A cell naming no layout is an
    error, every such cell at once."""
    given = data.deck.layout
    chosen, errors = {}, []
    for row in table.rows:
        cell = text(row.cells.get(column, ""))
        try:
            value = values.chosen(given, cell) if isinstance(given, values.ValueMap) else cell
        except values.Unchosen as e:
            errors.append(table.error(_("{key}: {reason}").format(key="deck.layout", reason=e), row.number, column))
            continue
        value = str(value) if value else None
        if value is not None and value not in data.layouts:
            errors.append(table.error(_("no layout {value!r} in [layouts] (layouts: {known})").format(
                value=value, known=listing(data.layouts)), row.number, column))
        chosen[row.number] = value
    DataErrors.raise_all(errors)
    return chosen
