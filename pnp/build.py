"""Building one asset of one game into PDF bytes; the CLI writes them (atomically) and reports."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .assets import Asset, Built, Game, Options
from .fonts import load_fonts


@dataclass(frozen=True)
class Job:
    game: Game
    asset: Asset

    def path(self, out: Path, opts: Options) -> Path:
        return Path(out) / self.game.id / self.asset.filename(opts)


def build_pdf(job: Job, opts: Options, model: Any | None = None) -> Built:
    """The asset's PDF in memory (nothing written); `model` is the game's loaded data, if at hand."""
    fonts = load_fonts(opts.font)
    model = model if model is not None else job.game.load(opts.cards_dir)
    return job.asset.build(job.game, model, opts, fonts)
