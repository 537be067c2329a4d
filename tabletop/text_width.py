"""Terminal text in Japanese: how many columns a string takes, and wrapping it to a width.

A Japanese character takes two columns of a terminal, and a line of Japanese may break between
any two characters but not before a closing mark (、。）」…) nor after an opening one (（「…):
the line-breaking rules (kinsoku) a Japanese reader expects. Latin words still break at spaces.
"""
from __future__ import annotations

import re
import unicodedata

_NO_LINE_START = set("、。，．・：；？！ー…‥）」』】〕〉》’”ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
_NO_LINE_END = set("（「『【〔〈《‘“")


def is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def display_width(text: str) -> int:
    """Columns `text` takes in a terminal: two for a wide (Japanese) character, none for a combining mark."""
    return sum(2 if is_wide(c) else 0 if unicodedata.combining(c) else 1 for c in text)


def has_wide(text: str) -> bool:
    return any(is_wide(c) for c in text)


def _may_break(before: str, after: str) -> bool:
    """A break between two characters with no space between them."""
    return (is_wide(before) or is_wide(after)) and after not in _NO_LINE_START and before not in _NO_LINE_END


def _units(paragraph: str) -> list[tuple[str, bool]]:
    """The pieces a line may not split, each with whether a space comes before it. Inside square
    brackets (click's `[既定：a4]`) lines break at spaces only."""
    units: list[tuple[str, bool]] = []
    space, depth = False, 0
    for char in paragraph:
        if char.isspace():
            space = True
            continue
        if units and not space and (depth or not _may_break(units[-1][0][-1], char)):
            units[-1] = (units[-1][0] + char, units[-1][1])
        else:
            units.append((char, space))
        space = False
        depth = max(depth + (char == "[") - (char == "]"), 0)
    return units


def wrap(paragraph: str, width: int) -> list[str]:
    """`paragraph` in lines of at most `width` columns (a piece wider than that gets a line of its own)."""
    lines: list[str] = []
    line, used = "", 0
    for text, space in _units(paragraph):
        gap = " " if space and line else ""
        needed = display_width(gap + text)
        if line and used + needed > width:
            lines.append(line)
            line, used = text, display_width(text)
        else:
            line, used = line + gap + text, used + needed
    if line:
        lines.append(line)
    return lines or [""]


_GAP = re.compile(r"(?<=\S)( {2,})(?=\S)")


def realign(english: str, translated: str) -> str:
    """A help line `word ARG     what it does` translated: its description put back at the English
    line's column, counted in display columns (a Japanese word is twice as wide as its letters), or
    two spaces after a head that is longer. Lines without such a gap are returned as they are."""
    source, target = _GAP.search(english), _GAP.search(translated)
    if not source or not target or english[:source.start()].strip() == "":
        return translated
    column = display_width(english[:source.end()])
    head = translated[:target.start()]
    return head + " " * max(column - display_width(head), 2) + translated[target.end():]


def realign_block(english: str, translated: str) -> list[str]:
    """`realign` line by line for a block whose lines match one to one (else as translated)."""
    source, target = english.splitlines(), translated.splitlines()
    if len(source) != len(target):
        return target
    return [realign(e, t) for e, t in zip(source, target)]
