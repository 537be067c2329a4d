"""Line rules of the text layer, read back from the built-in PDFs and from paragraphs wrapped alone:

- a label keeps its amount (a no-break space in the template joins them): "Advance 2,000 gold" and
  「前準備金 2000金」 never end a line at the label, full and overlay inserts, both languages;
- a long katakana word that keeping whole would leave a line's end empty breaks inside it, keeping
  two kana on each line (「…未満なら、スト／リートで」); a short one still never breaks;
- the headers of the reference cards (KILL SHOT's, 24's events, Famiglia's robot) keep the standard
  inset from their frame, as every other framed face.
"""
from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from cardcheck import build, open_pdf
from pdflines import pdf_pages
from pnp.assets.registry import GAMES
from pnp.base import Options
from pnp.fonts.fontset import load_fonts
from pnp.layout.builtin import PANEL_INSET
from pnp.reportlab_internals import wrapped_lines
from pnp.text.content import Para
from pnp.text.fit import TextStyle, fit
from pnp.text.kinsoku import LONG_VOID, NO_BREAK, WORD_PART, _katakana, can_break, line_texts

MM = 72 / 25.4
LABELS = {"ja": ("報酬金", "前準備金"), "en": ("Reward", "Advance")}


@pytest.mark.parametrize("style", ["full", "overlay"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_insert_line_ends_at_a_label(lang, style):
    built, _ = build(GAMES["hitmans-showdown"], "inserts", lang=lang, style=style)
    lines = [text for page in pdf_pages(built.pdf) for text, _x, _y in page["lines"]]
    cut = [text for text in lines if text.rstrip().endswith(LABELS[lang])]
    assert not cut, cut
    # and every card with an advance prints label and amount on one line
    joined = [text for text in lines if LABELS[lang][1] in text]
    assert joined and all(any(ch.isdigit() for ch in text.split(LABELS[lang][1], 1)[1]) for text in joined)


def test_a_no_break_space_joins_in_japanese_too():
    assert not can_break("金", NO_BREAK) and not can_break(NO_BREAK, "2")
    assert can_break("金", " ")  # an ordinary space still breaks


def lines_of(text: str, width_mm: float, size: float = 9) -> list[str]:
    fitted = fit((Para(text, "body"),), {"body": TextStyle(size)}, width_mm * MM, 300 * MM, load_fonts(), "ja")
    return line_texts(wrapped_lines(fitted.paras[0][0]).lines)


ROBOT = "1. ランク0を集める ランク0がN枚未満なら、ストリートで一番左のランク0を獲得する。"


@pytest.mark.parametrize("width_mm", [w / 10 for w in range(300, 560, 5)])
def test_a_long_katakana_word_breaks_rather_than_leave_the_line_empty(width_mm):
    size = 9
    fonts = load_fonts()
    lines = lines_of(ROBOT, width_mm, size)
    assert "".join(lines).replace(" ", "") == ROBOT.replace(" ", "")
    for before, after in zip(lines, lines[1:]):
        if _katakana(before[-1]) and _katakana(after[0]):  # split inside the word: two kana on each line
            assert all(_katakana(c) for c in before[-WORD_PART:] + after[:WORD_PART]), (before, after)
        elif after.startswith("ストリート"):  # kept whole: the line had room for no more than LONG_VOID
            empty = width_mm * MM - stringWidth(before, fonts.regular, size)
            assert empty < (LONG_VOID + 1) * size, (before, after)


def test_the_robot_card_no_longer_breaks_early_before_the_street():
    built, _ = build(GAMES["famiglia"], "robot", lang="ja")
    with open_pdf(built.pdf) as pdf:
        page = pdf.pages[0]
        rows: dict[float, list] = {}
        for c in page.chars:
            if c["x0"] < page.width / 2 and c["upright"]:
                rows.setdefault(round(c["top"], 1), []).append(c)
        lines = ["".join(c["text"] for c in sorted(row, key=lambda c: c["x0"])) for _, row in sorted(rows.items())]
    assert not [b for a, b in zip(lines, lines[1:]) if a.endswith("なら、") and b.startswith("ストリート")], lines


@pytest.mark.parametrize("word", ["リロード", "カード", "スタンド", "ストリート"])
def test_a_short_katakana_word_or_one_before_a_closing_mark_never_breaks(word):
    text = "あ" * 3 + word + "！"  # on lines too short for it, keeping the word whole leaves room empty
    for width in range(len(word) + 1, len(text)):  # a line holds the word and its mark
        lines = lines_of(text, width * 9 / MM + 0.1)
        assert len(lines) == 2
        assert all(word in line for line in lines if word[0] in line or word[-1] in line), lines


def reference_faces(game_id: str, name: str, lang: str) -> set[int]:
    """The face indices of an asset's pieces laid out as reference cards (header band and body)."""
    asset = GAMES[game_id].assets[name]
    opts = Options(lang=lang)
    pieces, _arts, cards = asset.lay_out(GAMES[game_id].load(None), opts, load_fonts(), None)
    return {card.front for piece, card in zip(pieces.pieces, cards) if piece.front.layout == "reference"}


@pytest.mark.parametrize("game_id, name", [("kill-shot", "reference"), ("terror24", "cards"), ("famiglia", "robot")])
def test_reference_headers_keep_the_standard_inset_from_the_frame(game_id, name):
    for lang in ("ja", "en"):
        built, _ = build(GAMES[game_id], name, lang=lang)
        faces = reference_faces(game_id, name, lang)
        checked = 0
        with open_pdf(built.pdf) as pdf:
            for page, sheet in zip(pdf.pages, built.sheets):
                for placement in sheet.placements:
                    if placement.face not in faces:
                        continue
                    t = placement.trim
                    top = page.height - t.y1 * MM
                    upright = [c for c in page.chars if c["upright"] and c["text"].strip()
                               and t.x * MM < c["x0"] < t.x1 * MM and top < c["top"] < page.height - t.y * MM]
                    first = min(c["top"] for c in upright)  # the header's first line
                    header = [c for c in upright if c["top"] - first < 1.0]
                    # a character's box reaches its font's ascent, above the letters themselves
                    assert (first - top) / MM >= PANEL_INSET - 0.2, (lang, placement)
                    assert min(c["x0"] for c in header) / MM - t.x >= PANEL_INSET - 0.05, (lang, placement)
                    checked += 1
        assert checked >= 2, (game_id, lang)
