"""The one error type for bad user data: it names the file, line, card and field — or, in a
spreadsheet, the row and the column."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..i18n import N_, _

# The place's words, in the language spoken when the error is shown (not when it is raised).
NO_FILE = N_("<data>")


@dataclass
class DataError(Exception):
    message: str
    file: Path | None = None
    line: int | None = None
    where: str = ""  # e.g. "cards[HK].reward" — the card and the field
    row: int | None = None  # spreadsheet row, 1 = the header row
    column: str | None = None  # spreadsheet column, by its header ("Effect") or its number

    def place(self) -> str:
        """"file.toml, line 7" / "file.toml、7行目"; "data.csv, row 2, column Effect"."""
        parts = [str(self.file) if self.file else _(NO_FILE)]
        if self.line:
            parts.append(_("line {line}").format(line=self.line))
        if self.row:
            parts.append(_("row {row}").format(row=self.row))
        if self.column:
            parts.append(_("column {column}").format(column=self.column))
        return _(", ").join(parts)

    def location(self) -> str:
        """The place and the field, without the message: `deck.toml, line 5 [deck.ignore[1]]`."""
        if self.where:
            # TRANSLATORS: {field} is the TOML key or card field as typed, e.g. cards[HK].reward
            return _("{place} [{field}]").format(place=self.place(), field=self.where)
        return self.place()

    def __str__(self) -> str:
        return _("{place}: {message}").format(place=self.location(), message=self.message)


class DataErrors(DataError):
    """Several problems of one kind found in one pass (every picture missing, every cell of the
    wrong type), reported together, one line each, rather than one per run."""

    def __init__(self, errors: list[DataError]):
        first = errors[0]
        super().__init__(first.message, first.file, first.line, first.where, first.row, first.column)
        self.errors = list(errors)

    def __str__(self) -> str:
        return "\n".join(map(str, self.errors))

    @staticmethod
    def raise_all(errors: list[DataError]) -> None:
        """Raise the one error, or all of them together; nothing if there are none."""
        if len(errors) == 1:
            raise errors[0]
        if errors:
            raise DataErrors(errors)
