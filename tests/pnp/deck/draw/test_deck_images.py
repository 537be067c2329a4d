"""A deck's pictures ([boxes.NAME.image]): read from the PDF's own image objects — inside their
boxes, at the promised resolution, each distinct picture embedded once, JPEG kept JPEG and PNG
lossless — and every bad picture refused with its row, column and path, the PDF before untouched."""
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
from pnp.deck.draw.pictures import image_areas
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from pnp.geometry import Rect
from pnp.sheets import pagepng
from pnp.sheets.images import parse_align, place
from repo_paths import ROOT

MM = 72 / 25.4
CSV = "title,body,art\n" + "".join(f"Card {n},Text {n}.,{name}\n" for n, name in enumerate(
    ["red.png", "blue.jpg", "red.png", "glass.webp", "blue.jpg", "red.png"], 1))
TOML = """[deck]
languages = ["en"]
{deck}
[layout]
name = "card"

[boxes.body.image]
file = "art/{{art}}"
fit = "{fit}"
align = "{align}"
height = 40
"""
EXAMPLE = ROOT / "examples" / "bestiary" / "bestiary.csv"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def make_art(folder: Path) -> None:
    art = folder / "art"
    art.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (3000, 2000), "#c0392b").save(art / "red.png")  # far more pixels than 300 dpi needs
    Image.new("RGB", (3000, 2400), "#2471a3").save(art / "blue.jpg", quality=90)
    glass = Image.new("RGBA", (400, 400), (0, 160, 0, 0))  # transparent, a green square in the middle
    glass.paste((0, 160, 0, 255), (100, 100, 300, 300))
    glass.save(art / "glass.webp", lossless=True)


def write_deck(folder: Path, fit="fit", align="center", deck="", csv=CSV) -> Path:
    make_art(folder)
    (folder / "deck.csv").write_text(csv, encoding="utf-8")
    (folder / "deck.toml").write_text(TOML.format(deck=deck, fit=fit, align=align), encoding="utf-8")
    return folder / "deck.csv"


def built(path: Path, **options):
    deck = load_deck(path)
    game = deck_game(deck)
    (asset,) = game.assets.values()
    opts = deck_options(deck, Options(lang="en", backs="none", **options), set(options))
    return deck, opts, asset, build_pdf(BuildJob(game, asset), opts)


def picture_boxes(deck, opts, asset, result):
    """Per page, the picture area of each placed card (mm, PDF coordinates)."""
    (spec,) = image_areas(deck, asset.size(opts), opts)["body"]
    return [[Rect(p.trim.x + spec.rect.x, p.trim.y + spec.rect.y, spec.rect.w, spec.rect.h)
             for p in sheet.placements] for sheet in result.sheets]


def images_on(pdf: bytes, n: int = 0):
    """(box in mm from the bottom-left, pixel size) of each image drawn on page n."""
    import io

    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[n]
        return [(Rect(i["x0"] / MM, (page.height - i["bottom"]) / MM, i["width"] / MM, i["height"] / MM),
                 i["srcsize"]) for i in page.images]


@pytest.mark.parametrize("fit", ["fit", "fill", "stretch"])
def test_pictures_sit_inside_their_boxes_at_300_dpi(tmp_path, fit):
    deck, opts, asset, result = built(write_deck(tmp_path, fit=fit, align="top"))
    (boxes,) = picture_boxes(deck, opts, asset, result)
    drawn = images_on(result.pdf)
    assert len(drawn) == 6
    matched = []
    for rect, (px_w, px_h) in drawn:
        (box,) = [b for b in boxes if b.contains(Rect(rect.x + rect.w / 2, rect.y + rect.h / 2, 0, 0))]
        matched.append(box)
        assert box.outset(0.01).contains(rect), (rect, box)
        if fit == "fit":  # proportions kept, as large as the band allows, at its top
            assert rect.w == pytest.approx(box.w, abs=0.01) or rect.h == pytest.approx(box.h, abs=0.01)
            assert rect.y1 == pytest.approx(box.y1, abs=0.01)
            assert px_w / px_h == pytest.approx(rect.w / rect.h, rel=0.01)
        else:  # the whole box covered
            assert rect == Rect(*(pytest.approx(v, abs=0.01) for v in (box.x, box.y, box.w, box.h)))
        if px_w != 400:  # the large pictures: downsampled to 300 dpi at their printed size
            assert px_w / (rect.w / 25.4) == pytest.approx(300, abs=1.5)
            assert px_h / (rect.h / 25.4) == pytest.approx(300, abs=1.5)
    assert len(set(matched)) == 6  # one picture in each card's box


def test_a_deck_may_ask_for_600_dpi(tmp_path):
    deck, opts, asset, result = built(write_deck(tmp_path, fit="fill", deck="image_dpi = 600"))
    for rect, (px_w, _px_h) in images_on(result.pdf):
        if px_w != 400:
            assert px_w / (rect.w / 25.4) == pytest.approx(600, abs=2)


def test_a_small_picture_is_never_upsampled_and_a_soft_one_is_warned_about(tmp_path):
    path = write_deck(tmp_path)
    out = tmp_path / "out"
    result = invoke("build", path, "--out", out)
    assert result.exit_code == 0, result.output
    (pdf,) = (out / "deck").glob("*.pdf")
    sizes = {srcsize for _, srcsize in images_on(pdf.read_bytes())}
    assert (400, 400) in sizes  # as the file has it (it prints at 254 dpi)
    assert "warning" not in result.output.replace("no box prints", "")
    Image.new("RGB", (120, 90), "#c0392b").save(tmp_path / "art" / "red.png")  # 57 dpi across 53 mm
    result = invoke("build", path, "--out", out)
    soft = [line for line in result.output.splitlines() if "dpi" in line]
    assert soft == [f'warning: {path}, row 2, column C "art": picture \'art/red.png\' prints at 57 dpi in its box, '
                    'under 150 (soft); give it more pixels'], result.output
    assert {srcsize for _, srcsize in images_on(pdf.read_bytes())} >= {(120, 90)}


def test_a_changed_picture_is_built_again(tmp_path):
    path, out = write_deck(tmp_path), tmp_path / "out"
    assert invoke("build", path, "--out", out).exit_code == 0
    assert "(up to date)" in invoke("build", path, "--out", out).output
    Image.new("RGB", (3000, 2400), "#117a65").save(tmp_path / "art" / "blue.jpg", quality=90)
    again = invoke("build", path, "--out", out)
    assert "(up to date)" not in again.output, again.output
    (pdf,) = (out / "deck").glob("*.pdf")
    image = Image.open(io.BytesIO(pagepng.png(pdf.read_bytes(), 1, 30))).convert("RGB")
    colours = {colour for _, colour in image.getcolors(1 << 16)}
    assert any(max(abs(a - b) for a, b in zip(colour, (0x11, 0x7a, 0x65))) <= 3 for colour in colours)
    assert not any(max(abs(a - b) for a, b in zip(colour, (0x24, 0x71, 0xa3))) <= 3 for colour in colours)


def test_a_picture_cache_that_cannot_be_made_does_not_stop_the_build(tmp_path, monkeypatch):
    import pnp.sheets.images

    (tmp_path / "file").write_text("", encoding="utf-8")
    monkeypatch.setattr(pnp.sheets.images, "_cache_folder", lambda: tmp_path / "file" / "images")  # under a file
    deck, opts, asset, result = built(write_deck(tmp_path / "deck"))
    assert len(images_on(result.pdf)) == 6
    assert pnp.sheets.images.cache_dir() != tmp_path / "file" / "images" and pnp.sheets.images.cache_dir().is_dir()


def test_each_distinct_picture_is_embedded_once(tmp_path):
    """Six cards showing three pictures, two copies each (twelve faces): three images in the file."""
    csv = CSV.replace("title,body,art", "title,body,art,copies").replace(".png\n", ".png,2\n") \
        .replace(".jpg\n", ".jpg,2\n").replace(".webp\n", ".webp,2\n")
    deck, opts, asset, result = built(write_deck(tmp_path, csv=csv))
    assert len(result.cards) == 12
    drawn = [d for page in range(result.pages) for d in images_on(result.pdf, page)]
    assert len(drawn) == 12
    images = [o for o in image_objects(result.pdf)]
    assert len(images) == 3, [(o["/Width"], o["/Height"]) for o in images]


def test_jpeg_stays_jpeg_png_lossless_and_transparency_kept(tmp_path):
    deck, opts, asset, result = built(write_deck(tmp_path, fit="fill"))
    kinds = sorted((list(f) if isinstance(f := o["/Filter"], list) else [f], "/SMask" in o)
                   for o in image_objects(result.pdf))
    assert kinds == [(["/DCTDecode"], False), (["/FlateDecode"], False), (["/FlateDecode"], True)]


def test_exports_carry_the_art(tmp_path):
    path = write_deck(tmp_path, fit="fill")
    out = tmp_path / "out"
    result = invoke("export", path, "--target", "png", "--out", out)
    assert result.exit_code == 0, result.output
    first = sorted((out / "deck" / "export").rglob("*.png"))[0]
    image = Image.open(first).convert("RGB")
    w, h = image.size
    assert image.getpixel((w // 2, int(h * 0.3))) == pytest.approx((0xc0, 0x39, 0x2b), abs=6)  # card 1: red


def test_the_example_has_art_per_card():
    deck, opts, asset, result = built(EXAMPLE)
    assert len(images_on(result.pdf)) == 6 and len(image_objects(result.pdf)) == 6


# Bad pictures: one line each naming the file, the row, the column and the path; exit 2; the PDF
# built before left as it was.

@pytest.fixture
def previous(tmp_path):
    path = write_deck(tmp_path / "deck")
    out = tmp_path / "out"
    result = invoke("build", path, "--out", out)
    assert result.exit_code == 0, result.output
    (pdf,) = (out / "deck").glob("*.pdf")
    return path, out, pdf, pdf.read_bytes()


def fails(previous, csv: str, *options) -> list[str]:
    path, out, pdf, before = previous
    path.write_text(csv, encoding="utf-8")
    result = invoke("build", path, "--out", out, *options)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert pdf.read_bytes() == before
    return [line for line in result.output.splitlines() if line.startswith("error:")]


@pytest.mark.parametrize("name", ["../../outside.png", "sub/../../../outside.png", "/etc/hostname", "C:\\art\\x.png"])
def test_a_picture_outside_the_deck_folder_is_refused(previous, name, tmp_path):
    Image.new("RGB", (10, 10)).save(tmp_path / "outside.png")
    file = "art/{art}" if not name.startswith(("/", "C:")) else "{art}"
    path = previous[0]
    (path.parent / "deck.toml").write_text(TOML.format(deck="", fit="fit", align="center").replace(
        'art/{art}', file), encoding="utf-8")
    shown = name if file == "{art}" else "art/" + name
    errors = fails(previous, CSV.replace("glass.webp", name.replace(",", "")))
    assert len(errors) == 1, errors
    assert f'{path}, row 5, column C "art"' in errors[0]
    assert repr(shown.replace("\\", "/")) in errors[0]
    assert "outside the deck's folder" in errors[0] or "absolute path" in errors[0]


def test_a_web_address_is_said_to_be_one_and_never_fetched(previous):
    errors = fails(previous, CSV.replace("glass.webp", "https://example.com/glass.webp"))
    assert errors == [f'error: {previous[0]}, row 5, column C "art": picture \'art/https://example.com/glass.webp\' '
                      "is a web address: a deck prints only files in its own folder and never fetches one; save the "
                      "picture there and name the file"]


def test_missing_pictures_are_all_named_at_once(previous):
    errors = fails(previous, CSV.replace("glass.webp", "gone.png").replace("Card 6,Text 6.,red.png",
                                                                           "Card 6,Text 6.,lost.jpg"))
    path = previous[0]
    assert errors == [f'error: {path}, row 5, column C "art": picture \'art/gone.png\': not found',
                      f'error: {path}, row 7, column C "art": picture \'art/lost.jpg\': not found']


def test_an_unreadable_picture_is_named(previous):
    (previous[0].parent / "art" / "broken.png").write_bytes(b"not a picture")
    errors = fails(previous, CSV.replace("glass.webp", "broken.png"))
    assert errors == [f'error: {previous[0]}, row 5, column C "art": picture \'art/broken.png\': '
                      'not a PNG, JPEG or WebP image']


def test_a_picture_with_too_many_pixels_says_so_with_the_limit(previous, monkeypatch):
    """Pillow refuses a picture of more than twice MAX_IMAGE_PIXELS (a decompression bomb); lowered
    here so a small picture stands for a 195-megapixel one."""
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 100_000)  # the limit: 0.2 megapixels
    Image.new("RGB", (700, 500), "#2471a3").save(previous[0].parent / "art" / "huge.jpg")
    small = "".join(f"Card {n},Text {n}.,{'huge.jpg' if n == 4 else 'glass.webp'}\n" for n in range(1, 7))
    errors = fails(previous, "title,body,art\n" + small)
    assert errors == [f'error: {previous[0]}, row 5, column C "art": picture \'art/huge.jpg\': too large: '
                      '0.35 megapixels, more than the 0.2 a picture may have; scale it down (300 dpi at the card\'s '
                      'size is enough)']


def test_a_draft_draws_a_grey_box_for_a_missing_picture(previous):
    path, out, pdf, before = previous
    path.write_text(CSV.replace("glass.webp", "gone.png"), encoding="utf-8")
    result = invoke("build", path, "--out", out, "--draft")
    assert result.exit_code == 0, result.output
    assert f'warning: {path}, row 5, column C "art": picture \'art/gone.png\': not found; drawn as a grey box ' \
           '(--draft)' in result.output
    assert len(images_on(pdf.read_bytes())) == 5  # the sixth picture is the stand-in, drawn, not an image


def test_a_bad_image_key_names_its_line(previous):
    path = previous[0]
    (path.parent / "deck.toml").write_text(TOML.format(deck="", fit="fit", align="up"), encoding="utf-8")
    errors = fails(previous, CSV)
    assert errors == [f"error: {path.parent / 'deck.toml'}, line 10 [boxes.body.image.align]: align is one or two "
                      "of top, middle, bottom, left, right, or center; got 'up'"]
    (path.parent / "deck.toml").write_text(TOML.format(deck="", fit="fit", align="center").replace(
        "{art}", "{picture}"), encoding="utf-8")
    errors = fails(previous, CSV)
    assert len(errors) == 1 and "line 8 [boxes.body.image.file]: no column 'picture'" in errors[0]


def test_img_in_a_box_template_is_refused(previous):
    """ReportLab's <img> reads any file, and its picture is not measured: pictures come through
    [boxes.*.image]."""
    path = previous[0]
    (path.parent / "footer.j2").write_text('{{ title }}\n<img src="/etc/hostname"/>\n', encoding="utf-8")
    toml = (path.parent / "deck.toml").read_text(encoding="utf-8")
    (path.parent / "deck.toml").write_text(toml + '\n[boxes.footer]\ntemplate = "footer.j2"\n', encoding="utf-8")
    errors = fails(previous, CSV)
    assert errors == [f"error: {path.parent / 'footer.j2'}, line 2: <img> is not taken in a box template: "
                      "show a picture with [boxes.NAME.image] (docs/decks.md)"]


@pytest.mark.parametrize("align, crop", [
    ("center", (50, 0, 150, 100)), ("left", (0, 0, 100, 100)), ("right", (100, 0, 200, 100)),
    ("top left", (0, 0, 100, 100)), ("bottom", (50, 0, 150, 100)),
])
def test_fill_keeps_the_part_align_names(align, crop):
    """A 200×100 px picture filling a square box: the square the alignment names is kept."""
    placement = place(200, 100, 30, 30, "fill", parse_align(align))
    assert placement.crop == pytest.approx(crop) and placement.rect == Rect(0, 0, 30, 30)


@pytest.mark.parametrize("align, at", [("center", (0, 7.5)), ("top", (0, 15)), ("bottom right", (0, 0))])
def test_fit_leaves_the_room_align_names_empty(align, at):
    """The same picture fitted into the square: 30×15 mm, up, down or in the middle."""
    placement = place(200, 100, 30, 30, "fit", parse_align(align))
    assert placement.crop == (0, 0, 200, 100)
    assert (placement.rect.x, placement.rect.y, placement.rect.w, placement.rect.h) == pytest.approx((*at, 30, 15))
    tall = place(100, 200, 30, 30, "fit", parse_align(align))  # a tall one sits left, centred or right
    assert tall.rect.x == pytest.approx({"center": 7.5, "top": 7.5, "bottom right": 15}[align])


@pytest.mark.parametrize("fit, align", [("fit", "top"), ("fill", "center")])
def test_a_phone_photo_stands_as_its_exif_orientation_says(tmp_path, fit, align):
    """A camera stores a portrait photo lying on its side with an orientation tag; the card shows it
    upright, its proportions and its top where the photographer held it."""
    stored = Image.new("RGB", (600, 400), "#2471a3")  # lying on its side: upright, red is at the top
    stored.paste((0xc0, 0x39, 0x2b), (0, 0, 300, 400))
    exif = Image.Exif()
    exif[0x0112] = 6  # turn a quarter clockwise to show it
    (tmp_path / "art").mkdir()
    stored.save(tmp_path / "art" / "photo.jpg", exif=exif, quality=95)
    csv = "title,body,art\nPhoto,Text.,photo.jpg\n"
    deck, opts, asset, result = built(write_deck(tmp_path, fit=fit, align=align, csv=csv))
    (rect, (px_w, px_h)), = images_on(result.pdf)
    if fit == "fit":
        assert px_h > px_w and rect.h > rect.w * 1.2  # portrait, as shown upright
    page = Image.open(io.BytesIO(pagepng.png(result.pdf, 1, 100))).convert("RGB")
    k = 100 / 25.4
    page_h = page.height / k

    def colour_at(x_mm: float, y_mm: float) -> tuple:
        return page.getpixel((round(x_mm * k), round((page_h - y_mm) * k)))

    top, bottom = colour_at(rect.x + rect.w / 2, rect.y1 - 2), colour_at(rect.x + rect.w / 2, rect.y + 2)
    assert top[0] > 150 and top[2] < 100, top  # red above
    assert bottom[2] > 120 and bottom[0] < 100, bottom  # blue below


def test_a_picture_leaving_its_box_no_room_for_text_names_its_height(tmp_path):
    path = write_deck(tmp_path)
    toml = (tmp_path / "deck.toml").read_text(encoding="utf-8").replace("height = 40", "height = 58")
    (tmp_path / "deck.toml").write_text(toml, encoding="utf-8")
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    (line,) = [line for line in result.output.splitlines() if line.startswith("error")]
    assert "[boxes.body.image.height]" in line and "leaves the box's text 0.6 mm" in line


BLEEDING = """[deck]
languages = ["en"]

[layout]
name = "blank"

[boxes.art]
left = 0
right = 0
top = 0
{bottom}
image = {{ file = "art/{{art}}", fit = "{fit}" }}
"""


@pytest.mark.parametrize("bottom,edges", [("bottom = 0", "lbrt"), ("height = 40", "lrt")])
def test_art_at_the_trim_reaches_into_the_bleed_on_each_edge_it_lies_on(tmp_path, bottom, edges):
    make_art(tmp_path)
    (tmp_path / "deck.csv").write_text(CSV, encoding="utf-8")
    (tmp_path / "deck.toml").write_text(BLEEDING.format(bottom=bottom, fit="fill"), encoding="utf-8")
    deck, opts, asset, result = built(tmp_path / "deck.csv", bleed=2.0)
    trims = [p.trim for p in result.sheets[0].placements]
    drawn = sorted(images_on(result.pdf), key=lambda d: (-round(d[0].y1), round(d[0].x)))
    assert len(drawn) == len(trims) == 6
    for (rect, _px), trim in zip(drawn, sorted(trims, key=lambda t: (-round(t.y1), round(t.x)))):
        reach = {"l": trim.x - rect.x, "b": trim.y - rect.y, "r": rect.x1 - trim.x1, "t": rect.y1 - trim.y1}
        for edge, past in reach.items():
            assert past == pytest.approx(2.0 if edge in edges else past, abs=0.02), (edge, reach)
        if "b" not in edges:
            assert rect.y == pytest.approx(trim.y1 - 40, abs=0.02)  # the band's own bottom edge stays


def test_art_reaches_only_as_far_as_the_sheet_s_bleed(tmp_path):
    """By default the picture is prepared for 3 mm of bleed and drawn as far as the sheet's own bleed
    (the safe bleed: full art counts as colour past the trim); beyond it, white paper."""
    make_art(tmp_path)
    (tmp_path / "deck.csv").write_text(CSV, encoding="utf-8")
    (tmp_path / "deck.toml").write_text(BLEEDING.format(bottom="bottom = 0", fit="fill"), encoding="utf-8")
    _deck, _opts, _asset, result = built(tmp_path / "deck.csv")
    sheet = result.sheets[0]
    assert 0 < sheet.bleed < 2.7  # so it is the drawing's clip, not the preparation, that stops the art
    trim = min((p.trim for p in sheet.placements), key=lambda t: t.x)  # a card in the first column
    page = pdfplumber.open(io.BytesIO(result.pdf)).pages[0]
    image = page.to_image(resolution=300).original.convert("RGB")
    px = 300 / 25.4
    y = round((page.height / MM - (trim.y + trim.h / 2)) * px)
    assert image.getpixel((round((trim.x - sheet.bleed - 0.3) * px), y)) == (255, 255, 255)
    assert image.getpixel((round((trim.x - sheet.bleed + 0.3) * px), y)) != (255, 255, 255)


def test_a_fitted_picture_keeps_inside_its_box(tmp_path):
    make_art(tmp_path)
    (tmp_path / "deck.csv").write_text(CSV, encoding="utf-8")
    (tmp_path / "deck.toml").write_text(BLEEDING.format(bottom="bottom = 0", fit="fit"), encoding="utf-8")
    deck, opts, asset, result = built(tmp_path / "deck.csv", bleed=2.0)
    trims = [p.trim for p in result.sheets[0].placements]
    for rect, _px in images_on(result.pdf):
        assert any(t.outset(0.01).contains(rect) for t in trims), rect
