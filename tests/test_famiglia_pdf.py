"""Famiglia solo print-outs read back: two robot cards and a one-page sheet, values from the data."""
import pytest

from cardcheck import build, chars_in, open_pdf, read
from pdfcheck import fonts
from pnp.assets.registry import find
from tabletop.data.famiglia import load_famiglia

GAME = find("famiglia")


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
