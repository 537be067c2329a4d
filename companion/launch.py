"""What every `companion <game> play` does before and around the table loop."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import click

from .session import Session, SessionError
from .table import Table, TableGame


def default_game_file(game: str) -> Path:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "tabletop-kit" / f"{game}.game.json"


# The two refusals a new user meets first, in the language of the game's options.
_REFUSALS = {
    "en": {"exists": "{path}: a saved game is already there; continue it with --resume, "
                     "or name another file with --game FILE",
           "missing": "{path}: no saved game there (start one without --resume)"},
    "ja": {"exists": "{path}: 保存されたゲームがすでにあります。続けるなら --resume、"
                     "別のファイルにするなら --game FILE を指定してください",
           "missing": "{path}: 保存されたゲームがありません(--resume を付けずに始めてください)"},
}


def open_session(game: str, game_file: Path | None, resume: bool, options: dict[str, Any],
                 seed: int | None = None) -> Session:
    """A new game (refusing to overwrite a saved one) or, with resume, the saved one."""
    path = Path(game_file) if game_file else default_game_file(game)
    refusals = _REFUSALS["ja" if options.get("lang") == "ja" else "en"]
    try:
        if resume:
            if not path.exists():
                raise SessionError(refusals["missing"].format(path=path))
            return Session.open(path, game)
        if path.exists():
            raise SessionError(refusals["exists"].format(path=path))
    except SessionError as e:
        raise click.UsageError(str(e)) from None
    return Session.create(game, options, path, seed)


def play(session: Session, new_game: Callable[[Session], TableGame], lang: str = "en") -> None:
    """Run the table loop; a saved game that cannot be used is a user error (exit 2)."""
    try:
        table = Table(session, new_game, lang=lang)
    except SessionError as e:
        raise click.UsageError(str(e)) from None
    click.echo(f"({'ゲームファイル' if lang == 'ja' else 'game file'}: {session.path})")
    raise SystemExit(table.run())
