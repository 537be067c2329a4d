"""`companion games`: the saved games at the terminal — the list the server's home page shows (read
through its store, which needs no web stack), with the command that continues each one."""
from __future__ import annotations

import json
import re
import shlex
from datetime import datetime
from pathlib import Path

import click

from tabletop import cli_i18n
from tabletop.i18n import N_, _, current

from .launch import LANGS, default_game_file
from .speech import pad

PROGRESS = {"round": N_("round {n}"), "week": N_("week {n}"), "pass": N_("pass {n}")}


def default_games_folder() -> Path:
    """The folder `companion <game> play` saves to by default (and `companion serve` lists)."""
    return default_game_file("game").parent


def continue_line(key: str, game_id: str, path: Path, how: str) -> str:
    """The command that continues (`--resume`) or replaces (`--new`) the game in `path`."""
    words = ["companion", key, "play", how]
    if path != default_game_file(game_id):
        words += ["--game", shlex.quote(str(path))]
    return " ".join(words)


def rows(folder: Path, lang: str) -> list[dict]:
    from .kinds import BY_GAME_ID
    from .web.store import SUFFIX, Store  # the store alone: it imports no web framework

    listed = []
    for row in Store(folder).listing(lang):
        path = folder / f"{row.name}{SUFFIX}"
        # A damaged file's game is guessed from its name: `play` names its files after the game (`terror24`,
        # and `terror24-2` for one kept aside by --new).
        kind = row.kind or BY_GAME_ID.get(re.sub(r"-[0-9]+$", "", row.name))
        how = "--new" if row.problem else "--resume"
        listed.append(row.to_json() | {
            "game": kind.key if kind else None, "path": str(path), "damaged": bool(row.problem),
            "command": continue_line(kind.key, kind.game_id, path, how) if kind else None})
    return listed


def _cells(row: dict) -> list[str]:
    changed = datetime.fromisoformat(row["changed"]).astimezone().strftime("%Y-%m-%d %H:%M")
    progress = " ".join(_(PROGRESS[k]).format(n=v) for k, v in row.get("progress", {}).items())
    state = _("damaged") if row["damaged"] else _("finished") if row["over"] else _("in play")
    return [row["game"] or "?", row["name"], changed, progress, state, row["command"] or ""]


@click.command(cls=cli_i18n.Command, help=N_("List the saved games: game, name, last change, progress, whether "
                                             "finished or damaged, and the command that continues each."))
@cli_i18n.option("--games", "games_dir", type=click.Path(file_okay=False, path_type=Path),
              help=N_("Folder of the game files (default: the one `companion <game> play` saves to)."))
@cli_i18n.option("--json", "as_json", is_flag=True, help=N_("One JSON list, for scripts."))
@cli_i18n.option("--lang", type=click.Choice(LANGS), help=N_("Language of the list (default: TABLETOP_KIT_LANG, "
                                                         "else Japanese under a Japanese locale, else English)."))
def games(games_dir: Path | None, as_json: bool, lang: str | None) -> None:
    folder = games_dir or default_games_folder()
    listed = rows(folder, lang or current())
    if as_json:
        click.echo(json.dumps(listed, ensure_ascii=False))
        return
    if not listed:
        click.echo(_("No saved games in {folder}.").format(folder=folder))
        return
    table = [[_("game"), _("name"), _("last change"), _("progress"), _("state"), _("to continue")],
             *map(_cells, listed)]
    widths = [max(cli_i18n.text_width.display_width(r[i]) for r in table) for i in range(len(table[0]))]
    click.echo(_("Saved games in {folder}:").format(folder=folder))
    for r in table:
        click.echo("  ".join(pad(cell, w) for cell, w in zip(r, widths)).rstrip())
