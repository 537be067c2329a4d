"""tomllib's error messages in the user's language.

tomllib (Python 3.11+) speaks English and gives its position only inside the sentence:
"Invalid value (at line 7, column 15)". `explain` splits off the position and looks the sentence
up in our catalog: the message ids below are tomllib's own sentences, word for word, with its
variable part (a character, a key) as a placeholder, so English shows exactly what tomllib says and
Japanese a sentence of its own. A sentence tomllib adds later is shown as it comes (see
docs/translating.md, "Messages of other libraries").
"""
from __future__ import annotations

import re

from ..i18n import N_, _
from ..record import Record

_POSITION = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")

# (tomllib's sentence as a pattern, our message id: tomllib's sentence with a named placeholder)
MESSAGES: tuple[tuple[str, str], ...] = (
    (r"Expected '=' after a key in a key/value pair", N_("Expected '=' after a key in a key/value pair")),
    (r"Invalid value", N_("Invalid value")),
    (r"Unclosed array", N_("Unclosed array")),
    (r"Unclosed inline table", N_("Unclosed inline table")),
    (r"Invalid statement", N_("Invalid statement")),
    (r"Cannot overwrite a value", N_("Cannot overwrite a value")),
    (r"Unterminated string", N_("Unterminated string")),
    (r"Expected newline or end of document after a statement",
     N_("Expected newline or end of document after a statement")),
    (r"Expected ']' at the end of a table declaration", N_("Expected ']' at the end of a table declaration")),
    (r"Expected ']]' at the end of an array declaration",
     N_("Expected ']]' at the end of an array declaration")),
    (r"Invalid initial character for a key part", N_("Invalid initial character for a key part")),
    (r"Invalid date or datetime", N_("Invalid date or datetime")),
    (r"Invalid hex value", N_("Invalid hex value")),
    (r"Unescaped '\\' in a string", N_("Unescaped '\\' in a string")),
    (r"Illegal character (?P<char>.+)", N_("Illegal character {char}")),
    (r"Found invalid character (?P<char>.+)", N_("Found invalid character {char}")),
    (r"Cannot declare (?P<key>.+) twice", N_("Cannot declare {key} twice")),
    (r"Cannot redefine namespace (?P<key>.+)", N_("Cannot redefine namespace {key}")),
    (r"Cannot mutate immutable namespace (?P<key>.+)", N_("Cannot mutate immutable namespace {key}")),
    (r"Duplicate inline table key (?P<key>.+)", N_("Duplicate inline table key {key}")),
    (r"Expected (?P<expected>.+)", N_("Expected {expected}")),
)
_COMPILED = tuple((re.compile(pattern + r"\Z"), message) for pattern, message in MESSAGES)


class Explained(Record):
    message: str  # in the current language
    line: int | None  # None: at the end of the file, or tomllib gave no position
    column: int | None


def explain(error: Exception) -> Explained:
    text = str(error)
    found = _POSITION.search(text)
    sentence = _POSITION.sub("", text).strip() if found else text.strip()
    line = int(found.group(1)) if found and found.group(1) else None
    column = int(found.group(2)) if found and found.group(2) else None
    for pattern, message in _COMPILED:
        matched = pattern.match(sentence)
        if matched:
            return Explained(_(message).format(**matched.groupdict()), line, column)
    return Explained(sentence, line, column)


def at_end(error: Exception) -> bool:
    return str(error).rstrip().endswith("(at end of document)")
