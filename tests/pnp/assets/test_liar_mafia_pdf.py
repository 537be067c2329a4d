"""LIAR MAFIA components read back from the PDFs: census of faces and backs, the actions on each
card half, backs that survive a half turn, two-sided chips, embedded fonts, text inside its piece."""
import pytest

from cardcheck import build, chars_in, face_image, half_turn_difference, open_pdf, read, stray_chars, turned
from pdfcheck import fonts
from pnp.assets.registry import find
from pnp.base import Options
from pnp.fonts.fontset import load_fonts
from pnp.geometry import pt
from pnp.layout.builtin import PANEL
from tabletop.data.liar_mafia import load_liar_mafia

GAME = find("liar-mafia")

# The rulebook's table (正位置 / 逆位置); 総攻撃 may be declared either way round.
RULEBOOK = {
    "BAD POLICE": ({"横領"}, {"密告"}),
    "BOSS": ({"密輸", "総攻撃"}, {"根回し", "総攻撃"}),
    "HITMAN": ({"殺害", "護衛"}, {"暗殺"}),
}


@pytest.fixture(scope="module")
def model():
    return load_liar_mafia()


def refs_by_face(built):
    return {front: (card_id, back) for card_id, _, front, back in built.cards}


def test_cards_census_and_backs(model):
    built, _ = build(GAME, "cards")
    ids = [c[0] for c in built.cards]
    assert sorted(ids) == sorted([f"{c}-{r}" for c in ("red", "blue") for r in ("boss", "hitman", "bad-police")]
                                 + ["red-summary", "blue-summary"])
    backs = {card_id.split("-")[0]: back for card_id, _, _, back in built.cards if not card_id.endswith("-summary")}
    for card_id, _, _, back in built.cards:
        if card_id.endswith("-summary"):
            continue
        assert back == backs[card_id.split("-")[0]]  # one back per colour, shared by its 3 role cards
    assert backs["red"] != backs["blue"]
    # A summary card's back is the second part of the summary, not the colour's back.
    summary_backs = {back for card_id, _, _, back in built.cards if card_id.endswith("-summary")}
    assert len(summary_backs) == 2 and not summary_backs & set(backs.values())
    fronts, back_sheet = built.sheets
    assert len(fronts.placements) == 8 and len(back_sheet.placements) == 8
    assert {p.face for p in back_sheet.placements} == {backs["red"], backs["blue"]} | summary_backs
    # Read back from the PDF: 8 faces, then 8 backs, each role card's back carrying its emblem twice, once
    # upside down.
    with open_pdf(built.pdf) as pdf:
        assert len(pdf.pages) == 2
        for page, sheet in zip(pdf.pages, built.sheets):
            for p in sheet.placements:
                assert chars_in(page, p.trim, page.height)
        emblems = [read(chars_in(pdf.pages[1], p.trim, pdf.pages[1].height), False) for p in back_sheet.placements
                   if p.face not in summary_backs]
        assert len(emblems) == 6
        assert all(e == "LIARMAFIA" + "LIARMAFIA"[::-1] for e in emblems), emblems


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_half_carries_the_rulebook_actions(model, lang):
    by_ja = {m.name.ja: m.name(lang) for m in model.moves}
    built, _ = build(GAME, "cards", lang=lang)
    faces = refs_by_face(built)
    sheet = built.sheets[0]
    with open_pdf(built.pdf) as pdf:
        page = pdf.pages[0]
        seen = 0
        for p in sheet.placements:
            card_id, _ = faces[p.face]
            role = next((r for r in model.roles if card_id.endswith(r.id)), None)
            if role is None:
                continue  # a summary card
            chars = chars_in(page, p.trim, page.height)
            # Headings are bold: the role's name, then the name of each move the half allows.
            bold = [c for c in chars if "Bold" in c["fontname"]]
            halves = (read([c for c in bold if not turned(c)], False), read([c for c in bold if turned(c)], True))
            for text, expected in zip(halves, RULEBOOK[role.name]):
                assert text.startswith(role.name.replace(" ", "")), text
                rest = text[len(role.name.replace(" ", "")):]
                for name in expected:
                    assert by_ja[name].replace(" ", "") in rest, (card_id, name, text)
                    rest = rest.replace(by_ja[name].replace(" ", ""), "", 1)
                assert rest == "", (card_id, text)  # no move the rulebook does not give this half
            if role.id == "boss":  # both halves say that 総攻撃 works either way round
                either = {"ja": "上下不問", "en": "eitherway"}[lang]
                for upside_down in (False, True):
                    assert either in read([c for c in chars if turned(c) == upside_down], upside_down)
            # The upright half is the card's upper half, the reversed one its lower half.
            mid = page.height - pt(p.trim.y + p.trim.h / 2)
            assert all(c["bottom"] <= mid for c in chars if not turned(c))
            assert all(c["top"] >= mid for c in chars if turned(c))
            seen += 1
    assert seen == 6


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_backs_look_the_same_after_a_half_turn(model, lang):
    pieces, arts, cards = GAME.assets["cards"].lay_out(model, Options(lang=lang), load_fonts(), None)
    # The role cards' backs: a role card lies face down, and its back must not tell which way up it lies.
    # (A summary card's back is the summary's second part, never laid face down.)
    backs = {c.back for p, c in zip(pieces.pieces, cards) if not p.id.endswith("-summary")}
    assert len(backs) == 2
    for back in backs:
        mean, strong = half_turn_difference(face_image(arts[back], pieces.size))
        assert mean < 1.0 and strong == 0.0, (back, mean, strong)
    # The same measure does tell a face that is not symmetric: the BOSS front fails it.
    mean, strong = half_turn_difference(face_image(arts[cards[0].front], pieces.size))
    assert mean > 5.0 and strong > 0.05


def test_chips_are_two_sided():
    built, opts = build(GAME, "chips")
    assert len(built.cards) == 4 and len({c[3] for c in built.cards}) == 1
    fronts, backs = built.sheets
    with open_pdf(built.pdf) as pdf:
        for sheet, page, value in ((fronts, pdf.pages[0], "1"), (backs, pdf.pages[1], "2")):
            assert len(sheet.placements) == 4
            for p in sheet.placements:
                assert (p.trim.w, p.trim.h) == (25.0, 25.0)
                big = [c for c in chars_in(page, p.trim, page.height) if c["size"] > 12]
                assert "".join(c["text"] for c in big) == value


def test_chip_text_stays_inside_the_disc():
    built, _ = build(GAME, "chips", lang="en")
    with open_pdf(built.pdf) as pdf:
        for sheet, page in zip(built.sheets, pdf.pages):
            for p in sheet.placements:
                cx, cy = pt(p.trim.x + p.trim.w / 2), page.height - pt(p.trim.y + p.trim.h / 2)
                chars = chars_in(page, p.trim, page.height)
                assert chars
                for c in chars:
                    for x in (c["x0"], c["x1"]):
                        for y in (c["top"], c["bottom"]):
                            assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 < pt(p.trim.w / 2 - 1.6)


def test_chip_diameter_option():
    built, _ = build(GAME, "chips", chip_diameter=30.0)
    assert {(p.trim.w, p.trim.h) for s in built.sheets for p in s.placements} == {(30.0, 30.0)}


@pytest.mark.parametrize("asset", ["cards", "chips", "summary"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_font_is_embedded(asset, lang):
    built, _ = build(GAME, asset, lang=lang)
    found = fonts(built.pdf)
    assert found and all(f["embedded"] and f["subtype"] == "/TrueType" for f in found), found


@pytest.mark.parametrize("backs", ["duplex-short", "fold"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_character_outside_its_piece_in_other_back_modes(backs, lang):
    built, _ = build(GAME, "cards", lang=lang, backs=backs)
    with open_pdf(built.pdf) as pdf:
        for sheet, page in zip(built.sheets, pdf.pages):
            assert stray_chars(built, page, sheet, PANEL) == []


def test_fold_sheets_hold_fronts_and_backs():
    built, _ = build(GAME, "cards", backs="fold")
    assert len(built.sheets) == 3  # 8 cards, 3 to an A4 page
    with open_pdf(built.pdf) as pdf:
        for sheet, page in zip(built.sheets, pdf.pages):
            fronts = {p.face for p in sheet.placements} & {c[2] for c in built.cards}
            assert 2 * len(fronts) == len(sheet.placements)
            assert any(turned(c) for c in page.chars) and any(not turned(c) for c in page.chars)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_summary_sheet_is_one_page(model, lang):
    built, _ = build(GAME, "summary", lang=lang)
    assert built.pages == 1
    with open_pdf(built.pdf) as pdf:
        text = "".join(pdf.pages[0].extract_text().split())
    for move in model.moves:
        assert move.name(lang).replace(" ", "") in text
    for rule in model.summary.chip_rules:
        assert rule(lang).replace(" ", "") in text


def cards_chars(lang, face_suffix):
    """The characters on each of the two cards of the first sheet whose face id ends with `face_suffix`."""
    built, _ = build(GAME, "cards", lang=lang)
    faces = refs_by_face(built)
    with open_pdf(built.pdf) as pdf:
        page = pdf.pages[0]
        placed = [p for p in built.sheets[0].placements if faces[p.face][0].endswith(face_suffix)]
        assert len(placed) == 2
        return [chars_in(page, p.trim, page.height) for p in placed]


@pytest.mark.parametrize("lang, heading", [("ja", "LIARMAFIAサマリー"), ("en", "LIARMAFIASummary")])
def test_summary_card_heading_is_one_line(lang, heading):
    for chars in cards_chars(lang, "-summary"):
        top = min(c["top"] for c in chars)
        assert read([c for c in chars if abs(c["top"] - top) < 1], False) == heading


@pytest.mark.parametrize("lang, condition", [("ja", "ガンチップ（2）を2つ持ち、自分の場にBOSSが伏せてあれば"),
                                             ("en", "Holdingtwochipsshowing2withyourBOSSfacedown")])
def test_the_boss_card_says_what_an_all_out_attack_needs_on_both_halves(lang, condition):
    """総攻撃 wins only with two chips showing 2 and the BOSS face down (the rulebook's FAQ and action
    text): the card itself says so, not only the A4 sheet."""
    for chars in cards_chars(lang, "-boss"):
        for upside_down in (False, True):
            assert condition in read([c for c in chars if turned(c) == upside_down], upside_down)


@pytest.mark.parametrize("lang, resolves", [("ja", "リアクションならその後アクションを通常通り処理"),
                                            ("en", "ifitwasareaction,theactionstillresolves")])
def test_the_doubt_check_says_the_action_resolves_after_an_impossible_reaction(lang, resolves):
    """The rulebook's doubt check: a reaction shown impossible costs a field card, 「その後、手番プレイヤーの
    アクション効果の処理を通常通りに行います」 — both the summary card and the sheet say the action still
    resolves, not only what the loser removes."""
    for chars in cards_chars(lang, "-summary"):
        assert resolves in read(chars, False)
    sheet, _ = build(GAME, "summary", lang=lang)
    with open_pdf(sheet.pdf) as pdf:
        assert resolves in "".join("".join((page.extract_text() or "").split()) for page in pdf.pages)
