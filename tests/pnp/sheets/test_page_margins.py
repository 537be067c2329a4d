"""Safe by default: every built-in asset, in both languages, on A4 and on Letter, as `pnp build` makes it
with no options.

- Home printers print nothing within about 5 mm of the paper's edge (and a mark there makes viewers
  shrink the page to fit): no word or mark lies that close, except the guillotine cut lines, which run
  to the edge by design (the first cut takes the margin off).
- Printed duplex, a back page's footer lands on whatever is behind it: it never lies on a card of
  either side.
- Cut lines mark cards: none runs through an empty slot of a part-filled sheet.
"""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from PIL import ImageDraw

from cardcheck import build, chars_in, open_pdf
from pdfcheck import is_guide
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES
from pnp.geometry import Rect, Size, grid, parse_paper, pt

MM = 72 / 25.4
SAFE = 5.0  # mm from the page edge
DPI = 100
CONFIGS = [(paper, lang) for paper in ("a4", "letter") for lang in ("ja", "en")]
ASSETS = [(game.id, name) for game in GAMES.values() for name in game.assets]
CARD_ASSETS = [(game.id, name) for game in GAMES.values() for name, asset in game.assets.items()
               if isinstance(asset, Cards)]


@pytest.fixture(scope="module")
def builds():
    """Every built-in asset in every configuration, built once for the module."""
    return {(game_id, name, paper, lang): build(GAMES[game_id], name, paper=paper, lang=lang)[0]
            for game_id, name in ASSETS for paper, lang in CONFIGS}


def guillotine_lines(page) -> list[tuple[float, float, float, float]]:
    """Cut lines that reach the page edge, as (x0, top, x1, bottom) in pt."""
    out = []
    for line in page.lines:
        if not is_guide(line):
            continue
        x0, x1, top, bottom = line["x0"], line["x1"], line["top"], line["bottom"]
        if min(x0, top) < 0.5 or x1 > page.width - 0.5 or bottom > page.height - 0.5:
            out.append((x0, top, x1, bottom))
    return out


def marks_near_the_edge(pdf_bytes: bytes, page_index: int, lines) -> tuple[int, int, int, int] | None:
    """The box (px) of whatever is drawn within SAFE mm of the page's edge, guillotine lines left out;
    None if nothing. Read from the rendered page, so clipped artwork counts as it prints."""
    image = pdfium.PdfDocument(pdf_bytes)[page_index].render(scale=DPI / 72).to_pil().convert("L")
    draw = ImageDraw.Draw(image)
    px = DPI / 72  # pixels per pt
    w, h = image.size
    # Inside the safe margin anything may be printed; anti-aliasing may spill one pixel outwards.
    inner = SAFE * MM * px - 1.5
    draw.rectangle((inner, inner, w - inner, h - inner), fill=255)
    for x0, top, x1, bottom in lines:
        draw.rectangle((x0 * px - 2, top * px - 2, x1 * px + 2, bottom * px + 2), fill=255)
    ink = image.point(lambda v: 255 if v < 200 else 0)
    return ink.getbbox()


@pytest.mark.parametrize("paper, lang", CONFIGS)
def test_nothing_but_guillotine_lines_within_5mm_of_the_page_edge(builds, paper, lang):
    found = []
    for game_id, name in ASSETS:
        built = builds[game_id, name, paper, lang]
        with open_pdf(built.pdf) as pdf:
            for n, page in enumerate(pdf.pages):
                for c in page.chars:
                    edge = min(c["x0"], page.width - c["x1"], c["top"], page.height - c["bottom"]) / MM
                    if c["text"].strip() and edge < SAFE:
                        found.append(f"{game_id} {name} page {n + 1}: {c['text']!r} {edge:.1f} mm from the edge")
                near = marks_near_the_edge(built.pdf, n, guillotine_lines(page))
                if near:
                    found.append(f"{game_id} {name} page {n + 1}: a mark at {near} px ({DPI} dpi)")
    assert not found, "\n".join(found[:20])


def mirrored(rect: Rect, page_w: float) -> Rect:
    """Behind `rect` on a sheet turned over its vertical axis (the default, duplex-long, on portrait)."""
    return Rect(page_w - rect.x1, rect.y, rect.w, rect.h)


def overlaps(char, rect: Rect, page_h: float) -> bool:
    """Whether a character's box (pdfplumber, pt from the top) overlaps `rect` (mm, from the bottom)."""
    return (char["x0"] < pt(rect.x1) and char["x1"] > pt(rect.x)
            and char["top"] < page_h - pt(rect.y) and char["bottom"] > page_h - pt(rect.y1))


@pytest.mark.parametrize("paper, lang", CONFIGS)
def test_no_back_page_carries_its_footer_on_a_card_of_either_side(builds, paper, lang):
    backs_seen = 0
    for game_id, name in CARD_ASSETS:
        built = builds[game_id, name, paper, lang]
        back_faces = {back for _, _, _, back in built.cards if back is not None}
        if not back_faces:
            continue
        with open_pdf(built.pdf) as pdf:
            for n, (page, sheet) in enumerate(zip(pdf.pages, built.sheets)):
                if not {p.face for p in sheet.placements} <= back_faces:
                    continue
                backs_seen += 1
                fronts = built.sheets[n - 1]
                cards = [p.trim.outset(sheet.bleed) for p in sheet.placements]
                cards += [mirrored(p.trim.outset(fronts.bleed), page.width / MM) for p in fronts.placements]
                inside = {id(c) for p in sheet.placements for c in chars_in(page, p.trim, page.height)}
                footer = [c for c in page.chars if id(c) not in inside]
                on_cards = [c["text"] for c in footer if any(overlaps(c, r, page.height) for r in cards)]
                assert not on_cards, f"{game_id} {name} page {n + 1}: footer on a card: {''.join(on_cards)}"
    assert backs_seen >= 5  # 24's cards and LIAR MAFIA's cards and chips have back pages


def empty_slots(sheet, card_size, page) -> list[Rect]:
    """The slots of the page's grid that hold no piece."""
    g = grid(page, card_size, 0.0, sheet.bleed)
    used = {(round(p.trim.x, 3), round(p.trim.y, 3)) for p in sheet.placements}
    return [g.trim(i) for i in range(g.per_page) if (round(g.trim(i).x, 3), round(g.trim(i).y, 3)) not in used]


def run_along(line, rect: Rect, page_h: float) -> float:
    """How far (mm) a guide (pdfplumber line, pt) runs inside or along the edge of `rect` (mm)."""
    x0, x1, y0, y1 = line["x0"] / MM, line["x1"] / MM, (page_h - line["bottom"]) / MM, (page_h - line["top"]) / MM
    eps = 0.05
    if x1 - x0 < eps:  # vertical
        return max(0.0, min(y1, rect.y1) - max(y0, rect.y)) if rect.x - eps <= x0 <= rect.x1 + eps else 0.0
    return max(0.0, min(x1, rect.x1) - max(x0, rect.x)) if rect.y - eps <= y0 <= rect.y1 + eps else 0.0


@pytest.mark.parametrize("game_id, name", [("kill-shot", "reference"), ("famiglia", "robot"),
                                           ("liar-mafia", "cards"), ("terror24", "cards")])
@pytest.mark.parametrize("paper, lang", CONFIGS)
def test_no_cut_line_runs_through_an_empty_slot(builds, game_id, name, paper, lang):
    """KILL SHOT's 3 reference cards and Famiglia's 2 robot cards fill part of one row: the lines that
    cut them out run from their edges to the page edge, and none crosses the empty slots below or
    beside them (a line there reads as a card to cut out). Every line touches a card (its bleed, where the
    colour reaches past the trim: the line stops there)."""
    built = builds[game_id, name, paper, lang]
    page_size = parse_paper(paper)[1]
    with open_pdf(built.pdf) as pdf:
        for n, (page, sheet) in enumerate(zip(pdf.pages, built.sheets)):
            guides = [line for line in page.lines if is_guide(line)]
            if not guides:
                continue  # a back page: no cut lines
            card = sheet.placements[0].trim
            empty = empty_slots(sheet, Size(card.w, card.h), page_size)
            for line in guides:
                where = (n + 1, line["x0"], line["top"])
                assert all(run_along(line, slot, page.height) < 0.1 for slot in empty), where
                assert any(touches(line, p.trim.outset(sheet.bleed), page.height) for p in sheet.placements), where


def touches(line, rect: Rect, page_h: float) -> bool:
    """Whether a guide ends on (or runs along) the edge of `rect`."""
    x0, x1, y0, y1 = line["x0"] / MM, line["x1"] / MM, (page_h - line["bottom"]) / MM, (page_h - line["top"]) / MM
    eps = 0.05
    return (rect.x - eps <= x1 and x0 <= rect.x1 + eps) and (rect.y - eps <= y1 and y0 <= rect.y1 + eps)
