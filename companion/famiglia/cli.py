"""`companion famiglia play|simulate`: options and reports only; the rules live in engine.py."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import click

from companion.handover import begin, share_command
from companion.launch import Refusal, cards_option, damaged_options, open_session, table_options, unusable
from companion.launch import play as run_table
from companion.saved import SavedOptionsError, cards_dir_of, check_famiglia
from companion.session import Session, SessionError
from companion.speech import Speech, pad
from companion.table import replay, wants_color
from tabletop import cli_i18n
from tabletop.data.errors import DataError
from tabletop.data.famiglia import FamigliaData, load_famiglia
from tabletop.i18n import N_, current
from tabletop.text_width import display_width

from .engine import PLAYER, ROBOT, Rules
from .repl import FamigliaTable
from .simulate import simulate as run_simulation

GAME = "famiglia"
CARDS = cards_option(N_("Folder with your own copy of the game data (famiglia.toml)."))
LEVEL_HELP = N_("Robot level (1 easiest … 4 hardest). Default: the level the rulebook describes.")
FIRST = click.Choice([ROBOT, PLAYER])


@click.group(name="famiglia", cls=cli_i18n.Group, help=N_("Famiglia solo: the robot's program at the table, and "
                                                          "simulations."))
def command() -> None:
    pass


def _data(cards_dir: Path | None) -> FamigliaData:
    try:
        return load_famiglia(cards_dir)
    except DataError as e:
        raise Refusal(str(e)) from None


def _rules(data: FamigliaData, level: int, source: str = "--level") -> Rules:
    try:
        return Rules(data, level)
    except DataError as e:
        raise Refusal(Speech(current()).label(source, e.message)) from None


@command.command(help=N_("Run the robot beside a real deck: you type the cards that come up and what you do."))
@cli_i18n.option("--level", type=int, help=LEVEL_HELP)
@cli_i18n.option("--first", type=FIRST, help=N_("Who takes the first turn (robot first is harder). Default player."))
@table_options
def play(level: int | None, first: str | None, game_file: Path | None, resume: bool, new: bool, lang: str | None,
         cards_dir: Path | None, imported: str | None) -> None:
    resume, new, game_file = begin(GAME, game_file, resume, new, lang, imported)
    options = {}
    if not resume:
        data = _data(cards_dir)
        options = {"level": data.rulebook_level if level is None else level, "first": first or PLAYER}
        _rules(data, options["level"])  # a bad --level is reported before the game file is looked at
    session = open_session(GAME, game_file, resume, options, lang=lang, cards_dir=cards_dir, new=new)
    if resume:
        check_saved(session, level, first)
    data = _data(cards_dir_of(session))
    saved_level = Speech(session.options["lang"])._("{path}: the saved game's level", path=session.path)
    rules = _rules(data, session.options["level"], saved_level)

    color = wants_color(sys.stdout)

    def new_game(s: Session) -> FamigliaTable:
        return FamigliaTable(rules, s.options["first"], s.options["lang"], color)

    try:
        table = replay(session, new_game)
    except SessionError as e:
        raise unusable(e, session.options["lang"]) from None
    if not session.entries:
        click.echo("\n".join(table.opening()))
    elif not table.is_over():  # a finished game is shown by the table loop itself
        click.echo("\n".join(table.describe()))
    run_table(session, new_game)


def check_saved(session: Session, level: int | None, first: str | None) -> None:
    saved = session.options
    try:
        check_famiglia(saved)
    except SavedOptionsError:
        raise damaged_options(session) from None
    for name, given in (("level", level), ("first", first)):
        if given is not None and given != saved[name]:
            raise Refusal(Speech(saved["lang"])._(
                "--{name} {given}: the saved game was started with {name} {saved}; leave the option out to "
                "continue it", name=name, given=given, saved=saved[name]))


@command.command(help=N_("Play whole games with a shuffled virtual deck: the robot against a simple built-in player."))
@cli_i18n.option("--level", type=int, help=LEVEL_HELP)
@cli_i18n.option("--first", type=FIRST, default=PLAYER, show_default=True, help=N_("Who takes the first turn."))
@cli_i18n.option("--games", type=click.IntRange(min=1), default=1000, show_default=True, help=N_("Games to play."))
@cli_i18n.option("--seed", type=int, help=N_("Seed of the shuffles (default: a fresh one, reported)."))
@cli_i18n.option("--json", "as_json", is_flag=True, help=N_("One JSON object instead of a table."))
@CARDS
def simulate(level: int | None, first: str, games: int, seed: int | None, as_json: bool,
             cards_dir: Path | None) -> None:
    data = _data(cards_dir)
    level = data.rulebook_level if level is None else level
    rules = _rules(data, level)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    result = run_simulation(rules, first, games, seed).to_dict()
    result.update(level=level, first=first, seed=seed)
    if as_json:
        click.echo(json.dumps(result))
        return
    _ = Speech(current())._
    first_player = _("robot") if first == ROBOT else _("player")
    click.echo(_("Famiglia solo, level {level}, {first} first: {games} games (seed {seed})",
                 level=level, first=first_player, games=games, seed=seed))
    headings = (_("mean"), _("min"), _("q1"), _("median"), _("q3"), _("max"))
    widths = [max(width, display_width(heading) + 2) for width, heading in zip((8, 6, 7, 8, 7, 6), headings)]
    rows = ((_("robot"), result[ROBOT]), (_("player"), result[PLAYER]))
    first_column = max(8, *(display_width(label) + 1 for label, _s in rows))
    click.echo(" " * first_column + "".join(pad(h, w, right=True) for h, w in zip(headings, widths)))
    for label, s in rows:
        cells = (f"{s['mean']:.1f}", f"{s['min']}", f"{s['q1']:.1f}", f"{s['median']:.1f}", f"{s['q3']:.1f}",
                 f"{s['max']}")
        click.echo(pad(label, first_column) + "".join(pad(c, w, right=True) for c, w in zip(cells, widths)))
    click.echo(_("player wins {rate:.1%} of the games (draws: {draws})", rate=result["player_win_rate"],
                 draws=result["draws"]))


command.add_command(share_command(GAME))
