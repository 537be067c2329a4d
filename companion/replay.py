"""`python -m companion.replay GAME_FILE [--lang ja|en]`: a saved game played again, entry by entry, one JSON
line after each: the entry's lines, the status (as `status --json` prints it), the actions (as the web API
lists them) and what the entry said. The browser's `node companion/app/replay.mjs` prints the same lines
for the same file, so the two can be compared with `diff`.

The actions after an entry are those of the game as it stood then: `undo` whenever an entry is played, and
`redo` after the last one when the file keeps something undone."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from .kinds import BY_GAME_ID, table_factory
from .session import Session, SessionError
from .speech import Speech
from .table import NO_LONGER_APPLIES, InputError


def entries(path: Path, lang: str | None = None) -> Iterator[dict]:
    session = Session.open(path, _game_of(path))
    lang = lang or session.options.get("lang") or "en"
    table = table_factory(BY_GAME_ID[session.game], session, lang)(session)
    speech = Speech(lang)
    number = 0
    for n, entry in enumerate(session.entries, 1):
        said = []
        for line in entry:
            number += 1
            try:
                said += table.handle(line)
            except InputError as e:
                raise SessionError(NO_LONGER_APPLIES, path=path, number=number, line=line, error=e) from None
        outcome = table.outcome()
        status = {**table.status(), "over": table.is_over(), "outcome": None if outcome is None else outcome.to_json()}
        actions = [choice.to_json() for choice in table.choices()]
        actions.append({"line": "undo", "label": speech._("Undo"), "group": "table"})
        if n == len(session.entries) and session.undone:
            actions.append({"line": "redo", "label": speech._("Redo"), "group": "table"})
        yield {"entry": n, "lines": entry, "status": status, "actions": actions, "said": said}


def _game_of(path: Path) -> str:
    """The game the file says it holds; a file that cannot say is opened as the first game's, so that
    Session.open words what is wrong with it."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raw = None
    game = raw.get("game") if isinstance(raw, dict) else None
    return game if game in BY_GAME_ID else next(iter(BY_GAME_ID))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game_file", type=Path)
    parser.add_argument("--lang", choices=["en", "ja"], help="the words' language (default: the file's)")
    args = parser.parse_args(argv)
    try:
        for item in entries(args.game_file, args.lang):
            print(json.dumps(item, ensure_ascii=False, separators=(",", ":")))
    except SessionError as e:
        print(e.text(args.lang), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
