"""The games folder as the server sees it: names ↔ files, the list, new games, and one `LineTable`
per game and language kept between requests (catching up with the file before every use)."""
from __future__ import annotations

import itertools
import json
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.fileio import remove_leftover_writes
from tabletop.i18n import N_, translator

from ..driver import Applied, LineTable, apply_line, current, current_journal, local_words
from ..guard import journal_lock, leftover_games, remove_leftovers
from ..kinds import BY_GAME_ID, KINDS, Kind, OptionsError, SavedOptionsError, table_factory
from ..session import FORMAT, VERSION, Session, SessionError
from ..summaries import Summaries, stamp
from .names import NAME_BYTES, key, refusal, servable

SUFFIX = ".game.json"


# Games whose tables (a replayed game each) are kept between requests, the most recently used: what the
# server holds grows with the games in play, not with the folder.
OPEN_TABLES = 32
# Client request ids remembered, so a request sent twice (a double tap, a retry after a lost answer)
# makes one game, or plays its line once.
REMEMBERED_REQUESTS = 256


class GameError(Exception):
    """A request about a game that cannot be served; `status` is the HTTP status it answers with, `why`
    the message before it was worded (a list keeps it to word it again in another language)."""

    def __init__(self, status: int, message: str, why: str | None = None):
        super().__init__(message)
        self.status, self.message, self.why = status, message, why


def _error(status: int, lang: str, message: str, **values: Any) -> GameError:
    return GameError(status, translator(lang)(message).format(**values), why=message)


def _damaged(lang: str, name: str) -> GameError:
    return _error(409, lang, N_("{name}: the game file is damaged; it was left untouched."), name=name)


@dataclass
class Listed:
    """One row of the list of games: a usable game, or a file shown as damaged or foreign."""
    name: str
    changed: str  # ISO 8601, UTC
    kind: Kind | None = None
    status: dict | None = None
    problem: str | None = None

    def to_json(self) -> dict:
        row = {"name": self.name, "game": self.kind.key if self.kind else None, "changed": self.changed}
        if self.problem:
            return row | {"problem": self.problem}
        return row | {"version": self.status["version"], "over": bool(self.status.get("over")),
                      "progress": progress(self.status)}


def progress(status: dict) -> dict:
    """Round, week or pass, whichever the game counts (for the list)."""
    return {key: status[key] for key in ("round", "week", "pass") if isinstance(status.get(key), int)}


def _listed(name: str, changed: str, summary: dict, lang: str) -> Listed:
    if "problem" in summary:
        return Listed(name, changed, problem=translator(lang)(summary["problem"]).format(name=name))
    return Listed(name, changed, BY_GAME_ID[summary["game"]], summary["status"])


def _save_new(session: Session, lang: str) -> None:
    """A new game's first save (under its lock); what stops it is the server's failure, said without
    the server's folder."""
    try:
        session.save()
    except SessionError as e:
        raise GameError(500, local_words(e.text(lang), session.path)) from None


class Store:
    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._tables: OrderedDict[tuple, LineTable] = OrderedDict()
        self._summaries = Summaries(self.folder)
        # (what, …, request id) → the game it made, or what its line came to
        self._requests: OrderedDict[tuple, Any] = OrderedDict()
        self._mutex = threading.Lock()  # guards the caches only; the game files have their own locks
        # held while a line with a request id is looked up, applied and remembered, so a retry that
        # arrives while the first is being applied is answered as the first
        self._lines = threading.Lock()

    def tidy(self) -> list[Path]:
        """Put away what writers killed mid-way left in the folder (temporary copies, the lock files of
        games never saved); the server does it when it starts."""
        return [gone for game in sorted(leftover_games(self.folder, SUFFIX)) for gone in remove_leftovers(game)]

    def path(self, name: str, lang: str) -> Path:
        if not servable(name):
            raise _error(404, lang, N_("No game is called {name!r} here."), name=name)
        return self.folder / f"{name}{SUFFIX}"

    def kind_of(self, path: Path, name: str, lang: str) -> Kind:
        """The kind of game the file holds, without replaying it."""
        return self._header(path, name, lang)[0]

    def _header(self, path: Path, name: str, lang: str) -> tuple[Kind, tuple]:
        """The file's kind, and what tells one game from another saved later under the same name."""
        if not path.is_file():
            raise _error(404, lang, N_("No game is called {name!r} here."), name=name)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            raise _damaged(lang, name) from None
        if (not isinstance(raw, dict) or raw.get("format") != FORMAT or raw.get("version") != VERSION
                or raw.get("game") not in BY_GAME_ID):
            raise _error(409, lang, N_("{name}: not a game file this companion can play; it was left untouched."),
                         name=name)
        identity = (raw["game"], raw.get("seed"), json.dumps(raw.get("options"), sort_keys=True))
        return BY_GAME_ID[raw["game"]], identity

    def table(self, name: str, lang: str) -> tuple[Kind, LineTable]:
        path = self.path(name, lang)
        kind, identity = self._header(path, name, lang)
        key = (name, lang, identity)  # a game deleted and started again under its name is another game
        with self._mutex:
            table = self._tables.get(key)
            if table is not None:
                self._tables.move_to_end(key)
        if table is None:
            table = self._open(path, name, kind, lang)
            with self._mutex:
                table = self._tables.setdefault(key, table)
                while len(self._tables) > OPEN_TABLES:
                    self._tables.popitem(last=False)
        return kind, table

    def _open(self, path: Path, name: str, kind: Kind, lang: str) -> LineTable:
        with journal_lock(path):
            remove_leftover_writes(path)
            try:
                session = Session.open(path, kind.game_id)
                return LineTable(session, table_factory(kind, session, lang), lang)
            except (SessionError, SavedOptionsError):
                raise _damaged(lang, name) from None

    def _forget(self, name: str) -> None:
        with self._mutex:
            for key in [k for k in self._tables if k[0] == name]:
                del self._tables[key]

    def _guarded(self, name: str, lang: str, use):
        """Run `use(table)`; a file that broke or changed game since it was cached is dropped and read again."""
        kind, table = self.table(name, lang)
        try:
            return kind, table, use(table)
        except SessionError:
            self._forget(name)
            raise _damaged(lang, name) from None

    def status(self, name: str, lang: str) -> tuple[Kind, LineTable, dict]:
        return self._guarded(name, lang, current)

    def apply(self, name: str, line: str, version: int | None, lang: str, request: str | None = None) -> Applied:
        """Apply `line` to the game if its version is still the game's. `request`: the client's id for
        this line; sent again, the line is not applied again, and the answer is the first's words with
        the game as it is now."""
        if request is None:
            return self._guarded(name, lang, lambda table: apply_line(table, line, version))[2]
        asked = ("line", name, request)
        with self._lines:
            first = self._made(asked)
            if first is not None:
                kind, table, journal = self._guarded(name, lang, current_journal)
                return Applied(first.ok, first.messages, current(table), journal=journal)
            applied = self._guarded(name, lang, lambda table: apply_line(table, line, version))[2]
            self._remember(asked, applied)
            return applied

    def journal(self, name: str, lang: str) -> dict:
        """The game file's header and journal as they stand (what a replica rebuilds the game from)."""
        return self._guarded(name, lang, current_journal)[2]

    def version(self, name: str, lang: str) -> int:
        """The saved revision, read straight from the file (the cheap question scripts poll)."""
        path = self.path(name, lang)
        self.kind_of(path, name, lang)
        try:
            revision = json.loads(path.read_text(encoding="utf-8")).get("revision", 0)
        except (OSError, ValueError):
            revision = None
        if not isinstance(revision, int):
            raise _damaged(lang, name)
        return revision

    def listing(self, lang: str) -> list[Listed]:
        """Every game of the folder, the most recently changed first. A game is replayed only when its
        file changed since the list last looked (`companion/summaries.py`)."""
        rows, names = [], set()
        for path in sorted(self.folder.glob(f"*{SUFFIX}")):
            name = path.name[: -len(SUFFIX)]
            if not servable(name) or not path.is_file():
                continue  # a file the terminal named otherwise (--game) is not served
            try:
                file_stamp = stamp(path)
            except OSError:
                continue  # gone since the folder was read
            names.add(name)
            with self._mutex:
                summary = self._summaries.get(name, file_stamp)
            if summary is None:
                summary = self._summarise(name)
                if summary is None:
                    continue
                with self._mutex:
                    self._summaries.put(name, file_stamp, summary)
            changed = datetime.fromtimestamp(file_stamp[0] / 1e9, UTC).isoformat(timespec="seconds")
            rows.append(_listed(name, changed, summary, lang))
        with self._mutex:
            self._summaries.keep_only(names)
            self._summaries.save()
        rows.sort(key=lambda row: row.changed, reverse=True)
        return rows

    def _summarise(self, name: str) -> dict | None:
        """What the list shows of a game, in no language (None: its file went away meanwhile)."""
        try:
            kind, _, status = self.status(name, "en")
        except GameError as e:
            return None if e.status == 404 else {"problem": e.why or e.message}
        return {"game": kind.game_id, "status": {"version": status["version"], "over": bool(status.get("over")),
                                                 **progress(status)}}

    def _names_by_key(self) -> dict[str, str]:
        return {key(name): name for name in (path.name[: -len(SUFFIX)] for path in self.folder.glob(f"*{SUFFIX}"))}

    def taken(self, name: str) -> str | None:
        """The game already called `name`, or by a name that is the same to a player (`Club`, `ｃｌｕｂ`)."""
        if (self.folder / f"{name}{SUFFIX}").exists():
            return name
        return self._names_by_key().get(key(name))

    def free_name(self, base: str) -> str:
        """`base`, or `base-2`, `base-3`… whichever no game has yet (the new-game forms' suggestion)."""
        taken = self._names_by_key()
        names = (base if n == 1 else f"{base}-{n}" for n in itertools.count(1))
        return next(name for name in names if key(name) not in taken)

    def _made(self, request: tuple) -> Any:
        """What a request with this client id did already (None for a request without one)."""
        if request[-1] is None:
            return None
        with self._mutex:
            return self._requests.get(request)

    def _remember(self, request: tuple, done: Any) -> None:
        if request[-1] is None:
            return
        with self._mutex:
            self._requests[request] = done
            while len(self._requests) > REMEMBERED_REQUESTS:
                self._requests.popitem(last=False)

    def create(self, game: str, name: str, options: dict, lang: str, seed: int | None = None,
               request: str | None = None) -> None:
        """A new game file; an existing name, an unknown game or options `play` would refuse are refused.
        `request`: the client's id for this request; sent again (a double tap, a retry after a lost
        answer), it makes no second game and is answered as the first was."""
        if self._made(("create", request)) == name:
            return
        kind = KINDS.get(game)
        if kind is None:
            raise _error(400, lang, N_("Unknown game {game!r}: choose one of {games}."), game=game,
                         games=", ".join(KINDS))
        problem = refusal(name)
        if problem:
            raise _error(400, lang, problem, name=name, n=NAME_BYTES)
        try:
            checked = kind.new_options(options, lang)
        except OptionsError as e:
            raise GameError(400, str(e)) from None
        path = self.path(name, lang)
        with journal_lock(path):
            if self._made(("create", request)) == name:  # the same request, made while this one waited
                return
            existing = self.taken(name)
            if existing is not None:
                raise _error(409, lang, N_("A game called {name!r} already exists."), name=existing)
            session = Session.create(kind.game_id, {**checked, "lang": lang, "cards": None}, path, seed)
            _save_new(session, lang)
            self._remember(("create", request), name)
        self._forget(name)

    def rematch(self, name: str, lang: str, request: str | None = None) -> str:
        """A new game with a finished one's setup (its options, and the seats 24 keeps), under the next
        free name of the same stem (`club` → `club-2`); its name. `request` as for `create`."""
        asked = ("rematch", name, request)
        made = self._made(asked)
        if made is not None:
            return made
        kind, table, status = self.status(name, lang)
        if not status["over"]:
            raise _error(409, lang, N_("{name!r} is not over yet."), name=name)
        stem = re.sub(r"-[0-9]+$", "", name)
        for _ in range(100):  # another device may take a name between the look and the lock
            new = self.free_name(stem)
            if refusal(new):
                raise _error(400, lang, N_("{name!r} is too long a name to number a rematch after it."), name=name)
            path = self.path(new, lang)
            with journal_lock(path):
                made = self._made(asked)  # the same request, made while this one waited
                if made is not None:
                    return made
                if self.taken(new) is not None:
                    continue
                session = Session.create(kind.game_id, dict(table.session.options), path)
                session.entries = table.rematch_lines()
                _save_new(session, lang)
                self._remember(asked, new)
            self._forget(new)
            return new
        raise _error(409, lang, N_("No free name for a rematch of {name!r}."), name=name)
