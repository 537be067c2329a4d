"""`companion showdown`: dice, success checks, penalty tables, and the table ledger (`play`)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import click

from tabletop import cli_i18n
from tabletop.data.errors import DataError
from tabletop.data.hitmans_load import load_game
from tabletop.data.hitmans_showdown import GAME_ID
from tabletop.i18n import N_

from ..handover import begin, share_command
from ..launch import LANGS, cards_option, damaged_options, default_lang, open_session, table_options
from ..launch import play as run_table
from ..saved import SavedOptionsError, cards_dir_of, check_showdown
from ..speech import SaidError, Speech
from . import check as checks
from .cards import NotFound, find_faction
from .chance import Feeder, NeedRoll
from .dice import DiceError, parse_faces, roll_notation
from .engine import RULES_VERSION, check_teams
from .penalties import resolve
from .pool import fmt
from .state import Attacked
from .talk import explain, note_text, penalty_lines

LANG = cli_i18n.option("--lang", type=click.Choice(LANGS), default=default_lang,
                    help=N_("Language of card names, texts and the companion's messages "
                            "(default: TABLETOP_KIT_LANG, else Japanese under a Japanese locale, else English)."))
CARDS = cards_option(N_("Folder holding your own copy of hitmans_showdown.toml."))
JSON = cli_i18n.option("--json", "as_json", is_flag=True, help=N_("Print one JSON object instead of text."))
SEED = cli_i18n.option("--seed", type=int, help=N_("Seed the virtual dice (same seed, same rolls)."))


class UserError(click.ClickException):
    exit_code = 2

    @classmethod
    def of(cls, error: SaidError, lang: str) -> UserError:
        return cls(error.text(lang))


def _load(cards_dir: Path | None):
    try:
        return load_game(cards_dir)
    except DataError as e:
        raise UserError(str(e)) from None


def _dump(obj: dict) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False))


@click.group(name="showdown", cls=cli_i18n.Group,
             help=N_("Hitman's Showdown: dice, success checks, penalty tables and the money ledger."))
def command() -> None:
    pass


@command.command(help=N_("Roll dice written like 5d6."))
@click.argument("dice", default="2d6")
@SEED
@JSON
@LANG
def roll(dice: str, seed: int | None, as_json: bool, lang: str) -> None:
    try:
        result = roll_notation(dice, random.Random(seed))
    except DiceError as e:
        raise UserError.of(e, lang) from None
    if as_json:
        _dump({"dice": dice, "faces": list(result.faces), "total": result.total, "seed": seed})
    else:
        click.echo(Speech(lang)._("{dice}: {faces}  (total {total})",
                                  dice=dice, faces=fmt(result.faces), total=result.total))


@command.command(help=N_("Does CARD's success condition hold for FACES? Says exactly what is missing if not.\n\n"
                         "CARD 'hitman' checks a hitman attack instead: FACES against --versus."))
@click.argument("card")
@click.argument("faces", nargs=-1, required=True)
@cli_i18n.option("--use", "-u", "steps", multiple=True, metavar="STEP",
              help=N_("Apply before checking, in order: a card use ('H9 4 2>6', a pair 'C3 C4 1>6') or an "
                      "item ('weapon 5', 'backup 1 1>5 6'). '?' lets the companion roll an extra die."))
@cli_i18n.option("--bonus", type=int, default=0, help=N_("Add to the total (e.g. a penalty still pending on it)."))
@cli_i18n.option("--versus", metavar="FACES", help=N_("CARD 'hitman': the defender's faces, e.g. '3 5 6'."))
@cli_i18n.option("--their-use", "their_steps", multiple=True, metavar="STEP",
              help=N_("CARD 'hitman': a step of the defender's (applied after yours)."))
@cli_i18n.option("--their-bonus", type=int, default=0, help=N_("CARD 'hitman': added to the defender's total."))
@cli_i18n.option("--week", type=click.IntRange(min=1), default=1, show_default=True,
              help=N_("The week (scouts grow stronger later in the game)."))
@SEED
@JSON
@LANG
@CARDS
def check(card, faces, steps, bonus, versus, their_steps, their_bonus, week, seed, as_json, lang,
          cards_dir) -> None:
    game = _load(cards_dir)
    if week > len(game.weeks):
        raise UserError(Speech(lang)._("--week: the game has weeks 1-{last}", last=len(game.weeks)))
    rng = random.Random(seed)
    try:
        if card.casefold() == "hitman":
            if not versus:
                raise UserError(Speech(lang)._("a hitman attack needs the defender's faces: --versus '3 5 6'"))
            result = checks.duel(game, parse_faces(list(faces)), parse_faces(versus), steps, their_steps,
                                 bonus, their_bonus, week, rng)
        else:
            target = checks.mafia_card(game, card)
            result = checks.run(game, target, parse_faces(list(faces)), steps, bonus, week, rng)
    except SaidError as e:
        raise UserError.of(e, lang) from None
    if as_json:
        _dump(result.to_json(lang))
    elif card.casefold() == "hitman":
        _ = Speech(lang)._
        for side, pool in ((_("attacker"), result.attacker), (_("defender"), result.defender)):
            click.echo(_("{side}: {faces}  total {total}", side=side, faces=fmt(pool.faces), total=pool.total))
            for note in pool.notes:
                click.echo(f"  {note_text(note, Speech(lang))}")
        click.echo(result.explain(lang))
    else:
        click.echo(f"{target.id} {target.title(lang)} — {target.condition.text(lang)}")
        for note in result.pool.notes:
            click.echo(f"  {note_text(note, Speech(lang))}")
        click.echo(Speech(lang)._("  dice: {faces}  total {total}",
                                  faces=fmt(result.pool.faces), total=result.verdict.total))
        click.echo(explain(result.verdict, Speech(lang)))


@command.command(help=N_("Roll on the penalty table for a lost mafia attack or a lost hitman attack."))
@click.argument("loss", type=click.Choice(["mafia", "hitman"]))
@cli_i18n.option("--faction", help=N_("The losing team's faction (Darkness Speed and Void Clover change the roll)."))
@cli_i18n.option("--roll", "rolls", multiple=True, metavar="FACE",
              help=N_("Faces you rolled, in the order asked (table roll, then a money roll if one is needed)."))
@cli_i18n.option("--escape", is_flag=True, help=N_("A perfect escape route was bought: no penalty."))
@SEED
@JSON
@LANG
@CARDS
def penalty(loss, faction, rolls, escape, seed, as_json, lang, cards_dir) -> None:
    game = _load(cards_dir)
    try:
        fid = find_faction(game, faction) if faction is not None else None
        given = parse_faces(list(rolls))
    except (NotFound, DiceError) as e:
        raise UserError.of(e, lang) from None
    feeder = Feeder(given, None if given else random.Random(seed))
    try:
        result = resolve(game, game.factions[fid] if fid else None, Attacked(loss), feeder, escape)
    except NeedRoll as e:
        raise UserError(Speech(lang)._("--roll: {n} faces given, one more needed for the {what}",
                                       n=len(given), what=e.what)) from None
    if feeder.leftover():
        raise UserError(Speech(lang)._("--roll: too many faces; this penalty used {n} ({faces})",
                                       n=len(feeder.used), faces=fmt(feeder.used)))
    if as_json:
        _dump({"loss": loss, "faction": fid, **result.to_json(lang)})
        return
    for line in penalty_lines(game, result, lang):
        click.echo(line)


@command.command(help=N_("The table ledger: money, weeks and turns, attacks, penalties and the showdown."))
@cli_i18n.option("--team", "teams", multiple=True, metavar="NAME=FACTION",
              help=N_("A team, in turn order, e.g. --team Ann=red_heart --team Bob='Void Clover'."))
@SEED
@table_options
def play(teams, seed, game_file, resume, new, lang, cards_dir, imported) -> None:
    from .repl import new_game

    resume, new, game_file = begin(GAME_ID, game_file, resume, new, lang, imported)
    said_lang = lang or default_lang()  # the refusals below come before any saved game is read
    options: dict = {}
    if not resume:
        game = _load(cards_dir)
        parsed = []
        for spec in teams:
            name, sep, faction = spec.partition("=")
            if not sep or not name.strip():
                raise UserError(Speech(said_lang)._("--team {spec!r}: write NAME=FACTION, e.g. Ann=red_heart",
                                                    spec=spec))
            try:
                parsed.append({"name": name.strip(), "faction": find_faction(game, faction)})
            except NotFound as e:
                raise UserError.of(e, said_lang) from None
        try:
            check_teams(game.rules, [(t["name"], t["faction"]) for t in parsed])
        except SaidError as e:
            raise UserError.of(e, said_lang) from None
        options = {"teams": parsed, "rules": RULES_VERSION}
    elif teams:
        raise UserError(Speech(said_lang)._("--resume continues the saved teams; leave out --team"))
    session = open_session(GAME_ID, game_file, resume, options, seed, lang=lang, cards_dir=cards_dir, new=new)
    if resume:
        check_saved_teams(session, _load(cards_dir_of(session)))
    run_table(session, new_game)


def check_saved_teams(session, game) -> None:
    try:
        check_showdown(session.options, game)
    except SavedOptionsError:
        raise damaged_options(session) from None


command.add_command(share_command(GAME_ID))
