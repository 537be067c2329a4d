"""The three games as the server sees them: how a new game's options are checked, and how a saved
game is turned back into the same `TableGame` that `companion <game> play` runs, speaking a chosen
language (the file keeps its own; the words are the viewer's)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from tabletop.data.errors import DataError
from tabletop.data.famiglia import load_famiglia
from tabletop.data.hitmans_load import load_game as load_showdown
from tabletop.data.hitmans_showdown import GAME_ID as SHOWDOWN_ID
from tabletop.data.terror24 import GAME_ID as TERROR24_ID
from tabletop.data.terror24 import load_terror24
from tabletop.i18n import N_, translator
from tabletop.record import Record

from .famiglia.engine import PLAYER, ROBOT, Rules
from .famiglia.repl import FamigliaTable
from .saved import SavedOptionsError, cards_dir_of, check_famiglia, check_showdown
from .session import Session
from .showdown.cards import find_faction
from .showdown.engine import RULES_VERSION, check_teams
from .showdown.repl import ShowdownTable
from .speech import SaidError
from .table import TableGame
from .terror24.repl import Terror24Table

NewGame = Callable[[Session], TableGame]


class OptionsError(ValueError):
    """A new game's options that `play` would refuse; the message is in the asker's language."""


class Kind(Record):
    key: str  # the name the API and the pages use
    game_id: str  # the name in the game file
    load: Callable[[Path | None], Any]  # the game's data (title, cards) from a data folder
    new_options: Callable[[dict, str], dict]  # checked options of a new game, or OptionsError
    factory: Callable[[Session, str], NewGame]  # or SavedOptionsError


def _refuse(lang: str, message: str, **values: Any) -> OptionsError:
    return OptionsError(translator(lang)(message).format(**values))


def _only(options: dict, lang: str, *known: str) -> None:
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise _refuse(lang, N_("unknown option {name}; this game takes {known}"), name=unknown[0],
                      known=translator(lang)(", ").join(known))


def _int_option(options: dict, name: str, lang: str, default: int | None) -> int | None:
    value = options.get(name, default)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise _refuse(lang, N_("{name} must be a whole number"), name=name)
    return value


def _famiglia_options(options: dict, lang: str) -> dict:
    _only(options, lang, "level", "first")
    data = bundled("famiglia")
    level = _int_option(options, "level", lang, data.rulebook_level)
    first = options.get("first", PLAYER)
    if first not in (ROBOT, PLAYER):
        raise _refuse(lang, N_("first must be robot or player"))
    try:
        Rules(data, level)
    except DataError as e:
        raise _refuse(lang, N_("level {level}: {why}"), level=level, why=e.message) from None
    return {"level": level, "first": first}


def _famiglia(session: Session, lang: str) -> NewGame:
    check_famiglia(session.options)
    rules = Rules(load_famiglia(cards_dir_of(session)), session.options["level"])
    return lambda s: FamigliaTable(rules, s.options["first"], lang)


def _terror24_options(options: dict, lang: str) -> dict:
    _only(options, lang, "npc_deck")
    deck = options.get("npc_deck", "virtual")
    if deck not in ("virtual", "physical"):
        raise _refuse(lang, N_("npc_deck must be virtual or physical"))
    return {"npc_deck": deck}


def _terror24(session: Session, lang: str) -> NewGame:
    data = load_terror24(cards_dir_of(session))
    return lambda s: Terror24Table(s, data, lang)


def _showdown_options(options: dict, lang: str) -> dict:
    _only(options, lang, "teams")
    game = bundled("showdown")
    teams = options.get("teams")
    if not isinstance(teams, list):
        raise _refuse(lang, N_("teams must be a list of teams, each with a name and a faction"))
    parsed = []
    for team in teams:
        if isinstance(team, str):  # "Ann=red_heart", as `--team` takes it
            name, _, faction = team.partition("=")
            team = {"name": name, "faction": faction}
        if not (isinstance(team, dict) and isinstance(team.get("name"), str) and team["name"].strip()
                and isinstance(team.get("faction"), str)):
            raise _refuse(lang, N_("each team needs a name and a faction"))
        try:
            parsed.append({"name": team["name"].strip(), "faction": find_faction(game, team["faction"])})
        except SaidError as e:
            raise OptionsError(e.text(lang)) from None
    try:
        check_teams(game.rules, [(t["name"], t["faction"]) for t in parsed])
    except SaidError as e:
        raise OptionsError(e.text(lang)) from None
    return {"teams": parsed, "rules": RULES_VERSION}


def _showdown(session: Session, lang: str) -> NewGame:
    check_showdown(session.options, load_showdown(cards_dir_of(session)))
    # ShowdownTable takes its language from the options; the saved options are not touched.
    return lambda s: ShowdownTable(dataclasses.replace(s, options={**s.options, "lang": lang}))


KINDS = {kind.key: kind for kind in (
    Kind("famiglia", "famiglia", load_famiglia, _famiglia_options, _famiglia),
    Kind("terror24", TERROR24_ID, load_terror24, _terror24_options, _terror24),
    Kind("showdown", SHOWDOWN_ID, load_showdown, _showdown_options, _showdown),
)}
BY_GAME_ID = {kind.game_id: kind for kind in KINDS.values()}


@cache
def bundled(key: str) -> Any:
    """The bundled data of a game (what a new game started from the web plays with)."""
    return KINDS[key].load(None)


def table_factory(kind: Kind, session: Session, lang: str) -> NewGame:
    """How to rebuild `session`'s game in `lang`; SavedOptionsError if its options or data are unusable."""
    try:
        return kind.factory(session, lang)
    except (DataError, SavedOptionsError, TypeError, KeyError, ValueError) as e:
        raise SavedOptionsError(str(e)) from None
