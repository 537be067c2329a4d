"""The program's own words (not game content, which lives in cards/): gettext with English source
strings and a Japanese catalog, `tabletop/locale/ja/LC_MESSAGES/tabletop-kit.po`.

Mark a message with `_()` where it is shown and with `N_()` where it is defined ahead of being shown
(a table of messages, a click help text); Babel extracts both (`babel.cfg`). The language is chosen
once per process from `TABLETOP_KIT_LANG`, then the locale, then English (`choose`), and can be
switched for a block of work with `use(lang)`: a contextvar, so a web request or a game saved in
another language speaks its own language without touching anybody else's.
"""
from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path

DOMAIN = "tabletop-kit"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGS = ("en", "ja")
DEFAULT = "en"
ENV = "TABLETOP_KIT_LANG"
_LOCALE_ENVS = ("LC_ALL", "LC_MESSAGES", "LANG")


def normalise(value: str | None) -> str | None:
    """'ja_JP.UTF-8', 'ja-JP', 'JA' → 'ja'; 'C', 'POSIX' and unknown languages → None."""
    if not value:
        return None
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGS else None


def choose(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """--lang, else TABLETOP_KIT_LANG, else the first locale variable that is set, else English.
    As in POSIX, the first locale variable set decides, even when it names a language we lack."""
    variables = os.environ if environ is None else environ
    for value in (explicit, variables.get(ENV)):
        lang = normalise(value)
        if lang:
            return lang
    for name in _LOCALE_ENVS:
        if variables.get(name):
            return normalise(variables[name]) or DEFAULT
    return DEFAULT


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog for `lang`, compiled (.mo) at install time; a checkout that has only the .po
    (never installed, or the .po edited since) reads the .po itself so it never shows stale words."""
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    if po.exists():
        return _compiled_from_po(po)
    return _gettext.NullTranslations()


def _compiled_from_po(po: Path) -> _gettext.NullTranslations:
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


_current: contextvars.ContextVar[str] = contextvars.ContextVar("tabletop_kit_lang", default=choose())


def current() -> str:
    return _current.get()


def set_language(lang: str) -> None:
    """Switch the language for the rest of this context (a command's --lang)."""
    _current.set(normalise(lang) or DEFAULT)


@contextlib.contextmanager
def use(lang: str) -> Iterator[None]:
    """Speak `lang` inside the block only."""
    token = _current.set(normalise(lang) or DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """`message` (English source text) in the current language."""
    return translations(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current()).ngettext(singular, plural, n)


def listing(items: Iterable[object]) -> str:
    """Items joined the way the current language lists them ("a, b" / "a、b")."""
    return _(", ").join(map(str, items))


def N_(message: str) -> str:
    """Mark `message` for the catalog without translating it yet (it is translated where shown)."""
    return message


def translator(lang: str) -> Callable[[str], str]:
    """A `_` bound to one language, for text that must be in a game's own language."""
    return translations(normalise(lang) or DEFAULT).gettext
