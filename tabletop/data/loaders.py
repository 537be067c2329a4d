"""Each game's data loader by game id: what `pnp` (and any other front end) reads a game's
cards/<game>.toml with. Which of them are printed, and how, the print files say.

A loader imports its game's module when first called, so naming one game does not pay for
importing the models of all five."""
from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

# game id → (module in tabletop.data, its loader)
_WHERE = {
    "hitmans-showdown": ("hitmans_load", "load_game"),
    "liar-mafia": ("liar_mafia", "load_liar_mafia"),
    "kill-shot": ("kill_shot", "load_kill_shot"),
    "famiglia": ("famiglia", "load_famiglia"),
    "terror24": ("terror24", "load_terror24"),
}


def _lazy(module: str, function: str) -> Callable[[Path | None], Any]:
    def load(cards_dir: Path | None = None) -> Any:
        return getattr(import_module(f"tabletop.data.{module}"), function)(cards_dir)
    load.__qualname__ = f"{module}.{function}"
    return load


LOADERS: dict[str, Callable[[Path | None], Any]] = {game: _lazy(*where) for game, where in _WHERE.items()}
