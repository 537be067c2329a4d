"""Reading back card assets with backs: the text of each placed face, its orientation, and images of
single faces for symmetry checks."""
from __future__ import annotations

import io

import pdfplumber
import pypdfium2 as pdfium
from PIL import Image, ImageChops, ImageStat

from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.fonts.fontset import load_fonts
from pnp.geometry import Rect, Size, pt
from pnp.sheets import draw
from pnp.sheets.imposition import Placement, Sheet

MM = 72 / 25.4


def build(game, asset, **options):
    opts = Options(**options)
    return build_pdf(BuildJob(game, game.assets[asset]), opts), opts


def turned(char) -> bool:
    return char["matrix"][0] < 0  # drawn upside down (a 180° half or a 180° back)


def read(chars, upside_down: bool) -> str:
    """The characters in reading order, for text drawn upright or turned 180°."""
    sign = -1 if upside_down else 1
    ordered = sorted(chars, key=lambda c: (-sign * round(c["matrix"][5], 1), sign * c["matrix"][4]))
    return "".join(c["text"] for c in ordered).replace(" ", "")


def chars_in(page, trim: Rect, page_h: float, inset: float = 0.0):
    """Characters whose centre lies in `trim` (mm, PDF coordinates), as pdfplumber dicts."""
    x0, x1 = pt(trim.x + inset), pt(trim.x1 - inset)
    top, bottom = page_h - pt(trim.y1 - inset), page_h - pt(trim.y + inset)
    return [c for c in page.chars
            if x0 < (c["x0"] + c["x1"]) / 2 < x1 and top < (c["top"] + c["bottom"]) / 2 < bottom]


def open_pdf(data: bytes):
    return pdfplumber.open(io.BytesIO(data))


def face_image(face_art, size: Size, px_per_mm: int = 4) -> Image.Image:
    """One face alone on a page of its own size, rasterised so every mm is `px_per_mm` whole
    pixels (the face's centre falls on a pixel corner, so a half turn maps pixels onto pixels)."""
    fonts = load_fonts()
    sheet = Sheet(size, (Placement(0, Rect(0, 0, size.w, size.h)),), 0.0, "none")
    pdf = draw.card_sheets([draw.SheetArt(sheet, [], None)], [face_art], fonts, draw.DocInfo("face"))
    page = pdfium.PdfDocument(pdf)[0]
    w, h = round(size.w * px_per_mm), round(size.h * px_per_mm)
    # PDFium rounds the bitmap size up and stretches the page over it: aim a hair below whole pixels.
    scale = min((w - 1e-4) / pt(size.w), (h - 1e-4) / pt(size.h))
    image = page.render(scale=scale).to_pil().convert("L")
    assert image.size == (w, h)
    return image


def half_turn_difference(image: Image.Image) -> tuple[float, float]:
    """Mean absolute difference (0–255) between an image and its 180° rotation, and the share of
    pixels that differ by more than a quarter of the grey range."""
    diff = ImageChops.difference(image, image.rotate(180))
    histogram = diff.histogram()
    return ImageStat.Stat(diff).mean[0], sum(histogram[65:]) / sum(histogram)


RULER_MM = 50.0


def ruler_bars(page) -> list[dict]:
    """The scale check's bar on a page (draw._draw_ruler): a black filled rectangle 50 mm long between
    the centres of its end ticks and 0.2 mm thick, with a tick standing at each end."""
    rects = [r for r in page.rects if r.get("fill") and tuple(r.get("non_stroking_color") or ()) in
             ((0, 0, 0), (0,), (0, 0, 0, 1))]
    bars = []
    for r in rects:
        w, h = (r["x1"] - r["x0"]) / MM, (r["bottom"] - r["top"]) / MM
        long, short = max(w, h), min(w, h)
        if abs(long - short - RULER_MM) > 0.02 or short > 0.3:
            continue
        horizontal = w > h
        ends = (r["x0"], r["x1"]) if horizontal else (r["top"], r["bottom"])
        ticks = [t for t in rects if t is not r and max(t["x1"] - t["x0"], t["bottom"] - t["top"]) > 1.0 * MM
                 and any(abs((t["x0"] if horizontal else t["top"]) - e) < 0.05
                         or abs((t["x1"] if horizontal else t["bottom"]) - e) < 0.05 for e in ends)]
        if len(ticks) >= 2:
            bars.append(r)
    return bars


def ruler_label(page) -> set[int]:
    """ids of the characters of the scale check's "50 mm" (within 5 mm across its bar)."""
    out = set()
    for bar in ruler_bars(page):
        horizontal = bar["x1"] - bar["x0"] > bar["bottom"] - bar["top"]
        along, across = (RULER_MM / 2, 5.0) if horizontal else (5.0, RULER_MM / 2)
        cx, cy = (bar["x0"] + bar["x1"]) / 2, (bar["top"] + bar["bottom"]) / 2
        out |= {id(c) for c in page.chars if abs((c["x0"] + c["x1"]) / 2 - cx) < along * MM
                and abs((c["top"] + c["bottom"]) / 2 - cy) < across * MM}
    return out


def stray_chars(built, page, sheet, inset: float) -> list:
    """Characters on a sheet that lie neither inside a piece (`inset` mm within its trim) nor in the
    footer band below the lowest piece, nor in the scale check."""
    inside = {id(c) for p in sheet.placements for c in chars_in(page, p.trim, page.height, inset=inset)}
    inside |= ruler_label(page)
    footer_top = page.height - pt(min(p.trim.y for p in sheet.placements))
    return [c for c in page.chars if id(c) not in inside and c["top"] < footer_top]


def font_size(char) -> float:
    """A character's type size in pt. pdfplumber's `size` is the glyph box's height, which for text turned
    a quarter (a footer up the side margin, a detective's sideways band) is its width."""
    return char["size"] if char["upright"] else char["x1"] - char["x0"]
