"""Build assets to files: load the game's data once, build each asset, write it atomically."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from .assets import Asset, Built, Game, Options
from .fileio import write_atomic
from .fonts import load_fonts


@dataclass(frozen=True)
class Job:
    game: Game
    asset: Asset

    def path(self, out: Path, opts: Options) -> Path:
        return Path(out) / self.game.id / self.asset.filename(opts)


def build_pdf(job: Job, opts: Options, model: Any | None = None) -> Built:
    """The asset's PDF in memory (nothing written)."""
    fonts = load_fonts(opts.font)
    model = model if model is not None else job.game.load(opts.cards_dir)
    return job.asset.build(job.game, model, opts, fonts)


def build_all(jobs: list[Job], opts: Options, out: Path) -> Iterator[tuple[Job, Path, Built]]:
    """Build and write each job in turn, yielding as each file lands (for progress display).
    Data are loaded once per game; a failure raises before that asset's file is touched."""
    models: dict[str, Any] = {}
    for job in jobs:
        if job.game.id not in models:
            models[job.game.id] = job.game.load(opts.cards_dir)
        built = build_pdf(job, opts, models[job.game.id])
        path = job.path(out, opts)
        write_atomic(path, built.pdf)
        yield job, path, built
