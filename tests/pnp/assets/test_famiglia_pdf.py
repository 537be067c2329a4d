"""Famiglia solo print-outs read back: two robot cards and a one-page sheet, values from the data."""
import pypdfium2 as pdfium
import pytest

from cardcheck import build, chars_in, open_pdf, read, ruler_label
from pdfcheck import fonts
from pnp.assets.registry import find
from tabletop.data.famiglia import load_famiglia

GAME = find("famiglia")
MM = 72 / 25.4


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_robot_cards(lang):
    model = load_famiglia()
    built, _ = build(GAME, "robot", lang=lang)
    assert [c[0] for c in built.cards] == ["program", "levels"] and all(c[3] is None for c in built.cards)
    with open_pdf(built.pdf) as pdf:
        page = pdf.pages[0]
        program, levels = (read(chars_in(page, p.trim, page.height), False) for p in built.sheets[0].placements)
    assert model.sheet.program_note(lang).replace(" ", "") in program
    for step in model.robot.steps:
        assert step.name(lang).replace(" ", "") in program
        assert "{target}" not in program
    for level in model.levels:
        assert "/".join(map(str, level.targets)) in levels
    for family in model.families:
        assert family.name(lang).replace(" ", "") + "/".join(map(str, family.vp)) in levels


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_solo_sheet_is_one_page_with_every_step(lang):
    model = load_famiglia()
    built, _ = build(GAME, "summary", lang=lang)
    assert built.pages == 1
    assert all(f["embedded"] for f in fonts(built.pdf))
    with open_pdf(built.pdf) as pdf:
        text = "".join(pdf.pages[0].extract_text().split())
    assert "".join(model.sheet.program_note(lang).split()) in text
    for step in model.robot.steps:
        assert step.name(lang).replace(" ", "") in text
    for line in model.sheet.game_end:
        assert line(lang).replace(" ", "")[:15] in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_robot_sheet_footer_is_one_centred_line_inside_the_printable_area(paper, lang):
    """The two robot cards fill part of the top row: the footer sits under the grid, centred on the
    page on one line (it once sat in the empty third column, off-centre, 「100%(実際/のサイズ)」 broken
    over two lines, 3.9 mm from the edge; on Letter 1.8 mm from the bottom)."""
    built, _ = build(GAME, "robot", lang=lang, paper=paper)
    with open_pdf(built.pdf) as pdf:
        page = pdf.pages[0]
        inside = {id(c) for p in built.sheets[0].placements for c in chars_in(page, p.trim, page.height)}
        inside |= ruler_label(page)  # the scale check's "50 mm" in the top margin
        footer = [c for c in page.chars if id(c) not in inside and c["text"].strip()]
    assert footer
    assert len({round(c["matrix"][5], 1) for c in footer}) == 1  # one line
    x0, x1 = min(c["x0"] for c in footer), max(c["x1"] for c in footer)
    assert abs((x0 + x1) / 2 - page.width / 2) < 0.5 * MM
    assert min(x0, page.width - x1, page.height - max(c["bottom"] for c in footer)) >= 5 * MM
    text = "".join(c["text"] for c in sorted(footer, key=lambda c: c["x0"])).replace(" ", "")
    assert ("100%（実際のサイズ）で印刷" if lang == "ja" else "Printat100%/actualsize") in text


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_robot_card_titles_clear_their_subtitles(lang):
    """"The robot's program": the title's descenders (p, g) touched the subtitle's capitals. Read from
    the printed page: between each title's baseline and the next line's, a band at least 0.4 mm high
    carries no ink across the title's width."""
    built, _ = build(GAME, "robot", lang=lang)
    dpi = 600
    image = pdfium.PdfDocument(built.pdf)[0].render(scale=dpi / 72).to_pil().convert("L")
    with open_pdf(built.pdf) as pdf:
        page = pdf.pages[0]
        for p in built.sheets[0].placements:
            chars = chars_in(page, p.trim, page.height)
            title = [c for c in chars if c["size"] == max(c["size"] for c in chars)]
            base = max(c["matrix"][5] for c in title)  # the title's last line
            nxt = max(c["matrix"][5] for c in chars if c["matrix"][5] < base - 1)
            x0, x1 = (round(min(c["x0"] for c in title) * dpi / 72), round(max(c["x1"] for c in title) * dpi / 72))
            rows = range(round((page.height - base) * dpi / 72) + 1, round((page.height - nxt) * dpi / 72))
            inked = [image.crop((x0, r, x1, r + 1)).getextrema()[0] < 160 for r in rows]
            clear = max((len(run) for run in "".join("x" if i else "." for i in inked).split("x")), default=0)
            assert clear / dpi * 25.4 >= 0.4, ("".join(c["text"] for c in title), clear / dpi * 25.4)
