"""PDF page → PNG, via pypdfium2 (pip-installable, no system libraries)."""
from __future__ import annotations

import io

from tabletop.i18n import ngettext


def page_count(pdf: bytes) -> int:
    import pypdfium2 as pdfium

    return len(pdfium.PdfDocument(pdf))


def png(pdf: bytes, page: int = 1, dpi: float = 150) -> bytes:
    """Page `page` (1-based) of `pdf` as PNG bytes, with its DPI recorded."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    if not 1 <= page <= len(doc):
        raise IndexError(ngettext("page {page} does not exist (the PDF has {n} page)",
                                  "page {page} does not exist (the PDF has {n} pages)", len(doc))
                         .format(page=page, n=len(doc)))
    image = doc[page - 1].render(scale=dpi / 72).to_pil()
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()


def exact_png(pdf: bytes, page: int, size: tuple[int, int], dpi: float, oversample: int = 3) -> bytes:
    """Page `page` (1-based) as a PNG of exactly `size` pixels, every edge where the PDF draws it.

    For an image a machine cuts by (Cricut's Print Then Cut): pdfium fills a rectangle to whole pixels,
    outwards, so a card's edge at 300 dpi can land a pixel and more (0.13 mm) off; drawn `oversample`
    times finer and averaged, each edge falls within a third of a pixel, softened as it should be. The
    page is drawn in bands, so the large drawing never takes more than a band's memory; its size is
    given in whole pixels, not a scale whose rounding would add a column."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c
    from PIL import Image

    doc = pdfium.PdfDocument(pdf)
    sheet = doc[page - 1]
    width, height = size[0] * oversample, size[1] * oversample
    out = Image.new("RGB", size, "white")
    band = 256  # output rows a band: 6075 × 768 px at 3 × 300 dpi, 14 MB
    for top in range(0, size[1], band):
        rows = min(band, size[1] - top)
        bitmap = pdfium.PdfBitmap.new_native(width, rows * oversample, format=pdfium_c.FPDFBitmap_BGR,
                                             rev_byteorder=True)
        bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, rows * oversample)
        pdfium_c.FPDF_RenderPageBitmap(bitmap, sheet, 0, -top * oversample, width, height, 0,
                                       pdfium_c.FPDF_ANNOT | pdfium_c.FPDF_REVERSE_BYTE_ORDER)
        out.paste(bitmap.to_pil().reduce(oversample), (0, top))
    buffer = io.BytesIO()
    out.save(buffer, format="PNG", dpi=(dpi, dpi))
    return buffer.getvalue()
