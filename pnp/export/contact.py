"""A contact sheet: every card (or page) of an asset, then its distinct backs, as labelled thumbnails
on one PNG."""
from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from pnp.export import raster
from pnp.export.regions import BuiltDeck, ExportError
from tabletop.i18n import _

THUMB_WIDTH = 240  # px per card
MAX_COLS = 9
GAP, LABEL_HEIGHT = 12, 22
PAPER, INK = (236, 236, 232), (40, 40, 40)


def columns(n: int) -> int:
    """Nearly square sheets for small decks, at most MAX_COLS wide."""
    cols = 1
    while cols * cols < n and cols < MAX_COLS:
        cols += 1
    return cols


def contact_sheet(deck: BuiltDeck, dest: Path, workers: int | None = None) -> Path:
    if not deck.cards:
        raise ExportError(_("{game} {asset}: nothing to preview").format(game=deck.game, asset=deck.asset))
    w_mm, h_mm = deck.size_mm
    thumb = (THUMB_WIDTH, round(THUMB_WIDTH * h_mm / w_mm))
    labels = [f"{c.index}  {c.card_id}" for c in deck.cards]
    labels += [f"back {k}" for k in range(1, len(deck.backs) + 1)]
    regions = [c.face for c in deck.cards] + deck.backs
    images = raster.images(deck.pdf, [raster.RasterJob(r, thumb) for r in regions], workers)
    cols = columns(len(regions))
    rows = -(-len(regions) // cols)
    cell_w, cell_h = thumb[0] + GAP, thumb[1] + LABEL_HEIGHT + GAP
    sheet = Image.new("RGB", (cols * cell_w + GAP, rows * cell_h + GAP), PAPER)
    draw = ImageDraw.Draw(sheet)
    font = ImageFont.load_default(size=14)
    for i, (label, image) in enumerate(zip(labels, images)):
        x, y = GAP + (i % cols) * cell_w, GAP + (i // cols) * cell_h
        sheet.paste(image, (x, y))
        draw.rectangle((x - 1, y - 1, x + thumb[0], y + thumb[1]), outline=(160, 160, 160))
        draw.text((x, y + thumb[1] + 4), label.encode("ascii", "replace").decode(), fill=INK, font=font)
    raster.save_png(dest, sheet)
    return dest
