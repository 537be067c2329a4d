"""Every game `pnp` knows, and its assets. A new game adds its data, templates and one entry here."""
from __future__ import annotations

from tabletop.data import canonical_game_id

from . import BuildError, Game
from . import famiglia, hitmans_showdown, kill_shot, liar_mafia, terror24
from tabletop.i18n import _, listing

GAMES: dict[str, Game] = {g.id: g for g in (hitmans_showdown.GAME, liar_mafia.GAME, kill_shot.GAME, famiglia.GAME,
                                                  terror24.GAME)}


def find(game_id: str) -> Game:
    """The game with this id (dashes or underscores); a BuildError (user error) names the known ones."""
    key = canonical_game_id(game_id)
    if key not in GAMES:
        raise BuildError(_("unknown game {game!r} (known: {games})").format(game=game_id, games=listing(GAMES)))
    return GAMES[key]
