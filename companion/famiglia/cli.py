"""`companion famiglia play|simulate`: options and reports only; the rules live in engine.py."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import click

from companion.launch import (LANGS, cards_dir_of, cards_option, damaged_options, open_session, play as run_table,
                              table_options)
from companion.session import Session, SessionError
from companion.table import replay, wants_color
from tabletop.data.errors import DataError
from tabletop.data.famiglia import FamigliaData, load_famiglia

from .engine import PLAYER, ROBOT, Rules
from .repl import FamigliaTable
from .simulate import simulate as run_simulation

GAME = "famiglia"
CARDS = cards_option("Folder with your own copy of the game data (famiglia.toml).")
LEVEL_HELP = "Robot level (1 easiest … 4 hardest). Default: the level the rulebook describes."
FIRST = click.Choice([ROBOT, PLAYER])


@click.group(name="famiglia")
def command() -> None:
    """Famiglia solo: the robot's program at the table, and simulations."""


def _data(cards_dir: Path | None) -> FamigliaData:
    try:
        return load_famiglia(cards_dir)
    except DataError as e:
        raise click.UsageError(str(e)) from None


def _rules(data: FamigliaData, level: int, source: str = "--level") -> Rules:
    try:
        return Rules(data, level)
    except DataError as e:
        raise click.UsageError(f"{source}: {e.message}") from None


@command.command()
@click.option("--level", type=int, help=LEVEL_HELP)
@click.option("--first", type=FIRST, help="Who takes the first turn (robot first is harder). Default player.")
@table_options
def play(level: int | None, first: str | None, game_file: Path | None, resume: bool, lang: str | None,
         cards_dir: Path | None) -> None:
    """Run the robot beside a real deck: you type the cards that come up and what you do."""
    options = {}
    if not resume:
        data = _data(cards_dir)
        options = {"level": data.rulebook_level if level is None else level, "first": first or PLAYER}
        _rules(data, options["level"])  # a bad --level is reported before the game file is looked at
    session = open_session(GAME, game_file, resume, options, lang=lang, cards_dir=cards_dir)
    if resume:
        _check_saved(session, level, first)
    data = _data(cards_dir_of(session))
    rules = _rules(data, session.options["level"], f"{session.path}: the saved game's level")

    color = wants_color(sys.stdout)

    def new_game(s: Session) -> FamigliaTable:
        return FamigliaTable(rules, s.options["first"], s.options["lang"], color)

    try:
        table = replay(session, new_game)
    except SessionError as e:
        raise click.UsageError(str(e)) from None
    if not session.entries:
        click.echo("\n".join(table.opening()))
    elif not table.is_over():  # a finished game is shown by the table loop itself
        click.echo("\n".join(table.describe()))
    run_table(session, new_game)


def _check_saved(session: Session, level: int | None, first: str | None) -> None:
    saved = session.options
    if (not isinstance(saved.get("level"), int) or saved.get("first") not in (ROBOT, PLAYER)
            or saved.get("lang") not in LANGS):
        raise damaged_options(session)
    for name, given in (("level", level), ("first", first)):
        if given is not None and given != saved[name]:
            raise click.UsageError(f"--{name} {given}: the saved game was started with {name} {saved[name]}; "
                                   f"leave the option out to continue it")


@command.command()
@click.option("--level", type=int, help=LEVEL_HELP)
@click.option("--first", type=FIRST, default=PLAYER, show_default=True, help="Who takes the first turn.")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True, help="Games to play.")
@click.option("--seed", type=int, help="Seed of the shuffles (default: a fresh one, reported).")
@click.option("--json", "as_json", is_flag=True, help="One JSON object instead of a table.")
@CARDS
def simulate(level: int | None, first: str, games: int, seed: int | None, as_json: bool,
             cards_dir: Path | None) -> None:
    """Play whole games with a shuffled virtual deck: the robot against a simple built-in player."""
    data = _data(cards_dir)
    level = data.rulebook_level if level is None else level
    rules = _rules(data, level)
    seed = random.SystemRandom().randrange(2**32) if seed is None else seed
    result = run_simulation(rules, first, games, seed).to_dict()
    result.update(level=level, first=first, seed=seed)
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(f"Famiglia solo, level {level}, {first} first: {games} games (seed {seed})")
    click.echo(f"{'':8}{'mean':>8}{'min':>6}{'q1':>7}{'median':>8}{'q3':>7}{'max':>6}")
    for who, label in ((ROBOT, "robot"), (PLAYER, "player")):
        s = result[who]
        click.echo(f"{label:8}{s['mean']:>8.1f}{s['min']:>6}{s['q1']:>7.1f}{s['median']:>8.1f}"
                   f"{s['q3']:>7.1f}{s['max']:>6}")
    click.echo(f"player wins {result['player_win_rate']:.1%} of the games (draws: {result['draws']})")
