"""What a name or a typed line may not hold: characters that act on a terminal (escapes, bells),
break a line (U+2028, U+2029 as well as CR and LF), or are no text at all (a lone surrogate, which
no file can store as UTF-8)."""
from __future__ import annotations

import unicodedata

REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def stray_character(text: str) -> str | None:
    """The first character `text` may not hold, or None."""
    return next((c for c in text if unicodedata.category(c) in REFUSED_CATEGORIES), None)


def shown(character: str) -> str:
    """A refused character as a reader can name it: U+001B."""
    return f"U+{ord(character):04X}"
