"""A game speaks its own language, whatever the process speaks.

The words are English source texts in the code (marked for the catalog, `tabletop/i18n.py`) with
str.format fields. `Speech(lang)` is the catalog in one game's language: a table, a web page or a
report holds one and never looks at the process's language. `Said` is an error worded only when it
is shown, for code that does not know who will read it (a parser, the rules).
"""
from __future__ import annotations

from typing import Any, Self

from tabletop import text_width
from tabletop.data.text import Text
from tabletop.i18n import DEFAULT, normalise, translations
from tabletop.text_width import display_width


def _filled(fields: dict[str, Any], lang: str) -> dict[str, Any]:
    """A field that is game data (a name in both languages) or words of their own (anything with a
    `text(lang)`: `Said`, an amount of money) is said in `lang`; a tuple of fields is a list, joined as
    the language joins one."""
    return {k: _said(v, lang) for k, v in fields.items()}


def _said(value: Any, lang: str) -> Any:
    if isinstance(value, Text):
        return value(lang)
    worded = getattr(value, "text", None)
    if callable(worded):
        return worded(lang)
    if isinstance(value, tuple):
        return Speech(lang).listing(_said(item, lang) for item in value)
    return value


class Speech:
    """`_` and `ngettext` in one language, filling the message's fields; `label` and `listing` are
    the punctuation around words put together in code (a Japanese table reads ：, （）and 、)."""

    def __init__(self, lang: str | None):
        self.lang = normalise(lang) or DEFAULT
        self._catalog = translations(self.lang)

    def _(self, message: str, **fields: Any) -> str:
        text = self._catalog.gettext(message)
        return text.format(**_filled(fields, self.lang)) if fields else text

    def help_lines(self, messages: Any, **fields: Any) -> list[str]:
        """Blocks of `command   what it does` lines (one message a line, or several lines in one), laid
        out in this language by display width (`text_width.realign`)."""
        pairs = []
        for message in messages:
            english = message.format(**_filled(fields, self.lang)) if fields else message
            source, target = english.splitlines(), self._(message, **fields).splitlines()
            if len(source) != len(target):  # a translation laid out its own way
                source = target
            pairs += zip(source, target)
        return text_width.realign(pairs)

    def say(self, value: Any) -> str:
        """A field on its own: game data, words of their own or a plain value, in this language."""
        return str(_said(value, self.lang))

    def label(self, label: Any, text: Any) -> str:
        return self._("{label}: {text}", label=label, text=text)

    def listing(self, items: Any) -> str:
        return self._(", ").join(map(str, items))

    def ngettext(self, singular: str, plural: str, count: int, **fields: Any) -> str:
        """The form for `count`, filling `{n}` with it unless a field `n` is given."""
        return self._catalog.ngettext(singular, plural, count).format(**{"n": count, **_filled(fields, self.lang)})


class Said:
    """Words worded only when shown: an English source text marked with N_ and its fields — a value
    kept in the state and in events (a question asked, a ledger's reason) and carried by errors."""

    def __init__(self, message: str, **fields: Any):
        self.message, self.fields = message, fields
        self.plural: tuple[str, int] | None = None

    @classmethod
    def ngettext(cls, singular: str, plural: str, count: int, **fields: Any) -> Self:
        """The same with a singular and a plural form, `count` choosing (see Speech.ngettext); named
        so that the catalog's extraction finds both forms."""
        said = cls(singular, **fields)
        said.plural = (plural, count)
        return said

    @classmethod
    def from_(cls, other: Said | SaidError, **fields: Any) -> Self:
        """`other`'s words (with `fields` added)."""
        said = cls(other.message, **{**other.fields, **fields})
        said.plural = other.plural
        return said

    def text(self, lang: str | None) -> str:
        speech = Speech(lang)
        if self.plural is not None:
            plural, n = self.plural
            return speech.ngettext(self.message, plural, n, **self.fields)
        return speech._(self.message, **self.fields)

    def __str__(self) -> str:
        return self.text(DEFAULT)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, **{self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and isinstance(other, Said) and
                (self.message, self.fields, self.plural) == (other.message, other.fields, other.plural))

    def __hash__(self) -> int:
        return hash(self.message)


class SaidError(ValueError):
    """An error whose words are a `Said`, worded only when shown (raised where nobody knows the
    reader's language): `said` is the value, `message`, `fields` and `text` read it."""

    def __init__(self, message: str, **fields: Any):
        super().__init__(message)
        self.said = Said(message, **fields)

    @classmethod
    def ngettext(cls, singular: str, plural: str, count: int, **fields: Any) -> Self:
        """The error with a singular and a plural form, `count` choosing (see Said.ngettext)."""
        error = cls(singular, **fields)
        error.said.plural = (plural, count)
        return error

    @classmethod
    def from_(cls, other: Said | SaidError, **fields: Any) -> Self:
        """`other`'s words as this kind of error (with `fields` added)."""
        error = cls(other.message, **{**other.fields, **fields})
        error.said.plural = other.plural
        return error

    @property
    def message(self) -> str:
        return self.said.message

    @property
    def fields(self) -> dict[str, Any]:
        return self.said.fields

    @property
    def plural(self) -> tuple[str, int] | None:
        return self.said.plural

    def text(self, lang: str | None) -> str:
        return self.said.text(lang)

    def __str__(self) -> str:
        return self.said.text(DEFAULT)


class Joined:
    """Words put side by side, each said in the reader's language (a usage made of placeholders)."""

    def __init__(self, parts: Any, sep: str = " "):
        self.parts, self.sep = tuple(parts), sep

    def text(self, lang: str | None) -> str:
        return self.sep.join(str(_said(part, lang)) for part in self.parts)


def pad(text: str, width: int, right: bool = False) -> str:
    """Pad to `width` terminal columns."""
    fill = " " * max(0, width - display_width(text))
    return fill + text if right else text + fill
