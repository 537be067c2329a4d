"""`pnp export GAME --target mpc|tgc|png|tts` and the contact sheets of `pnp preview GAME --all`.
Options are parsed here; the work is in pnp.export."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import click

from .assets import BuildError
from .build import Job
from .cli import _jobs, _options, build_options, user_errors
from .export import source
from .export.cards import export_cards
from .export.contact import contact_sheet
from .export.deck import Deck, ExportError
from .export.targets import TARGETS
from .export.tts import export_tts


@click.command()
@click.argument("games", nargs=-1, required=True)
@click.option("--target", required=True, type=click.Choice(TARGETS + ("tts",)),
              help="mpc: MakePlayingCards 822×1122 px; tgc: The Game Crafter 825×1125 px; png: trim size; "
                   "tts: Tabletop Simulator deck sheets and saved object.")
@click.option("--asset", "assets", multiple=True, help="Only this card asset (repeatable); default: all.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Images go to OUT/<game>/export/<target>-<lang>/.")
@click.option("--workers", type=click.IntRange(1, 64), help="Processes rasterising (default: one per core).")
@build_options
@user_errors
def export(games, target, assets, out, workers, langs, **kw) -> None:
    """Export every card of GAME… (or `all`) as 300 dpi images, or as a Tabletop Simulator deck."""
    for opts in _options(langs, **kw):
        folder = f"{target}-{opts.lang}"
        for job, deck in _decks(games, assets, opts, cards_only=True):
            start = time.perf_counter()
            dest = Path(out) / job.game.id / "export" / folder
            try:
                if target == "tts":
                    name = f"{job.game.title[opts.lang]} — {job.asset.label[opts.lang]}"
                    paths = export_tts(deck, dest, name, workers)
                    what = f"{len(deck.cards)} cards on {sum(p.name.count('_faces') for p in paths)} sheet(s)"
                    shown = next(p for p in paths if p.suffix == ".json")
                else:
                    paths = export_cards(deck, target, dest, workers)
                    what, shown = f"{len(paths)} images", dest
            except ExportError as e:
                if assets:
                    raise BuildError(str(e)) from None
                click.echo(f"{job.game.id} {job.asset.name} ({opts.lang}): skipped: {e}")
                continue
            click.echo(f"{job.game.id} {job.asset.name} ({opts.lang}): {what} → {shown}  "
                       f"({time.perf_counter() - start:.2f} s)")


def contact_sheets(game: str, asset: str | None, out: Path, opts) -> None:
    """One PNG per asset with every card (cards assets) or page (sheets) as a thumbnail."""
    for job, deck in _decks((game,), (asset,) if asset else (), opts, cards_only=False):
        path = contact_sheet(deck, job.path(out, opts).with_suffix(".all.png"))
        click.echo(path)


def _decks(games, assets, opts, cards_only: bool):
    """Each selected asset built for export, as (job, deck); sheets are left out for card exports
    unless asked for by name (then it is an error: they have no cards)."""
    models: dict[str, object] = {}
    jobs: list[Job] = _jobs(games, assets)
    with tempfile.TemporaryDirectory(prefix="pnp-export-") as tmp:
        for job in jobs:
            if job.game.id not in models:
                models[job.game.id] = job.game.load(opts.cards_dir)
            deck: Deck = source.deck(job, opts, models[job.game.id], Path(tmp))
            if cards_only and deck.pages:
                if assets:
                    raise BuildError(f"{job.game.id} {job.asset.name} is a sheet, not cards: "
                                     f"see it with `pnp preview {job.game.id} {job.asset.name}`")
                continue
            yield job, deck
