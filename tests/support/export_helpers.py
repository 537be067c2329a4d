"""A small PDF of coloured cards for the export tests, laid out like the imposition engine does
(several cards per page, optionally with bleed and a back drawn upside down)."""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp.export.regions import BuiltDeck, CardRef, Region
from pnp.geometry import MM

CARD_MM = (63.0, 88.0)
PAGE = (210 * MM, 297 * MM)
PER_PAGE = 4
FRAME = (20, 20, 20)
BACK = (150, 30, 40)
BLEED_COLOR = (0, 160, 60)
WHITE_TOL = 2


def card_color(i: int) -> tuple[int, int, int]:
    return (40 + 17 * i % 200, 90, 200 - 11 * i % 150)


def build(tmp: Path, n: int, *, backs: str = "shared", bleed_mm: float = 0.0, paint_bleed: bool = True) -> BuiltDeck:
    """n cards, PER_PAGE to a page: card i has background card_color(i) with a dark frame 3 mm in.
    backs: "shared" (one back page region), "none", or "two" (cards alternate between two backs,
    the second drawn turned 180°, its top half in BACK and bottom half white).
    With bleed, the page carries BLEED_COLOR around each card's trim (or nothing: paint_bleed=False)."""
    w, h = CARD_MM[0] * MM, CARD_MM[1] * MM
    b = bleed_mm * MM
    pdf = tmp / "cards.pdf"
    c = Canvas(str(pdf), pagesize=PAGE)
    regions = []
    for i in range(n):
        slot = i % PER_PAGE
        x, y = 20 * MM + (slot % 2) * (w + 2 * b + 5 * MM), 30 * MM + (slot // 2) * (h + 2 * b + 5 * MM)
        if b and paint_bleed:
            c.setFillColorRGB(*(v / 255 for v in BLEED_COLOR))
            c.rect(x - b, y - b, w + 2 * b, h + 2 * b, fill=1, stroke=0)
        _card(c, x, y, w, h, card_color(i))
        regions.append(Region(i // PER_PAGE, (x, y, x + w, y + h), bleed=b))
        if slot == PER_PAGE - 1 or i == n - 1:
            c.showPage()
    back_page = -(-n // PER_PAGE)
    c.setFillColorRGB(*(v / 255 for v in BACK))
    c.rect(10 * MM, 10 * MM, w, h, fill=1, stroke=0)
    c.rect(100 * MM, 100 * MM, w, h / 2, fill=1, stroke=0)  # turned: its "top" half is low on the page
    c.showPage()
    c.save()
    shared = Region(back_page, (10 * MM, 10 * MM, 10 * MM + w, 10 * MM + h))
    turned = Region(back_page, (100 * MM, 100 * MM, 100 * MM + w, 100 * MM + h), rotate=180)
    back_of = {"shared": lambda i: shared, "none": lambda i: None,
               "two": lambda i: shared if i % 2 == 0 else turned}[backs]
    cards = tuple(CardRef(i + 1, f"C{i + 1}", f"カード {i + 1}", regions[i], back_of(i)) for i in range(n))
    return BuiltDeck("game", "cards", pdf, CARD_MM, cards)


def _card(c: Canvas, x: float, y: float, w: float, h: float, color) -> None:
    c.setFillColorRGB(*(v / 255 for v in color))
    c.rect(x, y, w, h, fill=1, stroke=0)
    c.setStrokeColorRGB(*(v / 255 for v in FRAME))
    c.setLineWidth(1.5 * MM)
    c.rect(x + 3 * MM, y + 3 * MM, w - 6 * MM, h - 6 * MM, fill=0, stroke=1)


def near(a, b, tol: int = 8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))
