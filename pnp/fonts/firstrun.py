"""The first run's font preparation, done before any PDF is built (and timed): the static Regular
and Bold instances of the variable font and ReportLab's reading of them, with a word on what and
why, and a progress bar at a terminal. Every later run finds them in the font cache and skips this."""
from __future__ import annotations

import time

import click

from pnp.fonts.fontset import (
    STEPS,
    FontSpec,
    cache_dir,
    instance_paths,
    load_fonts,
    sources_to_instance,
    static_instances,
)
from tabletop.i18n import _, listing
from tabletop.progress import Progress

# What the first run usually takes on two free cores, said before it starts: the two weights side by side,
# then ReportLab's reading (bench/first_run.py measures it); a busy machine takes longer.
USUAL_SECONDS = 6


def prepare_fonts(font: str | None, chain: tuple[FontSpec, ...] = ()) -> None:
    """Make the static instances `--font` or a deck's font chain need (the bundled Noto Sans JP by
    default), one variable font after another."""
    for source in sources_to_instance(font, chain):
        _prepare(source, font, chain)


def _prepare(source, font: str | None, chain: tuple[FontSpec, ...]) -> None:
    start = time.perf_counter()
    click.echo(_("First run: making static Regular and Bold fonts from the variable font {font} (ReportLab "
                 "would embed it at its thinnest weight). This happens once and takes about {seconds} s on "
                 "two free cores, longer on a busy machine; they are kept in {folder}.").format(
        font=source.name, seconds=USUAL_SECONDS, folder=cache_dir()), err=True)
    # The bar counts each weight's steps (its deltas applied, its glyphs written), then ReportLab's reading.
    steps = len(STEPS) * sum(not path.is_file() for path in (instance_paths(source) or {}).values())
    with Progress(steps + 1, _("Preparing the fonts")) as progress:
        counted = 0

        def report(done: dict[str, int]) -> None:
            nonlocal counted
            progress.advance(sum(done.values()) - counted)
            counted = sum(done.values())
            under_way = [_("{style}: {step}").format(style=style.title(), step=_step_words(n))
                         for style, n in done.items() if n < len(STEPS)]
            # the seconds first: a narrow terminal cuts the line's end
            progress.begin(_("{seconds:.0f} s  {steps}").format(
                steps=listing(under_way), seconds=time.perf_counter() - start))

        static_instances(source, report)
        progress.advance(steps - counted)
        progress.begin(_("reading them for ReportLab"))
        load_fonts(font, chain)
        progress.advance()
    click.echo(_("Fonts ready in {seconds:.1f} s.").format(seconds=time.perf_counter() - start), err=True)


def _step_words(done: int) -> str:
    """What a weight is doing after `done` of its STEPS."""
    return (_("instancing"), _("writing"))[done]
