"""`companion <game> play --import LINK|FILE` and `companion <game> share`: a game handed over between
the terminal and the app (companion/share.py says what a link carries). An arriving game is checked
whole — the right game, a file this version reads, a journal the engine plays — before anything is
written; a game already kept under its path is never overwritten by another or by an older copy."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import click
import segno

from tabletop import cli_i18n
from tabletop.fileio import write_atomic
from tabletop.i18n import N_

from . import shelf
from .guard import journal_lock
from .kinds import BY_GAME_ID, table_factory
from .launch import LANGS, Refusal, default_lang, game_path, start_mode
from .saved import SavedOptionsError
from .session import Session, SessionError, new_id
from .share import AHEAD, DIVERGED, MAX_GAME, QR_LIMIT, ShareError, app_url, compare, make_link, read_link
from .speech import Speech
from .table import InputError


def begin(game: str, game_file: Path | None, resume: bool, new: bool, lang: str | None,
          imported: str | None) -> tuple[bool, bool, Path | None]:
    """(resume, new, game file) for `play`: with --import, the game sent, kept and continued; else as
    `start_mode` has it."""
    if imported is None:
        return (*start_mode(game, game_file, resume, new, lang), game_file)
    if new:
        raise Refusal(Speech(lang or default_lang())._("--import continues the game sent and --new starts "
                                                       "another: give one of them"))
    return True, False, take_import(game, imported, game_file, lang)


def _arriving(game: str, source: str, said: Speech) -> Session:
    """The game a link or file holds, checked whole; a Refusal in one line if it cannot be taken."""
    path = Path(source)
    try:
        if "#" not in source and path.is_file():
            if path.stat().st_size > MAX_GAME:
                raise ShareError(N_("{source}: the game file is too big (more than {limit} bytes)"),
                                 source=source, limit=MAX_GAME)
            text = path.read_bytes().decode("utf-8")
        else:
            text, _name = read_link(source)
        session = Session.parse(text, game, source if "#" not in source else said._("the link"))
        if session.options.get("lang") not in LANGS:
            session.options["lang"] = said.lang
        table = table_factory(BY_GAME_ID[game], session, said.lang)(session)
        for number, line in enumerate(session.lines(), 1):
            try:
                table.handle(line)
            except InputError as e:
                raise ShareError(N_("line {number} of the game sent ({line!r}) does not play here: {error}; "
                                    "nothing was imported"), number=number, line=line, error=e) from None
    except (ShareError, SessionError) as e:
        raise Refusal(e.text(said.lang)) from None
    except SavedOptionsError as e:
        raise Refusal(said._("the game sent cannot be set up here ({why}); nothing was imported", why=e)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise Refusal(said._("{source}: the file cannot be read ({why}); nothing was imported",
                             source=source, why=getattr(e, "strerror", None) or e)) from None
    return session


def _write(session: Session, path: Path) -> None:
    session.path = path
    with journal_lock(path):
        write_atomic(path, session.to_json() + "\n")


def take_import(game: str, source: str, game_file: Path | None, lang: str | None) -> Path:
    """Keep the game `source` holds in the game file and return its path, to be continued. The same game
    (its id) already there: the copy with more is kept; when each has steps the other lacks, the arriving
    one is kept beside it. Another game there: the arriving one takes the next free name."""
    said = Speech(lang or default_lang())
    arriving = _arriving(game, source, said)
    path = game_path(game, game_file)
    if path.is_dir():
        raise Refusal(said._("{path}: that is a folder; name a game file with --game FILE", path=path))
    found = shelf.look(path, game)
    if found.state == shelf.NOTHING:
        _write(arriving, path)
        return path
    same = found.session is not None and arriving.game_id is not None and found.session.game_id == arriving.game_id
    if same:
        how = compare(found.session.entries, arriving.entries)
        if how == AHEAD:
            _write(arriving, path)
            click.echo(said._("(the game in {path} is brought up to date from the one sent)", path=path))
            return path
        if how != DIVERGED:
            click.echo(said._("(the game in {path} already has every step of the one sent: it is continued as "
                              "it is)", path=path))
            return path
    elsewhere = shelf.free_path(path)
    _write(arriving, elsewhere)
    if same:
        click.echo(said._("(the game in {path} went another way since it was sent: both are kept, the one sent "
                          "as {kept})", path=path, kept=elsewhere))
    else:
        click.echo(said._("(another game is saved in {path}: the one sent is kept as {kept})", path=path,
                          kept=elsewhere))
    return elsewhere


def _name(path: Path) -> str:
    """The game's name as the app shows it: its file's name without `.game.json`."""
    name = path.name
    return name[: -len(shelf.GAME_SUFFIX)] if name.endswith(shelf.GAME_SUFFIX) else path.stem


def share_command(game: str) -> click.Command:
    """`companion <game> share` for one game."""

    @click.command(name="share", cls=cli_i18n.Command,
                   help=N_("Send the saved game to a phone or another terminal: a link to open (and a QR code "
                           "to scan), or with --file its game file."))
    @cli_i18n.option("--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
                     help=N_("The game file to send (default: the one `play` saves to)."))
    @cli_i18n.option("--file", "out", type=click.Path(dir_okay=False, path_type=Path),
                     help=N_("Write the game file here instead of printing a link."))
    @cli_i18n.option("--app-url", "app_url_given", metavar="URL",
                     help=N_("The address the app is published at, which the link opens (default: "
                             "$TABLETOP_KIT_APP_URL, else http://localhost:8000/)."))
    @cli_i18n.option("--lang", type=click.Choice(LANGS), help=N_("Language of the messages."))
    def share(game_file: Path | None, out: Path | None, app_url_given: str | None, lang: str | None) -> None:
        said = Speech(lang or default_lang())
        path = game_path(game, game_file)
        found = shelf.look(path, game)
        if found.state == shelf.NOTHING:
            raise Refusal(said._("{path}: no saved game there (start one without --resume)", path=path))
        if found.state == shelf.UNUSABLE:
            raise Refusal(found.error.text(said.lang))
        session = found.session
        if session.game_id is None:  # a file from before ids gets its id when first sent
            session.game_id = new_id()
            session.path = path
            try:
                with journal_lock(path):
                    session.save()
            except SessionError as e:
                raise Refusal(e.text(said.lang)) from None
        text = session.to_json() + "\n"
        if out is not None:
            try:
                write_atomic(out, text)
            except OSError as e:
                raise Refusal(said._("{path}: the game cannot be saved there ({why})", path=out,
                                     why=e.strerror or e)) from None
            click.echo(said._("(the game is written to {path}: open it in the app, or continue it with "
                              "`play --import`)", path=out))
            return
        link = make_link(app_url(app_url_given), text, _name(path))
        click.echo(link)
        if len(link.encode()) <= QR_LIMIT:
            code = segno.make(link, error="l", micro=False)
            width = code.symbol_size(scale=1)[0]  # one column a module, the quiet zone included
            if width <= shutil.get_terminal_size().columns:
                code.terminal(out=sys.stdout, compact=True)
            else:  # a code that wraps does not scan
                click.echo(said._("(the QR code needs a terminal {width} columns wide: widen it and run this again, "
                                  "or open the link)", width=width))
        else:
            click.echo(said._("(too long for a QR code that scans off a screen: open the link, or send the "
                              "game file with --file)"))

    return share

