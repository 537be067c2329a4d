"""`pnp calibrate`, simulated: a printer shifts the back page; the sheet is turned over as the
chosen flip edge does; where front and back marks line up, the printed label must be exactly the
--back-offset that cancels the shift."""
import pytest
from click.testing import CliRunner

from cardcheck import open_pdf
from pnp.assets.calibrate import REACH
from pnp.cli.main import main

MM = 72 / 25.4


def build(tmp_path, mode, paper, offset="0,0"):
    result = CliRunner().invoke(main, ["calibrate", "--backs", mode, "--paper", paper, "--lang", "en",
                                       "--back-offset", offset, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    return (tmp_path / "calibrate" / f"calibrate-{mode}-{paper}-en.pdf").read_bytes()


def rects_mm(page):
    """Filled rectangles as (x0, y0, x1, y1) in mm, y up."""
    return [(r["x0"] / MM, (page.height - r["bottom"]) / MM, r["x1"] / MM, (page.height - r["top"]) / MM)
            for r in page.rects]


def ruler_zero(page, vertical: bool):
    """(zero's position along the ruler, the ruler line's position across it) for X or Y."""
    for x0, y0, x1, y1 in rects_mm(page):
        if vertical and abs(x1 - x0 - 2 * REACH) < 0.01 and y1 - y0 < 0.5:
            return (x0 + x1) / 2, (y0 + y1) / 2
        if not vertical and abs(y1 - y0 - 2 * REACH) < 0.01 and x1 - x0 < 0.5:
            return (y0 + y1) / 2, (x0 + x1) / 2
    raise AssertionError("ruler not found")


def back_line(page, vertical: bool) -> float:
    """The back's line that crosses the X ruler (a vertical line: its x) or the Y ruler (its y)."""
    for x0, y0, x1, y1 in rects_mm(page):
        if vertical and y1 - y0 > 100 and x1 - x0 < 0.5:
            return (x0 + x1) / 2
        if not vertical and x1 - x0 > 100 and y1 - y0 < 0.5:
            return (y0 + y1) / 2
    raise AssertionError("back line not found")


def label_at(page, along: float, zero: float, line: float, vertical: bool) -> float:
    """The label of the whole-millimetre mark at `along`: even millimetres are labelled on the
    marks' side of the ruler line, odd ones on the other side."""
    side = 1 if round(along - zero) % 2 == 0 else -1
    picked = []
    for c in page.chars:
        cx, cy = (c["x0"] + c["x1"]) / 2 / MM, (page.height - (c["top"] + c["bottom"]) / 2) / MM
        a, b = (cx, cy) if vertical else (cy, cx)
        if abs(a - along) < (1.2 if vertical else 0.45) and 0.5 < side * (b - line) < 10:
            picked.append(c)
    text = "".join(c["text"] for c in sorted(picked, key=lambda c: c["x0"]))
    return float(text.replace("−", "-"))


@pytest.mark.parametrize("mode,paper,axis", [("duplex-long", "a4", "vertical"), ("duplex-short", "a4", "horizontal"),
                                             ("duplex-long", "letter-landscape", "horizontal")])
@pytest.mark.parametrize("drift", [(0.0, 0.0), (1.0, -2.0), (-3.0, 4.0)])
def test_the_label_where_the_back_line_crosses_cancels_the_drift(tmp_path, mode, paper, axis, drift):
    pdf = build(tmp_path, mode, paper)
    with open_pdf(pdf) as doc:
        front, back = doc.pages
        size = (front.width / MM, front.height / MM)
        for vertical, index in ((True, 0), (False, 1)):
            zero, line = ruler_zero(front, vertical)
            # The printer moves the back page's content by `drift`; then the sheet is turned over.
            printed = back_line(back, vertical) + drift[index]
            mirrored = (axis == "vertical") == vertical
            seen = size[index] - printed if mirrored else printed
            assert label_at(front, seen, zero, line, vertical) == pytest.approx(-drift[index]), (vertical, seen - zero)


def test_current_offset_is_added_to_the_readings(tmp_path):
    pdf = build(tmp_path, "duplex-long", "a4", "1,-0.5")
    with open_pdf(pdf) as doc:
        front = doc.pages[0]
        zero, line = ruler_zero(front, True)
        assert label_at(front, zero, zero, line, True) == 1.0
        assert label_at(front, zero + 2, zero, line, True) == 3.0
        zero, line = ruler_zero(front, False)
        assert label_at(front, zero, zero, line, False) == -0.5


def test_bad_offset_is_a_user_error(tmp_path):
    result = CliRunner().invoke(main, ["calibrate", "--back-offset", "1;2", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "X,Y" in result.output


def test_the_closing_hint_speaks_the_user_s_language_whatever_the_sheet_s(tmp_path):
    for user, sheet, word in (("ja", "en", "目盛り"), ("en", "ja", "rulers")):
        result = CliRunner().invoke(main, ["calibrate", "--lang", sheet, "--out", str(tmp_path)],
                                    env={"TABLETOP_KIT_LANG": user})
        assert result.exit_code == 0 and word in result.output and "--back-offset X,Y" in result.output
