"""What a saved game's options must hold for its game to be rebuilt: checks shared by `play --resume`
(which words a failure as a usage error) and the server (which shows the file as damaged). No command
line here: the registry and the engines run where there is none."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.i18n import LANGS

from .famiglia.engine import PLAYER, ROBOT
from .session import Session
from .showdown.engine import RULES_VERSION, check_teams
from .speech import SaidError


class SavedOptionsError(ValueError):
    """A saved game whose options (or data folder) can no longer be used."""


def cards_dir_of(session: Session) -> Path | None:
    """The data folder the game was started (or resumed) with; None for the bundled data."""
    saved = session.options.get("cards")
    return Path(saved) if saved else None


def check_famiglia(options: dict[str, Any]) -> None:
    if (not isinstance(options.get("level"), int) or options.get("first") not in (ROBOT, PLAYER)
            or options.get("lang") not in LANGS):
        raise SavedOptionsError("famiglia options")


def check_showdown(options: dict[str, Any], game: Any) -> None:
    rules = options.get("rules", 1)
    if not isinstance(rules, int) or isinstance(rules, bool) or not 1 <= rules <= RULES_VERSION:
        raise SavedOptionsError("showdown rules version")  # e.g. saved by a later version of the kit
    teams = options.get("teams")
    try:
        pairs = [(t["name"], t["faction"]) for t in teams]
        if not all(isinstance(name, str) and faction in game.factions for name, faction in pairs):
            raise TypeError
        check_teams(game.rules, pairs)
    except (TypeError, KeyError, SaidError):
        raise SavedOptionsError("showdown teams") from None
