"""Back placement: every back lies behind its own front, for each way of printing backs.

The physical model is restated here independently of pnp.sheets.backs: turning a sheet over about its
vertical centre line sends back-page point (u, v) to (W − u, v) as seen from the front; about the
horizontal centre line to (u, H − v); folding along y = c sends (x, y) to (x, 2c − y).
"""
import pytest

from pnp.geometry import Rect, Size, grid, parse_paper
from pnp.sheets.backs import CardSides, correction, impose, parse_offset

TOL = 0.1  # mm


def seen_from_front(rect: Rect, page: Size, axis: str) -> Rect:
    if axis == "vertical":
        return Rect(page.w - rect.x1, rect.y, rect.w, rect.h)
    return Rect(rect.x, page.h - rect.y1, rect.w, rect.h)


def assert_same(a: Rect, b: Rect):
    for u, v in ((a.x, b.x), (a.y, b.y), (a.x1, b.x1), (a.y1, b.y1)):
        assert abs(u - v) <= TOL, (a, b)


def deck(n):
    # faces: fronts 0..n-1, backs n..2n-1 (card i's back is n + i)
    return [CardSides(i, n + i) for i in range(n)]


@pytest.mark.parametrize("paper,mode,axis,turn", [
    ("a4", "duplex-long", "vertical", 0), ("a4", "duplex-short", "horizontal", 180),
    ("letter", "duplex-long", "vertical", 0), ("letter", "duplex-short", "horizontal", 180),
    ("a4-landscape", "duplex-long", "horizontal", 180), ("a4-landscape", "duplex-short", "vertical", 0),
])
@pytest.mark.parametrize("gutter,bleed", [(0, 0), (3, 3)])
def test_duplex_back_lies_behind_its_front(paper, mode, axis, turn, gutter, bleed):
    page = parse_paper(paper)[1]
    cards = deck(11)  # a full sheet and a partial one: the partial sheet is not symmetric
    g = grid(page, Size(63, 88), gutter, bleed)
    pages = impose(cards, g, mode)
    assert [p.kind for p in pages] == ["fronts", "backs"] * -(-len(cards) // g.per_page)
    for fronts, backs in zip(pages[::2], pages[1::2]):
        where = {p.face: p.trim for p in fronts.sheet.placements}
        assert len(backs.sheet.placements) == len(where)
        for b in backs.sheet.placements:
            assert b.rotation == turn
            assert_same(seen_from_front(b.trim, page, axis), where[b.face - len(cards)])


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
def test_back_offset_moves_every_back_by_exactly_that(mode):
    g = grid(parse_paper("a4")[1], Size(63, 88))
    plain = impose(deck(9), g, mode)[1].sheet.placements
    moved = impose(deck(9), g, mode, offset=(1.5, -0.7))[1].sheet.placements
    for a, b in zip(plain, moved):
        assert (b.trim.x - a.trim.x, b.trim.y - a.trim.y) == pytest.approx((1.5, -0.7), abs=1e-9)
    fronts_a, fronts_b = (impose(deck(9), g, mode, offset=o)[0] for o in ((0, 0), (1.5, -0.7)))
    assert fronts_a == fronts_b  # fronts never move


@pytest.mark.parametrize("paper", ["a4", "a4-landscape"])
@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
def test_correction_cancels_a_printer_drift(paper, mode):
    page = parse_paper(paper)[1]
    axis = "vertical" if (mode == "duplex-long") == (page.h >= page.w) else "horizontal"
    drift = (2.0, -1.25)  # the printer shifts the back page's content by this much
    probe = Rect(50, 60, 10, 10)
    where = seen_from_front(Rect(probe.x + drift[0], probe.y + drift[1], 10, 10), page, axis)
    home = seen_from_front(probe, page, axis)
    seen = (where.x - home.x, where.y - home.y)
    fix = correction(mode, page, *seen)
    fixed = seen_from_front(Rect(probe.x + drift[0] + fix[0], probe.y + drift[1] + fix[1], 10, 10),
                            page, axis)
    assert_same(fixed, home)


@pytest.mark.parametrize("paper,bleed,per_page", [
    ("a4", 0, 3), ("a4", 2, 2), ("a4-landscape", 2, 4), ("letter", 0, 3)])
def test_fold_backs_mirror_their_fronts_across_the_fold(paper, bleed, per_page):
    page = parse_paper(paper)[1]
    cards = deck(7)
    pages = impose(cards, grid(page, Size(63, 88), bleed=bleed), "fold")
    assert all(p.kind == "fold" for p in pages)
    assert sum(len(p.sheet.placements) for p in pages) == 14
    assert len(pages[0].sheet.placements) == 2 * per_page
    for p in pages:
        c = p.fold_y
        fronts = {q.face: q.trim for q in p.sheet.placements if q.face < len(cards)}
        for b in (q for q in p.sheet.placements if q.face >= len(cards)):
            assert b.rotation == 180
            front = fronts[b.face - len(cards)]
            assert_same(Rect(b.trim.x, 2 * c - b.trim.y1, b.trim.w, b.trim.h), front)
            assert front.y - bleed >= c + 5 - 1e-9  # the fold stays 5 mm clear of the bleed
        for q in p.sheet.placements:
            assert Rect(0, 0, page.w, page.h).inset(5).contains(q.trim.outset(bleed))
            assert p.sheet.frame.contains(q.trim.outset(bleed))
        assert Rect(0, 0, page.w, page.h).inset(5).contains(p.sheet.frame)  # the footer goes below it


def test_cards_without_backs_get_no_back_page():
    pages = impose([CardSides(0, None), CardSides(1, None)], grid(Size(210, 297), Size(63, 88)), "duplex-long")
    assert [p.kind for p in pages] == ["fronts"]
    assert [p.kind for p in impose(deck(2), grid(Size(210, 297), Size(63, 88)), "none")] == ["fronts"]


@pytest.mark.parametrize("text,value", [("1.5,-0.5", (1.5, -0.5)), (" 0 , 2 ", (0.0, 2.0))])
def test_parse_offset(text, value):
    assert parse_offset(text) == value


@pytest.mark.parametrize("text", ["1.5", "a,b", "1,2,3", "30,0"])
def test_bad_offset(text):
    with pytest.raises(ValueError, match="offset"):
        parse_offset(text)
