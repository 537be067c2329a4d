"""Every game `pnp` knows, and its assets, read from the print files `templates/<game>/print.toml`.
A new game adds its data, its loader (tabletop/data/loaders.py), its templates and a print file."""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property
from pathlib import Path

from pnp.assets.spec import read_game_spec
from pnp.assets.wiring import make_game
from pnp.base import BuildError, PrintedGame
from tabletop.data import TEMPLATES_DIR, canonical_game_id
from tabletop.data.errors import DataError
from tabletop.data.loaders import LOADERS
from tabletop.i18n import _, listing

PRINT_FILE = "print.toml"


def _game(path: Path) -> tuple[int, PrintedGame]:
    spec = read_game_spec(path)
    if spec.game not in LOADERS:
        raise DataError(_("no game has the id {game!r} (known: {known})").format(
            game=spec.game, known=listing(LOADERS)), file=path, where="game")
    return spec.order, make_game(spec, path, LOADERS[spec.game])


class Registry(Mapping[str, PrintedGame]):
    """The games by id, read from the print files on first use, inside a command: a broken print
    file is then reported like any data error (one line, exit 2), not when `pnp` is imported.
    Naming one game reads its own print file (`<templates>/<id with underscores>/print.toml`) only."""

    def __init__(self, templates: Path):
        self.templates = Path(templates)
        self._read: dict[Path, tuple[int, PrintedGame]] = {}

    def _at(self, path: Path) -> tuple[int, PrintedGame]:
        if path not in self._read:
            self._read[path] = _game(path)
        return self._read[path]

    @cached_property
    def _games(self) -> dict[str, PrintedGame]:
        found = sorted((self._at(path) for path in self.templates.glob(f"*/{PRINT_FILE}")), key=lambda g: g[0])
        return {game.id: game for _, game in found}

    def __getitem__(self, game_id: str) -> PrintedGame:
        own = self.templates / game_id.replace("-", "_") / PRINT_FILE
        if "_games" not in self.__dict__ and own.is_file():
            game = self._at(own)[1]
            if game.id == game_id:
                return game
        return self._games[game_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)


GAMES = Registry(TEMPLATES_DIR)


def find(game_id: str) -> PrintedGame:
    """The game with this id (dashes or underscores); a BuildError (user error) names the known ones."""
    key = canonical_game_id(game_id)
    if key not in GAMES:
        raise BuildError(_("unknown game {game!r} (known: {games})").format(game=game_id, games=listing(GAMES)))
    return GAMES[key]
