"""Checks every game's data needs beyond the types: ids given once, entries numbered 1, 2, 3… in
order, colours that print."""
from __future__ import annotations

import re
from collections.abc import Iterable

from ..i18n import _
from .errors import DataError

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def require_unique(keys: Iterable[str], where: str, what: str = "id") -> None:
    """Each key non-empty and given once. A repeated id is named in the path (`roles[boss]`); any
    other repeated key (a letter, a mark) in the message, the path staying `where`. `what` is the
    key's name in the data (id, letter), so it is not translated."""
    seen: set[str] = set()
    for key in keys:
        if not key:
            raise DataError(_("{what} must not be empty").format(what=what), where=where)
        if key in seen:
            raise DataError(_("duplicate {what} {key!r}").format(what=what, key=key),
                            where=f"{where}[{key}]" if what == "id" else where)
        seen.add(key)


def require_colour(value: str, where: str) -> None:
    """Printed colours are written `#rrggbb`."""
    if not _COLOUR.fullmatch(value):
        raise DataError(_("must be a colour like #a51d2d, got {value!r}").format(value=value), where=where)


def require_numbered(numbers: list[int], where: str, what: str) -> None:
    """`numbers` must run 1, 2, 3… in order (steps, weeks, rounds); an error names the first entry out of
    place. `what` (the entries, marked N_) is translated here."""
    for i, number in enumerate(numbers):
        if number != i + 1:
            raise DataError(_("{what} must be numbered 1, 2, 3… in order, got {numbers}").format(
                what=_(what), numbers=numbers), where=f"{where}[{i}]")
