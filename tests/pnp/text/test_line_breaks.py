"""A number keeps its counter or unit at a line end: 「出目合計値25／以上」,
「5の出目が1／つ」, 「ダイス数／+1。」 and "Advance 2,000/gold" read as two notes; so does a short katakana
word split, 「リロー／ド！」. The rule is pnp/text/kinsoku.py's; here it is checked on its own and over the
lines of every built-in PDF as recorded (test_builtin_unchanged keeps the record equal to what prints)."""
from __future__ import annotations

import json

import pytest

from line_pairs import broken, split_pairs
from pnp.text.kinsoku import can_break, keep_numbers
from repo_paths import FIXTURES

FIXTURE = json.loads((FIXTURES / "builtin_pdf_lines.json").read_text(encoding="utf-8"))


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


def test_no_built_in_pdf_splits_a_number_from_its_counter():
    found = []
    for key, pages in FIXTURE.items():
        lang = key.removesuffix(".pdf").rsplit("-", 1)[1]
        for n, page in enumerate(pages, 1):
            found += [f"{key} page {n}: {a!r} / {b!r}" for a, b in split_pairs(page["lines"]) if broken(a, b, lang)]
    assert not found, "\n".join(found)
