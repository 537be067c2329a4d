"""What the list of saved games shows of each game — its kind, its revision, whether it is over, how far
it got, or why it cannot be played — kept by the file's stamp (modification time, size, inode), so a game
is replayed once each time it changes, not each time the list is looked at. Kept in memory while the
server runs and in the cache folder between runs (`$XDG_CACHE_HOME/tabletop-kit/games/`), one file per
games folder; the game files themselves are never written. A cache that is missing, unreadable or of
another shape is simply made again."""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from tabletop.fileio import write_atomic

FORMAT = 1


def stamp(path: Path) -> list[int]:
    st = path.stat()
    return [st.st_mtime_ns, st.st_size, st.st_ino]


def cache_file(folder: Path) -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha256(str(Path(folder).resolve()).encode()).hexdigest()[:16]
    return base / "tabletop-kit" / "games" / f"{digest}.json"


class Summaries:
    def __init__(self, folder: Path):
        self.file = cache_file(folder)
        self.rows: dict[str, dict] = self._read()
        self.changed = False

    def _read(self) -> dict[str, dict]:
        try:
            kept = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(kept, dict) or kept.get("format") != FORMAT or not isinstance(kept.get("games"), dict):
            return {}
        return {name: row for name, row in kept["games"].items()
                if isinstance(row, dict) and isinstance(row.get("stamp"), list)
                and isinstance(row.get("summary"), dict)}

    def get(self, name: str, file_stamp: list[int]) -> dict[str, Any] | None:
        row = self.rows.get(name)
        return row["summary"] if row is not None and row["stamp"] == file_stamp else None

    def put(self, name: str, file_stamp: list[int], summary: dict[str, Any]) -> None:
        self.rows[name] = {"stamp": file_stamp, "summary": summary}
        self.changed = True

    def keep_only(self, names: set[str]) -> None:
        """Forget the games whose files are gone."""
        gone = self.rows.keys() - names
        for name in gone:
            del self.rows[name]
        self.changed = self.changed or bool(gone)

    def save(self) -> None:
        if not self.changed:
            return
        try:
            write_atomic(self.file, json.dumps({"format": FORMAT, "games": self.rows}, ensure_ascii=False))
            self.changed = False
        except OSError:
            pass  # a cache: the next look replays what it must
