"""Each game's data loader by game id: what `pnp` (and any other front end) reads a game's
cards/<game>.toml with. Which of them are printed, and how, the print files say."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from . import famiglia, hitmans_showdown, kill_shot, liar_mafia, terror24

LOADERS: dict[str, Callable[[Path | None], Any]] = {
    hitmans_showdown.GAME_ID: hitmans_showdown.load_game,
    liar_mafia.GAME_ID: liar_mafia.load_liar_mafia,
    kill_shot.GAME_ID: kill_shot.load_kill_shot,
    famiglia.GAME_ID: famiglia.load_famiglia,
    terror24.GAME_ID: terror24.load_terror24,
}
