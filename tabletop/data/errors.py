"""The one error type for bad user data: it names the file, line, card and field — or, in a
spreadsheet, the row and the column."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class DataError(Exception):
    message: str
    file: Path | None = None
    line: int | None = None
    where: str = ""  # e.g. "cards[HK].reward" — the card and the field
    row: int | None = None  # spreadsheet row, 1 = the header row
    column: str | None = None  # spreadsheet column, by its header ("Effect") or its number

    def __str__(self) -> str:
        place = str(self.file) if self.file else "<data>"
        if self.line:
            place += f", line {self.line}"
        if self.row:
            place += f", row {self.row}"
        if self.column:
            place += f", column {self.column}"
        field = f" [{self.where}]" if self.where else ""
        return f"{place}{field}: {self.message}"


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
