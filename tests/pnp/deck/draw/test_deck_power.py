"""Cards that their own data changes: a box printed only where its condition holds (the hidden one is
absent from the PDF), restyled where a restyle's holds, a colour or size from a column or a value map
(the PDF's fill is the cell's colour), a picture and a back chosen by a value map, and several layouts
in one deck chosen per card by a column. Every bad condition, value or layout is one line naming the
key (and the card), exit status 2."""
import io
import shutil
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.cli.main import main
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from pnp.geometry import Rect
from repo_paths import ROOT

MM = 72 / 25.4
EXAMPLE = ROOT / "examples" / "skirmish"
CARDS = """
[[cards]]
title = "Leader"
kind = "leader"
cost = ""
colour = "#123456"
faction = "ember"

[[cards]]
title = "Archer"
kind = "unit"
cost = "2"
colour = "#abcdef"
faction = "tide"

[[cards]]
title = "Giant"
kind = "unit"
cost = "6"
colour = "#00ff00"
faction = "ember"
"""
DISC = """
[boxes.cost]
fields = ["cost"]
right = 4
top = 4
width = 10
height = 10
background = "#fedcba"
when = "cost != ''"
"""


def write(folder: Path, keys: str, deck: str = "") -> Path:
    path = folder / "deck.toml"
    path.write_text(f'[deck]\nlanguages = ["en"]\nignore = ["kind", "colour", "faction"]\n{deck}\n'
                    f'[layout]\nname = "card"\n[fields.cost]\ntype = "integer"\n{keys}\n{CARDS}', encoding="utf-8")
    return path


def built(path: Path, lang: str = "en", **options):
    deck = load_deck(path)
    game = deck_game(deck)
    asset = next(iter(game.assets.values()))  # the cards (a tuck box comes after them)
    opts = deck_options(deck, Options(lang=lang, backs=options.pop("backs", "none"), **options), set(options))
    return build_pdf(BuildJob(game, asset), opts)


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def fills(pdf: bytes, page: int = 0) -> list[tuple[Rect, tuple]]:
    """Every filled rectangle of a page, in page mm from the bottom-left, with its fill colour."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        p = doc.pages[page]
        return [(Rect(r["x0"] / MM, (p.height - r["bottom"]) / MM, r["width"] / MM, r["height"] / MM),
                 tuple(round(c * 255) for c in r["non_stroking_color"] or ()))
                for r in p.rects if r["fill"]]


def rgb(colour: str) -> tuple:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def cost_box(trim: Rect) -> Rect:
    return Rect(trim.x1 - 4 - 10, trim.y1 - 4 - 10, 10, 10)


def near(a: Rect, b: Rect, tol: float = 0.05) -> bool:
    return all(abs(x - y) < tol for x, y in ((a.x, b.x), (a.y, b.y), (a.w, b.w), (a.h, b.h)))


def test_a_box_whose_condition_fails_is_absent_from_the_card_and_printed_where_it_holds(tmp_path):
    result = built(write(tmp_path, DISC))
    sheet = result.sheets[0]
    drawn = fills(result.pdf)
    discs = [any(near(r, cost_box(p.trim)) and c == rgb("#fedcba") for r, c in drawn) for p in sheet.placements]
    assert discs == [False, True, True]  # the leader has no cost: no empty disc
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        text = doc.pages[0].extract_text()
    assert "2" in text and "6" in text


def test_a_restyle_changes_the_look_of_the_cards_where_its_condition_holds(tmp_path):
    restyle = DISC + '[[boxes.cost.restyle]]\nwhen = "cost != \'\' and cost >= 5"\nbackground = "#f5d76e"\n'
    result = built(write(tmp_path, restyle))
    drawn = fills(result.pdf)
    colours = [[c for r, c in drawn if near(r, cost_box(p.trim))] for p in result.sheets[0].placements]
    assert colours == [[], [rgb("#fedcba")], [rgb("#f5d76e")]]


def test_a_colour_from_a_column_is_the_cells_and_from_a_value_map_the_entry_its_cell_picks(tmp_path):
    keys = DISC.replace('background = "#fedcba"\nwhen = "cost != \'\'"\n', 'background = "{colour}"\n')
    keys += ('[boxes.band]\nleft = 0\nright = 0\nbottom = 0\nheight = 5\n'
             'background = { column = "faction", map = { ember = "#b03a2e" }, default = "#2e6fb0" }\n')
    result = built(write(tmp_path, keys))
    drawn = fills(result.pdf)
    for p, cell, band in zip(result.sheets[0].placements, ("#123456", "#abcdef", "#00ff00"),
                             ("#b03a2e", "#2e6fb0", "#b03a2e")):
        assert [c for r, c in drawn if near(r, cost_box(p.trim))] == [rgb(cell)]
        assert [c for r, c in drawn if near(r, Rect(p.trim.x, p.trim.y, p.trim.w, 5))] == [rgb(band)]


def test_a_fields_colour_and_size_from_a_value_map(tmp_path):
    keys = ('[fields.title]\nsize = { column = "faction", map = { ember = 14, tide = 9 } }\n'
            'color = { column = "faction", map = { ember = "#c8102e", tide = "#0000ff" } }\n')
    result = built(write(tmp_path, keys))
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        chars = doc.pages[0].chars
    for word, size, colour in (("Leader", 14, "#c8102e"), ("Archer", 9, "#0000ff")):
        first = next(c for c in chars if c["text"] == word[0] and c["size"] > 8.5)
        assert first["size"] == pytest.approx(size, abs=0.01)
        assert tuple(round(v * 255) for v in first["non_stroking_color"]) == rgb(colour)


def test_the_example_deck_prints_two_layouts_backs_by_a_value_map_and_its_emblems(tmp_path):
    deck = tmp_path / "skirmish"
    shutil.copytree(EXAMPLE, deck)
    loaded = load_deck(deck / "skirmish.csv")
    layouts = {c.row: c.layout for c in loaded.cards}
    assert layouts == {2: "leader", 3: "unit", 4: "unit", 5: "unit", 6: "leader", 7: "unit", 8: "unit"}
    assert {c.row: c.back for c in loaded.cards} == {2: "fire", 3: "fire", 4: "fire", 5: "fire", 6: "water",
                                                     7: "water", 8: "water"}
    assert not loaded.warnings
    result = built(deck / "skirmish.csv", backs="duplex-long")
    images = [name for page in PdfReader(io.BytesIO(result.pdf)).pages
              for name, x in (page["/Resources"].get("/XObject") or {}).items()]
    assert len(images) == 2  # an emblem per faction, on the leaders only: the units' SVG marks are no images
    import pikepdf

    doc = pikepdf.open(io.BytesIO(result.pdf))
    colours = {tuple(round(float(v) * 255) for v in operands)
               for operands, op in pikepdf.parse_content_stream(doc.pages[0]) if str(op) == "rg"}
    assert (0xc0, 0x39, 0x2b) in colours  # the SVG mark's flame, filled as a vector path
    drawn = fills(result.pdf)
    placements = result.sheets[0].placements
    # The leaders' title band takes its faction's colour; a token (no cost) prints no cost disc.
    band = [c for r, c in drawn if near(r, Rect(placements[0].trim.x + 3, placements[0].trim.y1 - 57, 57, 11))]
    assert band == [rgb("#f3d9c4")]
    discs = [[c for r, c in curves(result.pdf) if near(r, Rect(p.trim.x1 - 14.5, p.trim.y1 - 14.5, 10, 10))]
             for p in placements[1:4]]
    assert discs == [[(255, 255, 255)], [rgb("#f5d76e")], []]  # a circle each; gold at 6; none on the token


def curves(pdf: bytes, page: int = 0) -> list[tuple[Rect, tuple]]:
    """Every filled curve (a circle, a rounded rectangle) of a page: its bounding box and fill colour."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        p = doc.pages[page]
        return [(Rect(c["x0"] / MM, (p.height - c["bottom"]) / MM, c["width"] / MM, c["height"] / MM),
                 tuple(round(v * 255) for v in c["non_stroking_color"] or ()))
                for c in p.curves if c["fill"]]


def faces(path: Path, lang: str = "en"):
    """Each printed card's drawing, in order (FaceArt items: shapes, pictures, text)."""
    deck = load_deck(path)
    game = deck_game(deck)
    asset = next(iter(game.assets.values()))  # the cards (a tuck box comes after them)
    opts = deck_options(deck, Options(lang=lang, backs="none"), set())
    from pnp.fonts.fontset import load_fonts
    return asset.lay_out(None, opts, load_fonts(opts.font_chain), deck.file)[1]


SHAPES = """
[boxes.ring]
right = 4
top = 4
width = 10
height = 8
shape = "circle"
background = "#102030"
border = "#405060"
border_width = 0.5

[boxes.panel]
left = 5
right = 5
top = 20
height = 30
shape = "rounded"
radius = 3
background = "#ffffff"
opacity = 0.6

[boxes.rule]
left = 4
right = 4
top = 18
height = 2
shape = "line"
border = "#aa0000"

[boxes.stamp]
left = 10
width = 20
top = 20
height = 20
shape = "polygon"
points = [[50, 0], [100, 100], [0, 100]]
background = "#00aa00"
opacity = 0.4
over_text = true

[boxes.note]
fields = ["cost"]
left = 4
width = 10
bottom = 4
height = 6
"""


def test_shapes_are_drawn_in_their_box_with_their_opacity_and_a_box_over_text_after_the_text_before_it(tmp_path):
    from pnp.sheets.draw import ShapeArt, TextArt

    path = write(tmp_path, SHAPES)
    first = faces(path)[1]  # the Archer: a title and a cost
    shapes = {s.fill or s.stroke: s for s in first.items if isinstance(s, ShapeArt)}
    ring = shapes["#102030"]
    assert ring.ellipse == Rect(63 - 4 - 10, 88 - 4 - 8, 10, 8)  # an ellipse filling its box
    assert shapes["#405060"].ellipse == Rect(49.25, 76.25, 9.5, 7.5)  # its border inside the box
    panel = shapes["#ffffff"]
    assert panel.rounded == (Rect(5, 88 - 50, 53, 30), 3) and panel.opacity == 0.6
    rule = shapes["#aa0000"]
    assert rule.points == ((4, 88 - 19), (59, 88 - 19)) and not rule.closed
    stamp = shapes["#00aa00"]
    assert stamp.points == ((20, 68), (30, 48), (10, 48)) and stamp.closed and stamp.opacity == 0.4
    order = first.items.index(stamp)
    texts = [n for n, item in enumerate(first.items) if isinstance(item, TextArt)]
    # Over the text of the box before it (the title), under the text of the box after it (the cost).
    assert len(texts) == 2 and texts[0] < order < texts[1]
    assert first.items.index(panel) < texts[0]  # a box without over_text stays under every text
    result = built(path)
    reader = PdfReader(io.BytesIO(result.pdf))
    states = reader.pages[0]["/Resources"]["/ExtGState"]
    alphas = {round(float(s.get_object().get("/ca", 1)), 2) for s in states.values()}
    assert {0.6, 0.4} <= alphas
    assert any(near(r, Rect(p.trim.x1 - 14, p.trim.y1 - 12, 10, 8)) and c == rgb("#102030")
               for p in result.sheets[0].placements[:1] for r, c in curves(result.pdf))


BAD = {
    "a condition that does not read": (DISC.replace("cost != ''", "cost !="), "boxes.cost.when",
                                       "does not read"),
    "a condition naming no field": (DISC.replace("cost != ''", "price > 2"), "boxes.cost.when",
                                    "names 'price', which is no field"),
    "a colour column that is not there": ('[boxes.title]\nbackground = "{color}"\n', "boxes.title.background",
                                          "no column 'color'"),
    "a size that is no number": ('[fields.title]\nsize = "big"\n', "fields.title.size", "a size is a number"),
    "a layout column that is not there": ('[layouts.big]\nname = "card"\n', "deck.layout", "no column 'kinds'"),
    "a layout of another kind": ('[layouts.big]\nname = "chip"\n', "layouts.big.name", "one kind and size"),
    "a polygon without points": ('[boxes.band]\nleft = 1\nwidth = 5\ntop = 1\nheight = 5\nshape = "polygon"\n'
                                 'background = "#000000"\n', "boxes.band.shape", "needs its points"),
    "an opacity past 1": ('[boxes.band]\nleft = 1\nwidth = 5\ntop = 1\nheight = 5\nopacity = 1.5\n'
                          'background = "#000000"\n', "boxes.band.opacity", "from 0"),
    "a point off the box": ('[boxes.band]\nleft = 1\nwidth = 5\ntop = 1\nheight = 5\nshape = "line"\n'
                            'points = [[0, 0], [120, 5]]\nborder = "#000000"\n', "boxes.band.points[1]",
                            "each 0 to 100"),
    "a layout's bad box": ('[layouts.big]\nname = "card"\n[layouts.big.boxes.nosuch]\nfields = ["title"]\n',
                           "layouts.big.boxes.nosuch", "has no box 'nosuch'"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_condition_value_or_layout_is_one_line_naming_its_key(tmp_path, case):
    keys, where, words = BAD[case]
    by_kind = 'layout = { column = "kind", map = { unit = "big" }, default = "" }'  # leaders keep [layout]
    deck = 'layout = "kinds"' if "layout column" in case else (by_kind if "layout" in case else "")
    result = invoke("build", write(tmp_path, keys, deck), "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    (line,) = [line for line in result.output.splitlines() if line.strip()]
    assert "deck.toml, line " in line and f"[{where}]" in line and words in line, line


CELLS = {
    "a condition failing on a card": (DISC.replace("cost != ''", "cost > 3"), 2, "fails on this card"),
    "a cell a value map lacks": ('[boxes.title]\nbackground = { column = "faction", map = { ember = "#111111" } }\n',
                                 3, "no entry 'tide' in the map"),
    "a cell that is no colour": (DISC.replace('"#fedcba"', '"{kind}"'), 2, "a colour is #rrggbb, got 'leader'"),
    "a condition reaching into Python": (DISC.replace("cost != ''", "title.__class__"), 2, "is unsafe"),
    "a cell naming no layout": ('[layouts.leader]\nname = "blank"\n', 3, "no layout 'unit' in [layouts]"),
}


@pytest.mark.parametrize("case", sorted(CELLS))
def test_a_card_whose_data_a_rule_cannot_take_is_named_by_its_row(tmp_path, case):
    keys, row, words = CELLS[case]
    deck = 'layout = "kind"' if "layout" in case else ""
    result = invoke("build", write(tmp_path, keys, deck), "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines and all("deck.toml" in line for line in lines)
    assert any("line " in line and words in line for line in lines), lines


def test_a_cell_of_the_back_map_naming_no_back_is_named_by_its_row(tmp_path):
    deck = 'back = { column = "faction", map = { ember = "fire", tide = "sea" } }'
    keys = '[backs.fire]\ntext = "F"\n'
    result = invoke("build", write(tmp_path, keys, deck), "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "no back 'sea' in [backs]" in result.output


def test_a_condition_on_a_typed_field_whose_cell_is_no_number_is_the_cells_error(tmp_path):
    path = write(tmp_path, DISC.replace("cost != ''", "cost > 1"))
    path.write_text(path.read_text(encoding="utf-8").replace('cost = "6"', 'cost = "abc"'), encoding="utf-8")
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and "'abc'" in result.output, result.output
