"""Card sizes, papers, grids and cut guides: arithmetic only, no drawing."""
import itertools

import pytest

from pnp.geometry import MIN_MARGIN, Rect, Size, grid, parse_card_size, parse_paper, pt, to_mm
from pnp.sheets.imposition import footer_boxes, guide_segments, plan_fronts


def test_units_round_trip():
    assert pt(25.4) == pytest.approx(72.0)
    assert to_mm(595.2756) == pytest.approx(210.0, abs=1e-3)


@pytest.mark.parametrize("text,size", [
    ("poker", (63, 88)), ("ja-small", (59, 86)), ("bridge", (57, 89)), ("mini", (44, 63)),
    ("63.5x88.9", (63.5, 88.9)), ("70×120", (70, 120)), ("50X50mm", (50, 50)),
])
def test_card_sizes(text, size):
    assert parse_card_size(text) == Size(*size)


@pytest.mark.parametrize("text", ["tarot", "63x", "0x88", "-3x5", ""])
def test_bad_card_size(text):
    with pytest.raises(ValueError, match="card size"):
        parse_card_size(text)


@pytest.mark.parametrize("text, meant", [("pokr", "poker"), ("Bridg", "bridge"), ("ja_small", "ja-small"),
                                         ("tarot", None), ("63x", None)])
def test_a_misspelt_card_size_suggests_the_nearest_one(text, meant):
    with pytest.raises(ValueError) as refused:
        parse_card_size(text)
    said = str(refused.value)
    assert said.endswith(f"; did you mean {meant!r}?") if meant else "did you mean" not in said


def test_papers():
    assert parse_paper("A4") == ("a4", Size(210, 297))
    assert parse_paper("letter") == ("letter", Size(215.9, 279.4))
    assert parse_paper("a4-landscape") == ("a4-landscape", Size(297, 210))
    with pytest.raises(ValueError):
        parse_paper("a3")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_is_nine_up_and_centred(paper):
    page = parse_paper(paper)[1]
    g = grid(page, Size(63, 88))
    assert (g.cols, g.rows) == (3, 3)
    area = g.trim_area
    assert area.w == pytest.approx(189) and area.h == pytest.approx(264)
    assert area.x == pytest.approx(page.w - area.x1)
    assert area.y == pytest.approx(page.h - area.y1)
    assert min(area.x, area.y) >= MIN_MARGIN


def test_letter_nine_up_leaves_7_7_mm_top_and_bottom():
    g = grid(parse_paper("letter")[1], Size(63, 88))
    assert g.trim_area.y == pytest.approx(7.7, abs=0.05)


def test_slots_are_exact_and_do_not_overlap():
    g = grid(Size(210, 297), Size(63, 88), gutter=2.5, bleed=1.0)
    trims = [g.trim(i) for i in range(g.per_page)]
    for t in trims:
        assert (t.w, t.h) == (63, 88)
    # slot 0 top-left, slot 1 to its right, reading order
    assert trims[1].x - trims[0].x == pytest.approx(63 + 2.5 + 2)
    assert trims[g.cols].y1 == pytest.approx(trims[0].y - 2.5 - 2)
    for a, b in itertools.combinations([g.bleed_box(i) for i in range(g.per_page)], 2):
        assert a.x1 <= b.x + 1e-9 or b.x1 <= a.x + 1e-9 or a.y1 <= b.y + 1e-9 or b.y1 <= a.y + 1e-9


def test_falls_back_to_fewer_cards_instead_of_shrinking():
    g = grid(Size(215.9, 279.4), Size(63, 88), gutter=5)
    assert (g.cols, g.rows) == (3, 2)
    assert g.trim(0).w == 63
    with pytest.raises(ValueError, match="does not fit"):
        grid(Size(210, 297), Size(250, 88))


def test_landscape_and_other_sizes():
    assert grid(Size(297, 210), Size(63, 88)).per_page == 8
    assert grid(Size(210, 297), Size(44, 63)).per_page == 16
    assert grid(Size(210, 297), Size(43, 88)).per_page == 12


def test_plan_fills_pages_in_order():
    g = grid(Size(210, 297), Size(63, 88))
    sheets = plan_fronts(54, g)
    assert len(sheets) == 6
    assert [p.face for s in sheets for p in s.placements] == list(range(54))
    short = plan_fronts(10, g)
    assert [len(s.placements) for s in short] == [9, 1]


def _crosses(seg, rect):
    x0, y0, x1, y1 = seg
    if x0 == x1:
        return rect.x < x0 < rect.x1 and max(y0, rect.y) < min(y1, rect.y1)
    return rect.y < y0 < rect.y1 and max(x0, rect.x) < min(x1, rect.x1)


@pytest.mark.parametrize("style", ["lines", "corners"])
@pytest.mark.parametrize("gutter,bleed", [(0, 0), (3, 0), (0, 3), (2, 3)])
def test_guides_stay_outside_cards(style, gutter, bleed):
    g = grid(Size(210, 297), Size(63, 88), gutter=gutter, bleed=bleed)
    sheet = plan_fronts(9, g, style)[0]
    segments = guide_segments(sheet)
    assert segments
    for seg in segments:
        for box in sheet.bleed_boxes():
            assert not _crosses(seg, box.inset(1e-3))


def test_lines_mark_every_trim_edge_to_the_page_edge():
    g = grid(Size(210, 297), Size(63, 88))
    sheet = plan_fronts(9, g, "lines")[0]
    segments = guide_segments(sheet)
    verticals = {x0 for x0, y0, x1, y1 in segments if x0 == x1 and min(y0, y1) == 0}
    assert sorted(round(x, 6) for x in verticals) == pytest.approx([10.5, 73.5, 136.5, 199.5])
    horizontals = {y0 for x0, y0, x1, y1 in segments if y0 == y1 and min(x0, x1) == 0}
    assert sorted(horizontals) == pytest.approx([16.5, 104.5, 192.5, 280.5])


def test_corner_marks_are_short_and_off_the_bleed():
    g = grid(Size(210, 297), Size(63, 88), gutter=10, bleed=3)
    segments = guide_segments(plan_fronts(1, g, "corners")[0])
    t = g.trim(0)
    assert len(segments) == 8
    rounded = {tuple(round(v, 6) for v in seg) for seg in segments}
    # bottom-left corner: a vertical mark below it and a horizontal one to its left, 4 mm each,
    # starting 1 mm beyond the 3 mm bleed
    assert (round(t.x, 6), round(t.y - 8, 6), round(t.x, 6), round(t.y - 4, 6)) in rounded
    assert (round(t.x - 8, 6), round(t.y, 6), round(t.x - 4, 6), round(t.y, 6)) in rounded
    for x0, y0, x1, y1 in segments:
        assert abs(x1 - x0) + abs(y1 - y0) == pytest.approx(4.0)


def test_sheet_boxes_and_footer_avoid_guides():
    g = grid(Size(215.9, 279.4), Size(63, 88))
    sheet = plan_fronts(9, g, "lines")[0]
    assert sheet.trim_box == g.trim_area
    segments = guide_segments(sheet)
    boxes = footer_boxes(sheet, segments, 5.0, 1.8)
    assert boxes
    for box in boxes:
        assert box.y1 <= sheet.trim_box.y and box.y >= 5.0  # under the cards, where a home printer prints
        assert box.w >= 55
        for seg in segments:
            assert not _crosses(seg, box)
    assert boxes[0].x + boxes[0].w / 2 == pytest.approx(215.9 / 2)  # the first choice is centred


def test_a_part_filled_sheet_draws_no_line_through_its_empty_slots():
    """Two cards in the top row: lines run from their edges to the page edges above and beside them,
    and none down through the empty rows, along the empty column or into the bottom margin, whose
    footer is then centred on the page."""
    g = grid(Size(210, 297), Size(63, 88))
    sheet = plan_fronts(2, g, "lines")[0]
    segments = guide_segments(sheet)
    row_bottom = g.trim(0).y
    for x0, y0, x1, y1 in segments:
        if x0 == x1:
            assert min(y0, y1) >= row_bottom - 1e-6 and x0 <= g.trim(1).x1 + 1e-6
        else:
            assert y0 >= row_bottom - 1e-6 and max(x0, x1) <= g.trim(1).x + 1e-6  # the left margin only
    assert len(segments) == 3 + 2  # three verticals above the row, two horizontals in the left margin
    box = footer_boxes(sheet, segments, 5.0, 1.8)[0]
    assert box.x == pytest.approx(5.0) and box.w == pytest.approx(200.0)


def test_rect_sub_reads_from_the_top():
    r = Rect(10, 20, 63, 88)
    assert r.sub(3, 3, 10, 10) == Rect(13, 95, 10, 10)
    assert Rect(0, 0, 10, 10).contains(Rect(1, 1, 2, 2))
    assert not Rect(0, 0, 10, 10).contains(Rect(9, 9, 2, 2))
