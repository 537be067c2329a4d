"""What a game may be called: a name is also its file's name (`NAME.game.json` in the games folder), so it
must never leave the folder, must be writable on every system a games folder may travel to, and two names a
player would take for one must not be two games.

- Letters, marks and numbers of any script (Hindi's vowel signs are marks), `_`, `-` and the marks
  Japanese names use (`・ー－`), starting with a letter or a number; NFC; 1–64 characters and at most
  NAME_BYTES as UTF-8. No dot, slash, backslash, NUL or space can get through.
- A new name may not be a device name Windows keeps (`CON`, `nul`, `COM1`…): such a file cannot be
  written there, so a game saved on Linux would not open on Windows.
- A new name may not mix Latin letters with Cyrillic or Greek ones (`сlub` with a Cyrillic с is not
  `club`): the single-script rule of Unicode's confusable detection (UTS #39), kept to the three
  scripts whose letters look alike.
- Two names are one game when they are the same after NFKC and case folding (`Club`, `ｃｌｕｂ`, `club`):
  a new game may not take a name another game has in that sense. The name shown stays as typed.
"""
from __future__ import annotations

import unicodedata

from tabletop.i18n import N_

# File names hold 255 bytes; the longest one made from a game's name is its temporary file while it is
# saved (`.NAME.game.json.XXXXXXXX.tmp`, 24 bytes more), so 64 letters of 4 bytes (U+20000…) cannot pass.
NAME_BYTES = 200
MAX_CHARACTERS = 64
PUNCTUATION = "_-・ー－"
WINDOWS_DEVICES = {"con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in "123456789¹²³")}
LOOK_ALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")

NAME_RULE = N_("A game name is 1 to 64 letters, digits, '-' or '_', starting with a letter or digit (fewer "
               "letters of the rarest scripts: at most {n} bytes).")
DEVICE = N_("{name!r} is a name Windows keeps for a device; choose another.")
MIXED_SCRIPTS = N_("{name!r} mixes Latin letters with Cyrillic or Greek ones, which look alike; write it in one "
                   "script.")


def _letter_or_number(char: str) -> bool:
    return unicodedata.category(char)[0] in "LN"


def servable(name: object) -> bool:
    """Whether `name` can name a file in the games folder (every name the server reads or lists)."""
    return (isinstance(name, str) and 1 <= len(name) <= MAX_CHARACTERS and _letter_or_number(name[0])
            and all(unicodedata.category(c)[0] in "LMN" or c in PUNCTUATION for c in name)
            and unicodedata.is_normalized("NFC", name) and len(name.encode("utf-8")) <= NAME_BYTES)


def refusal(name: object) -> str | None:
    """Why `name` cannot name a new game (a message to format with `name` and `n`), or None."""
    if not servable(name):
        return NAME_RULE
    assert isinstance(name, str)
    if key(name) in WINDOWS_DEVICES or name.casefold() in WINDOWS_DEVICES:
        return DEVICE
    scripts = {script for char in unicodedata.normalize("NFKC", name) if char.isalpha()
               for script in LOOK_ALIKE_SCRIPTS if unicodedata.name(char, "").startswith(script + " ")}
    if len(scripts) > 1:
        return MIXED_SCRIPTS
    return None


def key(name: str) -> str:
    """What two names are compared by: the same key, the same game."""
    return unicodedata.normalize("NFKC", name).casefold()
