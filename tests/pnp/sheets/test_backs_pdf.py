"""Backs in the rendered PDF: every card back drawn on a back page lies behind a card front on the
page before it (within 0.1 mm) and is that card's own back; fold-and-glue backs mirror their own fronts
across the fold; --back-offset moves backs by exactly the offset."""
import pytest

from cardcheck import build, chars_in, open_pdf
from pnp.assets.registry import find
from pnp.geometry import Rect
from tabletop.data.terror24 import load_terror24

GAME = find("terror24")

MM = 72 / 25.4


def card_boxes(page, size=(63.0, 88.0)):
    """Full-card rectangles (the fills every face and back starts with, reaching into the bleed), as the
    trim boxes they surround (x0, y0, x1, y1) in mm, y up. The bleed is the same on every side, whatever
    its size (the default build's safe bleed, or none)."""
    out = set()
    for r in page.rects:
        w, h = (r["x1"] - r["x0"]) / MM, (r["bottom"] - r["top"]) / MM
        bleed = (w - size[0]) / 2
        if -0.05 < bleed < 3.05 and abs((h - size[1]) / 2 - bleed) < 0.05:
            out.add((r["x0"] / MM + bleed, (page.height - r["bottom"]) / MM + bleed,
                     r["x1"] / MM - bleed, (page.height - r["top"]) / MM - bleed))
    return out


def drawn_text(page) -> str:
    """The page's characters in drawing order: on Letter the footer runs up the side margin, which
    extract_text reads as a column of letters."""
    return "".join(c["text"] for c in page.chars)


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
            if "(backs)" not in drawn_text(back):
                continue
            w, h = front.width / MM, front.height / MM
            fronts = card_boxes(front)
            for box in card_boxes(back):
                seen = behind(box, w, h, axis)
                mine = [f for f in fronts if max(abs(a - b) for a, b in zip(seen, f)) <= 0.1]
                assert len(mine) == 1, (box, seen)
                assert_own_back(text_in(back, box), text_in(front, mine[0]))
                pairs += 1
    assert pairs == 45 + 24


DETECTIVES = [d.name.en for d in load_terror24().detectives]
EVENT_KICKERS = tuple(s.mark + "Event" for s in load_terror24().events.suits)  # "✹ Event · red", spaces gone


def assert_own_back(back_text, front_text):
    """A time card's back names its detective, as its front does; an event's back lies behind an event."""
    owner = [n for n in DETECTIVES if n in back_text]
    assert (owner[0] in front_text) if owner else front_text.startswith(EVENT_KICKERS), (back_text, front_text)


def text_in(page, box):
    x0, y0, x1, y1 = box
    # In drawing order, which is reading order whichever way the face is turned.
    return "".join(c["text"] for c in chars_in(page, Rect(x0, y0, x1 - x0, y1 - y0), page.height)).replace(" ", "")


def test_offset_moves_drawn_backs_exactly():
    plain, _ = build(GAME, "cards", lang="en")
    moved, _ = build(GAME, "cards", back_offset=(1.2, -0.8), lang="en")
    with open_pdf(plain.pdf) as a, open_pdf(moved.pdf) as b:
        for pa, pb in zip(a.pages, b.pages):
            boxes_a, boxes_b = sorted(card_boxes(pa)), sorted(card_boxes(pb))
            if "(backs)" in drawn_text(pa):
                for ba, bb in zip(boxes_a, boxes_b):
                    assert (bb[0] - ba[0], bb[1] - ba[1]) == pytest.approx((1.2, -0.8), abs=0.01)
            else:
                assert boxes_a == boxes_b


def test_fold_backs_mirror_their_own_fronts_across_the_fold():
    built, _ = build(GAME, "cards", backs="fold", lang="en")
    pairs = 0
    with open_pdf(built.pdf) as pdf:
        for page in pdf.pages:
            fold = page.height / MM / 2
            boxes = card_boxes(page)
            fronts = [b for b in boxes if b[1] > fold]
            for x0, y0, x1, y1 in (b for b in boxes if b[3] < fold):
                assert fold - y1 >= 5 - 1e-6  # the fold line stays 5 mm clear of every piece
                seen = (x0, 2 * fold - y1, x1, 2 * fold - y0)
                mine = [f for f in fronts if max(abs(a - b) for a, b in zip(seen, f)) <= 0.1]
                assert len(mine) == 1, seen
                assert_own_back(text_in(page, (x0, y0, x1, y1)), text_in(page, mine[0]))
                pairs += 1
    assert pairs == 45 + 24


def test_fold_pages_keep_their_footer_off_the_fold():
    built, _ = build(GAME, "cards", backs="fold", lang="en")  # the first pages hold detectives: no backs
    with open_pdf(built.pdf) as pdf:
        for page in pdf.pages:
            fold = page.height / 2  # pt, from the top
            assert page.chars and all(c["bottom"] < fold - 5 * MM or c["top"] > fold + 5 * MM for c in page.chars)
