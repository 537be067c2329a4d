"""From a built asset to a `BuiltDeck`: build it once for export (no guides, bleed, a gutter so no card
touches another) and find each card through the imposed sheets the build reports.

Card assets give one entry per card (front, and back if printed); sheet assets (summaries) give
one entry per page, which is what a contact sheet of them shows."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.assets.sheet import SummarySheet
from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.export.regions import BuiltDeck, CardRef, ExportError, Region
from pnp.geometry import pt, to_mm
from tabletop.fileio import write_atomic
from tabletop.i18n import _
from tabletop.record import replace

EXPORT_GUTTER_MM = 4.0
EXPORT_BLEED_MM = 3.5  # more than the ⅛ in (3.175 mm) the services want


def export_options(opts: Options) -> Options:
    """No guides, cards apart, with bleed (cards whose art stops at the trim get their edge
    extended by the exporter); backs printed (duplex) when the asset has them."""
    return replace(opts, guides="none", bleed=EXPORT_BLEED_MM, gutter=EXPORT_GUTTER_MM,
                               backs="duplex-long")


def is_sheet(asset: Any) -> bool:
    """A sheet asset (a summary, a deck's tuck box) is pages to preview, not cards to export."""
    from pnp.deck.draw.tuckbox import TuckBox

    return isinstance(asset, (SummarySheet, TuckBox))


def deck(job: BuildJob, opts: Options, model: Any, work_dir: Path) -> BuiltDeck:
    """Build the asset for export into `work_dir` and locate its cards (or, for sheets, pages)."""
    eopts = export_options(opts)
    built = build_pdf(job, eopts, model)
    pdf = work_dir / f"{job.game.id}-{job.asset.name}-{opts.lang}.pdf"
    write_atomic(pdf, built.pdf)
    if built.sheets:
        return _card_deck(job, pdf, built)
    return _page_deck(job, pdf)


def _card_deck(job: BuildJob, pdf: Path, built) -> BuiltDeck:
    where: dict[int, Region] = {}  # a face printed several times (a shared back) is one region
    for n, sheet in enumerate(built.sheets):
        for p in sheet.placements:
            box = (pt(p.trim.x), pt(p.trim.y), pt(p.trim.x1), pt(p.trim.y1))
            where.setdefault(p.face, Region(n, box, bleed=pt(sheet.bleed), rotate=p.rotation))
    cards = tuple(CardRef(i + 1, card_id, name, where[front],
                          where.get(back) if back is not None else None)
                  for i, (card_id, name, front, back) in enumerate(built.cards))
    w, h = cards[0].face.size
    return BuiltDeck(job.game.id, job.asset.name, pdf, (round(to_mm(w), 3), round(to_mm(h), 3)), cards)


def _page_deck(job: BuildJob, pdf: Path) -> BuiltDeck:
    import pypdfium2 as pdfium  # here, not at the top: `pnp build` never loads PDFium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        boxes = [tuple(doc[i].get_mediabox()) for i in range(len(doc))]
    finally:
        doc.close()
    if not boxes:
        raise ExportError(_("{game} {asset}: the PDF has no pages").format(game=job.game.id, asset=job.asset.name))
    x0, y0, x1, y1 = boxes[0]
    cards = tuple(CardRef(n + 1, f"p{n + 1}", f"{job.asset.name} {n + 1}", Region(n, box))
                  for n, box in enumerate(boxes))
    return BuiltDeck(job.game.id, job.asset.name, pdf, (to_mm(x1 - x0), to_mm(y1 - y0)), cards)
