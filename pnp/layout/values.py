"""Values a card's data chooses: a colour, a size, a picture or a back given in the deck file as a
column (`"{faction}"`: the card's cell is the value) or a value map (`{ column = "faction", map = {
fire = "#b03a2e" }, default = "#777777" }`: the cell picks an entry). A plain value is the same on
every card. Every card's value is checked when the deck is read, one line per bad cell."""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from tabletop.i18n import _, listing
from tabletop.record import Record, field

_COLUMN = re.compile(r"\{([^{}]+)\}")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class ValueMap(Record):
    """`{ column = "faction", map = { fire = "#b03a2e" }, default = "#777777" }` in a deck file."""
    column: str
    map: dict[str, str | float] = field(default_factory=dict)
    default: str | float | None = None


def column_of(value: Any) -> str | None:
    """The column a value reads (`"{faction}"`, or a map's `column`); None for a plain value."""
    if isinstance(value, ValueMap):
        return value.column
    if isinstance(value, str) and (m := _COLUMN.fullmatch(value.strip())):
        return m.group(1).strip()
    return None


def is_dynamic(value: Any) -> bool:
    return column_of(value) is not None


class Unchosen(Exception):
    """A cell a value map has no entry for, and the map has no default."""


def chosen(value: Any, cell: str) -> Any:
    """The value for a card whose cell (in the value's column) holds `cell`; None: not given (an
    empty cell with no default leaves the look as it is without the key)."""
    if not isinstance(value, ValueMap):
        return cell or None
    if cell in value.map:
        return value.map[cell]
    if value.default is not None or not cell:
        return value.default
    raise Unchosen(_("no entry {value!r} in the map, and no default (entries: {known})").format(
        value=cell, known=listing(value.map) or _("none")))


def colour_problem(value: Any) -> str | None:
    if isinstance(value, str) and _COLOUR.fullmatch(value):
        return None
    return _("a colour is #rrggbb, got {value!r}").format(value=value)


def size_problem(value: Any) -> str | None:
    """A size from a cell: a number of pt (or mm) more than 0."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = math.nan
    if math.isfinite(number) and number > 0:
        return None
    return _("a size is a number more than 0, got {value!r}").format(value=value)


class Dynamic(Record):
    """One key of the deck file whose value a card's cell chooses."""
    where: str  # the key in the deck file (`boxes.cost.background`)
    value: Any  # "{column}" or a ValueMap
    column: str  # the spreadsheet's column it reads


def resolve_column(name: str, columns: list[str] | tuple[str, ...], fields: dict) -> str | None:
    """A value's column: a field's (its column in the first language), or a column by its name."""
    if name in fields:
        return next(iter(fields[name].columns.values()))
    return name if name in columns else None


def check_all(dynamics: list[Dynamic], rows, text: Callable[[Any], str],
              problem: Callable[[Dynamic, Any], str | None], error) -> list:
    """Every card's value of every dynamic key checked: one error per bad cell."""
    errors = []
    for row in rows:
        for d in dynamics:
            cell = text(row.cells.get(d.column, ""))
            try:
                value = chosen(d.value, cell)
            except Unchosen as e:
                errors.append(error(_("{key}: {reason}").format(key=d.where, reason=e), row.number, d.column))
                continue
            if value is not None and (reason := problem(d, value)):
                errors.append(error(_("{key}: {reason}").format(key=d.where, reason=reason), row.number, d.column))
    return errors
