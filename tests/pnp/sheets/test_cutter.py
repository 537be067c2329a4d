"""`pnp build --cutter silhouette`: Silhouette's registration marks read back from
the PDF where its convention puts them, measured from the page's edges, every card inside their frame,
and the DXF and SVG cut paths within 0.1 mm of the card edges printed on the page."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from cardcheck import build, open_pdf
from pnp.assets.registry import GAMES
from pnp.cli.main import main
from pnp.sheets import cutter

MM = 72 / 25.4


def black_rects(page) -> list[tuple[float, float, float, float]]:
    """Filled black rectangles as (left, bottom, width, height) in mm from the page's bottom-left."""
    out = []
    for r in page.rects:
        if r.get("fill") and tuple(r.get("non_stroking_color") or ()) in ((0, 0, 0), (0,)):
            out.append((r["x0"] / MM, (page.height - r["bottom"]) / MM, (r["x1"] - r["x0"]) / MM,
                        (r["bottom"] - r["top"]) / MM))
    return out


def near(a, b, tol=0.05) -> bool:
    return all(abs(x - y) < tol for x, y in zip(a, b))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_silhouette_marks_follow_the_convention_and_frame_every_card(paper):
    built, _ = build(GAMES["terror24"], "cards", paper=paper, lang="en", cutter="silhouette")
    front_faces = {c[2] for c in built.cards}
    with open_pdf(built.pdf) as pdf:
        for n, (page, sheet) in enumerate(zip(pdf.pages, built.sheets)):
            rects = black_rects(page)
            w, h = page.width / MM, page.height / MM
            fronts = {p.face for p in sheet.placements} <= front_faces
            # silhouette-card-maker's specification: lines 1 mm thick centred 10 mm in from the edges;
            # the 5 mm square's outline on them at the top-left, an L's corner point on them at the
            # top-right and bottom-left, each arm reaching 20 mm from it; nothing at the bottom-right.
            square = (9.5, h - 15.5, 6.0, 6.0)
            ls = [(w - 30.0, h - 10.5, 20.5, 1.0), (w - 10.5, h - 30.0, 1.0, 20.5),  # top-right
                  (9.5, 9.5, 20.5, 1.0), (9.5, 9.5, 1.0, 20.5)]  # bottom-left
            found = [m for m in [square] + ls if any(near(m, r) for r in rects)]
            bottom_right = [r for r in rects if r[0] + r[2] > w - 35 and r[1] < 35]
            if not fronts:
                assert not found, f"page {n + 1}: marks on a back page"
                continue
            assert len(found) == 5, (paper, n + 1, rects)
            assert not bottom_right, (paper, n + 1, bottom_right)
            for p in sheet.placements:  # inside the marks' frame, clear of them
                box = p.trim.outset(sheet.bleed)
                assert box.x >= 15.5 and box.y >= 10.5 + 0.5 and box.x1 <= w - 10.5 and box.y1 <= h - 15.5, p


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("machine", ["silhouette", "cricut"])
def test_coloured_cards_keep_a_millimetre_of_bleed_for_the_machines_cut(paper, machine):
    """A cut lands within about 0.5 mm of its line: red beside blue needs the bleed to hide a miss."""
    built, _ = build(GAMES["liar-mafia"], "cards", paper=paper, lang="en", cutter=machine)
    for sheet in built.sheets:
        assert sheet.bleed >= cutter.LEAST_BLEED
        trims = [p.trim for p in sheet.placements]
        for a in trims:
            for b in trims:
                if a != b and (abs(a.x - b.x) < 1 or abs(a.y - b.y) < 1):  # neighbours in a row or a column
                    gap = max(b.x - a.x1, a.x - b.x1, b.y - a.y1, a.y - b.y1)
                    assert gap >= 2 * cutter.LEAST_BLEED - 1e-6, (paper, machine, a, b)


def test_cut_files_outline_the_printed_cards(tmp_path):
    result = CliRunner().invoke(main, ["build", "liar-mafia", "--asset", "cards", "--cutter", "silhouette",
                                       "--lang", "en", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "liar-mafia"
    [pdf_path] = folder.glob("cards-silhouette-*.pdf")
    built, _ = build(GAMES["liar-mafia"], "cards", lang="en", cutter="silhouette")
    fronts = built.sheets[0]
    with open_pdf(built.pdf) as pdf:  # the cards as printed: the PDF's TrimBox is the union of their trims
        trim_box = [float(v) / MM for v in pdf.pages[0].page_obj.attrs["TrimBox"]]
    left, bottom = min(p.trim.x for p in fronts.placements), min(p.trim.y for p in fronts.placements)
    assert near(trim_box[:2], (left, bottom), 0.01)
    expected = sorted((round(p.trim.x, 3), round(p.trim.y, 3), round(p.trim.w, 3), round(p.trim.h, 3))
                      for p in fronts.placements)
    page_h = fronts.page.h
    svg = ET.parse(next(folder.glob("cards-silhouette-*-p1.svg"))).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert svg.get("width") == f"{fronts.page.w:g}mm"
    outlines = sorted((float(r.get("x")), page_h - float(r.get("y")) - float(r.get("height")), float(r.get("width")),
                       float(r.get("height"))) for r in svg.iterfind(".//s:rect", ns))
    assert len(outlines) == len(expected) and all(near(a, b, 0.1) for a, b in zip(outlines, expected))
    text = next(folder.glob("cards-silhouette-*-p1.dxf")).read_text()
    numbers = re.findall(r"\n(10|20)\n([-0-9.]+)", text)
    points = [(float(a), float(b)) for (_, a), (_, b) in zip(numbers[0::2], numbers[1::2])][2:]  # after the extents
    polys = [points[i:i + 4] for i in range(0, len(points), 4)]
    boxes = sorted((min(x for x, _ in p), min(y for _, y in p), max(x for x, _ in p) - min(x for x, _ in p),
                    max(y for _, y in p) - min(y for _, y in p)) for p in polys)
    assert len(boxes) == len(expected) and all(near(a, b, 0.1) for a, b in zip(boxes, expected))
    assert not list(folder.glob("cards-silhouette-*-p2.*"))  # the back page is not cut


def test_the_cutter_refuses_fold_and_glue_sheets(tmp_path):
    result = CliRunner().invoke(main, ["build", "liar-mafia", "--asset", "cards", "--cutter", "silhouette",
                                       "--backs", "fold", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "fold" in result.output


def test_the_marks_are_what_the_module_says():
    from pnp.geometry import Rect, Size

    page = Size(210, 297)
    assert cutter.marks(page)[0] == Rect(9.5, 281.5, 6.0, 6.0)  # the square, its outline's middle 10 mm in
    assert len(cutter.marks(page)) == 5  # the square and two L marks of two arms
