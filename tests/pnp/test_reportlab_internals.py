"""Canaries for what the kit uses of ReportLab that ReportLab does not publish (pnp/reportlab_internals.py):
each fails naming what a ReportLab release moved, where the symptom would otherwise be a PDF that
differs or a font parsed on every run."""
from __future__ import annotations

import io
from pathlib import Path

import pypdf
import reportlab
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph

from pdfcheck import page_set_in as drawn
from pnp import reportlab_internals as internals
from pnp.fonts.fontset import load_fonts
from pnp.text.kinsoku import KinsokuParagraph, line_texts

VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


def test_the_canvas_still_starts_a_page_in_start_page():
    assert callable(getattr(Canvas, "_startPage", None)), "reportlab.pdfgen.canvas.Canvas._startPage is gone"


def test_held_pages_each_print_their_own_text_and_a_footer_counting_them_all():
    def footer(canvas, number, pages):
        canvas.drawString(72, 30, f"page {number} of {pages}")

    def lead(canvas, n):
        canvas.drawString(72, 700, "a lead page")

    buf = io.BytesIO()
    frame = Frame(72, 72, 300, 100)
    doc = BaseDocTemplate(buf, pageTemplates=[PageTemplate("page", [frame])], invariant=1)
    doc.build([Paragraph(f"paragraph {n} " + "words " * 60) for n in range(1, 4)],
              canvasmaker=lambda *a, **k: internals.held_pages_canvas()(footer, (lead, 1), *a, **k))
    pages = [page.extract_text() for page in pypdf.PdfReader(buf).pages]
    assert pages[0].strip() == "a lead page" and len(pages) >= 4
    flowed = pages[1:]
    assert [f"page {n} of {len(flowed)}" in text for n, text in enumerate(flowed, 1)] == [True] * len(flowed)
    assert "paragraph 1" in flowed[0] and "paragraph 3" in flowed[-1] and "paragraph 3" not in flowed[0]


def test_a_parsed_face_keeps_the_font_s_bytes_and_its_scale_under_the_names_the_cache_sets():
    face = TTFont("Vera-canary", str(VERA)).face
    kept = vars(face)
    assert internals.FONT_BYTES in kept, f"TTFontFace.{internals.FONT_BYTES} is gone"
    assert bytes(internals.font_bytes(face)[:4]) == VERA.read_bytes()[:4]
    assert internals.PDF_SCALE in kept, f"TTFontFace.{internals.PDF_SCALE} is gone"
    assert kept[internals.PDF_SCALE](face.unitsPerEm) == 1000


def test_a_font_made_from_its_parsed_state_draws_as_the_parse_does():
    parsed = TTFont("Vera-state", str(VERA))
    font_state, face_state = internals.parsed_state(parsed, ())
    assert internals.FONT_BYTES not in face_state and "state" not in font_state
    made = internals.font_from_state("Vera-state", font_state, face_state, type(parsed.face), VERA.read_bytes(),
                                     vars(parsed.face)[internals.PDF_SCALE])
    assert drawn(made, "Hitman's Showdown 7000") == drawn(TTFont("Vera-state", str(VERA)), "Hitman's Showdown 7000")


def test_a_wrapped_paragraph_keeps_its_lines():
    para = Paragraph("one two three four five six seven eight nine ten", ParagraphStyle("p", fontSize=10))
    para.wrap(60, 1000)
    lines = internals.wrapped_lines(para)
    assert len(lines.lines) > 1, "Paragraph.wrap no longer keeps its lines as blPara"


def test_the_first_half_of_a_split_japanese_paragraph_draws_the_lines_reportlab_broke():
    style = ParagraphStyle("ja", fontName=load_fonts().regular, fontSize=10, leading=12, wordWrap="CJK")
    text = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん" * 2
    para = KinsokuParagraph(text, style)
    para.wrap(50, 1000)
    first, second = para.split(50, 40)
    assert first.lines_given
    first.wrap(50, 40)
    second.wrap(50, 1000)
    halves = ["".join(line_texts(internals.wrapped_lines(half).lines)) for half in (first, second)]
    assert "".join(halves) == text and halves[0] and halves[1]


def test_the_canvas_keeps_its_current_font_under_fontname():
    import io

    from reportlab.pdfgen.canvas import Canvas

    from pnp.reportlab_internals import canvas_font

    c = Canvas(io.BytesIO(), initialFontName="Courier")
    assert canvas_font(c) == "Courier"
    c.setFont("Times-Roman", 9)
    assert canvas_font(c) == "Times-Roman"


def test_a_kept_picture_is_drawn_in_later_documents_without_being_made_again(tmp_path, monkeypatch):
    """The picture's object is made once (drawImage's own, from the file), then a copy of it is
    registered in each new document, soft mask and all, and drawImage draws it as it draws its own."""
    from PIL import Image
    from reportlab.pdfbase import pdfdoc

    path = tmp_path / "glass.png"
    glass = Image.new("RGBA", (40, 20), (0, 160, 0, 0))
    glass.paste((200, 0, 0, 255), (10, 5, 30, 15))
    glass.save(path)
    made = []
    real = pdfdoc.PDFImageXObject

    class Counted(real):
        def __init__(self, name, source=None, mask=None):
            made.append(source)
            super().__init__(name, source, mask)

    def document(draw) -> bytes:
        buf = io.BytesIO()
        canvas = Canvas(buf)
        draw(canvas, str(path), 10, 10, 80, 40)
        draw(canvas, str(path), 10, 100, 80, 40)  # the same picture twice: one object
        canvas.save()
        return buf.getvalue()

    def images(pdf: bytes):
        page = pypdf.PdfReader(io.BytesIO(pdf)).pages[0]
        objects = [page["/Resources"]["/XObject"][name].get_object() for name in page["/Resources"]["/XObject"]]
        return [(o["/Width"], o["/Height"], o.get_data(), o["/SMask"].get_object().get_data()) for o in objects]

    own = document(lambda c, *a: c.drawImage(*a, mask="auto"))
    monkeypatch.setattr(pdfdoc, "PDFImageXObject", Counted)
    kept = [document(internals.draw_kept_image) for _ in range(3)]
    picture = [s for s in made if s == str(path)]
    assert len(picture) == 1, made  # made for the first document only
    assert all(images(pdf) == images(own) for pdf in kept)
    assert len(images(own)) == 1 and images(own)[0][:2] == (40, 20)
    assert pypdf.PdfReader(io.BytesIO(kept[2])).pages[0].get_contents().get_data() == \
        pypdf.PdfReader(io.BytesIO(own)).pages[0].get_contents().get_data()


def test_japanese_lines_broken_the_kit_s_way_are_made_by_reportlab_s_own_cjk_line_maker():
    style = ParagraphStyle("ja", fontName=load_fonts().regular, fontSize=10, leading=12, wordWrap="CJK")
    text = "あいうえおかきくけこさしすせそたちつてと「なにぬね」のはひふへほ"
    para = KinsokuParagraph(text.replace("かきくけこ", "<b>かきくけこ</b>"), style)  # two fonts: lines of fragments
    para.wrap(50, 1000)
    lines = internals.wrapped_lines(para).lines
    assert len(lines) > 1 and "".join(line_texts(lines)) == text
    for line in lines:
        assert line.kind == 1 and line.maxWidth == 50 and line.currentWidth + line.extraSpace == 50, \
            "reportlab.platypus.paragraph.makeCJKParaLine takes or gives other values now"
