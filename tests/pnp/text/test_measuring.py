"""The shortcuts taken while fitting and drawing text give what ReportLab itself gives: each
character's width looked up once per font and size, each colour made once, the style shared by
the paragraphs of one size."""
import io

from reportlab.lib.colors import toColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.paragraph import cjkU

from pnp.fonts.fontset import load_fonts
from pnp.text.fit import TextStyle, paragraph_style, rl_color
from pnp.text.kinsoku import KinsokuParagraph, _char

MARKUP = ('<b>使用効果</b>：ダイス数+1、<font color="#c8102e">好きな出目</font>のダイスを1つ追加する。'
          'Hitman’s Showdown 7000金 ♥♦♣♠「ボス」…')


def _paragraph(style: TextStyle, markup: str = MARKUP) -> KinsokuParagraph:
    return KinsokuParagraph(markup, paragraph_style(style, load_fonts(), "ja"))


def test_every_character_is_as_wide_as_reportlab_measures_it():
    for size in (6.0, 7.5, 9.5, 9.12, 13.0):
        para = _paragraph(TextStyle(size, bold=size > 10))
        frags = [f for f in para.frags if f.text]
        assert len({(f.fontName, f.textColor) for f in frags}) >= 2  # bold or red runs beside plain ones
        for frag in frags:
            for char in frag.text:
                assert _char(char, frag).width == cjkU(char, frag, "utf8").width, (char, size)
                assert _char(char, frag).frag is frag


def test_styles_carry_the_colour_reportlab_would_parse():
    style = paragraph_style(TextStyle(9, color="#c8102e"), load_fonts(), "ja")
    assert style.textColor == toColor("#c8102e")
    assert rl_color("#c8102e") is rl_color("#c8102e")  # made once


def _drawn(para: KinsokuParagraph) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, initialFontName=load_fonts().regular)
    para.wrap(60 * 72 / 25.4, 1000)
    para.drawOn(c, 40, 500)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_paragraph_draws_the_same_with_the_colour_made_once():
    shortcut = _paragraph(TextStyle(9, color="#444444"))
    as_text = _paragraph(TextStyle(9, color="#444444"))
    as_text.style.textColor = "#444444"  # what ReportLab parses at every draw
    assert _drawn(shortcut) == _drawn(as_text)


def test_a_build_pauses_the_garbage_collector_and_gives_it_back():
    import gc

    import pytest

    from pnp.build.make import collector_paused

    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a build that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()
