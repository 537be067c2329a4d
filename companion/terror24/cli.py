"""`companion terror24`: the round resolver and 3-player virtual player for 24 −共鳴するテロル−."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.data.errors import DataError
from pnp.data.terror24 import GAME_ID, Terror24, load_terror24, provisional_warning

from ..launch import open_session, play as run_table
from .repl import Terror24Table
from .words import say

LANGS = click.Choice(["ja", "en"])


def _data(cards: Path | None) -> Terror24:
    try:
        return load_terror24(cards)
    except DataError as e:
        raise click.UsageError(str(e)) from None


@click.group(name="terror24")
def command() -> None:
    """24 −共鳴するテロル−: round resolver, scorekeeper and the 3-player NPC."""


@command.command()
@click.option("--game", "game_file", type=click.Path(dir_okay=False, path_type=Path),
              help="The saved game file (default: in your data folder).")
@click.option("--resume", is_flag=True, help="Continue the saved game.")
@click.option("--npc-deck", type=click.Choice(["virtual", "physical"]), default=None,
              help="virtual: the companion shuffles and turns the NPC's cards (default); "
                   "physical: you shuffle the real cards and type each one turned up.")
@click.option("--seed", type=int, help="Seed for the NPC's deck and detective (saved with the game).")
@click.option("--cards", "cards_dir", type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="Use the game data in this folder instead of the bundled cards/.")
@click.option("--lang", type=LANGS, default=None, help="Language of the table texts (default en).")
def play(game_file, resume, npc_deck, seed, cards_dir, lang) -> None:
    """Play at the table: setup questions, then one line per bid; type 'help' at any prompt."""
    options = {"npc_deck": npc_deck or "virtual", "lang": lang or "en",
               "cards": str(cards_dir.resolve()) if cards_dir else None}  # resumable from any folder
    session = open_session(GAME_ID, game_file, resume, options, seed)
    lang = lang or session.options.get("lang", "en")
    if resume and npc_deck and npc_deck != session.options.get("npc_deck"):
        saved = session.options.get("npc_deck")
        raise click.UsageError(f"このゲームのNPCの山札は {saved} です。途中では変更できません" if lang == "ja" else
                               f"this game uses the {saved} NPC deck; it cannot change in the middle of a game")
    saved_cards = session.options.get("cards")
    data = _data(cards_dir or (Path(saved_cards) if saved_cards else None))
    warning = provisional_warning(data, lang)
    if warning:
        click.echo(warning, err=True)
    run_table(session, lambda s: Terror24Table(s, data, lang), lang)


@command.command()
@click.option("--cards", "cards_dir", type=click.Path(file_okay=False, exists=True, path_type=Path))
@click.option("--lang", type=LANGS, default="en")
def summary(cards_dir, lang) -> None:
    """Print the rule summary, the detectives' schedules and the event values."""
    data = _data(cards_dir)
    warning = provisional_warning(data, lang)
    if warning:
        click.echo(warning, err=True)
    click.echo(data.title(lang))
    for section in data.texts:
        click.echo(f"\n{section.title(lang)}")
        for line in section.lines(lang):
            click.echo(f"  {line}")
    click.echo("\n" + say(lang, "summary_schedules", mark=data.schedule.switch_mark))
    for d in data.detectives:
        click.echo(f"  {d.name(lang)}: {' '.join(d.schedule)}")  # no column padding: 〇 and × differ in width
    click.echo("\n" + say(lang, "summary_events"))
    for s in data.events.suits:
        click.echo(f"  {s.letter} {s.name(lang)} ({s.colour(lang)}) ×{s.cards}: "
                   f"{s.stand_vp} / {s.coop_main_vp} / {s.coop_sub_vp}")
