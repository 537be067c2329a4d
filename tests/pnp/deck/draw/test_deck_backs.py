"""Backs per card: a back chosen by a column's value among the deck's [backs],
a back's text rendered from the card's row, two-sided cards (a face of the row's own fields), each
back found behind its own front on duplex pages (long and short edge, with an offset) and fold
pages, read back from the PDF's text; the Tabletop Simulator export's back sheet; a cell naming a
back the deck lacks refused with its row and column, the PDF before untouched."""
import io
import json
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli.main import main

MM = 72 / 25.4
# Each card's back says which back it is and whose: "gold-2" is row 2's gold back.
CSV = ("title,body,tier,back_body\n"
       "T2,First.,gold,\n"
       "T3,Second.,silver,\n"
       "T4,Third.,,\n"
       "T5,Fourth.,gold,\n"
       "T6,Fifth.,rules,Rules-of-T6\n")
TOML = """[deck]
languages = ["en"]
back = "tier"

[back]
text = "plain-{{ row }}"

[backs.gold]
text = "gold-{{ row }}"
color = "#d4a017"

[backs.silver]
text = "silver-{{ row }}"
color = "#8a9199"

[backs.rules]
layout = "card"
color = "#2e7d32"
[backs.rules.boxes.title]
fields = ["title"]
[backs.rules.boxes.body]
fields = ["back_body"]
[backs.rules.boxes.footer]
fields = []
"""
COLOURS = {"gold": (0xd4, 0xa0, 0x17), "silver": (0x8a, 0x91, 0x99), "": (0x2b, 0x3a, 0x4a)}
EXPECTED = {"T2": "gold-2", "T3": "silver-3", "T4": "plain-4", "T5": "gold-5", "T6": "Rules-of-T6"}


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def write_deck(folder: Path, csv=CSV, toml=TOML) -> Path:
    (folder / "deck.csv").write_text(csv, encoding="utf-8")
    (folder / "deck.toml").write_text(toml, encoding="utf-8")
    return folder / "deck.csv"


def build(tmp_path, *args) -> bytes:
    deck = write_deck(tmp_path)
    result = invoke("build", deck, "--out", tmp_path / "out", *args)
    assert result.exit_code == 0, result.output
    (pdf,) = (tmp_path / "out" / "deck").glob("*.pdf")
    return pdf.read_bytes()


def words(page) -> dict[str, tuple[float, float]]:
    """Each word's centre in mm from the page's bottom-left (a word turned 180° read the right way)."""
    found = {}
    for w in page.extract_words(extra_attrs=["upright"]):
        turned = w["text"][::-1]
        text = turned if turned in EXPECTED.values() or turned == "T6" else w["text"]
        found[text] = ((w["x0"] + w["x1"]) / 2 / MM, (page.height - (w["top"] + w["bottom"]) / 2) / MM)
    return found


def card_rects(page) -> list[tuple[float, float, float, float]]:
    """The 63×88 mm cards on a front page, from the frames' filled rectangles (mm, bottom-left)."""
    rects = {(round(r["x0"] / MM, 1), round((page.height - r["bottom"]) / MM, 1),
              round(r["width"] / MM, 1), round(r["height"] / MM, 1)) for r in page.rects}
    # The frame's panel is the card's trim inset; its centre is the card's centre.
    return [r for r in rects if 55 < r[2] < 64 and 80 < r[3] < 89]


def centre_of_card_holding(page, point):
    for x, y, w, h in card_rects(page):
        if x <= point[0] <= x + w and y <= point[1] <= y + h:
            return x + w / 2, y + h / 2
    raise AssertionError(f"no card holds {point}")


@pytest.mark.parametrize("mode, offset", [("duplex-long", (0, 0)), ("duplex-short", (0, 0)),
                                          ("duplex-long", (2, -1)), ("duplex-short", (1.5, 1))])
def test_each_back_lies_behind_its_own_front(tmp_path, mode, offset):
    pdf = build(tmp_path, "--backs", mode, "--back-offset", f"{offset[0]},{offset[1]}")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) == 2
        front, back = doc.pages
        W, H = front.width / MM, front.height / MM
        fronts, backs = words(front), words(back)
        for title, expected in EXPECTED.items():
            cx, cy = centre_of_card_holding(front, fronts[title])
            # Turned about the long edge of a portrait page, x mirrors; about the short edge, y.
            want = (W - cx, cy) if mode == "duplex-long" else (cx, H - cy)
            want = (want[0] + offset[0], want[1] + offset[1])
            gx, gy = backs[expected]
            if title != "T6":  # a plain back's text stands in the middle of the card
                assert abs(gx - want[0]) < 1 and abs(gy - want[1]) < 1, (title, expected, (gx, gy), want)
            else:  # the face back's body text lies inside the mirrored card
                assert abs(gx - want[0]) < 31.5 and abs(gy - want[1]) < 44, (title, (gx, gy), want)
        assert "T6" in backs and "Rules-of-T6" in backs and "Rules-of-T6" not in fronts
        assert not any(w.startswith(("gold", "silver", "plain")) for w in fronts)
        assert "{{" not in back.extract_text()


def test_fold_puts_each_back_below_its_front(tmp_path):
    pdf = build(tmp_path, "--backs", "fold")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        checked = set()
        for page in doc.pages:
            fold = page.height / MM / 2
            found = words(page)
            for title, expected in EXPECTED.items():
                if title not in found or title == "T6":
                    continue
                cx, cy = centre_of_card_holding(page, found[title])
                assert cy > fold
                gx, gy = found[expected]  # on the same sheet, mirrored across the fold
                assert abs(gx - cx) < 1 and abs(gy - (2 * fold - cy)) < 1, (title, (gx, gy), (cx, cy))
                checked.add(title)
            if "Rules-of-T6" in found:
                assert found["Rules-of-T6"][1] < fold
                checked.add("T6")
        assert checked == set(EXPECTED)


def test_equal_backs_are_drawn_once(tmp_path):
    csv = "title,body,tier\n" + "".join(f"C{n},x,{'gold' if n % 2 else 'silver'}\n" for n in range(40))
    toml = TOML.replace("gold-{{ row }}", "GOLD").replace("silver-{{ row }}", "SILVER").split("[backs.rules]")[0]
    deck = write_deck(tmp_path, csv, toml)
    from pnp.base import Options
    from pnp.build.make import BuildJob, build_pdf
    from pnp.deck.draw.userdeck import deck_game, deck_options
    from pnp.deck.read.deckfile import load_deck
    loaded = load_deck(deck)
    game = deck_game(loaded)
    (asset,) = game.assets.values()
    result = build_pdf(BuildJob(game, asset), deck_options(loaded, Options(lang="en"), set()))
    assert len({ref[3] for ref in result.cards}) == 2


def test_tts_export_has_a_back_sheet_with_each_cards_back(tmp_path):
    deck = write_deck(tmp_path)
    result = invoke("export", deck, "--target", "tts", "--lang", "en", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "deck" / "export" / "tts-en"
    saved = json.loads(next(folder.glob("*.json")).read_text(encoding="utf-8"))
    (custom,) = saved["ObjectStates"][0]["CustomDeck"].values()
    assert custom["UniqueBack"] is True and custom["BackURL"].endswith("_backs1.png")
    cols = custom["NumWidth"]
    with Image.open(folder / Path(custom["BackURL"]).name) as sheet:
        w, h = sheet.width // cols, sheet.height // custom["NumHeight"]
        for slot, tier in enumerate(["gold", "silver", "", "gold"]):
            x, y = (slot % cols) * w, (slot // cols) * h
            pixel = sheet.convert("RGB").getpixel((x + w // 2, y + h // 5))  # above the words, inside the frame
            assert all(abs(a - b) < 12 for a, b in zip(pixel, COLOURS[tier])), (slot, tier, pixel)


def test_a_back_the_deck_lacks_is_an_error_naming_row_and_column(tmp_path):
    pdf = build(tmp_path)
    before = {p: p.read_bytes() for p in (tmp_path / "out").rglob("*.pdf")}
    write_deck(tmp_path, CSV.replace("T3,Second.,silver", "T3,Second.,platinum").replace("T5,Fourth.,gold",
                                                                                          "T5,Fourth.,bronze"))
    result = invoke("build", tmp_path / "deck.csv", "--out", tmp_path / "out")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == [f"error: {tmp_path / 'deck.csv'}, row 3, column C \"tier\": no back 'platinum' in [backs] "
                     "(backs: gold, silver, rules)",
                     f"error: {tmp_path / 'deck.csv'}, row 5, column C \"tier\": no back 'bronze' in [backs] "
                     "(backs: gold, silver, rules)"]
    assert {p: p.read_bytes() for p in (tmp_path / "out").rglob("*.pdf")} == before and pdf


def test_a_backs_text_naming_no_field_is_an_error(tmp_path):
    write_deck(tmp_path, toml=TOML.replace("gold-{{ row }}", "gold-{{ teir }}"))
    result = invoke("build", tmp_path / "deck.csv", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "deck.toml, line 9 [backs.gold.text]: unknown field 'teir'" in result.output


def test_back_column_used_no_warning(tmp_path):
    deck = write_deck(tmp_path)
    result = invoke("build", deck, "--out", tmp_path / "out")
    assert result.exit_code == 0 and "no box prints" not in result.output


def test_a_backs_picture_covers_its_back_and_a_missing_one_is_named(tmp_path):
    Image.new("RGB", (800, 1100), "#d4a017").save(tmp_path / "gold.png")
    toml = TOML.replace('color = "#d4a017"', 'image = "gold.png"')
    write_deck(tmp_path, toml=toml)
    assert invoke("build", tmp_path / "deck.csv", "--out", tmp_path / "out", "--backs", "duplex-long").exit_code == 0
    (pdf,) = (tmp_path / "out" / "deck").glob("*.pdf")
    with pdfplumber.open(pdf) as doc:
        front, back = doc.pages
        images = [(i["width"] / MM, i["height"] / MM) for i in back.images]
        assert len(images) == 2 and all(abs(w - 63) < 0.5 and abs(h - 88) < 0.5 for w, h in images)  # T2, T5
        assert not front.images
        # With no colour of its own, the back's bleed takes the picture's edge colour: a cut a little
        # off shows gold, not the kit's slate.
        gold = (0xd4 / 255, 0xa0 / 255, 0x17 / 255)
        fills = [r for r in back.rects if r["fill"] and r["width"] / MM > 63 and r["height"] / MM > 88]
        assert any(r["non_stroking_color"] == pytest.approx(gold, abs=0.01) for r in fills), fills
    (tmp_path / "gold.png").unlink()
    result = invoke("build", tmp_path / "deck.csv", "--out", tmp_path / "out2")
    assert result.exit_code == 2
    assert "deck.toml, line 10 [backs.gold.image]: picture 'gold.png': not found" in result.output


def test_backs_chosen_by_a_fields_value(tmp_path):
    """`back` names a field mapped to a column of another name (the tier field reads "Rank tier")."""
    csv = CSV.replace("tier", "Rank tier")
    toml = TOML.replace('back = "tier"', 'back = "tier"\n\n[fields]\ntier = "Rank tier"')
    write_deck(tmp_path, csv, toml)
    result = invoke("build", tmp_path / "deck.csv", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next((tmp_path / "out").rglob("*.pdf"))) as doc:
        assert {"gold-2", "silver-3", "plain-4", "gold-5"} <= set(words(doc.pages[1]))
