"""Read a game's TOML file into its typed model; every user error becomes a DataError."""
from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..fileio import os_error_reason
from ..i18n import _
from . import CARDS_DIR, GAME_ALIASES, toml_words
from .errors import DataError
from .schema import convert
from .toml_lines import line_of

T = TypeVar("T")


def game_file(game_id: str, cards_dir: Path | None = None) -> Path:
    """cards/<game>.toml; `game_id` uses dashes (hitmans-showdown), the file underscores. A user's
    folder copied before a game was renamed may still hold the file under the old id."""
    folder = Path(cards_dir or CARDS_DIR)
    path = folder / f"{game_id.replace('-', '_')}.toml"
    if not path.exists():
        for old, new in GAME_ALIASES.items():
            legacy = folder / f"{old.replace('-', '_')}.toml"
            if new == game_id and legacy.exists():
                return legacy
    return path


def read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(_("file not found"), file=path) from None
    except UnicodeDecodeError:
        raise DataError(_("cannot read: the file is not UTF-8 text"), file=path) from None
    except OSError as e:
        raise DataError(_("cannot read: {reason}").format(reason=os_error_reason(e)), file=path) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        explained = toml_words.explain(e)
        if explained.column:
            message = _("TOML syntax error at character {column}: {message}").format(
                column=explained.column, message=explained.message)
        elif toml_words.at_end(e):
            message = _("TOML syntax error at the end of the file: {message}").format(message=explained.message)
        else:
            message = _("TOML syntax error: {message}").format(message=explained.message)
        raise DataError(message, file=path, line=explained.line) from None


def load(model: type[T], path: Path, check: Callable[[T], None] | None = None) -> T:
    """Parse `path` into `model`, then run `check` (census, duplicates...). Errors carry the file
    and the line of the table or key they name (best effort: see toml_lines)."""
    raw = read_toml(path)
    try:
        result: T = convert(model, raw, "")
        if check:
            check(result)
        return result
    except DataError as e:
        e.file = path
        e.line = e.line or line_of(path.read_text(encoding="utf-8"), raw, e.where)
        raise


def locate(error: DataError) -> DataError:
    """Add the line to an error raised after loading (a text too long to print, a missing glyph)
    that names its data file and place but not the line."""
    if error.line is None and error.file and error.where and Path(error.file).suffix == ".toml":
        try:
            text = Path(error.file).read_text(encoding="utf-8")
            error.line = line_of(text, tomllib.loads(text), error.where)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            pass  # the message still names the file and the place
    return error
