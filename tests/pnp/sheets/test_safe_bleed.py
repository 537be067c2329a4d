"""Safe by default: where a card's colour reaches its edge, the default build
draws it past the trim into a gutter, as far as the sheet allows without holding fewer cards, so a cut
a little off the line or a back page drifting shows the card's own colour, not its neighbour's.
`--bleed` or `--gutter` given chooses instead: 0 is the old look (colour to the trim, cards touching)."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from cardcheck import build, chars_in, font_size, open_pdf
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES, find
from pnp.geometry import MIN_MARGIN, Rect, Size, grid, parse_paper
from pnp.sheets.imposition import GUIDE_REACH

DPI = 300
PX = DPI / 25.4  # pixels per mm
LIAR = find("liar-mafia")


def card_assets_with_colour():
    """(game, asset) of every built-in card asset whose faces draw colour past their trim (Showdown's
    inserts are white to the edge, LIAR MAFIA's chips are discs on white paper)."""
    return [("liar-mafia", "cards"), ("terror24", "cards"), ("kill-shot", "reference"), ("famiglia", "robot")]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id, name", card_assets_with_colour())
def test_the_default_bleed_keeps_nine_poker_cards_a_sheet(game_id, name, paper):
    built, _ = build(GAMES[game_id], name, paper=paper, lang="en")
    page = parse_paper(paper)[1]
    first = built.sheets[0]
    assert len(first.slots) == 9  # the grid's places, filled or not (KILL SHOT has 3 reference cards)
    assert first.bleed >= 0.5  # A4: 1.5 mm (its width is the limit); Letter: 0.5 mm (its height)
    # The colour stays where home printers print, with room beside it for the cut lines to print too.
    inner = MIN_MARGIN + GUIDE_REACH
    for box in first.bleed_boxes():
        assert Rect(inner, inner, page.w - 2 * inner, page.h - 2 * inner).contains(box, 1e-6)
    # No more than that: a tenth of a mm more and a row or column would not fit inside that room.
    more = first.bleed + 0.1
    assert grid(page, Size(63, 88), 0.0, more, margin=inner + more).per_page < 9


@pytest.mark.parametrize("paper, bleed", [("a4", 1.5), ("letter", 0.5)])
def test_the_default_bleed_on_a4_and_letter(paper, bleed):
    assert build(LIAR, "cards", paper=paper, lang="ja")[0].sheets[0].bleed == pytest.approx(bleed)


def test_white_pieces_take_no_bleed():
    """Chips (a disc on white paper) and Showdown's inserts (white to the edge) gain nothing from a bleed."""
    assert build(LIAR, "chips", lang="en")[0].sheets[0].bleed == 0.0
    assert build(find("hitmans-showdown"), "inserts", lang="en")[0].sheets[0].bleed == 0.0


def pixel(image, page_h: float, x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) mm from the page's bottom-left corner."""
    return image.getpixel((round(x * PX), round((page_h - y) * PX)))[:3]


def near(colour, hex_colour: str, tolerance: int = 24) -> bool:
    target = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_frame_reaches_past_its_trim_by_the_bleed(paper):
    """LIAR MAFIA's red cards sit in the top row, the blue ones under them. Just past the red card's
    bottom trim the page is red (a cut that far off shows red, not blue) up to the bleed, then blue: the
    blue card's own bleed. Past its outer (left) edge, red up to the bleed, then white paper."""
    built, _ = build(LIAR, "cards", paper=paper, lang="en")
    sheet = built.sheets[0]
    red, blue = (c.ink for c in LIAR.load(None).colours)
    b = sheet.bleed
    image = pdfium.PdfDocument(built.pdf)[0].render(scale=DPI / 72).to_pil().convert("RGB")
    h = sheet.page.h
    top, under = sheet.placements[0].trim, sheet.placements[3].trim
    x = top.x + top.w / 2
    assert near(pixel(image, h, x, top.y + 1.0), red)  # the frame inside the trim
    assert near(pixel(image, h, x, top.y - (b - 0.25)), red), "the red frame stops short of its bleed"
    assert near(pixel(image, h, x, under.y1 + (b - 0.25)), blue), "the blue frame stops short of its bleed"
    y = top.y + top.h / 2
    assert near(pixel(image, h, top.x - (b - 0.25), y), red)
    assert near(pixel(image, h, top.x - (b + 0.25), y), "#ffffff")


def test_bleed_or_gutter_given_chooses():
    """`--bleed 0` is the old look (the blue card's colour right past the red card's trim); a bleed
    larger than the sheet has room for takes a column (A4: 6 cards); a gutter alone brings no bleed."""
    none, _ = build(LIAR, "cards", bleed=0.0, lang="en")
    assert none.sheets[0].bleed == 0.0
    assert len(build(LIAR, "cards", bleed=3.0, lang="en")[0].sheets[0].placements) == 6
    spaced = build(LIAR, "cards", gutter=2.0, lang="en")[0].sheets[0]
    assert spaced.bleed == 0.0
    assert spaced.placements[1].trim.x - spaced.placements[0].trim.x1 == pytest.approx(2.0)
    sheet = none.sheets[0]
    image = pdfium.PdfDocument(none.pdf)[0].render(scale=DPI / 72).to_pil().convert("RGB")
    top = sheet.placements[0].trim
    blue = LIAR.load(None).colours[1].ink
    assert near(pixel(image, sheet.page.h, top.x + top.w / 2, top.y - 0.25), blue)


def test_every_coloured_card_asset_is_listed():
    """The list above is every card asset whose colour reaches its edge (so none escapes the checks)."""
    found = []
    for game in GAMES.values():
        for name, asset in game.assets.items():
            if isinstance(asset, Cards) and build(game, name, lang="en")[0].sheets[0].bleed > 0:
                found.append((game.id, name))
    assert sorted(found) == sorted(card_assets_with_colour())


@pytest.mark.parametrize("game_id, name", card_assets_with_colour() + [("hitmans-showdown", "inserts")])
def test_every_letter_page_keeps_a_footer_of_at_least_6pt(game_id, name):
    """Under 9 poker cards with their bleed, Letter's bottom margin holds no 6 pt line: the footer runs up
    the side margin instead of shrinking (it was 5.3 pt there, 4.5 at the least) or being left out."""
    built, _ = build(GAMES[game_id], name, paper="letter", lang="en")
    with open_pdf(built.pdf) as pdf:
        for n, (page, sheet) in enumerate(zip(pdf.pages, built.sheets), 1):
            inside = {id(c) for p in sheet.placements for c in chars_in(page, p.trim.outset(sheet.bleed), page.height)}
            footer = [c for c in page.chars if id(c) not in inside and c["text"].strip()]
            assert footer, f"page {n} has no footer"
            assert min(font_size(c) for c in footer) >= 6.0 - 0.01, f"page {n}"
            assert f"{n}/{len(built.sheets)}" in "".join(c["text"] for c in footer)
