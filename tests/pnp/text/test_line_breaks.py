"""A number keeps its counter or unit at a line end: 「出目合計値25／以上」,
「5の出目が1／つ」, 「ダイス数／+1。」 and "Advance 2,000/gold" read as two notes; so does a short katakana
word split, 「リロー／ド！」. The rule is pnp/text/kinsoku.py's; here it is checked on its own and over the
lines of every built-in PDF as recorded (test_builtin_unchanged keeps the record equal to what prints)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.text.kinsoku import COUNTERS, RANGE, SIGNS, _katakana, can_break, keep_numbers

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "builtin_pdf_lines.json").read_text(encoding="utf-8"))
SAME_PARAGRAPH = 60  # tenths of a mm: lines of one paragraph lie closer than this (leading of 10 pt type)
SHORT_WORD = 8  # katakana letters: a word this short is never split
BULLETS = "・•"
HANG = 40  # tenths of a mm: at most how far an item's wrapped lines start right of its bullet


@pytest.mark.parametrize("before, after, following", [
    ("5", "以", "上"), ("1", "つ", ""), ("1", "枚", ""), ("0", "金", ""), ("数", "+", "1"), ("値", "-", "2"),
    ("1", "〜", "4"), ("〜", "4", ""), ("ロ", "ー", "ド"), ("ー", "ド", "！"),
])
def test_no_break_between_a_number_and_its_counter(before, after, following):
    assert not can_break(before, after, following)


def test_breaks_still_allowed():
    assert can_break("る", "1")  # before a number
    assert can_break("数", "を")
    assert can_break("・", "シ")  # between the words of a katakana name
    assert can_break("ー", "ド", words=False)  # a katakana word wider than the line may break


def test_latin_numbers_keep_the_next_word():
    assert keep_numbers("Advance 2,000 gold.") == "Advance 2,000\u00a0gold."
    assert keep_numbers('<font size="7">+1 die</font> or 2. Then') == '<font size="7">+1\u00a0die</font> or 2. Then'
    assert keep_numbers("at least four 2s and total ≥ 25") == "at least four 2s and total ≥\u00a025"


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


def test_no_built_in_pdf_splits_a_number_from_its_counter():
    found = []
    for key, pages in FIXTURE.items():
        lang = key.removesuffix(".pdf").rsplit("-", 1)[1]
        for n, page in enumerate(pages, 1):
            found += [f"{key} page {n}: {a!r} / {b!r}" for a, b in split_pairs(page["lines"]) if broken(a, b, lang)]
    assert not found, "\n".join(found)
