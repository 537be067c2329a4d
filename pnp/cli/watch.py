"""`pnp watch PATH`: the deck rebuilt on every save and shown in a browser page that refreshes by
itself (`build/rebuild.py` rebuilds, `watchpage.py` serves the page on 127.0.0.1)."""
from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click
from click.core import ParameterSource

from pnp.base import BuildError
from pnp.cli.shared import build_options, options_from, user_errors
from pnp.deck.read.path import is_deck_path
from tabletop import cli_i18n
from tabletop.i18n import N_, _


@click.command(cls=cli_i18n.Command,
               help=N_("Build the deck PATH (a deck file or its spreadsheet) again on every save of its data, "
                       "deck file, templates, icons or pictures, and show its pages in a browser page that "
                       "refreshes by itself (served on 127.0.0.1 only). Ctrl-C stops."))
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@cli_i18n.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help=N_("The page's port on 127.0.0.1 (0: any free one)."))
@cli_i18n.option("--no-open", is_flag=True, help=N_("Print the page's address without opening a browser."))
@cli_i18n.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help=N_("Output folder; the PDF goes to OUT/<deck id>/."))
@build_options(one_language=True)
@user_errors
def watch(path: Path, port: int, no_open: bool, out: Path, langs, **kw) -> None:
    from pnp.build.rebuild import Preview
    from pnp.build.rebuild import watch as watch_deck
    from pnp.build.watchpage import HOST, make_server, serve_in_background
    from pnp.deck.draw.userdeck import deck_options

    if not is_deck_path(str(path)):
        raise BuildError(_("pnp watch shows a deck: give its .toml file or its spreadsheet"))
    ctx = click.get_current_context()
    explicit = {name for name in ctx.params if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE}

    def options(deck):
        (opts,) = options_from(langs or (deck.languages[0],), **kw)
        return deck_options(deck, opts, explicit)

    preview = Preview()
    words = {"built": _("build {n}, {s} s"), "gone": _("pnp watch has stopped")}
    try:
        server = make_server(preview, port, path.name, (langs or ("ja",))[0], words)
    except OSError as e:
        raise BuildError(_("cannot serve the page on {host}:{port}: {reason} (try --port 0)").format(
            host=HOST, port=port, reason=e.strerror or e)) from None
    url = f"http://{HOST}:{server.server_address[1]}/"
    serve_in_background(server)
    click.echo(_("Watching {folder}; the pages are at {url} (Ctrl-C stops)").format(
        folder=path.resolve().parent, url=url))
    if not no_open:
        webbrowser.open(url)

    def said():
        state = preview.state()
        click.echo(state["error"] or _("built in {seconds:.2f} s").format(seconds=state["seconds"]),
                   err=bool(state["error"]))

    try:
        watch_deck(path, options, out, preview, threading.Event(), said)
    finally:
        server.shutdown()
