"""Legibility floor (issue 20, finding 8): no text on a built-in card is smaller than 6.5 pt, no footer
smaller than 6 pt, read back from the PDFs as they print. A face that needs more room gets it from its
layout (less padding, a tighter line height, a second side), never by leaving a rule out."""
from __future__ import annotations

from collections import Counter

import pytest

from cardcheck import build, chars_in, font_size, open_pdf
from pnp.assets.cards import Cards
from pnp.assets.layout import LEGIBLE
from pnp.assets.registry import GAMES
from pnp.fonts import load_fonts
from pnp.geometry import MM as MM_PT
from pnp.text import TextStyle, fit

FOOTER_FLOOR = 6.0
CARD_ASSETS = [(game.id, name) for game in GAMES.values() for name, asset in game.assets.items()
               if isinstance(asset, Cards)]


def sizes_by_card(built) -> tuple[dict[str, list[float]], list[float]]:
    """Every character's size on each card (fronts by id, backs as 'back of <id>') and in footers."""
    names = {}
    for card_id, _, front, back in built.cards:
        names.setdefault(front, card_id)
        if back is not None:
            names.setdefault(back, f"back of {card_id}")
    cards, footers = {}, []
    with open_pdf(built.pdf) as pdf:
        for page, sheet in zip(pdf.pages, built.sheets):
            inside = set()
            for p in sheet.placements:
                chars = chars_in(page, p.trim, page.height)
                inside |= {id(c) for c in chars}
                cards.setdefault(names[p.face], []).extend(font_size(c) for c in chars)
            footers += [font_size(c) for c in page.chars if id(c) not in inside]
    return cards, footers


def test_the_floor_is_six_and_a_half_points():
    assert LEGIBLE == 6.5


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game_id, name", CARD_ASSETS)
def test_no_card_text_under_the_floor(game_id, name, lang):
    built, _ = build(GAMES[game_id], name, lang=lang)
    cards, footers = sizes_by_card(built)
    small = {card: round(min(s), 2) for card, s in cards.items() if s and min(s) < LEGIBLE - 0.01}
    assert not small, f"{game_id} {name} ({lang}): text under {LEGIBLE} pt on {small}"
    assert footers and min(footers) >= FOOTER_FLOOR - 0.01, f"{game_id} {name} ({lang}): footer {min(footers)}"


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("card_size", ["bridge", "ja-small"])
def test_liar_mafias_summary_fits_narrow_cards_at_the_floor(lang, card_size):
    """Blocked the Japanese punctuation before: the whole summary on one side needed more than a bridge
    card at 6 pt. Its two parts now take the card's two sides."""
    built, _ = build(GAMES["liar-mafia"], "cards", lang=lang, card_size=card_size)
    cards, _ = sizes_by_card(built)
    for card in ("red-summary", "back of red-summary", "blue-summary", "back of blue-summary"):
        assert min(cards[card]) >= LEGIBLE - 0.01, card


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_24s_two_summary_cards_print_their_items_at_one_size(lang):
    built, _ = build(GAMES["terror24"], "cards", lang=lang)
    cards, _ = sizes_by_card(built)
    usual = {card: Counter(round(s, 2) for s in cards[card]).most_common(1)[0][0]
             for card in ("summary-1", "summary-2")}
    assert len(set(usual.values())) == 1, usual


def test_an_unjustified_line_never_runs_past_its_box():
    """ReportLab would shrink the spaces of this line by up to 5% (a justification device) and let it
    run 0.06 mm past a 57 mm box; the fitter then refused the size and shrank the whole card."""
    from pnp.content import Para

    text = ("• Everyone with 2+ cards lays 2 face down (with 1 card left you sit out for the rest of the game). "
            "In rounds 5 and 7 turn the events face up first.")
    width = 57 * MM_PT
    fitted = fit((Para(text, "item"),), {"item": TextStyle(6.5, leading=1.15)}, width, 200, load_fonts(), "en", 6.5)
    assert fitted.scale == 1.0
    para, _ = fitted.paras[0]
    assert max(para.getActualLineWidths0()) <= width + 0.01
