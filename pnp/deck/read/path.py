"""Which `pnp` arguments name a deck file rather than a built-in game (no reader imported)."""
from __future__ import annotations

from pathlib import Path

SPREADSHEETS = (".csv", ".xlsx", ".json")  # the files holding a deck's cards


def is_deck_path(arg: str) -> bool:
    """A `pnp build` argument naming a deck file rather than a built-in game."""
    return Path(arg).suffix.lower() in (".toml", *SPREADSHEETS)
