"""A user's deck from data alone, as the examples/ a user copies: the right number of pages and cards
at the right size, fonts embedded, and every field's text inside the box the layout gives it."""
import io

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardcheck import chars_in, open_pdf, read
from pdfcheck import cells, fonts
from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.cli.main import main
from pnp.deck.draw.userdeck import deck_game, deck_options, face_layout
from pnp.deck.read.deckfile import load_deck
from pnp.geometry import Rect
from repo_paths import ROOT

EXAMPLES = ROOT / "examples"
NIGHT_MARKET = EXAMPLES / "night-market" / "night_market.csv"
PROTOTYPE = EXAMPLES / "prototype" / "prototype.xlsx"
MM = 72 / 25.4


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def built(path, lang, **options):
    deck = load_deck(path)
    game = deck_game(deck)
    (asset,) = game.assets.values()
    opts = deck_options(deck, Options(lang=lang, **options), set(options))
    return deck, opts, build_pdf(BuildJob(game, asset), opts)


def boxes_on(deck, opts, placement):
    """The upright boxes of the card's layout where the card was placed (mm, PDF coordinates)."""
    (asset,) = deck_game(deck).assets.values()
    layout = face_layout(deck, asset.size(opts), opts)
    t = placement.trim
    return {name: Rect(t.x + spec.rect.x, t.y + spec.rect.y, spec.rect.w, spec.rect.h)
            for name, specs in layout.boxes.items() for spec in specs[:1] if spec.rotation == 0}


def squeeze(text):
    return "".join(text.split())


def check_fields_in_boxes(deck, opts, result, expected_pages, expected_cards):
    """Every card: each field of each upright box read back inside that box; no character outside
    the boxes (0.3 mm slack for glyph overhang)."""
    assert result.pages == expected_pages
    assert len(result.cards) == expected_cards
    rows = {card.row: card for card in deck.cards}
    boxes_fields = deck.boxes_for(opts.style)
    seen = 0
    fronts = {c[2] for c in result.cards}
    with open_pdf(result.pdf) as pdf:
        front_pages = [n for n, s in enumerate(result.sheets) if all(p.face in fronts for p in s.placements)]
        for n in front_pages:
            sheet, page = result.sheets[n], pdf.pages[n]
            for placement in sheet.placements:
                card_id = next(c[0] for c in result.cards if c[2] == placement.face)
                card = rows[int(card_id.removeprefix("row").split("-")[0])]
                boxes = boxes_on(deck, opts, placement)
                for box, area in boxes.items():
                    text = read(chars_in(page, area.outset(0.3), page.height), upside_down=False)
                    for name in boxes_fields.get(box, ()):
                        value = squeeze(deck.text(card, name, opts.lang))
                        if value and name not in ("rank", "suit", "index"):
                            assert value in text, (card.row, box, name, value, text)
                inside = {id(c) for area in boxes.values() for c in chars_in(page, area.outset(0.3), page.height)}
                stray = [c["text"] for c in chars_in(page, placement.trim, page.height)
                         if id(c) not in inside and not c["matrix"][0] < 0]
                assert not stray, (card.row, stray)
                seen += 1
    assert seen == expected_cards


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_night_market_overlay_inserts(lang):
    """54 overlay inserts (the card's width less 10 mm each side), 12 to an A4 page: 5 pages."""
    deck, opts, result = built(NIGHT_MARKET, lang)
    check_fields_in_boxes(deck, opts, result, expected_pages=5, expected_cards=54)
    with open_pdf(result.pdf) as pdf:
        widths = {round((x1 - x0) / MM, 1) for x0, _, x1, _ in cells(pdf.pages[0])}
        heights = {round((y1 - y0) / MM, 1) for _, y0, _, y1 in cells(pdf.pages[0])}
    assert widths == {43.0} and heights == {88.0}
    assert all(f["embedded"] for f in fonts(result.pdf)) and fonts(result.pdf)


def test_night_market_full_style_from_the_command_line_puts_the_index_in_the_corners():
    deck, opts, result = built(NIGHT_MARKET, "ja", style="full")
    check_fields_in_boxes(deck, opts, result, expected_pages=6, expected_cards=54)
    with open_pdf(result.pdf) as pdf:
        page, placement = pdf.pages[0], result.sheets[0].placements[0]  # the ace of spades
        t = placement.trim
        corner = Rect(t.x + 3, t.y1 - 3 - 16, 7, 16)
        assert read(chars_in(page, corner, page.height), False) == "A♠"
        turned = Rect(t.x1 - 3 - 7, t.y + 3, 7, 16)
        assert read([c for c in chars_in(page, turned, page.height)], True) == "A♠"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_prototype_cards_with_backs(lang):
    """12 cards from the workbook's copies column, 9 to a page, each front page followed by its backs."""
    deck, opts, result = built(PROTOTYPE, lang)
    assert sum(card.copies for card in deck.cards) == 12
    assert result.pages == 4 and len(result.cards) == 12
    fronts = [result.sheets[0], result.sheets[2]]
    assert [len(s.placements) for s in result.sheets] == [9, 9, 3, 3]
    assert all(p.trim.w == 63 and p.trim.h == 88 for s in result.sheets for p in s.placements)
    back = {c[3] for c in result.cards}
    assert len(back) == 1 and all(p.face in back for s in (result.sheets[1], result.sheets[3]) for p in s.placements)
    with open_pdf(result.pdf) as pdf:
        text = squeeze(pdf.pages[1].extract_text())
        assert text.count(squeeze({"ja": "精霊 試作版", "en": "SPIRITS prototype"}[lang])) == 9
        first = fronts[0].placements[0]
        card_text = read(chars_in(pdf.pages[0], first.trim, pdf.pages[0].height), False)
    word = {"ja": "コスト1", "en": "Cost1"}[lang]
    assert word in card_text  # the footer template, in the language built
    assert all(f["embedded"] for f in fonts(result.pdf))


def test_prototype_every_field_inside_its_box():
    deck, opts, result = built(PROTOTYPE, "ja", backs="none")
    check_fields_in_boxes(deck, opts, result, expected_pages=2, expected_cards=12)


def test_build_writes_each_language_of_the_deck_under_its_id(tmp_path):
    result = invoke("build", NIGHT_MARKET, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "night-market").glob("*.pdf")) == [
        "inserts-overlay-a4-en.pdf", "inserts-overlay-a4-ja.pdf"]
    assert "read as UTF-8" in result.output
    again = invoke("build", NIGHT_MARKET, "--out", tmp_path, "--lang", "en")
    assert "(up to date)" in again.output


def test_a_language_the_deck_lacks_is_refused(tmp_path, monkeypatch):
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "d.toml").write_text('[deck]\nlanguages = ["en"]\n[[cards]]\ntitle = "A"\n', encoding="utf-8")
    result = invoke("build", folder / "d.toml", "--lang", "ja", "--out", tmp_path)
    assert result.exit_code == 2 and "en only" in result.output
    result = invoke("build", folder / "d.toml", "--out", tmp_path)
    assert result.exit_code == 0 and (tmp_path / "d" / "cards-a4-en.pdf").exists()
    result = invoke("build", folder / "d.toml", "--lang", "all", "--out", tmp_path)  # all it has
    assert result.exit_code == 0 and "(up to date)" in result.output and "(ja)" not in result.output


def test_cp932_and_utf8_csv_give_the_same_pdf(tmp_path):
    """The same deck saved by Excel as Shift_JIS and as CSV UTF-8 (with BOM): the same pages, byte for
    byte once the creation date and the document id (which follows it) are left out."""
    from pnp.build.cache import content_digest

    text = NIGHT_MARKET.read_text(encoding="utf-8")
    for symbol, name in zip("♠♥♦♣", ("スペード", "ハート", "ダイヤ", "クラブ")):  # Shift_JIS has no suit symbols
        text = text.replace(symbol, name)
    digests = {}
    for encoding, data in (("cp932", text.encode("cp932")), ("utf-8-sig", text.encode("utf-8-sig"))):
        folder = tmp_path / encoding
        folder.mkdir()
        (folder / "deck.csv").write_bytes(data)
        (folder / "deck.toml").write_text(NIGHT_MARKET.with_suffix(".toml").read_text(encoding="utf-8"),
                                          encoding="utf-8")
        result = invoke("build", folder / "deck.csv", "--lang", "ja", "--out", folder / "out")
        assert result.exit_code == 0, result.output
        assert {"cp932": "read as Shift_JIS (cp932)", "utf-8-sig": "read as UTF-8 with BOM"}[encoding] in result.output
        digests[encoding] = content_digest((folder / "out" / "night-market" / "inserts-overlay-a4-ja.pdf").read_bytes())
    assert digests["cp932"] == digests["utf-8-sig"]


def test_a_thousand_card_deck_is_not_slow_per_card(tmp_path):
    """Guard against a per-card cost that is not the text itself: 1,000 rows (two distinct texts)
    build into 112 pages. The figures are for bench/; here only that it builds and counts right."""
    rows = ["rank,suit,title_ja,title_en,body_ja,body_en"]
    rows += [f"{n % 13 + 1},{'SHDC'[n % 4]},札{n},Card {n},効果{n}：カードを{n % 5 + 1}枚引く。,Draw {n % 5 + 1}."
             for n in range(1000)]
    (tmp_path / "big.csv").write_text("\n".join(rows), encoding="utf-8")
    (tmp_path / "big.toml").write_text('[deck]\nlanguages = ["ja", "en"]\n[layout]\nname = "insert"\n',
                                       encoding="utf-8")
    deck, opts, result = built(tmp_path / "big.csv", "ja")
    assert len(result.cards) == 1000 and result.pages == 112
    assert len(PdfReader(io.BytesIO(result.pdf)).pages) == 112


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_two_way_cards_read_from_either_end(lang):
    """3 cards and a back page; each half's text in its box, the reversed half drawn turned 180°."""
    deck, opts, result = built(EXAMPLES / "layouts" / "two_way.toml", lang)
    check_fields_in_boxes(deck, opts, result, expected_pages=2, expected_cards=3)
    (asset,) = deck_game(deck).assets.values()
    layout = face_layout(deck, asset.size(opts), opts)
    (spec,) = layout.boxes["reversed"]
    assert spec.rotation == 180
    with open_pdf(result.pdf) as pdf:
        page = pdf.pages[0]
        for placement, card in zip(result.sheets[0].placements, deck.cards):
            t = placement.trim
            area = Rect(t.x + spec.rect.x, t.y + spec.rect.y, spec.rect.w, spec.rect.h)
            chars = chars_in(page, area, page.height)
            assert chars and all(c["matrix"][0] < 0 for c in chars)
            text = read(chars, upside_down=True)
            assert squeeze(deck.text(card, "title", lang) + deck.text(card, "reversed", lang)) == text


def test_score_tokens_are_chips_of_the_deck_diameter_with_their_copies():
    deck, opts, result = built(EXAMPLES / "layouts" / "tokens.toml", "en")
    assert len(result.cards) == 20 and result.pages == 2  # 10 + 6 + 4 chips, then their backs
    assert {(p.trim.w, p.trim.h) for s in result.sheets for p in s.placements} == {(25, 25)}
    with open_pdf(result.pdf) as pdf:
        assert squeeze(pdf.pages[0].extract_text()).count("points") == 10
        assert squeeze(pdf.pages[1].extract_text()).count("SCORE") == 20
        assert not pdf.pages[0].lines  # the printed circle is the cut line: no guides
    assert all(f["embedded"] for f in fonts(result.pdf))


@pytest.mark.parametrize("lang, heading, row", [("ja", "名前コスト効果", "古木の守り5あなたが受ける"),
                                                ("en", "NameCostEffect", "AncientGrove5Untiltheend")])
def test_card_list_sheet(lang, heading, row):
    deck, opts, result = built(EXAMPLES / "layouts" / "card_list.toml", lang)
    assert result.pages == 1
    with open_pdf(result.pdf) as pdf:
        text = squeeze(pdf.pages[0].extract_text())
    assert heading in text and row in text
    assert all(f["embedded"] for f in fonts(result.pdf))
