"""KILL SHOT sheets read back: one reference card per game type, the summary's contents, fonts,
and nothing printed that the rulebook does not give."""
import pytest

from cardcheck import build, chars_in, open_pdf, read
from pdfcheck import fonts
from pnp.assets.registry import find
from pnp.layout.builtin import PANEL
from tabletop.data.kill_shot import load_kill_shot

GAME = find("kill-shot")


@pytest.fixture(scope="module")
def model():
    return load_kill_shot()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_one_reference_card_per_game_type(model, lang):
    built, _ = build(GAME, "reference", lang=lang)
    assert [c[0] for c in built.cards] == ["type-1", "type-2", "type-3"]
    assert all(c[3] is None for c in built.cards)
    assert len(built.sheets) == 1  # single-sided: no back page even in duplex mode
    with open_pdf(built.pdf) as pdf:
        page = pdf.pages[0]
        for placement, gt in zip(built.sheets[0].placements, model.game_types):
            text = read(chars_in(page, placement.trim, page.height, inset=PANEL), False)
            assert gt.name(lang).replace(" ", "") in text
            assert gt.rules[-1](lang).replace(" ", "")[:20] in text  # the last rule made it onto the card
            assert "Global" in text and "KillShot" in text


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_summary_sheet_contents(model, lang):
    built, _ = build(GAME, "summary", lang=lang)
    with open_pdf(built.pdf) as pdf:
        text = "".join("".join(p.extract_text().split()) for p in pdf.pages)
    for item in (*model.game_types, *model.special_cards, *model.optional_rules):
        assert item.name(lang).replace(" ", "") in text
    for ability in model.terrorist_abilities:
        assert ability.opening.replace(" ", "") in text
        assert ability.text(lang).replace(" ", "") in text
    # Hunt numbers 4–7 have no names in the rulebook: they print bare, never with a guessed name.
    assert "3Region→4→5→6→7→8Firefight" in text


@pytest.mark.parametrize("asset", ["reference", "summary"])
def test_fonts_embedded(asset):
    for lang in ("ja", "en"):
        found = fonts(build(GAME, asset, lang=lang)[0].pdf)
        assert found and all(f["embedded"] for f in found)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_copy_with_the_publisher_as_one_plain_name_still_prints(tmp_path, lang):
    """The publisher took both languages (「Dan Verssen Games（2011）」 in Japanese type); a copy of the
    data made before, with one plain name, still loads and prints that name in either language."""
    from tabletop.data import CARDS_DIR
    text = (CARDS_DIR / "kill_shot.toml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith("publisher = ")]
    assert len(lines) == 1
    (tmp_path / "kill_shot.toml").write_text(text.replace(lines[0], 'publisher = "Old Name (2011)"'), encoding="utf-8")
    with open_pdf(build(GAME, "summary", lang=lang, cards_dir=tmp_path)[0].pdf) as pdf:
        assert "OldName(2011)" in "".join(pdf.pages[0].extract_text().split())
