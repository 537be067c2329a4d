"""`companion terror24`: the round resolver and 3-player virtual player for 24 −共鳴するテロル−."""
from __future__ import annotations

from pathlib import Path

import click

from tabletop import cli_i18n
from tabletop.data.errors import DataError
from tabletop.data.terror24 import GAME_ID, Terror24, load_terror24, provisional_warning
from tabletop.i18n import N_

from ..handover import begin, share_command
from ..launch import LANGS, Refusal, cards_option, default_lang, open_session, table_options
from ..launch import play as run_table
from ..saved import cards_dir_of
from ..speech import Speech
from .repl import Terror24Table


def _data(cards: Path | None) -> Terror24:
    try:
        return load_terror24(cards)
    except DataError as e:
        raise Refusal(str(e)) from None


@click.group(name="terror24", cls=cli_i18n.Group,
             help=N_("24 −共鳴するテロル−: round resolver, scorekeeper and the 3-player NPC."))
def command() -> None:
    pass


@command.command(help=N_("Play at the table: setup questions, then one line per bid; type 'help' at any prompt."))
@cli_i18n.option("--npc-deck", type=click.Choice(["virtual", "physical"]), default=None,
              help=N_("virtual: the companion shuffles and turns the NPC's cards (default); "
                      "physical: you shuffle the real cards and type each one turned up."))
@cli_i18n.option("--seed", type=int, help=N_("Seed for the NPC's deck and detective (saved with the game)."))
@table_options
def play(npc_deck, seed, game_file, resume, new, lang, cards_dir, imported) -> None:
    resume, new, game_file = begin(GAME_ID, game_file, resume, new, lang, imported)
    options = {"npc_deck": npc_deck or "virtual"}
    session = open_session(GAME_ID, game_file, resume, options, seed, lang=lang, cards_dir=cards_dir, new=new)
    lang = session.options["lang"]
    if resume and npc_deck and npc_deck != session.options.get("npc_deck"):
        raise Refusal(Speech(lang)._("this game uses the {deck} NPC deck; it cannot change in the middle "
                                              "of a game", deck=session.options.get("npc_deck")))
    data = _data(cards_dir_of(session))
    warning = provisional_warning(data, lang)
    if warning:
        click.echo(warning, err=True)
    run_table(session, lambda s: Terror24Table(s, data, lang))


@command.command(help=N_("Print the rule summary, the detectives' schedules and the event values."))
@cards_option(N_("Folder holding your own copy of terror24.toml."))
@cli_i18n.option("--lang", type=click.Choice(LANGS), default=default_lang,
              help=N_("Language of the summary (default: TABLETOP_KIT_LANG, else Japanese under a Japanese locale, "
                      "else English)."))
def summary(cards_dir, lang) -> None:
    data = _data(cards_dir)
    warning = provisional_warning(data, lang)
    if warning:
        click.echo(warning, err=True)
    click.echo(data.title(lang))
    for section in data.texts:
        click.echo(f"\n{section.title(lang)}")
        for line in section.lines(lang):
            click.echo(f"  {line}")
    speech = Speech(lang)
    _ = speech._
    click.echo("\n" + _("schedules ({mark} = switch style in that round's end phase)", mark=data.schedule.switch_mark))
    for d in data.detectives:
        # no column padding: 〇 and × differ in width
        click.echo("  " + speech.label(d.name(lang), " ".join(d.schedule)))
    click.echo("\n" + _("events (stand / coop main / coop sub VP)"))
    for s in data.events.suits:
        click.echo("  " + _("{letter} {event} ({colour}) ×{cards}: {stand} / {coop_main} / {coop_sub}",
                            letter=s.letter, event=s.name(lang), colour=s.colour(lang), cards=s.cards, stand=s.stand_vp,
                            coop_main=s.coop_main_vp, coop_sub=s.coop_sub_vp))


command.add_command(share_command(GAME_ID))
