"""Reading back what the generator drew: cut cells from the guides, guide lines, fonts, characters, image
objects; and a page set in a font, to compare two ways of loading it."""
from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnp.sheets.draw import GUIDE_COLOR, GUIDE_WIDTH

MM = 72 / 25.4


def cut_positions(page) -> tuple[list[float], list[float]]:
    """x of every vertical guide and top-distance of every horizontal guide, in pt."""
    xs = sorted({round(line["x0"], 3) for line in page.lines if abs(line["x0"] - line["x1"]) < 0.01})
    ys = sorted({round(line["top"], 3) for line in page.lines if abs(line["top"] - line["bottom"]) < 0.01})
    return xs, ys


def cells(page) -> list[tuple[float, float, float, float]]:
    """The trim boxes between neighbouring guides (cards butt against each other), reading order,
    as pdfplumber bboxes (x0, top, x1, bottom)."""
    xs, ys = cut_positions(page)
    return [(xs[i], ys[j], xs[i + 1], ys[j + 1]) for j in range(len(ys) - 1) for i in range(len(xs) - 1)]


def cell_of(char, boxes):
    cx, cy = (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2
    for n, (x0, top, x1, bottom) in enumerate(boxes):
        if x0 < cx < x1 and top < cy < bottom:
            return n
    return None


def clearance_mm(char, box) -> float:
    """How far the character's box lies inside `box` (negative: it pokes out)."""
    x0, top, x1, bottom = box
    return min(char["x0"] - x0, x1 - char["x1"], char["top"] - top, bottom - char["bottom"]) / MM


def text_in(page, box) -> str:
    return "".join((page.crop(box).extract_text() or "").split())


def fonts(pdf: bytes | Path) -> list[dict]:
    """Every font dictionary used on any page: BaseFont, subtype, whether a FontFile2 is embedded."""
    data = pdf if isinstance(pdf, bytes) else Path(pdf).read_bytes()
    found = {}
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            found[str(font["/BaseFont"])] = {
                "name": str(font["/BaseFont"]), "subtype": str(font["/Subtype"]),
                "embedded": "/FontFile2" in descriptor}
    return list(found.values())


def open_pdf(path: Path):
    return pdfplumber.open(str(path))


def is_guide(line) -> bool:
    colour = line.get("stroking_color") or ()
    grey = int(GUIDE_COLOR[1:3], 16) / 255
    return (abs(line["linewidth"] - GUIDE_WIDTH) < 0.01 and len(colour) >= 3
            and all(abs(c - grey) < 0.01 for c in colour[:3]))


def image_objects(pdf: bytes) -> list[dict]:
    """Every image XObject in the file (soft masks are listed by the image they belong to)."""
    reader = PdfReader(io.BytesIO(pdf))
    seen = {}
    for page in reader.pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            seen[ref.idnum] = ref.get_object()
    return list(seen.values())


def page_set_in(font, *lines: str) -> bytes:
    """A page set in `font` (registered under its name for the drawing only)."""
    pdfmetrics.registerFont(font)
    try:
        buf = io.BytesIO()
        c = Canvas(buf, invariant=1)
        c.setFont(font.fontName, 11)
        c.drawString(40, 700, "ヒットマンズ・ショーダウン Hitman's Showdown ♥♦♣♠ 報酬金 7000金")
        c.setFont(font.fontName, 7.5)
        c.drawString(40, 680, "成功条件：出目合計値25以上かつ一の出目が一つ。")
        for n, line in enumerate(lines):
            c.drawString(40, 660 - 12 * n, line)
        c.showPage()
        c.save()
        return buf.getvalue()
    finally:
        font.unregister()
