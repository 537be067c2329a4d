"""`companion app`: the app that plays on a phone alone (companion/app/), for any static web host."""
from __future__ import annotations

from pathlib import Path

import click

from tabletop import cli_i18n
from tabletop.i18n import N_, _

from .appexport import ExportError, export


class ExportRefused(click.ClickException):
    """The folder cannot take the app: one line, exit status 2."""
    exit_code = 2


@click.group(cls=cli_i18n.Group, help=N_("The app that plays on a phone alone: export it for any static web host."))
def app() -> None:
    pass


@app.command(cls=cli_i18n.Command, help=N_(
    "Write the app into DIR (made if missing): pages, engines, game data and messages, icons, manifest and "
    "service worker. Serve DIR from any static web host, at its root or under a subpath; over HTTPS (or on "
    "localhost) it installs and plays offline after the first visit. Files of DIR the app does not have are "
    "left alone."))
@click.argument("folder", metavar="DIR", type=click.Path(path_type=Path))
@cli_i18n.option("--quiet", "-q", is_flag=True, help=N_("Say nothing when it works."))
def export_command(folder: Path, quiet: bool) -> None:
    try:
        written = export(folder)
    except ExportError as e:
        raise ExportRefused(_(e.args[0]).format(**e.fields)) from None
    except OSError as e:
        raise ExportRefused(_("{path}: cannot write the app there ({why})").format(
            path=e.filename or folder, why=e.strerror or e)) from None
    if not quiet:
        click.echo(_("Wrote the app to {folder} ({n} files). Serve that folder from any static web host; "
                     "see docs/app.md.").format(folder=folder, n=len(written)))


export_command.name = "export"
