"""Game data: where cards/ and templates/ live, and loading them into typed models."""
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_CHECKOUT = _HERE.parent.parent


def _bundled(name: str) -> Path:
    # An installed wheel carries the folder beside this file; a checkout keeps it at the top.
    installed = _HERE / name
    return installed if installed.is_dir() else _CHECKOUT / name


CARDS_DIR = _bundled("cards")
TEMPLATES_DIR = _bundled("templates")


# Earlier names a game was known by: still accepted wherever a game id is typed or stored.
GAME_ALIASES = {"liar-town": "liar-mafia"}


def canonical_game_id(game_id: str) -> str:
    """The id a game goes by now: dashes, lower case, an old alias resolved."""
    key = game_id.strip().lower().replace("_", "-")
    return GAME_ALIASES.get(key, key)
