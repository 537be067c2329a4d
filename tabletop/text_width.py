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


def _head(line: str) -> re.Match[str] | None:
    """The gap after a help line's head (`word ARG`), if the line has a head."""
    gap = _GAP.search(line)
    return gap if gap and line[:gap.start()].strip() else None


def realign(lines: list[tuple[str, str]]) -> list[str]:
    """Help lines `word ARG     what it does`, each given in English and translated: every description
    put at one column counted in display columns (a Japanese word is twice as wide as its letters) —
    the English column, widened so that no translated head overruns it unless its English one does
    (such a head, as in English, is followed by two spaces). A line without a head is kept as it is."""
    columns = [display_width(english[:gap.end()]) for english, _ in lines if (gap := _head(english))]
    if not columns:
        return [translated for _, translated in lines]
    column = english_column = max(set(columns), key=columns.count)  # a longer head overruns it
    for english, translated in lines:
        source, target = _head(english), _head(translated)
        if source and target and display_width(english[:source.start()]) + 2 <= english_column:
            column = max(column, display_width(translated[:target.start()]) + 2)
    result = []
    for english, translated in lines:
        target = _head(translated)
        if not _head(english) and len(english) - len(english.lstrip(" ")) == english_column:
            result.append(" " * column + translated.lstrip(" "))  # a description's second line
            continue
        if not _head(english) or not target:
            result.append(translated)
            continue
        head = translated[:target.start()]
        result.append(head + " " * max(column - display_width(head), 2) + translated[target.end():])
    return result
