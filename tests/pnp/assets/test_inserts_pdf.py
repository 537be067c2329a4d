"""The Hitman's Showdown PDFs, read back: every card on its page and slot, exact trims, embedded
fonts, no character outside its insert."""
import re

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardcheck import ruler_label
from pdfcheck import MM, cell_of, cells, clearance_mm, cut_positions, fonts, open_pdf, text_in
from pnp.cli.main import main
from tabletop.data.hitmans_load import load_game

PIPS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SAFE_MM = 3.0


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    """One set of builds shared by every test here."""
    root = tmp_path_factory.mktemp("out")
    run("build", "hitmans-showdown", "--lang", "all", "--out", root)
    run("build", "hitmans-showdown", "--asset", "inserts", "--paper", "letter", "--out", root)
    run("build", "hitmans-showdown", "--asset", "inserts", "--style", "overlay", "--guides", "corners",
        "--lang", "en", "--no-flavor", "--out", root)
    run("build", "hitmans-showdown", "--asset", "inserts", "--style", "overlay", "--out", root)
    return root / "hitmans-showdown"


@pytest.fixture(scope="module")
def game():
    return load_game()


def all_pdfs(out):
    return sorted(out.glob("*.pdf"))


def test_the_expected_files_exist(out):
    names = {p.name for p in all_pdfs(out)}
    assert {"inserts-a4-ja.pdf", "inserts-a4-en.pdf", "summary-a4-ja.pdf", "summary-a4-en.pdf",
            "inserts-letter-ja.pdf", "inserts-overlay-a4-en.pdf"} <= names


@pytest.mark.parametrize("name,size", [("inserts-a4-ja.pdf", (595.3, 841.9)),
                                       ("inserts-letter-ja.pdf", (612.0, 792.0)),
                                       ("summary-a4-en.pdf", (595.3, 841.9))])
def test_page_size(out, name, size):
    for page in PdfReader(out / name).pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(size, abs=0.05)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_card_on_its_page_and_slot(out, game, lang):
    deck = game.deck()
    with open_pdf(out / f"inserts-a4-{lang}.pdf") as pdf:
        assert len(pdf.pages) == 6
        seen = []
        for p, page in enumerate(pdf.pages):
            boxes = cells(page)
            assert len(boxes) == 9
            for slot, box in enumerate(boxes):
                card = deck[p * 9 + slot]
                text = text_in(page, box)
                title = "".join(card.title(lang).split())
                assert title in text, (card.id, text)
                x0, top = box[0], box[1]
                corner = text_in(page, (x0, top, x0 + 10.5 * MM, top + 19.5 * MM))  # the index box
                if card.joker:
                    assert "JOKER" in corner and ("★" if card.joker == "color" else "☆") in corner
                else:
                    assert corner.startswith(card.rank) and PIPS[card.suit] in corner, (card.id, corner)
                    index = page.crop((x0, top, x0 + 10.5 * MM, top + 19.5 * MM)).chars
                    rank_tops = {round(c["top"], 1) for c in index[:len(card.rank)]}
                    assert len(rank_tops) == 1, (card.id, "rank split over lines")
                seen.append(card.id)
    assert len(set(seen)) == 54


def test_jokers_are_told_apart(out, game):
    with open_pdf(out / "inserts-a4-en.pdf") as pdf:
        text = "".join(page.extract_text() for page in pdf.pages)
    assert "Colour joker" in text and "Black joker" in text


def test_english_titles_and_no_japanese_titles(out, game):
    with open_pdf(out / "inserts-a4-en.pdf") as pdf:
        text = "".join(page.extract_text() for page in pdf.pages)
    for card in game.deck():
        assert " ".join(card.title("en").split()) in " ".join(text.split())
    assert "ゴッドファーザー" not in text and "Godfather" in text


@pytest.mark.parametrize("name,size", [("inserts-a4-ja.pdf", (63.0, 88.0)),
                                       ("inserts-letter-ja.pdf", (63.0, 88.0)),
                                       ("inserts-overlay-a4-en.pdf", (43.0, 88.0)),
                                       ("inserts-overlay-a4-ja.pdf", (43.0, 88.0))])
def test_trim_measures_exactly(out, name, size):
    with open_pdf(out / name) as pdf:
        for page in pdf.pages:
            xs, ys = cut_positions(page)
            for a, b in zip(xs, xs[1:]):
                assert (b - a) / MM == pytest.approx(size[0], abs=0.1)
            for a, b in zip(ys, ys[1:]):
                assert (b - a) / MM == pytest.approx(size[1], abs=0.1)


def test_trim_and_bleed_boxes_frame_the_cards(out):
    reader = PdfReader(out / "inserts-a4-ja.pdf")
    with open_pdf(out / "inserts-a4-ja.pdf") as pdf:
        xs, ys = cut_positions(pdf.pages[0])
        height = pdf.pages[0].height
    trim = reader.pages[0].trimbox
    assert float(trim.left) == pytest.approx(xs[0], abs=0.01)
    assert float(trim.right) == pytest.approx(xs[-1], abs=0.01)
    assert float(trim.top) == pytest.approx(height - ys[0], abs=0.01)
    assert float(trim.bottom) == pytest.approx(height - ys[-1], abs=0.01)
    assert (float(trim.right) - float(trim.left)) / MM == pytest.approx(189.0, abs=0.1)
    assert reader.pages[0].bleedbox == trim  # no bleed asked for


def test_every_font_is_embedded_and_subset(out):
    for path in all_pdfs(out):
        found = fonts(path)
        assert found, path
        for font in found:
            assert font["embedded"], (path.name, font)
            assert font["subtype"] == "/TrueType"
            assert re.fullmatch(r"/[A-Z]{6}\+.+", font["name"]), font
            assert "Helvetica" not in font["name"]
        assert {f["name"].split("+")[1] for f in found} >= {"NotoSansJP-Regular", "NotoSansJP-Bold"}


@pytest.mark.parametrize("name", ["inserts-a4-ja.pdf", "inserts-a4-en.pdf", "inserts-letter-ja.pdf",
                                  "inserts-overlay-a4-en.pdf", "inserts-overlay-a4-ja.pdf"])
def test_no_character_outside_its_insert(out, name):
    with open_pdf(out / name) as pdf:
        for page in pdf.pages:
            boxes = cells(page)
            grid_bottom = max(b[3] for b in boxes)
            grid_left, grid_right = min(b[0] for b in boxes), max(b[2] for b in boxes)
            scale_check = ruler_label(page)  # its "50 mm" in a margin (tests/pnp/sheets/test_scale_check.py)
            for char in page.chars:
                if not char["text"].strip() or id(char) in scale_check:
                    continue  # a space ReportLab leaves at a line's end between two runs of type prints nothing
                n = cell_of(char, boxes)
                if n is None:  # the footer: under the cards, or up a side margin where that is too low (Letter)
                    assert (char["top"] >= grid_bottom or char["x1"] <= grid_left
                            or char["x0"] >= grid_right), char["text"]
                    continue
                assert clearance_mm(char, boxes[n]) >= SAFE_MM - 0.05, (char["text"], page.page_number)


def test_footer_names_game_page_and_print_scale(out):
    with open_pdf(out / "inserts-a4-en.pdf") as pdf:
        page = pdf.pages[1]
        bottom = max(b[3] for b in cells(page))
        footer = " ".join(c["text"] for c in page.chars if c["top"] > bottom)
        footer = "".join(c["text"] for c in sorted((c for c in page.chars if c["top"] > bottom),
                                                     key=lambda c: (round(c["top"]), c["x0"])))
    assert "Hitman's Showdown" in footer and "2/6" in footer and "100%" in footer


def test_a_narrow_footer_keeps_page_and_print_scale_legible(out):
    """Between the overlay's 43 mm guides the full Japanese footer would need tiny type: it drops
    the names and keeps the page number and the print-scale note at a legible size."""
    with open_pdf(out / "inserts-overlay-a4-ja.pdf") as pdf:
        page = pdf.pages[0]
        bottom = max(b[3] for b in cells(page))
        chars = sorted((c for c in page.chars if c["top"] > bottom), key=lambda c: (round(c["top"]), c["x0"]))
    footer = "".join(c["text"] for c in chars)
    assert "1/5" in footer and "100%" in footer
    assert min(c["size"] for c in chars) >= 5.5


def test_no_flavor_leaves_flavour_out(out, game):
    with open_pdf(out / "inserts-overlay-a4-en.pdf") as pdf:
        text = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    assert "Cannon fodder" not in text
    with open_pdf(out / "inserts-a4-en.pdf") as pdf:
        text = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    assert "Cannon fodder" in text


def test_summary_carries_the_tables(out, game):
    for lang in ("ja", "en"):
        with open_pdf(out / f"summary-a4-{lang}.pdf") as pdf:
            # characters in drawing order: a table cell's lines stay together
            text = "".join("".join(c["text"] for c in page.chars if not c["text"].isspace())
                           for page in pdf.pages)
        for role in game.roles.values():
            if role.category == "mafia":
                assert "".join(role.name(lang).split()) in text
                assert "".join(game.format_money(role.reward, lang).split()) in text
                assert "".join(role.condition.text(lang).split()) in text
        for item in game.preparation:
            assert "".join(item.name(lang).split()) in text
        for action in game.actions:
            assert "".join(action.name(lang).split()) in text and "".join(action.text(lang).split()) in text
        for table in game.penalty_tables.values():
            for row in table.rows:
                assert "".join(row.text(lang).split()) in text
        for bonus in game.showdown.bonuses:
            assert "".join(bonus.name(lang).split()) in text
        for faction in game.factions.values():
            assert "".join(faction.ability(lang).split()) in text
        for week in game.weeks:
            assert "".join(week.text(lang).split()) in text
        for faction in game.factions.values():  # the rule sentences come from the data's labels
            if faction.twists.penalty_rolls > 1:
                rolls = game.labels["penalty_rolls"](lang).replace("{n}", str(faction.twists.penalty_rolls))
                assert "".join(rolls.split()) in text
        assert "".join(game.labels["no_penalty_roll"](lang).split()) in text


def test_bleed_and_gutter_fall_back_to_fewer_cards_and_set_the_boxes(tmp_path):
    run("build", "hitmans-showdown", "--asset", "inserts", "--bleed", "3", "--gutter", "2",
        "--guides", "corners", "--out", tmp_path)
    reader = PdfReader(tmp_path / "hitmans-showdown" / "inserts-a4-ja.pdf")
    assert len(reader.pages) == 9  # 2×3 per A4 page: 63+2·3+2 mm per column no longer fits 3 across
    for page in reader.pages:
        trim, bleed = page.trimbox, page.bleedbox
        for edge, sign in (("left", -1), ("bottom", -1), ("right", 1), ("top", 1)):
            outside = (float(getattr(bleed, edge)) - float(getattr(trim, edge))) * sign / MM
            assert outside == pytest.approx(3.0, abs=0.01)
    first = reader.pages[0].trimbox
    assert (float(first.right) - float(first.left)) / MM == pytest.approx(2 * 63 + 2 + 2 * 3, abs=0.1)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_summary_keeps_a_table_with_its_heading_and_introduction(out, game, lang):
    with open_pdf(out / f"summary-a4-{lang}.pdf") as pdf:
        pages = ["".join(c["text"] for c in page.chars if not c["text"].isspace()) for page in pdf.pages]

    def page_of(text):
        return next(n for n, page in enumerate(pages) if "".join(text.split()) in page)

    table = page_of(game.showdown.bonuses[0].name(lang))
    assert page_of(game.labels["showdown"](lang)) == page_of(game.showdown.text(lang)) == table


@pytest.mark.parametrize("backs", ["fold", "duplex-short"])
def test_inserts_have_no_backs_whatever_backs_says(tmp_path, backs):
    """Sleeve inserts print fronts only: --backs changes neither their file nor their pages."""
    run("build", "hitmans-showdown", "--asset", "inserts", "--lang", "en", "--out", tmp_path)
    run("build", "hitmans-showdown", "--asset", "inserts", "--lang", "en", "--backs", backs, "--force",
        "--out", tmp_path / "other")
    plain = tmp_path / "hitmans-showdown" / "inserts-a4-en.pdf"
    other = tmp_path / "other" / "hitmans-showdown" / "inserts-a4-en.pdf"
    assert len(PdfReader(other).pages) == len(PdfReader(plain).pages) == 6
    assert [p.extract_text() for p in PdfReader(other).pages] == [p.extract_text() for p in PdfReader(plain).pages]


@pytest.mark.parametrize("lang, ability, rows", [
    ("ja", "マフィアへの攻撃に敗北した時", ["1〜3→デメリット無し", "4,5→金額減少1000金", "6→次の行動時、ダイス数+1"]),
    ("en", "When you lose to the mafia", ["1–3→No penalty; ", "4,5→Lose 1,000 gold; ", "6→Your next action: +1 die."]),
])
def test_darkness_speeds_insert_prints_its_own_table_and_when_it_applies(out, game, lang, ability, rows):
    """The faction's table is on its own card (not only on the summary sheet), and both languages say
    it replaces the table of a lost mafia attack only (the ruling: a lost hitman attack rolls the
    common table)."""
    deck = game.deck()
    slot = next(i for i, card in enumerate(deck) if card.faction_id == "darkness_speed")
    with open_pdf(out / f"inserts-a4-{lang}.pdf") as pdf:
        page = pdf.pages[slot // 9]
        text = "".join(text_in(page, cells(page)[slot % 9]).split())
    assert ability.replace(" ", "") in text
    for row in rows:
        assert row.replace(" ", "") in text, (row, text)
    assert ".;" not in text  # a row's own stop does not stand before the separator


@pytest.mark.parametrize("lang, tie", [("ja", "同数なら全員が受け取る。"), ("en", "Tied teams all receive it.")])
def test_the_summary_says_who_gets_a_tied_showdown_bonus(out, game, lang, tie):
    """新しき風 and ブリーダー go to every tied team (the project's ruling, `ties` in the data)."""
    with open_pdf(out / f"summary-a4-{lang}.pdf") as pdf:
        lines = [line for page in pdf.pages for line in page.extract_text().splitlines()]
    for bonus in game.showdown.bonuses:
        row = next(line for line in lines if line.startswith(bonus.name(lang)))
        assert (tie in row) == (bonus.who.KIND == "most_cards"), row
