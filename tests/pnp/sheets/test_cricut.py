"""`pnp build --cutter cricut` and rounded corners for either cutter: each sheet of
fronts an image within Design Space's Print Then Cut limit, its SVG's outlines on the card edges found
in the image's own pixels, corners rounded by arcs of the radius asked, and a radius no card can have
refused in one line."""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from PIL import Image

from inkbox import ink_box, near
from pnp.cli.main import main
from pnp.geometry import Rect
from pnp.sheets import cutpath, cutter

NS = {"s": "http://www.w3.org/2000/svg"}
LIMIT_IN = (6.75, 9.25)  # Design Space's largest Print Then Cut image on Letter or A4


def run(tmp_path, *args):
    result = CliRunner().invoke(main, ["build", *args, "--out", str(tmp_path)])
    return result


def svg_rects(path) -> list[Rect]:
    """The SVG's square outlines, mm, y down from the top (the image's rows run the same way)."""
    root = ET.parse(path).getroot()
    return [Rect(*(float(r.get(k)) for k in ("x", "y", "width", "height"))) for r in root.iterfind(".//s:rect", NS)]


def test_each_sheet_of_fronts_is_an_image_within_print_then_cut_with_its_svg(tmp_path):
    result = run(tmp_path, "liar-mafia", "--asset", "cards", "--cutter", "cricut", "--lang", "en",
                 "--paper", "letter")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "liar-mafia"
    # The image is the same on any paper: no paper in the names; fronts only (pages 1 and 3 of 4).
    names = sorted(p.name for p in folder.iterdir() if p.is_file())
    assert names == ["cards-cricut-en-p1.png", "cards-cricut-en-p1.svg", "cards-cricut-en-p3.png",
                     "cards-cricut-en-p3.svg", "cards-cricut-en.pdf"]
    for page in (1, 3):
        image = Image.open(folder / f"cards-cricut-en-p{page}.png")
        dpi = image.info["dpi"]
        assert all(abs(d - cutter.CRICUT_DPI) < 0.01 for d in dpi)
        inches = (image.width / dpi[0], image.height / dpi[1])
        assert all(size <= most + 1e-3 for size, most in zip(inches, LIMIT_IN)), inches
        assert image.size == (2025, 2775)  # 6.75 × 9.25 in at 300 dpi, not a pixel more
        assert image.mode == "RGB"  # opaque: Design Space keeps the whole sheet, white and all
        root = ET.parse(folder / f"cards-cricut-en-p{page}.svg").getroot()
        # the SVG is the image's size in mm, so it lines up corner to corner
        assert (root.get("width"), root.get("height")) == ("171.45mm", "234.95mm")
        rects = svg_rects(folder / f"cards-cricut-en-p{page}.svg")
        assert len(rects) == 4  # 2 × 2 poker cards: a third column or row would pass 6.75 or 9.25 in
        # Design Space sizes an SVG to its outlines: they sit at the image's centre, so centring both lines them up
        left, top = min(r.x for r in rects), min(r.y for r in rects)
        right, bottom = max(r.x1 for r in rects), max(r.y1 for r in rects)
        assert abs((left + right) / 2 - 171.45 / 2) < 0.01 and abs((top + bottom) / 2 - 234.95 / 2) < 0.01


def test_the_outlines_lie_on_the_card_edges_printed_in_the_image(tmp_path):
    # No bleed and a gutter: each card's frame colour ends at its trim with white around it.
    result = run(tmp_path, "liar-mafia", "--asset", "cards", "--cutter", "cricut", "--lang", "ja",
                 "--bleed", "0", "--gutter", "4")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "liar-mafia"
    image = Image.open(folder / "cards-cricut-ja-p1.png")
    rects = svg_rects(folder / "cards-cricut-ja-p1.svg")
    assert len(rects) == 4
    for r in rects:
        printed = ink_box(image, r.outset(0.7))  # less than the 1 mm the footer keeps from the cards
        assert near(printed, r, 0.1), (printed, r)


def test_with_the_default_bleed_the_colour_runs_past_every_outline(tmp_path):
    result = run(tmp_path, "liar-mafia", "--asset", "cards", "--cutter", "cricut", "--lang", "en",
                 "--corner-radius", "3")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "liar-mafia"
    image = Image.open(folder / "cards-cricut-en-p1.png")
    paths = re.findall(r'd="M ([0-9.]+) ([0-9.]+) H ([0-9.]+) .*? V ([0-9.]+) ',
                       (folder / "cards-cricut-en-p1.svg").read_text())
    cards = [Rect(float(x) - 3, float(y), float(x1) + 3 - (float(x) - 3), float(v) + 3 - float(y))
             for x, y, x1, v in paths]
    assert len(cards) == 4
    union = Rect(min(c.x for c in cards), min(c.y for c in cards), 0, 0)
    union = Rect(union.x, union.y, max(c.x1 for c in cards) - union.x, max(c.y1 for c in cards) - union.y)
    # the frames' colour reaches 3 mm past the outer outlines: a cut 1 mm off still shows no white
    assert near(ink_box(image, union.outset(4.5)), union.outset(3.0), 0.1)


def parse_path(d: str) -> tuple[tuple[float, float], list[tuple[str, list[float]]]]:
    tokens = re.findall(r"[MHVAZ]|-?[0-9.]+", d)
    assert tokens[0] == "M"
    start = (float(tokens[1]), float(tokens[2]))
    commands, i = [], 3
    while i < len(tokens):
        cmd = tokens[i]
        n = {"H": 1, "V": 1, "A": 7, "Z": 0}[cmd]
        commands.append((cmd, [float(t) for t in tokens[i + 1:i + 1 + n]]))
        i += 1 + n
    return start, commands


def test_rounded_corners_in_svg_are_quarter_arcs_of_the_radius_with_ends_on_the_edges(tmp_path):
    result = run(tmp_path, "terror24", "--asset", "cards", "--cutter", "silhouette", "--lang", "en",
                 "--corner-radius", "3")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "terror24"
    square = run(tmp_path / "square", "terror24", "--asset", "cards", "--cutter", "silhouette", "--lang", "en")
    assert square.exit_code == 0, square.output
    [svg_square] = (tmp_path / "square" / "terror24").glob("*-p1.svg")
    trims = svg_rects(svg_square)  # the same cards' square outlines, where their trims are printed
    [svg] = folder.glob("*-p1.svg")
    ds = [p.get("d") for p in ET.parse(svg).getroot().iterfind(".//s:path", NS)]
    assert len(ds) == len(trims) > 0
    for d, trim in zip(ds, trims):
        (x, y), commands = parse_path(d)
        assert (x, y) == pytest.approx((trim.x + 3, trim.y), abs=1e-3)
        arcs = 0
        for cmd, args in commands:
            if cmd == "H":
                x = args[0]
            elif cmd == "V":
                y = args[0]
            elif cmd == "A":
                rx, ry, _rot, large, sweep, x1, y1 = args
                assert (rx, ry, large, sweep) == (3, 3, 0, 1)
                assert abs(abs(x1 - x) - 3) < 1e-3 and abs(abs(y1 - y) - 3) < 1e-3  # a quarter turn
                for px, py in ((x, y), (x1, y1)):  # both ends on an edge of the trim, inside its span
                    on_edge = (min(abs(px - trim.x), abs(px - trim.x1)) < 1e-3
                               or min(abs(py - trim.y), abs(py - trim.y1)) < 1e-3)
                    assert on_edge and trim.x - 1e-3 <= px <= trim.x1 + 1e-3 and trim.y - 1e-3 <= py <= trim.y1 + 1e-3
                x, y, arcs = x1, y1, arcs + 1
        assert arcs == 4 and (x, y) == pytest.approx((trim.x + 3, trim.y), abs=1e-3)  # closed where it began
    [dxf] = folder.glob("*-p1.dxf")  # Silhouette's DXF rounds the same corners (its geometry: the next test)
    assert dxf.read_text().count(f"\n42\n{cutpath.QUARTER_BULGE:.9f}\n") == 4 * len(trims)


def test_rounded_corners_in_dxf_are_bulges_of_the_radius():
    trim = Rect(20.0, 30.0, 63.0, 88.0)
    text = cutpath.dxf(cutter.CRICUT_SHEET, [trim], 3.0)
    vertices = re.findall(r"VERTEX\n8\nCUT\n10\n([-0-9.]+)\n20\n([-0-9.]+)\n(?:42\n([-0-9.]+)\n)?", text)
    points = [(float(x), float(y), float(b or 0)) for x, y, b in vertices]
    assert len(points) == 8 and sum(1 for *_p, b in points if b) == 4
    for (x, y, bulge), (x1, y1, _b) in zip(points, points[1:] + points[:1]):
        for px, py in ((x, y), (x1, y1)):  # every vertex on an edge of the trim
            assert min(abs(px - trim.x), abs(px - trim.x1), abs(py - trim.y), abs(py - trim.y1)) < 1e-3
        if not bulge:
            assert x == x1 or y == y1  # a straight edge along the trim
            continue
        # an arc's bulge is tan(angle / 4): a quarter turn, counter-clockwise; its radius from the chord
        angle = 4 * math.atan(bulge)
        assert angle == pytest.approx(math.pi / 2)
        chord = math.dist((x, y), (x1, y1))
        assert chord / (2 * math.sin(angle / 2)) == pytest.approx(3.0, abs=1e-3)


def test_a_round_end_at_half_the_short_side_keeps_no_zero_length_edge():
    trim = Rect(0.0, 0.0, 25.0, 25.0)  # a chip: radius 12.5 makes a circle
    vertices = cutpath.dxf_vertices(trim, 12.5)
    assert len(vertices) == 4 and all(b for *_p, b in vertices)


@pytest.mark.parametrize("radius, words", [("-1", "negative"), ("31.6", "31.5 mm at most")])
def test_a_radius_no_card_can_have_is_one_line_and_exit_2(tmp_path, radius, words):
    result = run(tmp_path, "liar-mafia", "--asset", "cards", "--cutter", "cricut", f"--corner-radius={radius}")
    assert result.exit_code == 2 and words in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def test_half_the_short_side_is_allowed(tmp_path):
    result = run(tmp_path, "liar-mafia", "--asset", "cards", "--cutter", "cricut", "--lang", "en",
                 "--corner-radius", "31.5")
    assert result.exit_code == 0, result.output


def test_a_radius_without_a_cutter_is_refused(tmp_path):
    result = run(tmp_path, "liar-mafia", "--asset", "cards", "--corner-radius", "3")
    assert result.exit_code == 2 and "--cutter" in result.output


def test_a_deleted_sheet_image_is_made_again(tmp_path):
    args = ("liar-mafia", "--asset", "cards", "--cutter", "cricut", "--lang", "en")
    assert run(tmp_path, *args).exit_code == 0
    image = tmp_path / "liar-mafia" / "cards-cricut-en-p3.png"
    image.unlink()
    result = run(tmp_path, *args)
    assert result.exit_code == 0 and "up to date" not in result.output and image.exists()
    assert "up to date" in run(tmp_path, *args).output
