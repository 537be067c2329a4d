"""Template output → blocks (escaping kept), and fitting text into boxes."""
import pytest

from pnp.fonts.fontset import load_fonts
from pnp.reportlab_internals import wrapped_lines
from pnp.text import content
from pnp.text.content import Heading, Para, SheetTable
from pnp.text.fit import MIN_SIZE, TextOverflow, TextStyle, fit

STYLES = {"body": TextStyle(9), "title": TextStyle(12, bold=True), "small": TextStyle(6.5)}
MM = 72 / 25.4


@pytest.fixture(scope="module")
def fonts():
    return load_fonts()


def test_templates_autoescape_for_paragraph_markup():
    env = content.environment()
    out = env.from_string("<p>{{ x }}</p>").render(x='<b>A & "B"</b>')
    assert out == "<p>&lt;b&gt;A &amp; &#34;B&#34;&lt;/b&gt;</p>"
    face = content.parse_face(f'<face><box name="body">{out}</box></face>')
    assert face.boxes["body"][0].markup == "&lt;b&gt;A &amp; \"B\"&lt;/b&gt;"


def test_parse_face_and_doc():
    face = content.parse_face('<face><box name="h"><p style="title">A <b>b</b>\n   c</p></box>'
                              '<box name="e"></box></face>')
    assert face.boxes == {"h": (Para("A <b>b</b> c", "title"),), "e": ()}
    doc = content.parse_doc('<doc><h>T</h><h level="2">U</h><p style="small">x</p>'
                            '<table widths="1,3"><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr>'
                            '</table></doc>')
    assert doc[0] == Heading("T", 1) and doc[1] == Heading("U", 2) and doc[2] == Para("x", "small")
    assert isinstance(doc[3], SheetTable) and doc[3].widths == (1.0, 3.0)
    assert [[c.markup for c in row] for row in doc[3].rows] == [["a", "b"], ["1", "2"]]
    with pytest.raises(content.TemplateError):
        content.parse_doc("<face/>")
    with pytest.raises(content.TemplateError):
        content.parse_face("<face><box>unclosed</face>")


def test_short_text_fits_at_full_size(fonts):
    fitted = fit((Para("Hello", "title"), Para("world", "body")), STYLES, 50 * MM, 30 * MM, fonts, "en")
    assert fitted.scale == 1.0
    assert fitted.height <= 30 * MM


def test_long_text_shrinks_but_never_below_the_minimum(fonts):
    text = "報酬金を受け取るには成功条件を満たすこと。" * 6
    paras = (Para("タイトル", "title"), Para(text, "body"), Para("小さな文字", "small"))
    fitted = fit(paras, STYLES, 50 * MM, 30 * MM, fonts, "ja")
    assert fitted.scale < 1.0
    assert fitted.height <= 30 * MM + 0.01
    sizes = [p.style.fontSize for p, _ in fitted.paras]
    assert min(sizes) >= MIN_SIZE
    assert sizes[0] > sizes[1] > sizes[2]  # styles shrink together
    with pytest.raises(TextOverflow, match="6 pt"):
        fit((Para(text * 4, "body"),), STYLES, 50 * MM, 30 * MM, fonts, "ja")


def test_text_that_fits_on_one_line_stays_on_one_line(fonts):
    index = {"rank": TextStyle(13, bold=True, align="center")}
    fitted = fit((Para("10", "rank"),), index, 7 * MM, 16 * MM, fonts, "ja")
    para = fitted.paras[0][0]
    assert len(wrapped_lines(para).lines) == 1 and fitted.scale == 1.0


def test_a_word_wider_than_the_box_is_an_overflow(fonts):
    with pytest.raises(TextOverflow):
        fit((Para("Supercalifragilisticexpialidocious", "body"),), STYLES, 15 * MM, 40 * MM, fonts, "en")


@pytest.mark.parametrize("width,height", [(0, 40 * MM), (-2 * MM, 40 * MM), (15 * MM, 0)])
def test_a_box_with_no_room_is_an_overflow(fonts, width, height):
    with pytest.raises(TextOverflow):
        fit((Para("x", "body"),), STYLES, width, height, fonts, "en")


def test_a_lone_last_character_is_avoided_by_shrinking_a_little(fonts):
    title = {"title": TextStyle(11, bold=True)}
    name = "ブラッドダイヤモンド"  # ten em: at 11 pt in a 9.8-em box, "ド" would sit alone
    fitted = fit((Para(name, "title"),), title, 108, 40, fonts, "ja")
    assert len(wrapped_lines(fitted.paras[0][0]).lines) == 1 and 0.9 <= fitted.scale < 1
    # when it cannot shrink, the lone character is accepted rather than failing
    stuck = fit((Para(name, "title"),), title, 108, 40, fonts, "ja", min_size=11)
    assert len(wrapped_lines(stuck.paras[0][0]).lines) == 2 and stuck.scale == 1
