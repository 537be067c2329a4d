"""Cut guides that print: a home printer prints nothing within about 5 mm of the paper's edge, so every
guide mark — a guillotine line running to the edge, or a corner mark for scissors — keeps at least 1 mm of
its length farther in than that. Read from the drawn lines of every built-in card asset as `pnp build`
makes it (A4 and Letter, portrait and landscape, lines and corners, duplex and fold-and-glue, every card
size a built-in asset prints at)."""
from __future__ import annotations

import pytest

from cardcheck import build, open_pdf
from pdfcheck import is_guide
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES
from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from pnp.sheets.imposition import GUIDE_REACH
from repo_paths import ROOT

MM = 72 / 25.4
SAFE = 5.0  # mm: what a home printer cannot print
EXAMPLES = ROOT / "examples"
# A deck of white cards (no bleed) and one of coloured cards (a bleed): both kinds of grid.
MINI_DECKS = [EXAMPLES / "night-market" / "night_market.toml", EXAMPLES / "prototype" / "prototype.toml"]
# Chips draw no guides: their printed circle is the cut line.
CARD_ASSETS = [(game.id, name) for game in GAMES.values() for name, asset in game.assets.items()
               if isinstance(asset, Cards) and (game.id, name) != ("liar-mafia", "chips")]


def printed_length(line, width: float, height: float) -> float:
    """How much of a drawn line (a pdfplumber line, pt) lies more than SAFE mm from every page edge, mm."""
    safe = SAFE * MM
    x0, x1 = max(line["x0"], safe), min(line["x1"], width - safe)
    top, bottom = max(line["top"], safe), min(line["bottom"], height - safe)
    if x1 < x0 - 1e-6 or bottom < top - 1e-6:
        return 0.0
    return max(x1 - x0, bottom - top) / MM


def shortest_printed(pdf_bytes: bytes) -> tuple[float, int]:
    """The least printed length of any guide in the PDF, and how many guides it has."""
    least, count = float("inf"), 0
    with open_pdf(pdf_bytes) as pdf:
        for page in pdf.pages:
            for line in page.lines:
                if is_guide(line):
                    count += 1
                    least = min(least, printed_length(line, page.width, page.height))
    return least, count


@pytest.mark.parametrize("guides", ["lines", "corners"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id, name", CARD_ASSETS)
def test_every_guide_has_a_part_a_home_printer_prints(game_id, name, paper, guides):
    for lang in ("ja", "en"):
        built, _ = build(GAMES[game_id], name, paper=paper, lang=lang, guides=guides)
        least, count = shortest_printed(built.pdf)
        assert count > 0
        assert least >= GUIDE_REACH - 0.01, (lang, least)


@pytest.mark.parametrize("card_size", ["ja-small", "bridge"])
@pytest.mark.parametrize("guides", ["lines", "corners"])
@pytest.mark.parametrize("paper", ["a4", "letter", "a4-landscape", "letter-landscape"])
def test_other_sizes_papers_and_fold_and_glue_keep_their_guides_printable(paper, guides, card_size):
    # LIAR MAFIA's coloured cards take a bleed, the showdown's white inserts none: both kinds of grid.
    for game_id, name in (("liar-mafia", "cards"), ("hitmans-showdown", "inserts")):
        for backs in ("duplex-long", "fold"):
            built, _ = build(GAMES[game_id], name, paper=paper, lang="en", guides=guides, backs=backs,
                             card_size=card_size)
            least, count = shortest_printed(built.pdf)
            assert count > 0
            assert least >= GUIDE_REACH - 0.01, (game_id, backs, least)


@pytest.mark.parametrize("deck_file", MINI_DECKS, ids=lambda path: path.stem)
@pytest.mark.parametrize("guides", ["lines", "corners"])
@pytest.mark.parametrize("paper", ["a4", "letter", "a4-landscape", "letter-landscape"])
def test_mini_cards_keep_their_guides_printable(paper, guides, deck_file):
    # No built-in card asset is made at mini size (their text is too long); the example decks are.
    deck = load_deck(deck_file)
    game = deck_game(deck)
    (asset,) = game.assets.values()
    for backs in ("duplex-long", "fold"):
        given = Options(lang=deck.languages[0], paper=paper, guides=guides, backs=backs, card_size="mini")
        opts = deck_options(deck, given, {"paper", "guides", "backs", "card_size"})
        least, count = shortest_printed(build_pdf(BuildJob(game, asset), opts).pdf)
        assert count > 0
        assert least >= GUIDE_REACH - 0.01, (backs, least)


def test_the_measure_sees_a_guide_wholly_in_the_unprinted_margin():
    # The check itself: a line from the edge to 5.1 mm has 0.1 mm printed, a corner mark 0.0-4.1 mm none.
    width, height = 210 * MM, 297 * MM
    line = {"x0": 0.0, "x1": 5.1 * MM, "top": 100.0, "bottom": 100.0}
    mark = {"x0": 0.0, "x1": 4.1 * MM, "top": 100.0, "bottom": 100.0}
    assert printed_length(line, width, height) == pytest.approx(0.1)
    assert printed_length(mark, width, height) == 0.0
