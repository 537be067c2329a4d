"""Free boxes: a deck places boxes of its own (position and size in mm or shares of the card, padding,
vertical alignment, background, border, quarter turns) and moves the named layouts' boxes, which are
written in the same keys (`templates/layouts/`). Checked in the PDF: each box's text inside its box,
turned as asked, its background where the box is; every bad key refused with its line."""
import io
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.cli.main import main
from pnp.deck.draw.pictures import _part
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from pnp.geometry import Rect, Size
from pnp.layout.boxplace import PlaceOptions, resolve
from pnp.layout.facelayout import BoxSpec, layout_file
from pnp.layout.keys import LayoutOptions
from pnp.layout.named import LAYOUTS
from repo_paths import ROOT

MM = 72 / 25.4
POKER = Size(63, 88)
CARDS = """
[[cards]]
title = "Ember Fox"
body = "Deal 1 damage."
cost = "7"
kind = "CREATURE"
footer = "Fox"

[[cards]]
title = "Tide Owl"
body = "Draw a card."
cost = "2"
kind = "SPIRIT"
footer = "Owl"
"""
COST = """
[boxes.cost]
fields = ["cost"]
right = 4.5
top = 4.5
width = 9
height = 9
valign = "middle"
background = "#f2e6c9"
border = "#c8102e"
border_width = 0.6

[fields.cost]
size = 14
bold = true
align = "center"
"""


def write(folder: Path, boxes: str, layout: str = "card", deck: str = "") -> Path:
    path = folder / "deck.toml"
    path.write_text(f'[deck]\nlanguages = ["en"]\nignore = ["kind", "cost", "footer"]\n{deck}\n'
                    f'[layout]\nname = "{layout}"\n{boxes}\n{CARDS}', encoding="utf-8")
    return path


def built(path: Path, **options):
    deck = load_deck(path)
    game = deck_game(deck)
    (asset,) = game.assets.values()
    opts = deck_options(deck, Options(lang="en", backs="none", **options), set(options))
    return build_pdf(BuildJob(game, asset), opts)


def on_page(trim: Rect, left: float, top: float, w: float, h: float) -> Rect:
    """A box given from the card's top-left corner, in page mm from the bottom-left."""
    return Rect(trim.x + left, trim.y1 - top - h, w, h)


def chars(pdf: bytes, text: str) -> list[dict]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [c for c in doc.pages[0].chars if c["text"] in text]


def centre(char, page_h: float) -> tuple[float, float]:
    return (char["x0"] + char["x1"]) / 2 / MM, page_h - (char["top"] + char["bottom"]) / 2 / MM


def inside(rect: Rect, point: tuple[float, float]) -> bool:
    return rect.x <= point[0] <= rect.x1 and rect.y <= point[1] <= rect.y1


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_box_of_the_decks_own_prints_its_field_inside_it_over_its_background(tmp_path):
    result = built(write(tmp_path, COST))
    sheet = result.sheets[0]
    page_h = sheet.page.h
    boxes = [on_page(p.trim, 63 - 4.5 - 9, 4.5, 9, 9) for p in sheet.placements[:2]]
    for digit, box in zip("72", boxes):
        (char,) = [c for c in chars(result.pdf, digit) if c["size"] > 10]
        assert inside(box.inset(1), centre(char, page_h))
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        rects = doc.pages[0].rects
    for box in boxes:
        fills = [r for r in rects if r["fill"] and _matches(r, box, page_h, 0.01)]
        assert any(r["non_stroking_color"] == pytest.approx((242 / 255, 230 / 255, 201 / 255), abs=0.01)
                   for r in fills)
        # The border's line lies inside the box: its centre line is half its width in.
        strokes = [r for r in rects if r["stroke"] and _matches(r, box.inset(0.3), page_h, 0.01)]
        assert strokes and strokes[0]["linewidth"] == pytest.approx(0.6 * MM, abs=0.01)


def _matches(r: dict, box: Rect, page_h: float, tol: float) -> bool:
    got = Rect(r["x0"] / MM, page_h - r["bottom"] / MM, r["width"] / MM, r["height"] / MM)
    return all(abs(a - b) < tol for a, b in ((got.x, box.x), (got.y, box.y), (got.w, box.w), (got.h, box.h)))


def test_a_box_turned_a_quarter_reads_upwards_inside_the_place_it_covers(tmp_path):
    side = '[boxes.side]\nfields = ["kind"]\nright = 3\ntop = "50% - 15"\nwidth = 4\nheight = 30\nrotation = 90\n'
    result = built(write(tmp_path, side))
    sheet = result.sheets[0]
    box = on_page(sheet.placements[0].trim, 63 - 3 - 4, 44 - 15, 4, 30)
    letters = [c for c in chars(result.pdf, "CREATURE") if inside(box, centre(c, sheet.page.h))]
    assert len(letters) == len("CREATURE")
    a, b, c, d = letters[0]["matrix"][:4]
    assert (round(a, 3), round(b, 3), round(c, 3), round(d, 3)) == (0, 1, -1, 0)  # turned anticlockwise
    ups = [centre(ch, sheet.page.h)[1] for ch in sorted(letters, key=lambda ch: ch["matrix"][5])]
    assert ups == sorted(ups)  # C at the bottom, E at the top: it reads upwards


def test_both_ends_prints_the_box_again_turned_a_half_turn(tmp_path):
    result = built(write(tmp_path, COST.replace("border_width = 0.6\n", "border_width = 0.6\nboth_ends = true\n")))
    sheet = result.sheets[0]
    trim = sheet.placements[0].trim
    sevens = [c for c in chars(result.pdf, "7") if c["size"] > 10]
    assert len(sevens) == 2
    turned = [c for c in sevens if c["matrix"][0] < 0]
    assert len(turned) == 1
    assert inside(on_page(trim, 4.5, 88 - 4.5 - 9, 9, 9), centre(turned[0], sheet.page.h))


def test_padding_keeps_the_text_inside_the_box_by_that_much(tmp_path):
    note = '[boxes.note]\nfields = ["kind"]\nleft = 6\nright = 6\nbottom = 12\nheight = 10\npadding = 2.5\n'
    result = built(write(tmp_path, note))
    sheet = result.sheets[0]
    box = on_page(sheet.placements[0].trim, 6, 88 - 12 - 10, 51, 10)
    letters = [c for c in chars(result.pdf, "CREATURE") if inside(box, centre(c, sheet.page.h))]
    assert letters
    assert min(c["x0"] for c in letters) / MM == pytest.approx(box.x + 2.5, abs=0.05)
    assert min(c["top"] for c in letters) / MM > sheet.page.h - box.y1 + 2.5 - 0.01


def test_a_named_box_keeps_what_its_keys_leave_open():
    card = LAYOUTS["card"]
    face, looks = card.looks(POKER, LayoutOptions())
    body, footer = looks["body"].places[0].rect, looks["footer"].places[0].rect
    # An edge alone moves that edge: the body ends 20 mm above the bottom, its top stays.
    moved = resolve(PlaceOptions(bottom=20), face, looks["body"], "boxes.body").places[0].rect
    assert (moved.y, moved.y1, moved.x, moved.w) == pytest.approx((20, body.y1, body.x, body.w))
    # A size alone keeps the edge nearer the card's: the footer grows upwards from the bottom.
    taller = resolve(PlaceOptions(height=10), face, looks["footer"], "boxes.footer").places[0].rect
    assert (taller.y, taller.h) == pytest.approx((footer.y, 10))
    title = resolve(PlaceOptions(height=15), face, looks["title"], "boxes.title").places[0].rect
    assert title.y1 == pytest.approx(88 - 3.7)
    # A look alone keeps the place.
    dressed = resolve(PlaceOptions(background="#eeeeee", padding=1), face, looks["body"], "boxes.body")
    assert dressed.places == looks["body"].places and dressed.padding == 1


def test_lengths_are_mm_or_shares_of_the_cards_side_and_a_size_alone_centres_a_new_box():
    look = resolve(PlaceOptions(width=20, top="50% - 5", height=10), POKER, None, "boxes.x")
    assert look.places[0].rect == Rect(21.5, 39, 20, 10)
    look = resolve(PlaceOptions(left="10%", right="10% + 1", bottom=0, height="25%"), POKER, None, "boxes.x")
    assert look.places[0].rect == Rect(pytest.approx(6.3), 0, pytest.approx(63 - 6.3 - 7.3), 22)


def test_the_named_layouts_are_data_in_the_keys_of_a_deck_file_and_fit_every_card_size():
    for name in ("card", "insert-full", "insert-overlay", "halves", "chip", "blank", "sheet"):
        file = layout_file(name)  # read with the deck file's own records: a bad key would fail here
        for box, spec in file.boxes.items():
            assert spec.positioned(), (name, box)
    for layout in LAYOUTS.values():
        if layout.flowing:
            continue
        for size in [Size(25, 25), Size(40, 40)] if layout.kind == "chips" else [POKER, Size(44, 67), Size(41, 63)]:
            face, looks = layout.looks(size, LayoutOptions())
            for look in looks.values():
                assert all(Rect(0, 0, face.w, face.h).contains(p.rect) for p in look.places)


def test_a_blank_card_with_the_card_layouts_boxes_copied_prints_as_the_card_layout(tmp_path):
    """The layout files serve as examples: pasted into a deck over `blank`, they print the same text
    in the same places."""
    copied = (ROOT / "templates" / "layouts" / "card.toml").read_text("utf-8")
    (tmp_path / "named").mkdir()
    (tmp_path / "pasted").mkdir()
    named = built(write(tmp_path / "named", ""))
    pasted = built(write(tmp_path / "pasted", copied, "blank"))

    def placed(result):
        """The first card's characters, from its top-left corner (the two decks' sheets differ: a
        card whose frame reaches its edge gets a gutter)."""
        sheet = result.sheets[0]
        trim = sheet.placements[0].trim
        with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
            return [(c["text"], round(c["x0"] / MM - trim.x, 2), round(c["top"] / MM - (sheet.page.h - trim.y1), 2),
                     round(c["size"], 2)) for c in doc.pages[0].chars if inside(trim, centre(c, sheet.page.h))]

    assert placed(named) == placed(pasted) != []
    with pdfplumber.open(io.BytesIO(pasted.pdf)) as doc:  # a blank card has no frame
        assert not [r for r in doc.pages[0].rects if r["fill"] and r["width"] > 50 and r["height"] > 50]


def test_a_picture_with_a_height_in_a_turned_box_keeps_its_band_at_the_top_as_the_box_reads():
    spec = BoxSpec(Rect(10, 20, 30, 10), rotation=90)  # reading shape 30 × 10 about (25, 25)
    top = _part(spec, 6, 4)  # the top 4 mm as it reads: on the face, the left 4 mm of the place
    assert (top.rect.x + top.rect.w / 2, top.rect.y + top.rect.h / 2) == pytest.approx((22, 25))
    assert (top.rect.w, top.rect.h) == (30, 4)


BAD = {
    "past the edge": ("[boxes.cost]\nright = -1\ntop = 4\nwidth = 9\nheight = 9\n", "boxes.cost.right",
                      "reaches past the face's edge"),
    "three keys": ("[boxes.cost]\nleft = 1\nright = 1\nwidth = 9\ntop = 1\nheight = 5\n", "boxes.cost.width",
                   "give two of left, width and right"),
    "no place": ('[boxes.cost]\nfields = ["cost"]\n', "boxes.cost", "needs its place"),
    "no size": ("[boxes.cost]\nleft = 4\ntop = 4\nheight = 9\n", "boxes.cost", "needs its size"),
    "a bad length": ('[boxes.cost]\nleft = "half"\nwidth = 9\ntop = 4\nheight = 9\n', "boxes.cost.left",
                     "a length is mm"),
    "a bad colour": ('[boxes.cost]\nleft = 4\nwidth = 9\ntop = 4\nheight = 9\nbackground = "red"\n',
                     "boxes.cost.background", "must be a colour"),
    "too much padding": ("[boxes.cost]\nleft = 4\nwidth = 9\ntop = 4\nheight = 9\npadding = 5\n",
                         "boxes.cost.padding", "leaves no room"),
    "a length not a number": ("[boxes.cost]\nleft = nan\nwidth = 9\ntop = 4\nheight = 9\n", "boxes.cost.left",
                              "a length is mm"),
    "negative padding": ("[boxes.cost]\nleft = 4\nwidth = 9\ntop = 4\nheight = 9\npadding = -1\n",
                         "boxes.cost.padding", "padding is mm, 0 or more"),
    "a border filling the box": ('[boxes.cost]\nleft = 4\nwidth = 9\ntop = 4\nheight = 9\nborder = "#000000"\n'
                                 "border_width = 5\n", "boxes.cost.border_width", "the border lies inside"),
    "a bad turn": ("[boxes.body]\nrotation = 45\n", "boxes.body.rotation", "must be one of"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_box_is_one_line_naming_its_line_and_key_and_the_pdf_before_stays(tmp_path, case):
    good = write(tmp_path, "")
    out = tmp_path / "out"
    assert invoke("build", good, "--out", out).exit_code == 0
    (pdf,) = (out / "deck").glob("*.pdf")
    before = pdf.read_bytes()
    boxes, where, words = BAD[case]
    write(tmp_path, boxes)
    result = invoke("build", good, "--out", out, "--force")
    assert result.exit_code == 2, result.output
    (line,) = [line for line in result.output.splitlines() if line.strip()]
    assert "deck.toml, line " in line and f"[{where}]" in line and words in line, line
    assert pdf.read_bytes() == before


def test_a_card_size_given_on_the_command_line_that_a_box_does_not_fit_is_an_error(tmp_path):
    path = write(tmp_path, "[boxes.band]\nleft = 40\nwidth = 20\ntop = 10\nheight = 5\n")
    assert invoke("build", path, "--out", tmp_path / "a").exit_code == 0  # poker: 60 mm of 63
    result = invoke("build", path, "--out", tmp_path / "b", "--card-size", "mini")  # 41 mm wide
    assert result.exit_code == 2, result.output
    assert "[boxes.band.width]" in result.output and "reaches past the face's edge" in result.output


def test_a_chips_box_stays_inside_its_circle(tmp_path):
    path = tmp_path / "chips.toml"
    path.write_text('[deck]\nlanguages = ["en"]\n[layout]\nname = "chip"\n'
                    '[boxes.corner]\nfields = ["value"]\nleft = 0\ntop = 0\nwidth = 6\nheight = 6\n'
                    '[[cards]]\nvalue = "1"\nlabel = "one"\n', encoding="utf-8")
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "[boxes.corner]" in result.output and "chip's circle (25 mm across)" in result.output


def test_a_later_boxs_background_lies_over_an_earlier_boxs_picture(tmp_path):
    """Full art with a title band over it: boxes draw in order, each its background, picture, border."""
    from PIL import Image

    Image.new("RGB", (600, 800), "#2471a3").save(tmp_path / "art.png")
    art = ('[boxes.art]\nleft = 0\nright = 0\ntop = 0\nbottom = 0\nimage = { file = "art.png", fit = "fill" }\n'
           '[boxes.band]\nfields = ["kind"]\nleft = 0\nright = 0\ntop = 40\nheight = 8\nbackground = "#ff0000"\n')
    result = built(write(tmp_path, art, "blank"))
    content = PdfReader(io.BytesIO(result.pdf)).pages[0].get_contents().get_data()
    assert b"1 0 0 rg" in content and content.index(b" Do") < content.index(b"1 0 0 rg"), \
        "the band's red is drawn after the picture"
