"""Cut paths that follow what is printed: a chip's outline is its circle, in the DXF and the SVG; a
card's the rectangle of its trim (rounded by --corner-radius); and every Cricut sheet, full or not,
lines up after Design Space's own alignment as docs/print-assets.md describes it: the SVG sized to its
outlines (its empty margin dropped), the PNG kept whole (opaque white), both centred on each other
("Align → Center"). Each outline must then land on the card printed under it."""
from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from PIL import Image

from cardcheck import build, open_pdf, ruler_bars
from inkbox import ink_box, near
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES
from pnp.cli.main import main
from pnp.deck.draw.userdeck import deck_game
from pnp.deck.read.deckfile import load_deck
from pnp.geometry import Rect
from pnp.sheets import cutter

NS = {"s": "http://www.w3.org/2000/svg"}
MM = 72 / 25.4
CARD_ASSETS = [(game.id, name) for game in GAMES.values() for name, asset in game.assets.items()
               if isinstance(asset, Cards)]
TOKENS = """[deck]
id = "tokens"
title = { ja = "チップ", en = "Tokens" }
languages = ["en"]
diameter = 25
[layout]
name = "chip"
[[cards]]
value = "1"
label = { en = "point" }
copies = 70
"""


def svg_outlines(svg: bytes) -> list[tuple[str, Rect, float]]:
    """Each outline of a cut file as (shape, its box in mm with y down, radius): `rect`, `path` (a
    rounded rectangle: its box from its edge points, its radius from its arcs) or `circle`."""
    out = []
    for element in ET.fromstring(svg).iter():
        tag = element.tag.split("}")[1]
        if tag == "rect":
            out.append(("rect", Rect(*(float(element.get(k)) for k in ("x", "y", "width", "height"))), 0.0))
        elif tag == "circle":
            cx, cy, r = (float(element.get(k)) for k in ("cx", "cy", "r"))
            out.append(("circle", Rect(cx - r, cy - r, 2 * r, 2 * r), r))
        elif tag == "path":
            d = element.get("d")
            xs, ys = _path_points(d)
            radius = float(re.search(r"A ([0-9.]+)", d).group(1))
            out.append(("path", Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), radius))
    return out


def _path_points(d: str) -> tuple[list[float], list[float]]:
    tokens = re.findall(r"[MHVAZ]|-?[0-9.]+", d)
    xs, ys, i = [], [], 0
    x = y = 0.0
    while i < len(tokens):
        cmd = tokens[i]
        if cmd == "M":
            x, y = float(tokens[i + 1]), float(tokens[i + 2])
            i += 3
        elif cmd == "H":
            x = float(tokens[i + 1])
            i += 2
        elif cmd == "V":
            y = float(tokens[i + 1])
            i += 2
        elif cmd == "A":
            x, y = float(tokens[i + 6]), float(tokens[i + 7])
            i += 8
        else:
            i += 1
        xs.append(x)
        ys.append(y)
    return xs, ys


def dxf_polylines(text: str) -> list[list[tuple[float, float, float]]]:
    """The DXF's closed polylines as (x, y, bulge) vertices, read group code by group code."""
    lines = text.splitlines()
    pairs = [(lines[i].strip(), lines[i + 1].strip()) for i in range(0, len(lines) - 1, 2)]
    polylines, current, vertex = [], None, None
    for code, value in pairs:
        if code == "0":
            if vertex is not None:
                current.append(tuple(vertex))
                vertex = None
            if value == "POLYLINE":
                current = []
            elif value == "VERTEX":
                vertex = [0.0, 0.0, 0.0]
            elif value == "SEQEND":
                polylines.append(current)
                current = None
        elif vertex is not None and code in ("10", "20", "42"):
            vertex[{"10": 0, "20": 1, "42": 2}[code]] = float(value)
    return polylines


def arcs(polyline) -> list[tuple[float, float, float, float]]:
    """Each bulged segment of a closed polyline as (centre x, centre y, radius, angle turned)."""
    out = []
    for (x0, y0, bulge), (x1, y1, _b) in zip(polyline, polyline[1:] + polyline[:1]):
        if not bulge:
            continue
        angle = 4 * math.atan(bulge)
        chord = math.dist((x0, y0), (x1, y1))
        radius = chord / (2 * math.sin(angle / 2))
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        # the centre lies on the chord's perpendicular, to the left of the way for a positive bulge
        h = radius * math.cos(angle / 2)
        nx, ny = -(y1 - y0) / chord, (x1 - x0) / chord
        out.append((mx + nx * h, my + ny * h, radius, angle))
    return out


def design_space(outlines: list[Rect], image_w: float, image_h: float) -> list[Rect]:
    """Where the outlines land after Design Space's steps: the SVG is as large as its outlines' block
    (its margin dropped) and "Align → Center" puts that block's middle on the image's middle."""
    left, top = min(r.x for r in outlines), min(r.y for r in outlines)
    right, bottom = max(r.x1 for r in outlines), max(r.y1 for r in outlines)
    dx, dy = image_w / 2 - (left + right) / 2, image_h / 2 - (top + bottom) / 2
    return [Rect(r.x + dx, r.y + dy, r.w, r.h) for r in outlines]


def fronts(built) -> list[tuple[int, object]]:
    """The sheets the machine cuts (page number, sheet): those with a cut file."""
    cut = {int(re.match(r"-p(\d+)\.svg", suffix).group(1)) for suffix, _ in built.extras if suffix.endswith(".svg")}
    return [(n, s) for n, s in enumerate(built.sheets, 1) if n in cut]


def printed_trims(sheet) -> list[Rect]:
    """The trims as printed on the page, y down from its top (the image's and the SVG's way)."""
    return [Rect(p.trim.x, sheet.page.h - p.trim.y1, p.trim.w, p.trim.h) for p in sheet.placements]


def check_lined_up(built, where: str) -> None:
    files = dict(built.extras)
    with open_pdf(built.pdf) as pdf:
        for n, sheet in fronts(built):
            outlines = [box for _shape, box, _r in svg_outlines(files[f"-p{n}.svg"])]
            image = Image.open(io.BytesIO(files[f"-p{n}.png"]))
            w, h = image.width / cutter.CRICUT_DPI * 25.4, image.height / cutter.CRICUT_DPI * 25.4
            landed = design_space(outlines, w, h)
            cards = printed_trims(sheet)
            # the printed cards are where the PDF's TrimBox says (the union of their trims)
            trim_box = [float(v) / MM for v in pdf.pages[n - 1].page_obj.attrs["TrimBox"]]
            assert near(Rect(trim_box[0], h - trim_box[3], trim_box[2] - trim_box[0], trim_box[3] - trim_box[1]),
                        Rect(min(c.x for c in cards), min(c.y for c in cards),
                             max(c.x1 for c in cards) - min(c.x for c in cards),
                             max(c.y1 for c in cards) - min(c.y for c in cards)), 0.01), (where, n)
            assert len(landed) == len(cards), (where, n)
            for outline in landed:
                assert any(near(outline, card, 0.1) for card in cards), (where, n, outline, cards)
            assert len(ruler_bars(pdf.pages[n - 1])) == 1, (where, n)  # its scale check


@pytest.mark.parametrize("game_id, name", CARD_ASSETS)
def test_every_cricut_sheet_lines_up_after_design_spaces_alignment(game_id, name):
    built, _ = build(GAMES[game_id], name, lang="en", cutter="cricut")
    check_lined_up(built, f"{game_id} {name}")


def test_full_and_part_filled_chip_sheets_line_up_and_keep_their_scale_check(tmp_path):
    """A deck of 70 chips fills a sheet and part of the next: both centred, both with the ruler."""
    (tmp_path / "tokens.toml").write_text(TOKENS, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(tmp_path / "tokens.toml"), "--cutter", "cricut",
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "tokens"
    game = deck_game(load_deck(tmp_path / "tokens.toml"))
    built, _ = build(game, "chips", lang="en", cutter="cricut")
    [(_, full), (_, part)] = fronts(built)
    assert len(full.placements) > len(part.placements) > 0
    check_lined_up(built, "tokens")
    assert sorted(p.name for p in folder.glob("*-p*.svg")) == ["chips-cricut-en-p1.svg", "chips-cricut-en-p2.svg"]


@pytest.mark.parametrize("game_id, name, page", [("famiglia", "robot", 1), ("terror24", "cards", 39)])
def test_a_part_filled_sheets_outlines_land_on_the_cards_in_its_pixels(tmp_path, game_id, name, page):
    """The cards found in the sheet image's own pixels (no bleed, a white gutter round each) under
    the outlines as Design Space places them."""
    result = CliRunner().invoke(main, ["build", game_id, "--asset", name, "--cutter", "cricut", "--lang", "en",
                                       "--bleed", "0", "--gutter", "4", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / game_id
    [svg] = folder.glob(f"*-p{page}.svg")
    image = Image.open(svg.with_suffix(".png"))
    outlines = [box for _shape, box, _r in svg_outlines(svg.read_bytes())]
    landed = design_space(outlines, 171.45, 234.95)
    assert 0 < len(landed) < 4
    for outline in landed:
        printed = ink_box(image, outline.outset(0.7))
        assert near(printed, outline, 0.1), (printed, outline)


@pytest.mark.parametrize("machine", cutter.CUTTERS)
def test_each_chips_cut_path_is_a_circle_of_its_diameter(machine):
    game = GAMES["liar-mafia"]
    built, opts = build(game, "chips", lang="ja", cutter=machine)
    diameter = game.assets["chips"].size(opts).w
    assert diameter == 25.0
    files = dict(built.extras)
    for n, sheet in fronts(built):
        chips = printed_trims(sheet)
        outlines = svg_outlines(files[f"-p{n}.svg"])
        assert len(outlines) == len(chips) > 0
        for shape, box, radius in outlines:
            assert shape == "circle" and abs(radius - diameter / 2) < 0.1, (shape, radius)
            assert any(near(box, chip, 0.1) for chip in chips), box
        if machine != "silhouette":
            continue
        polylines = dxf_polylines(files[f"-p{n}.dxf"].decode())
        assert len(polylines) == len(chips)
        for polyline in polylines:
            turned = arcs(polyline)
            assert len(turned) == len(polyline)  # no straight edge: arcs all round
            assert sum(a for *_c, a in turned) == pytest.approx(2 * math.pi)
            cx, cy = turned[0][:2]
            for x, y, radius, _a in turned:
                assert abs(radius - diameter / 2) < 0.1 and math.dist((x, y), (cx, cy)) < 0.1
            centre = Rect(cx - diameter / 2, sheet.page.h - cy - diameter / 2, diameter, diameter)
            assert any(near(centre, chip, 0.1) for chip in chips), (cx, cy)


def test_cards_keep_their_rectangles_and_a_corner_radius_rounds_them():
    built, _ = build(GAMES["liar-mafia"], "cards", lang="en", cutter="silhouette", corner_radius=3.0)
    files = dict(built.extras)
    n, sheet = fronts(built)[0]
    outlines = svg_outlines(files[f"-p{n}.svg"])
    assert {(shape, radius) for shape, _b, radius in outlines} == {("path", 3.0)}
    for _shape, box, _r in outlines:
        assert any(near(box, card, 0.1) for card in printed_trims(sheet))
    for polyline in dxf_polylines(files[f"-p{n}.dxf"].decode()):
        assert [round(r, 3) for *_c, r, _a in arcs(polyline)] == [3.0] * 4
