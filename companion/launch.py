"""What every `companion <game> play` does before and around the table loop."""
from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from tabletop import cli_i18n
from tabletop.i18n import N_, choose

from . import shelf
from .session import Session, SessionError
from .speech import Said, SaidError, Speech
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
    return cli_i18n.option("--cards", "cards_dir", type=click.Path(file_okay=False, exists=True, path_type=Path),
                        help=help)


def table_options(command: Callable) -> Callable:
    """--game, --resume, --new, --lang, --cards and --import: the same for every `companion <game> play`."""
    for option in reversed([
        cli_i18n.option("--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
                     help=N_("The game file, saved after every accepted line "
                             "(default: tabletop-kit/<game>.game.json in $XDG_DATA_HOME or ~/.local/share).")),
        cli_i18n.option("--resume", is_flag=True, help=N_("Continue the game saved in the game file.")),
        cli_i18n.option("--new", is_flag=True, help=N_("Start a new game; a game saved in the game file is kept "
                                                    "under another name, which is printed.")),
        cli_i18n.option("--lang", type=click.Choice(LANGS),
                     help=N_("Language of the table talk (default: the saved game's; for a new game "
                             "TABLETOP_KIT_LANG, else Japanese under a Japanese locale, else English).")),
        cards_option(N_("Folder with your own copy of the game data; saved with the game, so "
                        "--resume uses it from any folder.")),
        cli_i18n.option("--import", "imported", metavar="LINK|FILE",
                        help=N_("Continue a game sent from the app or another terminal (its link or its game "
                                "file), kept in the game file; if another game is saved there, the one sent "
                                "takes the next free name.")),
    ]):
        command = option(command)
    return command


class Refusal(click.ClickException):
    """A user error at the start of a game: one line with its cure, exit status 2 (no usage text:
    the command line was understood, the game file is what stands in the way)."""
    exit_code = 2


# The cure every unusable game file shares: --new keeps it under another name and starts afresh.
_KEEP_AND_START = N_("{problem}; start a new game with --new (the file is kept under another name)")
# Session.save's refusals: the place cannot take the file, or the options cannot be written at all.
_UNSAVEABLE = "{path}: the game cannot be saved there ({why})"
_NOT_TEXT = "{path}: the game cannot be saved: a name or option is not UTF-8 text"
_DAMAGED = N_("{path}: the game file's options are damaged; it was left untouched")


def unusable(problem: Said | SaidError | str, lang: str) -> Refusal:
    """A saved game that cannot be continued, with the cure that works for it."""
    text = problem if isinstance(problem, str) else problem.text(lang)
    return Refusal(Speech(lang)._(_KEEP_AND_START, problem=text))


def damaged_options(session: Session) -> Refusal:
    """The refusal for a saved game whose options no longer make sense (hand-edited, or another version's)."""
    lang = session.options.get("lang")
    return unusable(Said(_DAMAGED, path=session.path), lang if lang in LANGS else default_lang())


def game_path(game: str, game_file: Path | None) -> Path:
    return Path(game_file) if game_file else default_game_file(game)


def lenient_stdin() -> None:
    """Bytes that are not UTF-8 make a typo, not a crash. Set before the first read (a stream cannot
    change after it), so before the question about a saved game too."""
    if hasattr(sys.stdin, "reconfigure") and getattr(sys.stdin, "errors", None) != "replace":
        sys.stdin.reconfigure(errors="replace")


def at_terminal() -> bool:
    """Whether someone is there to answer a question (lines piped in are never asked anything)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def start_mode(game: str, game_file: Path | None, resume: bool, new: bool,
               lang: str | None) -> tuple[bool, bool]:
    """(resume, new) as the player means them: given on the command line, or, when neither was given
    and a game is saved there, asked at a terminal. Quitting at the question ends the command."""
    said = Speech(lang or default_lang())
    if resume and new:
        raise Refusal(said._("--resume continues the saved game and --new starts another: give one of them"))
    path = game_path(game, game_file)
    if resume or new or path.is_dir() or not at_terminal():
        return resume, new
    found = shelf.look(path, game)
    if found.state != shelf.SAVED:
        return False, False
    lenient_stdin()
    lines = len(found.session.lines())
    click.echo(said._("A game is saved in {path} ({entered}).", path=path, entered=said.ngettext(
        "{n} line entered", "{n} lines entered", lines)))
    answer = click.prompt(said._("Continue it (c), start a new one keeping it under another name (n), or quit (q)?"),
                          type=click.Choice(["c", "n", "q"]), default="c",
                          show_choices=False)
    if answer == "q":
        raise SystemExit(0)
    return answer == "c", answer == "n"


def open_session(game: str, game_file: Path | None, resume: bool, options: dict[str, Any],
                 seed: int | None = None, *, lang: str | None = None,
                 cards_dir: Path | None = None, new: bool = False) -> Session:
    """A new game or, with resume, the saved one. A new game replaces a game file with nothing
    entered; any other file there is refused, or with `new` kept under another name (said). The
    game's language and data folder are kept in its options; given again on resume, they replace them."""
    path = game_path(game, game_file)
    said = Speech(lang or default_lang())
    chosen = {"lang": lang, "cards": str(Path(cards_dir).resolve()) if cards_dir else None}
    if path.is_dir():  # click refuses an existing folder, but `--game ""` reads as "."
        raise Refusal(said._("{path}: that is a folder; name a game file with --game FILE", path=path))
    found = shelf.look(path, game)
    if resume:
        if found.state == shelf.NOTHING:
            raise Refusal(said._("{path}: no saved game there (start one without --resume)", path=path))
        if found.state == shelf.UNUSABLE:
            raise unusable(found.error, said.lang)
        session = found.session
        if not isinstance(session.options.get("cards") or "", str):
            raise damaged_options(session)
        session.options.update({k: v for k, v in chosen.items() if v})
        if session.options.get("lang") not in LANGS:
            session.options["lang"] = lang or default_lang()
        return session
    if found.state in (shelf.SAVED, shelf.UNUSABLE):
        if not new:
            if found.state == shelf.UNUSABLE:
                raise unusable(found.error, said.lang)
            raise Refusal(said._("{path}: a game is saved there; continue it with --resume, or start a new one with "
                                 "--new (the saved one is kept under another name)", path=path))
        try:
            kept = shelf.set_aside(path)
        except OSError as e:
            raise Refusal(said._("{path}: the saved game cannot be moved aside ({why}); name another file with "
                                 "--game FILE", path=path, why=e.strerror or e)) from None
        resume_line = " ".join([click.get_current_context().command_path, "--resume", "--game",
                                shlex.quote(str(kept))])
        new_lang = Speech(lang or default_lang())
        click.echo(new_lang._("(the saved game is kept as {path}; to continue it: {command})",
                              path=kept, command=resume_line))
    return Session.create(game, {**options, **chosen, "lang": lang or default_lang()}, path, seed)


def play(session: Session, new_game: Callable[[Session], TableGame]) -> None:
    """Run the table loop in the game's language; a saved game that cannot be used is a user
    error (exit 2)."""
    lang = session.options["lang"]
    lenient_stdin()
    try:
        table = Table(session, new_game, lang=lang)
        click.echo(Speech(lang)._("(game file: {path})", path=session.path))
        status = table.run()  # a new game is saved before the first prompt: an unusable path stops here
    except SessionError as e:
        if e.message == _UNSAVEABLE:
            said = Speech(lang)._("{problem}; name another file with --game FILE", problem=e.text(lang))
            raise Refusal(said) from None
        if e.message == _NOT_TEXT:
            raise Refusal(e.text(lang)) from None
        raise unusable(e, lang) from None  # its journal no longer replays (e.g. edited data)
    raise SystemExit(status)
