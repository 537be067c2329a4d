"""Numbers in what a player types, read by one rule that every game's parser (and the browser's port of
them) shares: after NFKC — the line is normalised as it comes in, so a Japanese keyboard's full-width
digits read as ASCII — a number is ASCII digits, with a sign where one is allowed. Anything else that
Unicode calls a digit (⓵ ² ፩ ٣) is not a number here: the line is a typo like any other, answered in
words, never a crash (`str.isdigit` says yes to ⓵, and `int` then fails). A number is also at most
LARGEST (2**53 − 1, the largest whole number a JavaScript number holds exactly), so that the browser's port
reads every line as this does: a longer one is a typo too, and nothing at a table counts that high."""
from __future__ import annotations

import re
import unicodedata

DIGITS = "[0-9]"  # for a parser's own pattern: `\d` would take any script's digits
_WHOLE = re.compile(f"{DIGITS}+")
_SIGNED = re.compile(f"[+-]?{DIGITS}+")
_SIGN_REQUIRED = re.compile(f"[+-]{DIGITS}+")
LARGEST = 2**53 - 1


def _read(pattern: re.Pattern, text: str) -> int | None:
    text = unicodedata.normalize("NFKC", text)
    # Counting the digits first keeps a line of thousands of them from reaching `int`, which refuses
    # strings over 4,300 digits with an error.
    if not pattern.fullmatch(text) or len(text.lstrip("+-").lstrip("0")) > len(str(LARGEST)):
        return None
    number = int(text)
    return number if abs(number) <= LARGEST else None


def whole(text: str) -> int | None:
    """`text` as a whole number of ASCII digits (`"07"` → 7), or None."""
    return _read(_WHOLE, text)


def is_whole(text: str) -> bool:
    return whole(text) is not None


def signed(text: str, sign_required: bool = False) -> int | None:
    """`text` as a whole number with an optional (or a required) sign (`"+3"`, `"-500"`), or None."""
    return _read(_SIGN_REQUIRED if sign_required else _SIGNED, text)
