"""A deck's cards from a spreadsheet: CSV (UTF-8 with or without BOM, or Shift_JIS as Excel saves it)
or Excel .xlsx. The first row names the columns (a column without a name is called by its letter),
unless the deck says the file has no header row; every other non-empty row is one card. Cards given
as entries (a TOML file's [[cards]], a JSON array) are a table too, a key a column."""
from __future__ import annotations

import codecs
import csv
import io
from pathlib import Path
from typing import Any

from tabletop.data.errors import DataError
from tabletop.i18n import _, listing
from tabletop.record import Record

UTF8, UTF8_BOM, CP932 = "UTF-8", "UTF-8 with BOM", "Shift_JIS (cp932)"
_CP932_STRAYS = frozenset("\x80\uf8f0\uf8f1\uf8f2\uf8f3")  # what Python's cp932 makes of 0x80, 0xA0, 0xFD–0xFF


class Row(Record):
    number: int  # as a spreadsheet numbers it: the header is row 1
    cells: dict[str, Any]  # column name → value; an empty cell is ""


class Spreadsheet(Record):
    file: Path
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    encoding: str | None = None  # how a CSV was decoded
    positions: dict[str, int] | None = None  # column name → its number (A = 1)
    toml_keys: dict[str, str] | None = None  # cards given as entries (TOML, JSON): column → key path
    entries: str = "cards"  # where those entries are in their file (`cards`; in JSON, maybe "" or `set.cards`)
    unnamed: tuple[str, ...] = ()  # columns with an empty header cell, named by their letter

    def column_label(self, column: str) -> str:
        """`C "Effect"`: the letter a spreadsheet shows and the column's name."""
        n = (self.positions or {}).get(column)
        return _('{letter} "{name}"').format(letter=letter(n), name=column) if n else quoted_column(column)

    def error(self, message: str, row: int | None = None, column: str | None = None) -> DataError:
        if self.toml_keys is not None:  # row n is the n-th entry; a TOML file's line is found from the path
            where = f"{self.entries}[{row - 1}]" if row else self.entries or "[]"
            return DataError(message, file=self.file, where=where + (f".{self.toml_keys[column]}" if column else ""))
        return DataError(message, file=self.file, row=row, column=self.column_label(column) if column else None)


def quoted_column(name: str) -> str:
    """A column named by its header: `"Effect"` / `「Effect」`."""
    return _('"{name}"').format(name=name)


def letter(n: int) -> str:
    """1 → A, 27 → AA."""
    name = ""
    while n:
        n, rest = divmod(n - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def read_table(path: Path, worksheet: str | None = None, names: list[str] | None = None) -> Spreadsheet:
    """The file's cards; `names` given: the file has no header row, and these name its first columns
    (the others are called by their letters, A, B, C…)."""
    if path.suffix.lower() == ".xlsx":
        return _table(path, _xlsx_rows(path, worksheet), None, names)
    if path.suffix.lower() == ".csv":
        text, encoding = decode_csv(_read_bytes(path), path)
        return _table(path, _csv_rows(text, path), encoding, names)
    raise DataError(_("a deck's cards are read from a .csv, .xlsx or .json file"), file=path)


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise DataError(_("file not found"), file=path) from None
    except OSError as e:
        raise DataError(_("cannot read: {reason}").format(reason=e.strerror), file=path) from None


def decode_csv(data: bytes, path: Path) -> tuple[str, str]:
    """The text and the encoding it was in: UTF-8 (a BOM is dropped), else cp932, else an error
    at the first byte that is not UTF-8."""
    if data.startswith(codecs.BOM_UTF8):
        try:
            return data[len(codecs.BOM_UTF8):].decode("utf-8"), UTF8_BOM
        except UnicodeDecodeError as e:
            raise _undecodable(data, e.start + len(codecs.BOM_UTF8), path) from None
    try:
        return data.decode("utf-8"), UTF8
    except UnicodeDecodeError as e:
        first_bad = e.start
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        raise _undecodable(data, first_bad, path) from None
    if any(c in _CP932_STRAYS for c in text):  # bytes Shift_JIS leaves undefined, decoded leniently
        raise _undecodable(data, first_bad, path)
    return text, CP932


def _undecodable(data: bytes, offset: int, path: Path) -> DataError:
    line_start = data.rfind(b"\n", 0, offset) + 1
    row = data.count(b"\n", 0, offset) + 1
    column = data.count(b",", line_start, offset) + 1  # good enough to find the cell: quotes are rare
    return DataError(_("cannot read byte 0x{byte:02x}: the file is neither UTF-8 nor Shift_JIS (cp932); "
                       "save it as CSV UTF-8").format(byte=data[offset]),
                     file=path, row=row, column=letter(column))


def _csv_rows(text: str, path: Path) -> list[tuple[int, list[Any]]]:
    # Excel saves CSV with semicolons where the decimal mark is a comma; a tab-separated file reads too.
    header = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=header.count)
    rows: list[tuple[int, list[Any]]] = []
    try:  # strictly first: only that notices a quoted cell still open at the end of the file
        for number, cells in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True), 1):
            rows.append((number, cells))
        return rows
    except csv.Error as e:
        if "unexpected end of data" in str(e):  # the rest of the file would have gone into that one cell
            raise DataError(_('a quote (") opens a cell in this row that never closes: close it, or the rest of '
                              'the file is read into that cell'), file=path, row=len(rows) + 1) from None
    rows = []  # a stray quote inside a cell (`"x" y`) reads as a spreadsheet program reads it
    try:
        for number, cells in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), 1):
            rows.append((number, cells))
    except csv.Error as e:
        raise DataError(_("not a readable CSV row: {reason}").format(reason=e), file=path,
                        row=len(rows) + 1) from None
    return rows


def _xlsx_rows(path: Path, worksheet: str | None) -> list[tuple[int, list[Any]]]:
    import zipfile

    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    _read_bytes(path)  # a missing or unreadable file says so plainly
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError) as e:
        raise DataError(_("not an Excel .xlsx workbook ({reason})").format(reason=e), file=path) from None
    try:
        if worksheet is None:
            sheet = book.worksheets[0]
        elif worksheet in book.sheetnames:
            sheet = book[worksheet]
        else:
            raise DataError(_("no worksheet {name!r} (it has: {known})").format(
                name=worksheet, known=listing(book.sheetnames)), file=path)
        return [(number, list(cells)) for number, cells in enumerate(sheet.iter_rows(values_only=True), 1)]
    finally:
        book.close()


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _table(path: Path, raw: list[tuple[int, list[Any]]], encoding: str | None,
           names: list[str] | None = None) -> Spreadsheet:
    raw = [(n, cells) for n, cells in raw if not all(_blank(c) for c in cells)]
    if not raw:
        raise DataError(_("the spreadsheet is empty: its first row must name the columns"), file=path)
    width = max(len(cells) for _, cells in raw)
    if names is None:
        header_row, header = raw[0]
        body = raw[1:]
    else:  # no header row: the deck file's names, then the letters
        header_row, header, body = 0, list(names), raw
    columns: list[str] = []
    for n, name in enumerate(header, 1):
        name = "" if name is None else str(name).strip()
        if name and name in columns:
            raise DataError(_("column {name!r} is named twice").format(name=name), file=path,
                            row=header_row or None, column=letter(n))
        columns.append(name)
    columns += [""] * (width - len(columns))
    # A column with values but no name is called by its letter (a header cell left empty, or a file
    # without a header row); an empty one with no name is left out (Excel saves trailing columns).
    unnamed = []
    for n, name in enumerate(columns, 1):
        if not name and any(n <= len(cells) and not _blank(cells[n - 1]) for _, cells in body):
            if letter(n) in columns:
                raise DataError(_("column {name!r} is named twice").format(name=letter(n)), file=path,
                                row=header_row or None, column=letter(n))
            columns[n - 1] = letter(n)
            unnamed.append(letter(n))
    rows = []
    for number, cells in body:
        values = {name: "" if value is None else value for name, value in zip(columns, cells) if name}
        rows.append(Row(number, {name: values.get(name, "") for name in columns if name}))
    positions = {name: n for n, name in enumerate(columns, 1) if name}
    return Spreadsheet(path, tuple(positions), tuple(rows), encoding, positions,
                 unnamed=tuple(unnamed) if names is None else ())


def toml_table(path: Path, entries: list[dict[str, Any]], where: str = "cards") -> Spreadsheet:
    """Entries as a table ([[cards]] in TOML, an array of objects in JSON at `where`): a key is a
    column; a text per language (`title = { ja = "…", en = "…" }`) is a column per language,
    `title_ja` and `title_en`."""
    keys: dict[str, str] = {}
    rows = []
    for number, entry in enumerate(entries, 1):
        cells = {}
        for key, value in entry.items():
            if isinstance(value, dict):
                for lang, text in value.items():
                    keys.setdefault(f"{key}_{lang}", f"{key}.{lang}")
                    cells[f"{key}_{lang}"] = text
            else:
                keys.setdefault(key, key)
                cells[key] = value
        rows.append(Row(number, cells))
    # A key given per language on some cards and as one text on others: the one text is the same in
    # every language, not a column of its own that no box would print.
    shared = {origin.split(".")[0] for column, origin in keys.items() if origin != column} & set(keys)
    for key in shared:
        languages = [column for column, origin in keys.items() if origin.startswith(f"{key}.")]
        for row in rows:
            if key in row.cells:
                text = row.cells.pop(key)
                for column in languages:
                    row.cells.setdefault(column, text)
        del keys[key]
    rows = [Row(r.number, {k: r.cells.get(k, "") for k in keys}) for r in rows]
    return Spreadsheet(path, tuple(keys), tuple(rows), toml_keys=keys, entries=where)


def read_json(path: Path, where: str | None) -> Spreadsheet:
    """Cards from a JSON file: an array of objects, the whole file or at `where` (`cards`,
    `set.cards`: keys into nested objects). null is an empty cell."""
    import json

    try:
        data = json.loads(_read_bytes(path).decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        raise DataError(_("cannot read byte 0x{byte:02x}: save the file as UTF-8").format(byte=e.object[e.start]),
                        file=path) from None
    except json.JSONDecodeError as e:
        raise DataError(_("not valid JSON: {reason}").format(reason=e.msg), file=path, line=e.lineno) from None
    walked: list[str] = []
    for key in (where or "").split(".") if where else ():
        if not isinstance(data, dict) or key not in data:
            found = listing(data) if isinstance(data, dict) else _("no keys")
            raise DataError(_("no key {key!r} at {path!r} (keys there: {found})").format(
                key=key, path=".".join(walked) or "/", found=found), file=path)
        data = data[key]
        walked.append(key)
    if not isinstance(data, list) or not all(isinstance(entry, dict) for entry in data):
        hint = _(" (data_path in [deck] names where they are)") if isinstance(data, dict) else ""
        raise DataError(_("the cards must be an array of objects{hint}").format(hint=hint), file=path,
                        where=where or "")
    entries = [{k: "" if v is None else v for k, v in entry.items()} for entry in data]
    return toml_table(path, entries, where or "")
