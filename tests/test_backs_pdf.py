"""Backs in the rendered PDF: every card back drawn on a back page lies behind a card front on the
page before it (within 0.1 mm), and --back-offset moves them by exactly the offset."""
import pytest

from cardcheck import build, open_pdf
from pnp.assets.terror24 import GAME

MM = 72 / 25.4


def card_boxes(page, size=(63.0, 88.0)):
    """Full-card rectangles (the fills every face and back starts with), as (x0, y0, x1, y1) in mm, y up."""
    out = set()
    for r in page.rects:
        w, h = (r["x1"] - r["x0"]) / MM, (r["bottom"] - r["top"]) / MM
        if abs(w - size[0]) < 0.05 and abs(h - size[1]) < 0.05:
            out.add((r["x0"] / MM, (page.height - r["bottom"]) / MM, r["x1"] / MM, (page.height - r["top"]) / MM))
    return out


def behind(box, page_w, page_h, axis):
    x0, y0, x1, y1 = box
    return (page_w - x1, y0, page_w - x0, y1) if axis == "vertical" else (x0, page_h - y1, x1, page_h - y0)


@pytest.mark.parametrize("mode,paper,axis", [("duplex-long", "a4", "vertical"), ("duplex-short", "a4", "horizontal"),
                                             ("duplex-long", "letter", "vertical")])
def test_each_drawn_back_lies_behind_a_front(mode, paper, axis):
    built, _ = build(GAME, "cards", backs=mode, paper=paper, lang="en")
    pairs = 0
    with open_pdf(built.pdf) as pdf:
        pages = pdf.pages
        for front, back in zip(pages, pages[1:]):
            if "(backs)" not in (back.extract_text() or ""):
                continue
            w, h = front.width / MM, front.height / MM
            fronts = card_boxes(front)
            for box in card_boxes(back):
                seen = behind(box, w, h, axis)
                assert any(max(abs(a - b) for a, b in zip(seen, f)) <= 0.1 for f in fronts), (box, seen)
                pairs += 1
    assert pairs == 45 + 24


def test_offset_moves_drawn_backs_exactly():
    plain, _ = build(GAME, "cards", lang="en")
    moved, _ = build(GAME, "cards", back_offset=(1.2, -0.8), lang="en")
    with open_pdf(plain.pdf) as a, open_pdf(moved.pdf) as b:
        for pa, pb in zip(a.pages, b.pages):
            boxes_a, boxes_b = sorted(card_boxes(pa)), sorted(card_boxes(pb))
            if "(backs)" in (pa.extract_text() or ""):
                for ba, bb in zip(boxes_a, boxes_b):
                    assert (bb[0] - ba[0], bb[1] - ba[1]) == pytest.approx((1.2, -0.8), abs=0.01)
            else:
                assert boxes_a == boxes_b
