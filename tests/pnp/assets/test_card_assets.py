"""Every card and chip asset of every game, in both languages: fonts embedded, and no character
outside its piece (each piece keeps its text inside its frame)."""
import pytest

from cardcheck import build, open_pdf, stray_chars
from kinsoku_lines import assert_kinsoku, recorded_lines
from pdfcheck import fonts
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES
from pnp.geometry import Size
from pnp.layout.builtin import CARD_LAYOUTS, PANEL, detective_band

ASSETS = [(game, name) for game in GAMES.values() for name, asset in game.assets.items() if isinstance(asset, Cards)]


@pytest.mark.parametrize("game,name", ASSETS, ids=[f"{g.id}-{n}" for g, n in ASSETS])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_fonts_embedded_and_text_inside_pieces(game, name, lang):
    built, _ = build(game, name, lang=lang)
    found = fonts(built.pdf)
    assert found and all(f["embedded"] for f in found), found
    inset = 1.0 if name == "chips" else PANEL
    with open_pdf(built.pdf) as pdf:
        assert len(pdf.pages) == len(built.sheets)
        for sheet, page in zip(built.sheets, pdf.pages):
            assert stray_chars(built, page, sheet, inset) == []


JA_GAMES = ["liar-mafia", "kill-shot", "famiglia", "terror24"]


@pytest.mark.parametrize("game_id", JA_GAMES)
def test_japanese_lines_follow_kinsoku(game_id):
    """Every Japanese paragraph of the game's cards, chips and sheets breaks by the kinsoku rules."""

    game = GAMES[game_id]
    with recorded_lines() as recorded:
        for name in game.assets:
            build(game, name, lang="ja")
    wrapped = [lines for lines in recorded if len(lines) > 1]
    assert len(wrapped) > 10
    for lines in wrapped:
        assert_kinsoku(lines, lines)


@pytest.mark.parametrize("size", [Size(63, 88), Size(59, 86)])
def test_detective_band_runs_from_the_frame_to_the_upright_column(size):
    layout, band = CARD_LAYOUTS["detective"](size), detective_band(size)
    stand = layout.boxes["stand"][0].rect
    assert band.x == band.y == PANEL + 0.5 and band.y1 == size.h - band.y
    assert band.x1 == pytest.approx(stand.x)
