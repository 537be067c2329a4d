"""Reading back what the generator drew: cut cells from the guides, fonts, characters."""
from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
from pypdf import PdfReader

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
