"""Hitman's Showdown's loader, apart from its models because its checks (hitmans_checks.py) read the
models: the models, then the checks, then this, one way."""
from __future__ import annotations

from pathlib import Path

from .hitmans_checks import check
from .hitmans_showdown import GAME_ID, HitmansShowdown
from .load import game_file, load


def load_game(cards_dir: Path | None = None) -> HitmansShowdown:
    """Read and validate cards/hitmans_showdown.toml (or the copy in `cards_dir`)."""
    return load(HitmansShowdown, game_file(GAME_ID, cards_dir), check)
