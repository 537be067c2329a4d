"""`pnp export GAME --target mpc|tgc|png|tts` and the contact sheets of `pnp preview GAME --all`.
Options are parsed here; the work is in pnp.export."""
from __future__ import annotations

import tempfile
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

import click

from pnp.base import BuildError, Options
from pnp.build import cache
from pnp.build.make import BuildJob
from pnp.cli.shared import (
    all_langs,
    announce_fonts,
    build_options,
    jobs_for,
    load_once,
    plan_jobs,
    user_errors,
    warn_once,
)
from pnp.export import source
from pnp.export.regions import BuiltDeck, ExportError
from pnp.export.targets import TARGETS
from tabletop import cli_i18n
from tabletop.i18n import N_, _, ngettext
from tabletop.progress import Progress
from tabletop.record import replace


def _hide_layout_options(command):
    """Exports place each card on its own: sheet layout options exist (shared parsing) but are not shown."""
    for param in getattr(command, "__click_params__", []):
        if param.name in {"paper", "guides", "bleed", "gutter", "backs", "back_offset"}:
            param.hidden = True
    return command


@click.command(cls=cli_i18n.Command,
               help=N_("Export every card of GAME… (or `all`: every game, in both languages unless --lang says "
                       "otherwise) as 300 dpi images, or as a Tabletop Simulator deck."))
@click.argument("games", nargs=-1, required=True)
@cli_i18n.option("--target", required=True, type=click.Choice(TARGETS + ("tts",)),
              help=N_("mpc: MakePlayingCards 822×1122 px; tgc: The Game Crafter 825×1125 px; png: trim size; "
                      "tts: Tabletop Simulator deck sheets and saved object."))
@cli_i18n.option("--asset", "assets", multiple=True, help=N_("Only this card asset (repeatable); default: all."))
@cli_i18n.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help=N_("Images go to OUT/<game>/export/<target>-<lang>/."))
@cli_i18n.option("--workers", type=click.IntRange(1, 64),
              help=N_("Processes rasterising (default: one per core)."))
@cli_i18n.option("--force", is_flag=True, help=N_("Export again even what is up to date."))
@cli_i18n.option("--base-url", metavar="URL",
              help=N_("tts: the web address the sheets will be uploaded to; the saved object then names each "
                      "sheet URL/FILE, which every player's Tabletop Simulator can load (default: this "
                      "computer's file paths)."))
@_hide_layout_options
@build_options
@user_errors
def export(games, target, assets, out, workers, force, base_url, langs, **kw) -> None:
    if base_url is not None:
        base_url = checked_base_url(base_url, target)
    models: dict[str, object] = {}
    exported = False
    plan = plan_jobs(jobs_for(games, assets), all_langs(games, langs), kw)
    announce_fonts(plan[0][1])
    # Piped, no bar shows that work is under way, and a large asset takes a minute or more: one line says so.
    cards = sum(not source.is_sheet(job.asset) for job, _opts in plan)
    piped = ngettext("Exporting {n} asset as {target}: a line as it is done.",
                     "Exporting {n} assets as {target}: a line as each is done.", cards).format(n=cards, target=target)
    with tempfile.TemporaryDirectory(prefix="pnp-export-") as tmp, \
            Progress(len(plan), _("Exporting"), piped=piped) as progress:
        for job, opts in plan:
            progress.begin(f"{job.game.id} {job.asset.name} ({opts.lang})")
            if source.is_sheet(job.asset):
                if assets:
                    raise BuildError(_("{game} {asset} is a sheet, not cards: see it with "
                                       "`pnp preview {game} {asset}`").format(game=job.game.id,
                                                                             asset=job.asset.name))
                progress.advance()
                continue
            if _export_asset(job, opts, target, Path(out), workers, force, models, Path(tmp), bool(assets),
                             progress.echo, base_url):
                exported = True
                # Images exported, kept or up to date all show what the asset warns about.
                warn_once(job.game, partial(load_once, job.game, opts, models), opts, progress.echo)
            progress.advance()
    if not exported:
        raise BuildError(_("nothing could be exported as {target} (each asset above says why)").format(target=target))


def checked_base_url(url: str, target: str) -> str:
    """--base-url: for TTS only, and an http(s) address (TTS fetches the sheets from it)."""
    if target != "tts":
        raise BuildError(_("--base-url names where Tabletop Simulator finds the sheets: use it with --target tts"))
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise BuildError(_("--base-url {url}: give the web folder the sheets are uploaded to, e.g. "
                           "https://example.com/decks/").format(url=url))
    return url if url.endswith("/") else url + "/"


def _export_asset(job: BuildJob, opts, target: str, out: Path, workers: int | None, force: bool,
                  models: dict[str, object], tmp: Path, named: bool, echo=click.echo,
                  base_url: str | None = None) -> bool:
    """Export one asset unless it is up to date. Two stamps: its inputs (data, templates, fonts,
    options, code), checked without building; then the cards as built, so a data edit that changes
    none of this asset's cards keeps its images. False when the target cannot take the asset."""
    label = f"{job.game.id} {job.asset.name} ({opts.lang})"
    dest = out / job.game.id / "export" / f"{target}-{opts.lang}"
    name = f"{job.game.title[opts.lang]} — {job.asset.label[opts.lang]}"
    # TTS saved objects hold absolute file URLs (or the given web address): a moved output folder or
    # another address needs a new one.
    where = {"base_url": base_url} if base_url else {"dest": str(dest.resolve())}
    what = {"export": target, **(where if target == "tts" else {})}
    inputs = cache.asset_inputs(job.game, job.asset, opts)
    stamp = out / job.game.id / cache.STAMP_DIR / f"export-{target}-{opts.lang}-{job.asset.name}"
    step = cache.BuildStep([], replace(inputs, options={**inputs.options, **what}),
                           stamp.with_name(f"{stamp.name}.json"))
    if not force and step.fresh():
        skipped = not step.recorded_outputs()
        status = _("skipped: not exportable as {target}").format(target=target) if skipped else _("up to date")
        echo(_("{label}: {status}").format(label=label, status=status))
        return not skipped
    start = time.perf_counter()
    deck = _deck(job, opts, models, tmp)
    cards = cache.Inputs(options={**what, "name": name, "cards": repr((deck.size_mm, deck.cards)),
                                       "pdf": cache.content_digest(deck.pdf.read_bytes())})
    images = cache.BuildStep([], cards, stamp.with_name(f"{stamp.name}-images.json"))
    if not force and images.fresh():
        step.done(images.recorded_outputs())
        echo(_("{label}: no card changed, images kept").format(label=label))
        return True
    try:
        paths, summary = _export(deck, target, dest, workers, name, base_url)
    except ExportError as e:
        if named:
            raise BuildError(str(e)) from None
        echo(_("{label}: skipped: {reason}").format(label=label, reason=e))
        step.done([])
        return False
    images.done(paths)
    step.done(paths)
    echo(_("{label}: {summary}  ({seconds:.2f} s)").format(label=label, summary=summary,
                                                                 seconds=time.perf_counter() - start))
    return True


def _export(deck: BuiltDeck, target: str, dest: Path, workers: int | None, name: str,
            base_url: str | None = None) -> tuple[list[Path], str]:
    # Pillow and PDFium are imported by the command that uses them, not at every start of pnp.
    from pnp.export.cardpngs import export_cards
    from pnp.export.tts import export_tts

    if target == "tts":
        paths = export_tts(deck, dest, name, workers, base_url)
        sheets = sum("_faces" in p.name for p in paths)
        saved = next(p for p in paths if p.suffix == ".json")
        cards = ngettext("{n} card", "{n} cards", len(deck.cards)).format(n=len(deck.cards))
        return paths, ngettext("{cards} on {n} sheet → {saved}", "{cards} on {n} sheets → {saved}",
                               sheets).format(cards=cards, n=sheets, saved=saved)
    paths = export_cards(deck, target, dest, workers)
    return paths, ngettext("{n} image → {dest}", "{n} images → {dest}", len(paths)).format(n=len(paths), dest=dest)


def contact_sheets(plan: Sequence[tuple[BuildJob, Options]], out: Path) -> None:
    """One PNG per asset and language with every card (cards assets) or page (sheets) as a thumbnail."""
    from pnp.export.contact import contact_sheet

    models: dict[str, object] = {}
    announce_fonts(plan[0][1])
    with tempfile.TemporaryDirectory(prefix="pnp-preview-") as tmp, Progress(len(plan), _("Previewing")) as progress:
        for job, opts in plan:
            progress.begin(f"{job.game.id} {job.asset.name} ({opts.lang})")
            deck = _deck(job, opts, models, Path(tmp))
            progress.echo(str(contact_sheet(deck, job.path(out, opts).with_suffix(".all.png"))))
            warn_once(job.game, partial(load_once, job.game, opts, models), opts, progress.echo)
            progress.advance()


def _deck(job: BuildJob, opts: Options, models: dict[str, object], work_dir: Path) -> BuiltDeck:
    """The asset built for export."""
    return source.deck(job, opts, load_once(job.game, opts, models), work_dir)
