"""`pnp`: list, build and preview print-and-play assets. Options are parsed here; the work is
done in pnp.build.make. User errors print one line and exit 2; internal errors exit 1."""
from __future__ import annotations

import time
from functools import partial
from pathlib import Path

import click

from pnp.assets.common import without_extras
from pnp.assets.registry import GAMES
from pnp.base import BuildError, Options, TooSmall
from pnp.build import cache
from pnp.build.make import BuildJob, build_pdf, collector_paused
from pnp.cli.shared import (
    LANGS,
    all_langs,
    announce_fonts,
    build_options,
    guide_option,
    jobs_for,
    load_once,
    plan_jobs,
    user_errors,
    warn_once,
)
from pnp.deck.read.path import is_deck_path
from pnp.fonts.fontset import load_fonts
from pnp.sheets.backs import parse_offset
from pnp.sheets.cutter import CUTTERS
from pnp.sheets.printshop import DIE_LINES
from tabletop import cli_i18n
from tabletop.data.load import locate
from tabletop.fileio import write_atomic
from tabletop.i18n import N_, _, ngettext
from tabletop.progress import Progress


@click.group(cls=cli_i18n.Group, context_settings={"help_option_names": ["-h", "--help"]},
             lazy_commands={"export": "pnp.cli.export:export", "init": "pnp.cli.start:init",
                            "examples": "pnp.cli.start:examples",
                            "watch": "pnp.cli.watch:watch"},
             help=N_("Print-and-play generator.\n\n"
                     "Exit status: 0 done, 2 a user error (bad data or options; one line says which), "
                     "1 an internal error (a bug; PNP_DEBUG=1 shows its traceback), 130 interrupted (Ctrl-C).\n\n"
                     "Messages are in Japanese or English: TABLETOP_KIT_LANG=ja|en, else the locale (LANG)."))
def main() -> None:
    pass


@main.command("list", help=N_("Games and the assets `pnp build` makes for them."))
@user_errors
def list_games() -> None:
    for game in GAMES.values():
        click.echo(f"{game.id}  ({game.title['en']} / {game.title['ja']})")
        for name, asset in game.assets.items():
            click.echo(f"  {name:<10} {asset.label['en']} / {asset.label['ja']}")


@main.command(help=N_("Build GAME… (or `all`: every game, in both languages unless --lang says otherwise) "
                      "into OUT/<game>/<asset>-<paper>-<lang>.pdf. A GAME may be your own deck: a deck file "
                      "(.toml) or its spreadsheet (.csv, .xlsx), built into OUT/<deck id>/ in each language it "
                      "has (docs/decks.md)."))
@click.argument("games", nargs=-1, required=True)
@cli_i18n.option("--asset", "assets", multiple=True, help=N_("Only this asset (repeatable); default: all."))
@cli_i18n.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help=N_("Output folder; files go to OUT/<game>/."))
@cli_i18n.option("--force", is_flag=True,
              help=N_("Rebuild even what is up to date with its data, templates and options."))
@cli_i18n.option("--print-shop", "print_shop", is_flag=True,
              help=N_("For a print shop's order: each card face on a page of its own with 3 mm bleed and "
                      "trim marks, in CMYK, structured as PDF/X-4 (card assets only; docs/print-assets.md)."))
@cli_i18n.option("--icc-profile", "icc_profile", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help=N_("With --print-shop: the shop's CMYK output profile (e.g. Japan Color 2001 Coated); "
                      "default: the FOGRA39 profile shipped."))
@cli_i18n.option("--cutter", type=click.Choice(CUTTERS), default=None,
              help=N_("Sheets for a cutting machine's print-then-cut, with each sheet's cut path beside the PDF: "
                      "silhouette, its registration marks printed and the path as DXF and SVG; cricut, each sheet "
                      "of fronts as a PNG for Design Space with an SVG (docs/print-assets.md)."))
@cli_i18n.option("--die-line", "die_line", type=click.Choice(DIE_LINES), default=None,
              help=N_("With --print-shop: each piece's outline for the shop's die (a chip's circle, a card's "
                      "rectangle) as a spot colour named CutContour: in-file (the default), separate (in a "
                      "second file, <name>-dieline.pdf, page for page) or none."))
@cli_i18n.option("--corner-radius", "corner_radius", type=float, default=0.0,
              help=N_("With --cutter or --print-shop: round the cut path's or the die line's corners, mm (3 is a "
                      "usual card's); default 0, square. A chip's is its circle."))
@guide_option
@build_options
@user_errors
def build(games, assets, out, force, langs, print_shop, icc_profile, die_line, cutter, corner_radius, guide,
          **kw) -> None:
    if icc_profile and not print_shop:
        raise BuildError(_("--icc-profile is for --print-shop files"))
    if die_line and not print_shop:
        raise BuildError(_("--die-line is for --print-shop files"))
    if cutter and print_shop:
        raise BuildError(_("--cutter and --print-shop make different files; choose one"))
    if guide and print_shop:
        raise BuildError(_("--guide is for files printed at home; a print shop's file holds only the faces"))
    if corner_radius and not (cutter or print_shop):
        raise BuildError(_("--corner-radius rounds a cutter's cut path or a print shop's die line; add --cutter "
                           "or --print-shop"))
    if not corner_radius >= 0:  # NaN too
        raise BuildError(_("--corner-radius must not be negative, got {radius:g}").format(radius=corner_radius))
    jobs = _with_guide(plan_jobs(jobs_for(games, assets), all_langs(games, langs), kw), guide)
    if print_shop:
        from tabletop.record import replace

        jobs = [(job, replace(opts, die_line=die_line or "in-file", corner_radius=corner_radius))
                for job, opts in _print_shop_jobs(jobs, icc_profile)]
    if cutter:
        from tabletop.record import replace

        jobs = [(job, replace(opts, cutter=cutter, corner_radius=corner_radius)) for job, opts in jobs]
    models: dict[str, object] = {}
    announce_fonts(jobs[0][1])
    with collector_paused():  # builds leave few cycles (~800 objects a PDF); collecting rescans all they made
        _build_jobs(jobs, out, force, models)


def _with_guide(jobs: list[tuple[BuildJob, Options]], guide: bool) -> list[tuple[BuildJob, Options]]:
    if not guide:
        return jobs
    from tabletop.record import replace

    return [(job, replace(opts, guide=True)) for job, opts in jobs]


def _print_shop_jobs(jobs: list[tuple[BuildJob, Options]], icc_profile: Path | None) -> list[tuple[BuildJob, Options]]:
    """The card assets of the plan as print shop files; a sheet (printed at home on A4 or Letter) is
    left out, said once."""
    from pnp.assets.pieces import Cards
    from pnp.sheets.printshop import load_profile
    from tabletop.record import replace

    if icc_profile:
        try:
            load_profile(str(icc_profile))
        except (OSError, ValueError) as e:
            raise BuildError(_("{path}: not a CMYK output profile ({detail})").format(path=icc_profile, detail=e)) \
                from None
    kept, skipped = [], []
    for job, opts in jobs:
        if isinstance(job.asset, Cards):
            kept.append((job, replace(opts, print_shop=True, icc_profile=str(icc_profile) if icc_profile else None)))
        elif (job.game.id, job.asset.name) not in skipped:
            skipped.append((job.game.id, job.asset.name))
    for game, asset in skipped:
        click.echo(_("{game} {asset}: skipped, a sheet for home printing (--print-shop makes card assets)")
                   .format(game=game, asset=asset), err=True)
    if not kept:
        raise BuildError(_("--print-shop makes card assets, and none was asked for"))
    return kept


def _build_jobs(jobs: list[tuple[BuildJob, Options]], out: Path, force: bool, models: dict[str, object]) -> None:
    """Build each job in turn. An asset whose text does not fit a card smaller than a poker card
    (`TooSmall`) is said not made in one line; the rest are built, and the command ends with the list
    (exit 2)."""
    left_out: list[str] = []
    with Progress(len(jobs), _("Building")) as progress:
        for n, (job, opts) in enumerate(jobs, 1):
            try:
                _build_job(n, job, opts, len(jobs), out, force, models, progress)
            except TooSmall as e:
                left_out.append(f"{job.game.id} {job.asset.name} ({opts.lang})")
                label = f"[{n}/{len(jobs)}] {job.game.id} {job.asset.name} ({opts.lang})"
                progress.echo(_("{label}: not made at card size {size}: {reason}").format(
                    label=label, size=opts.card_size, reason=locate(e)), err=True)
            progress.advance()
    if left_out:
        raise BuildError(ngettext("{n} file not made, its text too long for the card size: {files}",
                                  "{n} files not made, their text too long for the card size: {files}",
                                  len(left_out)).format(n=len(left_out), files=_(", ").join(left_out)))


def _build_job(n: int, job: BuildJob, opts: Options, total: int, out: Path, force: bool, models: dict[str, object],
               progress: Progress) -> None:
    start = time.perf_counter()
    label = f"[{n}/{total}] {job.game.id} {job.asset.name} ({opts.lang})"
    progress.begin(f"{job.game.id} {job.asset.name} ({opts.lang})")
    path = job.path(out, opts)
    step = cache.BuildStep([path], cache.asset_inputs(job.game, job.asset, opts))
    # The files written beside the PDF (a cutter's) are recorded with it: one deleted is rebuilt.
    if not force and step.fresh() and all(p.exists() for p in step.recorded_outputs()):
        progress.echo(_("{label}: {path}  (up to date)").format(label=label, path=path))
    else:
        built = build_pdf(job, opts, load_once(job.game, opts, models))
        same = "" if step.write(built.pdf, force) else _(", content unchanged")
        # named after the plain PDF: a guide page or moved backs change no cut file
        plain = job.path(out, without_extras(opts))
        extras = [plain.with_name(plain.stem + suffix) for suffix, _data in built.extras]
        for extra, (_suffix, data) in zip(extras, built.extras):  # a cutter's files, beside the PDF
            write_atomic(extra, data)
            progress.echo(f"  {extra}")
        if extras:
            step.done([path, *extras])
        pages = ngettext("{n} page", "{n} pages", built.pages).format(n=built.pages)
        progress.echo(_("{label}: {path}  ({pages}, {size} KB, {seconds:.2f} s{unchanged})").format(
            label=label, path=path, pages=pages, size=len(built.pdf) // 1024,
            seconds=time.perf_counter() - start, unchanged=same))
    # An up-to-date file still carries whatever it warns about (e.g. provisional values).
    warn_once(job.game, partial(load_once, job.game, opts, models), opts, progress.echo)


@main.command(help=N_("Write page PAGE of GAME's ASSET (GAME may be `all`, or a deck file, whose one asset "
                      "needs no name) as a PNG per language and print its path (--all: contact sheets)."))
@click.argument("game")
@click.argument("asset", required=False)
@cli_i18n.option("--all", "every", is_flag=True,
              help=N_("One contact sheet per asset showing every card (or page)."))
@cli_i18n.option("--page", type=click.IntRange(1), default=1, show_default=True, help=N_("The page to write."))
@cli_i18n.option("--dpi", type=click.FloatRange(30, 600), default=150, show_default=True,
              help=N_("Resolution of the PNG, dots per inch."))
@cli_i18n.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help=N_("Output folder; files go to OUT/<game>/."))
@guide_option
@build_options
@user_errors
def preview(game, asset, every, page, dpi, out, langs, guide, **kw) -> None:
    from pnp.sheets import pagepng

    if every:
        if click.get_current_context().get_parameter_source("page") == click.core.ParameterSource.COMMANDLINE:
            raise BuildError(_("--page previews one page; --all shows every card or page already"))
        if guide:
            raise BuildError(_("--guide adds a page to a PDF; --all shows the cards alone"))
        from pnp.cli.export import contact_sheets

        contact_sheets(plan_jobs(jobs_for((game,), (asset,) if asset else ()), langs, kw), out)
        return
    if asset is None and not is_deck_path(game):  # a deck has one asset
        raise BuildError(_("name the ASSET to preview, or use --all"))
    plan = _with_guide(plan_jobs(jobs_for((game,), (asset,) if asset else ()), langs, kw), guide)  # several with `all`
    announce_fonts(plan[0][1])
    models: dict[str, object] = {}
    for job, opts in plan:
        built = build_pdf(job, opts, load_once(job.game, opts, models))
        try:
            image = pagepng.png(built.pdf, page, dpi)
        except IndexError as e:
            raise BuildError(_("{game} {asset}: {reason}").format(game=job.game.id, asset=job.asset.name,
                                                                  reason=e)) from None
        path = job.path(out, opts).with_suffix(f".p{page}.png")
        write_atomic(path, image)
        click.echo(path)
        warn_once(job.game, partial(load_once, job.game, opts, models), opts)


@main.command(help=N_("Write a two-sided alignment test: its scales read off the --back-offset your printer "
                      "needs."))
@cli_i18n.option("--backs", type=click.Choice(["duplex-long", "duplex-short"]), default="duplex-long",
              show_default=True, help=N_("The flip edge you will print with."))
@cli_i18n.option("--paper", default="a4", show_default=True, help=N_("a4 or letter (-landscape too)."))
@cli_i18n.option("--lang", type=click.Choice(LANGS), default="ja", show_default=True,
              help=N_("Language of the printed sheet."))
@cli_i18n.option("--back-offset", default="0,0", show_default=True,
              help=N_("The offset in use, X,Y mm: print again with your reading to check it."))
@cli_i18n.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help=N_("Output folder; the sheet goes to OUT/calibrate/."))
@user_errors
def calibrate(backs, paper, lang, back_offset, out) -> None:
    from pnp.assets.calibrate import HINT
    from pnp.assets.calibrate import build as build_calibration
    from pnp.assets.common import page_size

    opts = Options(paper=paper, lang=lang)
    name, page = page_size(opts)
    try:
        offset = parse_offset(back_offset)
    except ValueError as e:
        raise BuildError(str(e)) from None
    announce_fonts(opts)
    path = Path(out) / "calibrate" / f"calibrate-{backs}-{name}-{lang}.pdf"
    write_atomic(path, build_calibration(page, name, backs, offset, load_fonts(), lang))
    click.echo(path)
    click.echo(_(HINT))

