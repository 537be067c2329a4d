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
