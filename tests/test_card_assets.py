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
