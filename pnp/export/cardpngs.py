"""Per-card PNGs for print-on-demand services (mpc, tgc) or at trim size (png)."""
from __future__ import annotations

from pathlib import Path

from pnp.export import raster
from pnp.export.regions import BuiltDeck, ExportError
from pnp.export.targets import DPI, card_file_name, layout, shared_back_file_name
from tabletop.i18n import _


def export_cards(deck: BuiltDeck, target: str, out_dir: Path, workers: int | None = None) -> list[Path]:
    """Write one image per face and per back (one shared back file when all cards share it);
    returns the paths in upload order. Older images of this deck that are no longer produced go."""
    if not deck.cards:
        raise ExportError(_("{game} {asset}: no cards to export").format(game=deck.game, asset=deck.asset))
    lay = layout(target, deck.size_mm)
    jobs: list[raster.RasterJob] = []

    def job(region, name):
        jobs.append(raster.RasterJob(region=region, trim=lay.trim, pad=lay.bleed, dest=out_dir / name, dpi=DPI))

    shared = deck.shared_back
    for card in deck.cards:
        job(card.face, card_file_name(deck, card, "face"))
        if card.back is not None and shared is None:
            job(card.back, card_file_name(deck, card, "back"))
    if shared is not None:
        job(shared, shared_back_file_name(deck))
    for _written in raster.render(deck.pdf, jobs, workers):
        pass
    written = [j.dest for j in jobs if j.dest is not None]  # every job writes its file
    _remove_stale(out_dir, f"{deck.game}_{deck.asset}_", set(written))
    return written


def _remove_stale(out_dir: Path, prefix: str, keep: set[Path]) -> None:
    for path in out_dir.glob(f"{prefix}*.png"):
        if path not in keep:
            path.unlink()
