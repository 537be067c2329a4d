"""The example that uses everything a deck can do (examples/showcase): read back from its PDF in both
languages — each card's own picture in the deck's own box, icons inline, bold and italic spans, the
cost inside its ringed square, and behind each card the back of its faction."""
import io

import pdfplumber
import pytest
from pypdf import PdfReader

from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from pnp.geometry import Rect
from repo_paths import ROOT

MM = 72 / 25.4
EXAMPLE = ROOT / "examples" / "showcase" / "showcase.csv"
FACTIONS = {"lantern": "sun", "fox": "sun", "owl": "moon", "koi": "moon", "bell": "sun", "moonlit": "moon"}
BACK_WORD = {("sun", "ja"): "陽", ("moon", "ja"): "月", ("sun", "en"): "SUN", ("moon", "en"): "MOON"}


@pytest.fixture(scope="module", params=["ja", "en"])
def built(request):
    deck = load_deck(EXAMPLE)
    assert not deck.warnings
    game = deck_game(deck)
    (asset,) = game.assets.values()
    opts = deck_options(deck, Options(lang=request.param, backs="duplex-long"), set())
    return request.param, deck, build_pdf(BuildJob(game, asset), opts)


def box_on_card(trim: Rect, left: float, top: float, w: float, h: float) -> Rect:
    return Rect(trim.x + left, trim.y1 - top - h, w, h)


def test_each_card_shows_its_own_picture_in_the_art_box(built):
    lang, deck, result = built
    sheet = result.sheets[0]
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        page = doc.pages[0]
        pictures = [i for i in page.images if i["width"] / MM > 40]
    assert len(pictures) == len(deck.cards) == 6
    for placement in sheet.placements:
        art = box_on_card(placement.trim, 3.7, 16.2, 63 - 7.4, 30)
        (inside,) = [i for i in pictures if abs(i["x0"] / MM - art.x) < 0.05
                     and abs((page.height - i["bottom"]) / MM - art.y) < 0.05]
        assert inside["width"] / MM == pytest.approx(art.w, abs=0.05)
        assert inside["height"] / MM == pytest.approx(art.h, abs=0.05)
    reader = PdfReader(io.BytesIO(result.pdf))
    objects = {x.idnum: x.get_object() for p in reader.pages for x in p["/Resources"]["/XObject"].values()}
    filters = [str(o.get("/Filter")) for o in objects.values()]
    assert sum("DCTDecode" in f for f in filters) == 6  # each picture once, JPEG kept JPEG


def test_the_text_carries_icons_bold_and_italic_spans(built):
    lang, deck, result = built
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        page = doc.pages[0]
        chars = page.chars
        icons = [i for i in page.images if i["width"] / MM < 5]
    bold = "夜" if lang == "ja" else "night"
    assert any(c["text"] == bold[0] and "Bold" in c["fontname"] for c in chars)
    italic = "急" if lang == "ja" else "E"  # 急ぎの便 / Express: the font's slanted copy (it has no italic)
    assert any(c["text"] == italic and "Oblique" in c["fontname"] for c in chars)
    markers = sum(deck.text(card, "body", lang).count(m) for card in deck.cards for m in (":tap:", ":coin:"))
    assert len(icons) == markers == 7  # each :tap: and :coin: a picture inline
    assert any(c["text"] == "★" and "Symbols" in c["fontname"] for c in chars)


def test_the_cost_stands_in_its_ringed_square(built):
    lang, deck, result = built
    sheet = result.sheets[0]
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        page = doc.pages[0]
        digits = [c for c in page.chars if c["size"] > 12]
    costs = [deck.text(card, "cost", lang) for card in deck.cards]
    for placement, cost in zip(sheet.placements, costs):
        square = box_on_card(placement.trim, 63 - 4.5 - 10, 4.5, 10, 10)
        (digit,) = [c for c in digits if square.x < c["x0"] / MM < square.x1
                    and square.y < page.height / MM - c["bottom"] / MM < square.y1]
        assert digit["text"] == cost


def test_behind_each_card_lies_the_back_of_its_faction(built):
    lang, deck, result = built
    front = result.sheets[0]
    page_w = front.page.w
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        words = doc.pages[1].extract_words()
        height = doc.pages[1].height
    for placement, card in zip(front.placements, deck.cards):
        faction = FACTIONS[card.cells["id"]]
        cx = page_w - (placement.trim.x + placement.trim.w / 2)  # duplex on the long edge mirrors x
        cy = placement.trim.y + placement.trim.h / 2
        (word,) = [w for w in words if abs((w["x0"] + w["x1"]) / 2 / MM - cx) < 2
                   and abs(height / MM - (w["top"] + w["bottom"]) / 2 / MM - cy) < 2]
        assert word["text"] == BACK_WORD[faction, lang]
