"""Japanese line breaking: no line starts with a closing mark or ends with an opening bracket,
checked on hard cases and on every Japanese paragraph the Hitman's Showdown build lays out."""

import pytest

from kinsoku_lines import assert_kinsoku, recorded_lines
from pnp.assets.registry import GAMES
from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.fonts.fontset import load_fonts
from pnp.reportlab_internals import wrapped_lines
from pnp.text.content import Para
from pnp.text.fit import TextStyle, fit
from pnp.text.kinsoku import line_texts

MM = 72 / 25.4
HARD = ("「あいうえお。」と言った。「かきくけこ！」（さしすせそ）たちつてと、なにぬねの。「はひふへほ」"
        "合計が７以上（ダイス２個）。報酬は7000金、2d6を振る。「ボス」……ー")


def lines_of(para) -> list[str]:
    return line_texts(wrapped_lines(para).lines)


@pytest.mark.parametrize("width_mm", [w / 10 for w in range(150, 600, 7)])
def test_hard_cases_break_by_the_rules(width_mm):
    fitted = fit((Para(HARD, "body"),), {"body": TextStyle(9)}, width_mm * MM, 300 * MM, load_fonts(), "ja")
    para = fitted.paras[0][0]
    lines = lines_of(para)
    assert len(lines) > 2 and "".join(lines) == HARD  # nothing lost, nothing added
    assert_kinsoku(lines, width_mm)
    for before, after in zip(lines, lines[1:]):
        assert not (before[-1].isdigit() and after[0].isdigit()), (before, after)  # 7000 stays whole
    assert max(para.getActualLineWidths0()) <= width_mm * MM + 0.01  # nothing hangs out of the box


def test_a_line_with_no_allowed_break_makes_the_text_shrink():
    marks = "あいうえ" + "…" * 10  # no break is allowed inside the run of ellipses
    width = 8 * 9 + 1  # 8 em at 9 pt: the run does not fit at full size
    fitted = fit((Para(marks, "body"),), {"body": TextStyle(9)}, width, 100, load_fonts(), "ja")
    para = fitted.paras[0][0]
    assert fitted.scale < 1
    assert not any(line.startswith("…") for line in lines_of(para))
    assert max(para.getActualLineWidths0()) <= width + 0.01


def test_latin_words_in_japanese_break_at_spaces():
    words = "Hitman's Showdown をプレイする。" * 4
    fitted = fit((Para(words, "body"),), {"body": TextStyle(9)}, 30 * MM, 300 * MM, load_fonts(), "ja")
    lines = lines_of(fitted.paras[0][0])
    assert all(not line.startswith(("itman", "howdown", "s ")) for line in lines), lines
    assert "".join(lines).replace(" ", "") == words.replace(" ", "")


@pytest.fixture(scope="module")
def laid_out():
    """The lines of every Japanese paragraph laid out for the inserts (both styles) and summary."""
    game = GAMES["hitmans-showdown"]
    with recorded_lines() as recorded:
        for asset, style in (("inserts", "full"), ("inserts", "overlay"), ("summary", "full")):
            build_pdf(BuildJob(game, game.assets[asset]), Options(lang="ja", style=style))
    return recorded


def test_every_japanese_line_laid_out_follows_kinsoku(laid_out):
    wrapped = [lines for lines in laid_out if len(lines) > 1]
    assert len(wrapped) > 100  # the check really saw the cards' and the sheet's paragraphs
    for lines in wrapped:
        assert_kinsoku(lines, lines)
