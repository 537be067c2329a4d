"""The first run's font preparation, done before any PDF is built (and timed): the static Regular
and Bold instances of the variable font and ReportLab's reading of them, with a word on what and
why, and a progress bar at a terminal. Every later run finds them in the font cache and skips this."""
from __future__ import annotations

import time

import click

from tabletop.i18n import _, listing
from tabletop.progress import Progress

from .fonts import WEIGHTS, FontSpec, cache_dir, load_fonts, sources_to_instance, static_instances

STYLE_NAMES = {"regular": "Regular (400)", "bold": "Bold (700)"}


def prepare_fonts(font: str | None, chain: tuple[FontSpec, ...] = ()) -> None:
    """Make the static instances `--font` or a deck's font chain need (the bundled Noto Sans JP by
    default), one variable font after another."""
    for source in sources_to_instance(font, chain):
        _prepare(source, font, chain)


def _prepare(source, font: str | None, chain: tuple[FontSpec, ...]) -> None:
    start = time.perf_counter()
    click.echo(_("First run: making static Regular and Bold fonts from the variable font {font} (ReportLab "
                 "would embed it at its thinnest weight). This happens once; they are kept in {folder}.").format(
        font=source.name, folder=cache_dir()), err=True)
    with Progress(len(WEIGHTS) + 1, _("Preparing the fonts")) as progress:
        left = len(WEIGHTS)

        def waiting(styles: list[str]) -> None:
            nonlocal left
            if len(styles) < left:
                progress.advance(left - len(styles))
                left = len(styles)
            progress.begin(_("{names}  {seconds:.0f} s").format(
                names=listing(STYLE_NAMES[s] for s in styles), seconds=time.perf_counter() - start))

        static_instances(source, waiting)
        progress.advance(left)
        progress.begin(_("reading them for ReportLab"))
        load_fonts(font, chain)
        progress.advance()
    click.echo(_("Fonts ready in {seconds:.1f} s.").format(seconds=time.perf_counter() - start), err=True)
