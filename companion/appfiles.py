"""The files of the browser app that the Python writes: `python -m companion.appfiles update|check`.

The JavaScript table (`companion/app/`) plays by the same data and speaks the same words as the
Python one, and it reads both as JSON written here, never typed again:

- `companion/app/data/<game>.json`: a game's data as `cards/<game>.toml` gives it, after loading and
  checking (every default filled in). The shape is the TOML's: a record is an object with its fields
  in the model's order, a union member of a `kind` table carries its `kind`, a missing optional value
  is `null`. Fields the model marks as printed only are left out (`PRINT_ONLY`).
- `companion/app/locale/<lang>.json`: the catalog's messages the table speaks (`WORD_SOURCES`), as
  Python's gettext sees them once compiled: a fuzzy or untranslated message is left out, so the
  reader falls back to the English just as `tabletop/i18n.py` does.

`update` writes what changed and removes JSON files nothing writes any more; `check` says what
`update` would change and fails if anything, so a `cards/*.toml` or catalog edit without a rewrite
fails the tests naming the command. The output is deterministic (fixed order, one key a line).
"""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from tabletop.catalog import catalogs
from tabletop.data.loaders import LOADERS
from tabletop.fileio import write_atomic
from tabletop.i18n import DEFAULT
from tabletop.record import field_names, is_record

ROOT = Path(__file__).resolve().parent.parent
APP_DIR = Path(__file__).resolve().parent / "app"
DATA_DIR = APP_DIR / "data"
LOCALE_DIR = APP_DIR / "locale"
COMMAND = "python -m companion.appfiles update"

GAMES = ("famiglia", "terror24", "hitmans-showdown")  # the games the JavaScript table plays
# Fields a model documents as printed only (the robot cards' and solo sheet's texts): not sent to a phone.
PRINT_ONLY = {"famiglia": ("sheet",)}
# Where the table's words are used: the companion, and the parts of tabletop it speaks through (the
# language's list punctuation, the three games' models and their lookups' refusals). A message used
# in any of these files is sent; one only the printing or the command lines use is not.
WORD_SOURCES = ("companion/", "tabletop/i18n.py", "tabletop/data/famiglia.py", "tabletop/data/terror24.py",
                "tabletop/data/hitmans_showdown.py", "tabletop/data/text.py")
# The plural rules words.js knows (its PLURAL_RULES); a catalog with another rule is refused here.
PLURAL_RULES = ("0", "(n != 1)")


def plain(value: Any, where: str = "") -> Any:
    """A loaded model as JSON values, in the shape of the TOML it was read from."""
    if is_record(value):
        kind = getattr(type(value), "KIND", None)
        fields = {"kind": kind} if kind else {}
        for name in field_names(value):
            if name in fields:
                raise ValueError(f"{where}.{name}: a record with a 'kind' tag cannot have a field of that name")
            fields[name] = plain(getattr(value, name), f"{where}.{name}")
        return fields
    if isinstance(value, (list, tuple)):
        return [plain(item, f"{where}[{i}]") for i, item in enumerate(value)]
    if isinstance(value, dict):
        for key in value:
            # A JavaScript object lists keys that look like array indices first: the file's order would be lost.
            if not isinstance(key, str) or key.isdigit():
                raise ValueError(f"{where}: key {key!r} would not keep its order in a JavaScript object")
        return {key: plain(item, f"{where}.{key}") for key, item in value.items()}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"{where}: {type(value).__name__} has no JSON form")


def game_data(game_id: str, cards_dir: Path | None = None) -> dict[str, Any]:
    """A game's data as its JSON file holds it."""
    data = plain(LOADERS[game_id](cards_dir), game_id)
    for name in PRINT_ONLY.get(game_id, ()):
        del data[name]
    return data


def _is_table_word(locations: list[tuple[str, int | None]]) -> bool:
    return any(path.startswith(WORD_SOURCES) for path, _ in locations)


def words(po: Path) -> dict[str, Any]:
    """The table's messages of one catalog, as Python's gettext reads them once compiled (the same
    Babel compiler `tabletop/i18n.py` uses): `messages` maps an English text to its translation,
    `plurals` a singular to its translated forms, `plural` is the rule choosing a form for a count."""
    with po.open("rb") as f:
        source = read_po(f)
    rule = source.plural_expr
    if rule not in PLURAL_RULES:
        raise ValueError(f"{po}: plural rule {rule!r} is not one words.js knows ({', '.join(PLURAL_RULES)})")
    table = {m.id[0] if isinstance(m.id, (list, tuple)) else m.id
             for m in source if m.id and _is_table_word(m.locations)}
    buffer = io.BytesIO()
    write_mo(buffer, source)
    buffer.seek(0)
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    for m in read_mo(buffer):
        if not m.id:
            continue
        if m.context:
            raise ValueError(f"{po}: {m.id!r}: a message with a context (msgctxt) is not read by words.js")
        if isinstance(m.id, (list, tuple)):
            if m.id[0] in table:
                plurals[m.id[0]] = list(m.string)
        elif m.id in table:
            messages[m.id] = m.string
    return {"language": source.locale_identifier, "plural": rule, "messages": messages, "plurals": plurals}


def _json(value: Any, sort_keys: bool) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1, sort_keys=sort_keys) + "\n"


def expected(cards_dir: Path | None = None, pos: list[Path] | None = None) -> dict[Path, str]:
    """Every file `update` writes, with its text."""
    files = {DATA_DIR / f"{game}.json": _json(game_data(game, cards_dir), sort_keys=False) for game in GAMES}
    for po in catalogs() if pos is None else pos:
        lang = po.parent.parent.name
        if lang != DEFAULT:
            files[LOCALE_DIR / f"{lang}.json"] = _json(words(po), sort_keys=True)
    return files


def _written() -> list[Path]:
    return sorted([*DATA_DIR.glob("*.json"), *LOCALE_DIR.glob("*.json")])


def update() -> list[str]:
    """Write every file whose text changed and remove the JSON files nothing writes; what was done."""
    done = []
    files = expected()
    for path, text in files.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
            done.append(f"updated {_shown(path)}")
    for path in _written():
        if path not in files:
            path.unlink()
            done.append(f"removed {_shown(path)}")
    return done


def check(files: dict[Path, str] | None = None) -> list[str]:
    """What is out of date, one line each naming the command that mends it; empty when all is current."""
    files = expected() if files is None else files
    lines = []
    for path, text in files.items():
        if not path.exists():
            lines.append(f"{_shown(path)}: missing: run `{COMMAND}`")
        elif path.read_text(encoding="utf-8") != text:
            lines.append(f"{_shown(path)}: stale: run `{COMMAND}`")
    lines += [f"{_shown(path)}: nothing writes it any more: run `{COMMAND}`"
              for path in _written() if path not in files]
    return lines


def _shown(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        print("\n".join(update()) or "the app's data and words are up to date")
        return 0
    if argv == ["check"]:
        lines = check()
        print("\n".join(lines) or "the app's data and words are up to date")
        return 1 if lines else 0
    print("usage: python -m companion.appfiles update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
