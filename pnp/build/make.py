"""Building one asset of one game into PDF bytes; the CLI writes them (atomically) and reports."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pnp.base import Asset, Built, Options, PrintedGame
from pnp.fonts.fontset import load_fonts
from tabletop.record import Record


class BuildJob(Record):
    """One asset of one game to build."""
    game: PrintedGame
    asset: Asset

    def path(self, out: Path, opts: Options) -> Path:
        return Path(out) / self.game.id / self.asset.filename(opts)


def build_pdf(job: BuildJob, opts: Options, model: Any | None = None) -> Built:
    """The asset's PDF in memory (nothing written); `model` is the game's loaded data, if at hand."""
    with collector_paused():
        fonts = load_fonts(opts.font, opts.font_chain)
        model = model if model is not None else job.game.load(opts.cards_dir)
        return job.asset.build(job.game, model, opts, fonts)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while an asset is built (its fonts, data and the
    modules drawing needs loaded too): it would keep scanning the cards laid out so far (10–15% of
    a large deck's time); the few cycles a build leaves are collected once it is back on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
