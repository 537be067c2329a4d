"""Legibility, read back from the PDFs as they print: no text on a built-in card is
smaller than 6.5 pt, no footer smaller than 6.5 pt, and a summary card prints the largest text that fits
it. A face that needs more room gets it from its layout (less padding, a tighter line height, a second
side), never by leaving a rule out."""
from __future__ import annotations

from collections import Counter

import pytest

from cardcheck import build, chars_in, font_size, open_pdf
from pnp.assets.cardfaces import face_layout
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES
from pnp.base import Options
from pnp.fonts.fontset import load_fonts
from pnp.geometry import MM as MM_PT
from pnp.layout.facelayout import LEGIBLE
from pnp.text import content
from pnp.text.fit import TextStyle, fit
from tabletop.record import replace

FOOTER_FLOOR = 6.5
CARD_ASSETS = [(game.id, name) for game in GAMES.values() for name, asset in game.assets.items()
               if isinstance(asset, Cards)]
ASSETS = [(game.id, name) for game in GAMES.values() for name in game.assets]
# The summary cards of a game, every side of them: each set prints at one size.
SUMMARY_SETS = {
    "liar-mafia": ("red-summary", "back of red-summary", "blue-summary", "back of blue-summary"),
    "terror24": ("summary-1", "summary-2"),
}
GROWTH = 0.5  # pt: a summary card whose text fits this much larger had room it did not use


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
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_carries_its_footer_at_six_and_a_half_points(paper, lang):
    """Footers printed at 6 pt (5.76 pt once) and could drop where the margin was thin; now every page of
    every asset, A4 and Letter, has its footer whole at 6.5 pt (turned into a side margin where the
    bottom one is too low; tests/pnp/sheets/test_page_margins.py keeps it 5 mm inside the page and off the cards)."""
    note = "100%"  # in every footer: the print-scale note
    found = []
    for game_id, name in ASSETS:
        built, _ = build(GAMES[game_id], name, paper=paper, lang=lang)
        with open_pdf(built.pdf) as pdf:
            for n, page in enumerate(pdf.pages):
                if built.sheets:  # a card sheet: what lies on no card (the footer and the scale check's label)
                    on_cards = {id(c) for p in built.sheets[n].placements for c in chars_in(page, p.trim, page.height)}
                    chars = [c for c in page.chars if id(c) not in on_cards]
                else:  # a summary sheet: under its text frame
                    chars = [c for c in page.chars if c["bottom"] > page.height - 14 * MM_PT]
                text = "".join(c["text"] for c in chars)
                least = min((font_size(c) for c in chars), default=0)
                if note not in text or least < FOOTER_FLOOR - 0.01:
                    found.append(f"{game_id} {name} page {n + 1}: {text!r} at {least:.2f} pt")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("card_size", ["bridge", "ja-small"])
def test_liar_mafias_summary_fits_narrow_cards_at_the_floor(lang, card_size):
    """Blocked the Japanese punctuation before: the whole summary on one side needed more than a bridge
    card at 6 pt. Its two parts now take the card's two sides."""
    built, _ = build(GAMES["liar-mafia"], "cards", lang=lang, card_size=card_size)
    cards, _ = sizes_by_card(built)
    for card in ("red-summary", "back of red-summary", "blue-summary", "back of blue-summary"):
        assert min(cards[card]) >= LEGIBLE - 0.01, card


def usual(sizes: list[float]) -> float:
    """The size most of a face's characters have: its items'."""
    return Counter(round(s, 2) for s in sizes).most_common(1)[0][0]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game_id", SUMMARY_SETS)
def test_a_games_summary_cards_print_their_items_at_one_size(game_id, lang):
    """24's two cards printed 7.5 and 6.44 pt once; LIAR MAFIA's two sides are one card."""
    built, _ = build(GAMES[game_id], "cards", lang=lang)
    cards, _ = sizes_by_card(built)
    sizes = {card: usual(cards[card]) for card in SUMMARY_SETS[game_id]}
    assert len(set(sizes.values())) == 1, sizes


def room_under_text(built, faces) -> dict[str, tuple[float, float]]:
    """Each face's item size (pt) and the room (mm) between its text's bottom and its white panel's bottom,
    both read from the PDF (the panel is the white rectangle filling the face inside its coloured frame)."""
    names = {}
    for card_id, _, front, back in built.cards:
        names.setdefault(front, card_id)
        if back is not None:
            names.setdefault(back, f"back of {card_id}")
    out = {}
    with open_pdf(built.pdf) as pdf:
        for page, sheet in zip(pdf.pages, built.sheets):
            for p in sheet.placements:
                name = names[p.face]
                if name not in faces or name in out:
                    continue
                chars = [c for c in chars_in(page, p.trim, page.height) if c["text"].strip()]
                trim = (p.trim.x * MM_PT, page.height - p.trim.y1 * MM_PT,
                        p.trim.x1 * MM_PT, page.height - p.trim.y * MM_PT)
                panels = [r for r in page.rects if tuple(r.get("non_stroking_color") or ()) in ((1, 1, 1), (1,))
                          and r["x0"] > trim[0] and r["top"] > trim[1] and r["x1"] < trim[2] and r["bottom"] < trim[3]]
                assert len(panels) == 1, f"{name}: {len(panels)} white panels"
                out[name] = (usual([font_size(c) for c in chars]),
                             (panels[0]["bottom"] - max(c["bottom"] for c in chars)) / MM_PT)
    return out


def fits(face, layout, size: float, fonts, lang: str) -> bool:
    """Whether the face's text fits its box with its items at `size` pt (every style in proportion)."""
    xml = content.render(face.template, lang=lang, t=lambda text: text(lang), style="full", flavor=True,
                         **face.context)
    paras = content.parse_face(xml).boxes["body"]
    k = size / layout.styles["item"].size
    styles = {name: replace(style, size=style.size * k) for name, style in layout.styles.items()}
    box = layout.boxes["body"][0].rect
    try:
        return fit(paras, styles, box.w * MM_PT, box.h * MM_PT, fonts, lang, LEGIBLE).scale == 1.0
    except Exception:  # TextOverflow: not even at the floor
        return False


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game_id", SUMMARY_SETS)
def test_a_summary_card_prints_the_largest_text_that_fits(game_id, lang):
    """They sat at the 6.5 pt floor with 20–29 mm free under their text. Now the fullest side of each set
    has no room for its text 0.5 pt larger; the others print at its size (the test above)."""
    game, faces = GAMES[game_id], SUMMARY_SETS[game_id]
    built, _ = build(game, "cards", lang=lang)
    measured = room_under_text(built, faces)
    assert all(room > 0 for _, room in measured.values()), measured  # inside the panel
    assert all(size >= LEGIBLE - 0.01 for size, _ in measured.values()), measured
    opts = Options(lang=lang)
    asset = game.assets["cards"]
    card = asset.size(opts)
    pieces = asset.make(game.load(None), opts, card)
    by_name = {p.id: p.front for p in pieces.pieces}
    by_name.update({f"back of {p.id}": pieces.backs[p.back] for p in pieces.pieces if p.back})
    fonts = load_fonts()
    roomy = [name for name, (size, room) in measured.items()
             if fits(by_name[name], face_layout("panel", card, "full"), size + GROWTH, fonts, lang)]
    assert len(roomy) < len(faces), (
        f"{game_id} ({lang}): every summary side would fit {GROWTH} pt larger: "
        + ", ".join(f"{n} {s} pt, {r:.1f} mm free" for n, (s, r) in measured.items()))


def test_an_unjustified_line_never_runs_past_its_box():
    """ReportLab would shrink the spaces of this line by up to 5% (a justification device) and let it
    run 0.06 mm past a 57 mm box; the fitter then refused the size and shrank the whole card."""
    from pnp.text.content import Para

    text = ("• Everyone with 2+ cards lays 2 face down (with 1 card left you sit out for the rest of the game). "
            "In rounds 5 and 7 turn the events face up first.")
    width = 57 * MM_PT
    fitted = fit((Para(text, "item"),), {"item": TextStyle(6.5, leading=1.15)}, width, 200, load_fonts(), "en", 6.5)
    assert fitted.scale == 1.0
    para, _ = fitted.paras[0]
    assert max(para.getActualLineWidths0()) <= width + 0.01
