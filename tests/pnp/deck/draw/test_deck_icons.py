"""Icons in text (`[icons]`, `:name:`): drawn inline on the baseline of their line at the size of the
text around them (read back from the PDF: the image's box against the characters of its line),
embedded once however often used, scaled with the text when it shrinks to fit; glyph icons in
their own font; an unknown name one error per cell."""
import io
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from PIL import Image

from pdfcheck import image_objects
from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.cli.main import main
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from tabletop.data.errors import DataError

ICONS = """
[icons]
tap = "icons/tap.png"
coin = { file = "icons/coin.png" }
star = { glyph = "★", font = "Noto Sans Symbols 2" }
"""


def write_deck(folder: Path, csv: str, icons: str = ICONS, fields: str = "") -> Path:
    (folder / "icons").mkdir(parents=True, exist_ok=True)
    tap = Image.new("RGBA", (90, 90), (0, 0, 0, 0))
    tap.paste((200, 40, 40, 255), (10, 10, 80, 80))
    tap.save(folder / "icons" / "tap.png")
    Image.new("RGB", (120, 60), "#1e5ac8").save(folder / "icons" / "coin.png")  # twice as wide as high
    (folder / "deck.csv").write_text(csv, encoding="utf-8")
    (folder / "deck.toml").write_text(f'[deck]\nlanguages = ["en", "ja"]\n[layout]\nname = "card"\n{fields}\n{icons}',
                                      encoding="utf-8")
    return folder / "deck.csv"


def build(path: Path, lang: str = "en") -> bytes:
    deck = load_deck(path)
    game = deck_game(deck)
    (asset,) = game.assets.values()
    opts = deck_options(deck, Options(lang=lang, backs="none"), set())
    return build_pdf(BuildJob(game, asset), opts).pdf


def first_card(pdf: bytes):
    """The images and characters of the first card (the page's top-left one), PDF coordinates."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        images = [dict(i, y0=page.height - i["bottom"]) for i in page.images]
        chars = [c for c in page.chars if c["bottom"] < 800]
        return images, chars


def baseline(char) -> float:
    return char["matrix"][5]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_icon_sits_on_the_baseline_of_its_line_as_high_as_its_text(tmp_path, lang):
    path = write_deck(tmp_path, "title,body\nSpark,Pay :coin: then :tap: to draw\n" if lang == "en" else
                      "title,body\n火花,コストとして:coin:を払い、:tap:する。\n")
    images, chars = first_card(build(path, lang))
    assert len(images) == 2
    body = [c for c in chars if c["size"] < 10]
    for image in images:
        line = [c for c in body if abs(baseline(c) - image["y0"]) < 0.5]
        assert line, "the icon's bottom is on no line's baseline"
        size = line[0]["size"]
        assert image["height"] == pytest.approx(size, abs=0.05)
        # Between the characters around it, not over them.
        assert any(c["x1"] <= image["x0"] + 0.1 for c in line)
        assert not any(image["x0"] + 0.1 < (c["x0"] + c["x1"]) / 2 < image["x1"] - 0.1 for c in line)
    coin = max(images, key=lambda i: i["width"] / i["height"])
    assert coin["width"] == pytest.approx(2 * coin["height"], rel=0.02)


def test_an_icon_is_embedded_once_however_often_it_is_used(tmp_path):
    rows = "".join(f"Card {n},:tap: :tap: and :coin: :tap:\n" for n in range(12))
    pdf = build(write_deck(tmp_path, "title,body\n" + rows))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        drawn = sum(len(p.images) for p in doc.pages)
    assert drawn == 12 * 4
    pictures = [o for o in image_objects(pdf) if o["/Subtype"] == "/Image"]
    assert len(pictures) == 2
    assert all(o["/Filter"] != "/ASCII85Decode" and "/ASCII85Decode" not in o["/Filter"] for o in pictures)


def test_shrinking_to_fit_scales_the_icons_with_the_text(tmp_path):
    long = " ".join(["Tap :tap: to gain :coin: and draw a card."] * 20)
    path = write_deck(tmp_path, f"title,body\nLong,{long}\nShort,Tap :tap:\n")
    with pdfplumber.open(io.BytesIO(build(path))) as doc:
        page = doc.pages[0]
        heights = sorted({round(i["height"], 2) for i in page.images})
        # the cards' text: not the footer (below) nor the scale check's "50 mm" (in the top margin)
        sizes = sorted({round(c["size"], 2) for c in page.chars if 40 < c["top"] and c["bottom"] < 800
                        and c["size"] < 10})
    assert len(heights) == 2 and heights[0] < heights[1] - 1  # the long card's text shrank, and its icons
    assert heights == pytest.approx(sizes, abs=0.05)


def test_a_glyph_icon_prints_in_its_own_font(tmp_path):
    path = write_deck(tmp_path, "title,body\nStar,A :star: here\n")
    _, chars = first_card(build(path))
    (star,) = [c for c in chars if c["text"] == "★"]
    assert "Symbols2" in star["fontname"]  # Noto Sans JP has ★ too: the icon's font was chosen


def test_markers_are_read_only_in_a_deck_with_icons_and_a_backslash_escapes_them(tmp_path):
    plain = write_deck(tmp_path / "plain", "title,body\nClock,at 10:30:00 :tap:\n", icons="")
    _, chars = first_card(build(plain))
    assert "at 10:30:00 :tap:" in "".join(c["text"] for c in chars)
    escaped = write_deck(tmp_path / "icons", "title,body\nClock,at 10\\:30\\:00 \\:tap: :tap:\n")
    images, chars = first_card(build(escaped))
    assert "at 10:30:00 :tap:" in "".join(c["text"] for c in chars)
    assert len(images) == 1


def test_an_icon_in_a_box_template_and_on_the_back(tmp_path):
    path = write_deck(tmp_path, "title,cost\nSpark,3\n",
                      fields='[boxes.body]\ntemplate = "body.j2"\n[back]\ntext = "BACK :tap:"\n')
    (tmp_path / "body.j2").write_text("Cost {{ cost }} :coin:", encoding="utf-8")
    deck = load_deck(path)
    game = deck_game(deck)
    (asset,) = game.assets.values()
    pdf = build_pdf(BuildJob(game, asset), deck_options(deck, Options(lang="en", backs="fold"), set())).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages[0].images) == 2  # the front's coin, the folded back's tap


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_unknown_icons_are_named_one_line_per_cell_and_the_pdf_is_kept(tmp_path):
    path = write_deck(tmp_path, "title,body\nSpark,:tap: then :coin:\n")
    out = tmp_path / "out"
    assert invoke("build", path, "--out", out, "--lang", "en").exit_code == 0
    (pdf,) = (out / "deck").glob("*.pdf")
    before = pdf.read_bytes()
    path.write_text("title,body\nSpark,:tap: then :coins: or :tapp:\nBolt :zap:,fine\nOK,fine :coin:\n",
                    encoding="utf-8")
    result = invoke("build", path, "--out", out, "--lang", "en")
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert errors == [
        f'error: {path}, row 2, column B "body": no icon :coins:, :tapp: in [icons] '
        '(icons: :tap:, :coin:, :star:; write \\: for a colon)',
        f'error: {path}, row 3, column A "title": no icon :zap: in [icons] '
        '(icons: :tap:, :coin:, :star:; write \\: for a colon)']
    assert pdf.read_bytes() == before


@pytest.mark.parametrize("icons, message", [
    ('[icons]\ntap = "icons/none.png"', "picture 'icons/none.png': not found"),
    ('[icons]\ntap = "../tap.png"', "is outside the deck's folder"),
    ('[icons]\ntap = { file = "icons/tap.png", glyph = "★" }', "one of them"),
    ('[icons]\n"t p" = "icons/tap.png"', "an icon's name is letters"),
])
def test_a_bad_icon_names_its_line(tmp_path, icons, message):
    path = write_deck(tmp_path, "title,body\nSpark,:tap:\n", icons=icons)
    with pytest.raises(DataError) as e:
        load_deck(path)
    assert message in str(e.value)
    assert "deck.toml, line " in str(e.value) and "[icons." in str(e.value)
