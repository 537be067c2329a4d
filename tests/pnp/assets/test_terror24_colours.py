"""24's detectives and events apart at a glance: Hibachi's purple was the hostage
siege's, Lloyd's green the bioterror's, Dokaben's maroon the bombing's red (CIEDE2000 4.5, 10.8 and 13.3),
and the events differed by colour alone. Now every detective ink is another colour than every event's,
computed from the data, and each event card carries its suit's own mark besides its colour."""
from __future__ import annotations

from itertools import combinations, product

import pytest

from cardcheck import build, chars_in, open_pdf
from colour import delta_e76, delta_e2000, lab
from pnp.assets.registry import GAMES
from tabletop.data.terror24 import load_terror24

APART = 20.0  # CIEDE2000: another colour at a glance (about 2 is the least difference seen side by side)
DETECTIVES_APART = 15.0  # a hand of time cards shows whose it is by its backs' colour


@pytest.mark.parametrize("lab1, lab2, expected", [  # Sharma, Wu and Dalal (2005), table 1, pairs 1, 7, 17–20
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425), ((50, 0, 0), (50, -1, 2), 2.3669),
    ((50, 2.5, 0), (73, 25, -18), 27.1492), ((50, 2.5, 0), (61, -5, 29), 22.8977),
    ((50, 2.5, 0), (56, -27, -3), 31.9030), ((50, 2.5, 0), (58, 24, 15), 19.4535),
])
def test_ciede2000_matches_the_published_pairs(lab1, lab2, expected):
    assert delta_e2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert delta_e2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def test_lab_of_known_colours():
    assert lab("#ffffff") == pytest.approx((100, 0, 0), abs=1e-3)
    assert lab("#ff0000") == pytest.approx((53.2408, 80.0925, 67.2032), abs=1e-3)


def test_every_detective_ink_is_another_colour_than_every_event():
    game = load_terror24()
    close = [f"{d.id} {d.ink} / {s.id} {s.colour_hex}: {delta_e2000(lab(d.ink), lab(s.colour_hex)):.1f}"
             for d, s in product(game.detectives, game.events.suits)
             if delta_e2000(lab(d.ink), lab(s.colour_hex)) < APART or delta_e76(lab(d.ink), lab(s.colour_hex)) < APART]
    assert not close, "detective and event colours too alike (CIEDE2000):\n" + "\n".join(close)


def test_detective_inks_differ_from_each_other():
    game = load_terror24()
    for a, b in combinations(game.detectives, 2):
        assert delta_e2000(lab(a.ink), lab(b.ink)) >= DETECTIVES_APART, f"{a.id} / {b.id}"


def test_each_suit_has_a_mark_of_its_own():
    marks = [s.mark for s in load_terror24().events.suits]
    assert all(m.strip() for m in marks) and len(set(marks)) == len(marks)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_event_card_prints_its_suits_mark(lang):
    """The cue is on the card itself: large in its body and by its kicker, and no other suit's mark."""
    game = load_terror24()
    marks = {s.id: s.mark for s in game.events.suits}
    built, _ = build(GAMES["terror24"], "cards", lang=lang)
    faces = {front: card_id for card_id, _, front, _ in built.cards}
    seen = {}
    with open_pdf(built.pdf) as pdf:
        for sheet, page in zip(built.sheets, pdf.pages):
            for p in sheet.placements:
                card_id = faces.get(p.face, "")
                if not card_id.startswith("event-"):
                    continue
                suit = card_id.split("-")[1]
                chars = chars_in(page, p.trim, page.height)
                mine = [c for c in chars if c["text"] == marks[suit]]
                assert len(mine) == 2 and max(c["size"] for c in mine) >= 30, f"{card_id}: {len(mine)} marks"
                others = {c["text"] for c in chars} & (set(marks.values()) - {marks[suit]})
                assert not others, f"{card_id} shows {others}"
                seen[suit] = seen.get(suit, 0) + 1
    assert seen == {s.id: s.cards for s in game.events.suits}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_summary_sheet_names_each_suit_with_its_mark(lang):
    game = load_terror24()
    built, _ = build(GAMES["terror24"], "summary", lang=lang)
    lines = {}  # the text on each baseline (a mark from the symbols font sits on its line's baseline)
    with open_pdf(built.pdf) as pdf:
        for n, page in enumerate(pdf.pages):
            for c in sorted(page.chars, key=lambda c: c["x0"]):
                lines[(n, round(c["matrix"][5], 1))] = lines.get((n, round(c["matrix"][5], 1)), "") + c["text"]
    texts = [line.replace(" ", "") for line in lines.values()]
    for s in game.events.suits:
        assert any(line.startswith(s.mark + s.name(lang).replace(" ", "")) for line in texts), s.id
