"""`pnp init DATA`: a starter deck file written from a spreadsheet's header and cells.

It guesses which column is each card's title, its body and its number of copies, by the column's
name (in English or Japanese, with `_ja`/`_en` for a column per language) and else by what the cells
hold, and which languages the deck has (the columns' suffixes, else whether the cells are Japanese).
Every column is listed in a comment, so what was not guessed is one edit away (docs/decks.md).
No click here: the command is in cli/start.py."""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field

from pnp.deck.read.spreadsheet import Spreadsheet, letter
from tabletop.text_width import display_width

TITLE_NAMES = ("title", "name", "cardname", "card", "名前", "名称", "カード名", "タイトル", "カード", "題名")
BODY_NAMES = ("body", "text", "effect", "effects", "rules", "rule", "description", "ability", "abilities",
              "効果", "テキスト", "本文", "説明", "能力", "ルール", "効果文")
COPIES_NAMES = ("copies", "count", "qty", "quantity", "number", "num", "枚数", "数", "個数", "部数", "枚")
PRINTED_BY_NAME = ("rank", "suit", "footer")  # fields the card layout prints from columns of those names
_LANG_SUFFIX = re.compile(r"^(.*?)[\s_\-(（]*(ja|en|jp|日本語|英語)[)）]?$", re.IGNORECASE)
_SUFFIX_LANG = {"ja": "ja", "jp": "ja", "日本語": "ja", "en": "en", "英語": "en"}


@dataclass
class Guess:
    """What `pnp init` made of a table: each field's column per language, the copies column, languages."""
    languages: list[str]
    fields: dict[str, dict[str, str]] = field(default_factory=dict)  # field → {lang: column}
    copies: str | None = None


def _key(text: str) -> str:
    return re.sub(r"[\s_\-]", "", unicodedata.normalize("NFKC", text)).casefold()


def split_language(column: str) -> tuple[str, str | None]:
    """`title_ja` → ("title", "ja"); `Name (en)` → ("Name", "en"); `Name` → ("Name", None)."""
    found = _LANG_SUFFIX.match(column.strip())
    if found and found.group(1):
        return found.group(1), _SUFFIX_LANG[found.group(2).casefold()]
    return column, None


def is_japanese(text: str) -> bool:
    return any("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" or "\uff66" <= c <= "\uff9f" for c in text)


def _cells(table: Spreadsheet, column: str) -> list[str]:
    return [str(row.cells[column]).strip() for row in table.rows if str(row.cells[column]).strip()]


def column_language(table: Spreadsheet, column: str) -> str:
    """Japanese if most of the column's non-empty cells hold Japanese, else English."""
    cells = _cells(table, column)
    return "ja" if cells and sum(map(is_japanese, cells)) * 2 >= len(cells) else "en"


def _whole_numbers(table: Spreadsheet, column: str) -> bool:
    cells = _cells(table, column)
    return bool(cells) and all(re.fullmatch(r"\d+(\.0)?", c) for c in cells)


def _text_column(table: Spreadsheet, column: str) -> bool:
    cells = _cells(table, column)
    return bool(cells) and not all(re.fullmatch(r"[-+]?\d+(\.\d+)?", c) for c in cells)


def _by_name(table: Spreadsheet, names: tuple[str, ...], taken: set[str]) -> dict[str, str]:
    """The columns named like `names`, per language: from their suffix, else from their cells."""
    keys = [_key(n) for n in names]
    found: dict[str, str] = {}
    for rank in keys:  # the earlier names in the list win (`name` over `card`)
        for column in table.columns:
            base, lang = split_language(column)
            if column in taken or _key(base) != rank or not _text_column(table, column):
                continue
            found.setdefault(lang or column_language(table, column), column)
    return found


def guess(table: Spreadsheet) -> Guess:
    taken: set[str] = set()
    copies = next((c for name in map(_key, COPIES_NAMES) for c in table.columns
                   if _key(c) == name and _whole_numbers(table, c)), None)
    if copies:
        taken.add(copies)
    fields: dict[str, dict[str, str]] = {}
    for name, names in (("title", TITLE_NAMES), ("body", BODY_NAMES)):
        fields[name] = _by_name(table, names, taken)
        taken |= set(fields[name].values())
    texts = [c for c in table.columns if c not in taken and _text_column(table, c)]
    if not fields["title"] and texts:  # else the first column of text: most sheets start with the name
        fields["title"] = {column_language(table, texts[0]): texts[0]}
        texts = texts[1:]
    if not fields["body"] and texts:  # else the longest text: rules are longer than anything else on a card
        longest = max(texts, key=lambda c: sum(map(len, _cells(table, c))) / len(_cells(table, c)))
        fields["body"] = {column_language(table, longest): longest}
    order = ("ja", "en").index
    fields = {name: dict(sorted(columns.items(), key=lambda item: order(item[0])))
              for name, columns in fields.items() if columns}
    languages = sorted({lang for columns in fields.values() for lang in columns}, key=("ja", "en").index)
    return Guess(languages or ["en"], fields, copies)


def _toml(value: str) -> str:
    # A JSON string is a TOML basic string: the same quotes and escapes.
    return json.dumps(value, ensure_ascii=False)


def deck_id(stem: str) -> str:
    """The output folder's name from the file's: letters, digits, - and _ only."""
    made = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-_")
    return made or "deck"


def starter(table: Spreadsheet, found: Guess, comments: list[str]) -> str:
    """The text of the deck file: `comments` (said in the user's language) and every column with the field
    it became and its first cell, then the deck's tables."""
    role = {column: f"{name} ({lang})" if len(columns) > 1 else name
            for name, columns in found.fields.items() for lang, column in columns.items()}
    if found.copies:
        role[found.copies] = "copies"
    for column in table.columns:  # read by their own names: the card layout prints them as they are
        base, lang = split_language(column)
        if _key(base) in PRINTED_BY_NAME and column not in role:
            role[column] = _key(base) + (f" ({lang})" if lang else "")
    named = [f"{letter(n)} {column!r}" for n, column in enumerate(table.columns, 1)]
    width = max(map(display_width, named))
    lines = [f"# {line}" for line in comments]
    first = table.rows[0].cells if table.rows else {}
    for name, column in zip(named, table.columns):
        sample = str(first.get(column, "")).replace("\n", " ")
        sample = sample if len(sample) <= 30 else sample[:29] + "…"
        gap = " " * (width - display_width(name))
        lines.append(f"#   {name}{gap} → {role.get(column, '-'):<12} {sample}".rstrip())
    lines += ["", "[deck]", f"id = {_toml(deck_id(table.file.stem))}", f"title = {_toml(table.file.stem)}",
              f"languages = [{', '.join(map(_toml, found.languages))}]", 'card_size = "poker"']
    if found.copies:
        lines.append(f"copies = {_toml(found.copies)}")
    lines += ["", "[layout]", 'name = "card"            # a title, a body and a footer inside a frame', "",
              "[fields]"]
    for name, columns in found.fields.items():
        if len(set(columns.values())) == 1 or not set(found.languages) <= set(columns):
            # one column for every language (a text the deck has in one language only is printed as it is)
            shown = next((columns[lang] for lang in found.languages if lang in columns), None)
            lines.append(f"{name} = {_toml(shown or next(iter(columns.values())))}")
        else:
            pairs = ", ".join(f"{lang} = {_toml(col)}" for lang, col in columns.items())
            lines.append(f"{name} = {{ {pairs} }}")
    return "\n".join(lines) + "\n"
