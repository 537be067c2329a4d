"""`companion app export DIR`: the app (companion/app/) as a static folder any web host serves, at its
root or under a subpath — the pages, the engines, the games' data and the messages as JSON, the icons,
the manifest and the service worker with the list of files it keeps for offline play.

Every path in the app is relative, so nothing is rewritten but three lists the export makes: the service
worker's files and version (a new version is a changed worker, which browsers fetch in the background and
take at the next start), and the modules a start fetches at once rather than import by import — the
app's own, named in the page, and each game's, named in ui/boot.js for the game the address opens."""
from __future__ import annotations

import hashlib
import json
import posixpath
import re
from pathlib import Path

from tabletop.fileio import write_atomic
from tabletop.i18n import N_

APP_DIR = Path(__file__).resolve().parent / "app"
WORKER = "sw.js"
# The line of sw.js the export fills in (the source folder's worker keeps nothing).
BUILD_LINE = 'const BUILD = { version: "source", files: [] };'
# The line of ui/boot.js the export fills in with each game's modules, and the page's line before which
# it names the app's own modules (both entries' imports, followed through).
BOOT = "ui/boot.js"
BOOT_LINE = "const GAME_MODULES = {};"
PAGE = "index.html"
ENTRIES = (BOOT, "ui/main.js")
ENTRY_TAG = '<script type="module" blocking="render" src="ui/main.js"></script>'
GAMES_MODULE = "ui/games.js"
# A static import or re-export at the start of a line (the modules' own are all there), and a game's
# plug-in as ui/games.js names it: `id: () => import("./file.js")`.
STATIC_IMPORT = re.compile(r'^(?:import|export)\b[^;]*?\bfrom\s*"(\.{1,2}/[^"]+)"', re.MULTILINE)
GAME_PLUGIN = re.compile(r'^\s*"?([\w-]+)"?:\s*\(\)\s*=>\s*import\("(\./[^"]+)"\)', re.MULTILINE)
# Node scripts (replay.mjs) stay out: a browser is sent only what it runs.
LEFT_OUT = (".mjs",)


class ExportError(Exception):
    """The folder cannot take the app; `args[0]` is a catalog message, `fields` its fields."""

    def __init__(self, message: str, **fields: object) -> None:
        super().__init__(message)
        self.fields = fields


def app_files(app_dir: Path = APP_DIR) -> dict[str, bytes]:
    """Every file the browser is sent, by its path in the app folder ('/'-separated), sorted."""
    files = {}
    for path in sorted(app_dir.rglob("*")):
        if path.is_file() and not path.name.startswith(".") and path.suffix not in LEFT_OUT \
                and "__pycache__" not in path.parts:
            files[path.relative_to(app_dir).as_posix()] = path.read_bytes()
    return files


def imported(files: dict[str, bytes], roots: list[str]) -> list[str]:
    """The modules `roots` import, directly or through others, by their path in the app folder (the roots
    included), each after the modules it imports."""
    order: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        if name not in files:
            raise RuntimeError(f"a module imports {name}, which the app does not have")
        for target in STATIC_IMPORT.findall(files[name].decode("utf-8")):
            visit(posixpath.normpath(posixpath.join(posixpath.dirname(name), target)))
        order.append(name)

    for root in roots:
        visit(root)
    return order


def preloaded(files: dict[str, bytes]) -> dict[str, bytes]:
    """`files` with the page naming the app's own modules (`modulepreload`: all fetched at once, not
    one level of imports after another) and ui/boot.js each game's, beyond the app's own."""
    page = files[PAGE].decode("utf-8")
    boot = files[BOOT].decode("utf-8")
    if ENTRY_TAG not in page or BOOT_LINE not in boot:
        raise RuntimeError(f"{PAGE} has no {ENTRY_TAG!r} or {BOOT} no line {BOOT_LINE!r} to fill in")
    own = imported(files, list(ENTRIES))
    links = "".join(f'<link rel="modulepreload" href="{name}">\n' for name in own if name not in ENTRIES)
    plugins = GAME_PLUGIN.findall(files[GAMES_MODULE].decode("utf-8"))
    if not plugins:
        raise RuntimeError(f"{GAMES_MODULE} names no game's plug-in as `id: () => import(\"./file.js\")`")
    games = {game: [name for name in imported(files, [posixpath.join(posixpath.dirname(GAMES_MODULE), target[2:])])
                    if name not in own] for game, target in plugins}
    return {**files, PAGE: page.replace(ENTRY_TAG, links + ENTRY_TAG, 1).encode("utf-8"),
            BOOT: boot.replace(BOOT_LINE, f"const GAME_MODULES = {json.dumps(games)};").encode("utf-8")}


def built(files: dict[str, bytes]) -> dict[str, bytes]:
    """`files` with the modules a start fetches at once named (`preloaded`), and the service worker's
    list and version filled in (the version: a hash of the rest)."""
    files = preloaded(files)
    digest = hashlib.sha256()
    for name, content in files.items():
        if name != WORKER:
            digest.update(name.encode() + b"\0" + hashlib.sha256(content).digest())
    listed = [name for name in files if name != WORKER]
    build = json.dumps({"version": digest.hexdigest()[:16], "files": listed}, ensure_ascii=False)
    worker = files[WORKER].decode("utf-8")
    if BUILD_LINE not in worker:
        raise RuntimeError(f"{WORKER} has no line {BUILD_LINE!r} to fill in")
    return {**files, WORKER: worker.replace(BUILD_LINE, f"const BUILD = {build};").encode("utf-8")}


def export(dest: Path, app_dir: Path = APP_DIR) -> list[str]:
    """Write the app into `dest` (made if missing); the files written, by their path in it. Files of
    `dest` the app does not have are left alone. Nothing is written outside `dest`: a link inside it
    that leads elsewhere is refused before a byte is written."""
    if dest.exists() and not dest.is_dir():
        raise ExportError(N_("{path} is not a folder"), path=dest)
    files = built(app_files(app_dir))
    root = dest.resolve()
    targets = {}
    for name in files:
        target = dest / name
        # where the file would really land, every link on its way followed
        landed = target.parent.resolve() / target.name
        if landed.is_symlink():
            landed = landed.resolve()
        if not landed.is_relative_to(root):
            raise ExportError(N_("{path} leads outside {folder}: nothing was written"), path=target, folder=dest)
        targets[name] = landed
    for name, content in files.items():
        write_atomic(targets[name], content)
    return list(files)
