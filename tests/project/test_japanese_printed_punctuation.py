"""What the Japanese built-in PDFs print takes Japanese punctuation, not only the
data: the templates and the kit add their own words around it — 「勝利: 」, 「N (ランク 0)」, the footer's
「100%(実際のサイズ)」, 「ガンチップ (裏面)」 — and those printed half-width marks beside Japanese text.
Checked with the data's own rule (test_japanese_punctuation.offences) over every line of every Japanese
PDF as recorded (test_builtin_unchanged keeps the record equal to what prints). No line needs an
exception: the notations the rule leaves alone (「1/18」, 「2d6」, 「4. ダウト判定」) pass it as they are."""
from __future__ import annotations

import json
import re

import pytest

from japanese import offences
from pnp.text.kinsoku import NO_LINE_END, NO_LINE_START
from repo_paths import FIXTURES

FIXTURE = json.loads((FIXTURES / "builtin_pdf_lines.json").read_text(encoding="utf-8"))
JAPANESE = sorted(key for key in FIXTURE if key.endswith("-ja.pdf"))
BULLET = "・"  # a list item's bullet starts its line by design


def test_every_built_in_asset_has_a_japanese_record():
    assert len(JAPANESE) == len(FIXTURE) / 2 and len(JAPANESE) >= 13


@pytest.mark.parametrize("key", JAPANESE)
def test_japanese_pdf_lines_take_japanese_punctuation(key):
    found = [f"page {n}: {text!r}: {offences(text)}" for n, page in enumerate(FIXTURE[key], 1)
             for text, _, _ in page["lines"] if offences(text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("key", JAPANESE)
def test_full_width_marks_keep_their_line_breaking_rules(key):
    """The full-width brackets and colons are marks no line starts (「）」「：」) or ends (「（」) with."""
    found = [f"page {n}: {text!r}" for n, page in enumerate(FIXTURE[key], 1) for text, _, _ in page["lines"]
             if text[0] in NO_LINE_START.replace(BULLET, "") or text[-1] in NO_LINE_END]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("key", JAPANESE)
def test_no_half_width_space_follows_a_japanese_stop_or_comma(key):
    """Japanese sets no space after 。 or 、 (the mark's own width is the pause): 「獲得する。 ストックから」
    came from a template joining two sentences as English would."""
    found = [f"page {n}: {text!r}" for n, page in enumerate(FIXTURE[key], 1) for text, _, _ in page["lines"]
             if re.search(r"[。、] (?=[\u3040-\u30ff\u4e00-\u9fff])", text)]
    assert not found, "\n".join(found)


def test_the_check_finds_what_the_kit_printed_before():
    for line in ("勝利: 共通デッキで最初に", "N (ランク 0)", "1/2 ・ 100%(実際のサイズ)で印刷してください",
                 "ライアーマフィア ・ ガンチップ (裏面) ・ 2/2", "×: エンドフェイズに縦横を入れ替える. 〇: そのまま.",
                 "Dan Verssen Games (2011). カード: 110 = 100 戦術カード",
                 "内容物: マフィアカード 6（赤・青 BOSS）, サマリーカード 2"):
        assert offences(line), line
