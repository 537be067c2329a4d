"""Lines read back from a PDF, paired as a paragraph wraps them, and whether a pair breaks what must stay
together (a number and its counter or unit, a short katakana word)."""
from __future__ import annotations

from pnp.text.kinsoku import COUNTERS, RANGE, SIGNS, _katakana

SAME_PARAGRAPH = 60  # tenths of a mm: lines of one paragraph lie closer than this (leading of 10 pt type)
SHORT_WORD = 8  # katakana letters: a word this short is never split
BULLETS = "・•"
HANG = 40  # tenths of a mm: at most how far an item's wrapped lines start right of its bullet


def split_pairs(lines):
    """Consecutive lines of one paragraph: the same left edge, one line pitch apart; and a bulleted
    item's first line with its second, which hangs under the text after the bullet."""
    columns: dict[int, list] = {}
    for text, x, y in lines:
        columns.setdefault(x, []).append((y, text))
    for rows in columns.values():
        rows.sort(reverse=True)
        for (y0, a), (y1, b) in zip(rows, rows[1:]):
            if 0 < y0 - y1 <= SAME_PARAGRAPH and a and b:
                yield a, b
    for a, x, y in lines:
        if a[:1] in BULLETS:
            below = sorted((y - y1, b) for b, x1, y1 in lines if x < x1 <= x + HANG and 0 < y - y1 <= SAME_PARAGRAPH)
            if below and below[0][1]:
                yield a, below[0][1]


def broken(a: str, b: str, lang: str) -> bool:
    if lang == "en":  # ("Step 1" over "collect 0s" is a label of two paragraphs, not a wrapped line)
        return a[-1].isdigit() and b[0].islower() and len(a.split()) > 2 or a[-1] in "≥≤=×" and b[0].isdigit()
    if a[-1].isdigit() and b[0] in COUNTERS or a[-1] in RANGE and b[0].isdigit():
        return True
    if b[0] in SIGNS and len(b) > 1 and b[1].isdigit() and not a[-1].isspace():
        return True
    # A katakana word split: the next line's first word ends at a closing mark (「リロー／ド！」). Lines
    # of katakana over each other are often names or table cells (「スコッチ」 over 「ウルフ」), told apart
    # from a wrapped word only by that mark.
    if _katakana(a[-1]) and _katakana(b[0]):
        tail = len(a) - len(a.rstrip("".join(c for c in a if _katakana(c))))
        head = len(b) - len(b.lstrip("".join(c for c in b if _katakana(c))))
        return tail + head <= SHORT_WORD and b[head:head + 1] in tuple("！？」』）、。")
    return False
