"""Every card and chip asset of every game, in both languages: fonts embedded, and no character
outside its piece (each piece keeps its text inside its frame)."""
import pytest

from cardcheck import build, open_pdf, stray_chars
from pdfcheck import fonts
from pnp.assets.card_layouts import PANEL
from pnp.assets.cards import Cards
from pnp.assets.registry import GAMES

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


JA_GAMES = ["liar-town", "kill-shot", "famiglia", "terror24"]


@pytest.mark.parametrize("game_id", JA_GAMES)
def test_japanese_lines_follow_kinsoku(game_id, monkeypatch):
    """Every Japanese paragraph of the game's cards, chips and sheets breaks by the kinsoku rules."""
    from test_kinsoku import assert_kinsoku
    from pnp import text
    from pnp.kinsoku import KinsokuParagraph

    recorded = []
    original = KinsokuParagraph.breakLinesCJK

    def recording(self, widths):
        result = original(self, widths)
        recorded.append(["".join(w.text for w in line.words) for line in result.lines])
        return result

    monkeypatch.setattr(KinsokuParagraph, "breakLinesCJK", recording)
    text._fit.cache_clear()  # lay everything out afresh, through the recorder
    game = GAMES[game_id]
    for name in game.assets:
        build(game, name, lang="ja")
    wrapped = [lines for lines in recorded if len(lines) > 1]
    assert len(wrapped) > 10
    for lines in wrapped:
        assert_kinsoku(lines, lines)
