"""Hitman's Showdown's corner indexes keep their rank clear of its pip: a Q's tail
touched the ♥ or ♦ under it. Measured on the glyphs' own ink, read back from the PDF, for every card in
both languages: the full style's index (rank over pip, two corners) and the overlay style's (pip and
rank side by side over the title)."""
from __future__ import annotations

import pytest

from cardcheck import build, chars_in, open_pdf
from glyphink import Frame, ink
from pnp.assets.registry import GAMES
from tabletop.data.hitmans_load import load_game

MM = 72 / 25.4
CLEAR = 0.5  # mm of paper at least between a rank's ink and its pip's
PIPS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
JOKER_MARKS = {"color": "★", "black": "☆"}  # templates/hitmans_showdown/print.toml [values]


def pip_of(card) -> str:
    return JOKER_MARKS[card.joker] if card.joker else PIPS[card.suit]


def faces(lang: str, style: str):
    """(card, the characters on its face) for every insert placed."""
    game = GAMES["hitmans-showdown"]
    built, _ = build(game, "inserts", lang=lang, style=style)
    deck = {card.id: card for card in load_game().deck()}
    by_face = {front: deck[card_id] for card_id, _, front, _ in built.cards}
    with open_pdf(built.pdf) as pdf:
        for page, sheet in zip(pdf.pages, built.sheets):
            for p in sheet.placements:
                yield by_face[p.face], chars_in(page, p.trim, page.height)


def stacked_gaps(card, chars) -> list[float]:
    """Full style: in each corner, the space (mm) between the lowest ink of the line over the pip
    (the rank, or a joker's last letter) and the pip's highest ink."""
    gaps = []
    for pip in (c for c in chars if c["text"] == pip_of(card)):
        frame = Frame(pip)
        above = [c for c in chars if c["text"].strip() and c is not pip and Frame(c).angle == frame.angle
                 and abs(Frame(c).along - frame.along) < 4 * MM and 0 < Frame(c).across - frame.across < 8 * MM]
        if not above:
            continue  # the pip in a sentence, not an index
        line = min(Frame(c).across for c in above)
        bottom = min(ink(c)[1] for c in above if abs(Frame(c).across - line) < 0.1)
        gaps.append((bottom - ink(pip)[3]) / MM)
    return gaps


def side_by_side_gaps(card, chars) -> list[float]:
    """Overlay style: the space (mm) between the pip's ink and the first ink after it on its line."""
    gaps = []
    for pip in (c for c in chars if c["text"] == pip_of(card)):
        frame = Frame(pip)
        after = [c for c in chars if c["text"].strip() and Frame(c).angle == frame.angle
                 and abs(Frame(c).across - frame.across) < 0.1 and Frame(c).along > frame.along]
        if after:
            first = min(after, key=lambda c: Frame(c).along)
            gaps.append((ink(first)[0] - ink(pip)[2]) / MM)
    return gaps


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("style, measure, indexes", [("full", "stacked", 2), ("overlay", "side_by_side", 1)])
def test_every_rank_clears_its_pip(lang, style, measure, indexes):
    """Full style: rank over pip in two corners; overlay: pip and rank side by side above the title."""
    gaps_of = stacked_gaps if measure == "stacked" else side_by_side_gaps
    found, close = 0, []
    for card, chars in faces(lang, style):
        gaps = gaps_of(card, chars)
        assert len(gaps) == indexes, f"{card.id}: {len(gaps)} indexes found"
        found += 1
        close += [f"{card.index}: {gap:.2f} mm" for gap in gaps if gap < CLEAR]
    assert found == 54
    assert not close, f"{lang} {style}: rank within {CLEAR} mm of its pip: {sorted(set(close))}"
