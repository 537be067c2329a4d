"""What every `companion <game> play` does before and around the table loop."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Callable

import click

from tabletop.fileio import remove_leftover_writes
from tabletop.i18n import N_, choose

from .guard import journal_lock
from .session import Session, SessionError
from .speech import Speech
from .table import Table, TableGame


LANGS = ("ja", "en")


def default_game_file(game: str) -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tabletop-kit" / f"{game}.game.json"


def default_lang() -> str:
    """TABLETOP_KIT_LANG, else Japanese under a Japanese locale (LC_ALL > LC_MESSAGES > LANG), else English."""
    return choose()


def cards_option(help: str = N_("Folder with your own copy of the game data.")) -> Callable:
    """--cards: the same folder check for every companion command that reads game data."""
    return click.option("--cards", "cards_dir", type=click.Path(file_okay=False, exists=True, path_type=Path),
                        help=help)


def table_options(command: Callable) -> Callable:
    """--game, --resume, --lang and --cards: the same for every `companion <game> play`."""
    for option in reversed([
        click.option("--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
                     help=N_("The game file, saved after every accepted line "
                             "(default: tabletop-kit/<game>.game.json in $XDG_DATA_HOME or ~/.local/share).")),
        click.option("--resume", is_flag=True, help=N_("Continue the game saved in the game file.")),
        click.option("--lang", type=click.Choice(LANGS),
                     help=N_("Language of the table talk (default: the saved game's; for a new game "
                             "TABLETOP_KIT_LANG, else Japanese under a Japanese locale, else English).")),
        cards_option(N_("Folder with your own copy of the game data; saved with the game, so "
                        "--resume uses it from any folder.")),
    ]):
        command = option(command)
    return command


_DAMAGED = N_("{path}: the game file's options are damaged; it was left untouched")


def damaged_options(session: Session) -> click.UsageError:
    """The refusal for a saved game whose options no longer make sense (hand-edited, or another version's)."""
    return click.UsageError(Speech(session.options.get("lang"))._(_DAMAGED, path=session.path))


def open_session(game: str, game_file: Path | None, resume: bool, options: dict[str, Any],
                 seed: int | None = None, *, lang: str | None = None,
                 cards_dir: Path | None = None) -> Session:
    """A new game (refusing to overwrite a saved one) or, with resume, the saved one. The game's
    language and data folder are kept in its options; given again on resume, they replace them."""
    path = Path(game_file) if game_file else default_game_file(game)
    said = Speech(lang or default_lang())
    chosen = {"lang": lang, "cards": str(Path(cards_dir).resolve()) if cards_dir else None}
    try:
        if path.is_dir():  # click refuses an existing folder, but `--game ""` reads as "."
            raise SessionError(N_("{path}: that is a folder; name a game file with --game FILE"), path=path)
        if resume:
            if not path.exists():
                raise SessionError(N_("{path}: no saved game there (start one without --resume)"), path=path)
            with journal_lock(path):
                remove_leftover_writes(path)
                session = Session.open(path, game)
            if not isinstance(session.options.get("cards") or "", str):
                raise SessionError(_DAMAGED, path=path)
            session.options.update({k: v for k, v in chosen.items() if v})
            if session.options.get("lang") not in LANGS:
                session.options["lang"] = lang or default_lang()
            return session
        if path.exists():
            raise SessionError(N_("{path}: a saved game is already there; continue it with --resume, "
                                  "or name another file with --game FILE"), path=path)
    except SessionError as e:
        raise click.UsageError(e.text(said.lang)) from None
    return Session.create(game, {**options, **chosen, "lang": lang or default_lang()}, path, seed)


def play(session: Session, new_game: Callable[[Session], TableGame]) -> None:
    """Run the table loop in the game's language; a saved game that cannot be used is a user
    error (exit 2)."""
    lang = session.options["lang"]
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 make a typo, not a crash
    try:
        table = Table(session, new_game, lang=lang)
        click.echo(Speech(lang)._("(game file: {path})", path=session.path))
        status = table.run()  # a new game is saved before the first prompt: an unusable path stops here
    except SessionError as e:
        raise click.UsageError(e.text(lang)) from None
    raise SystemExit(status)
