"""`companion app export DIR`: the app (companion/app/) as a static folder any web host serves, at its
root or under a subpath — the pages, the engines, the games' data and the messages as JSON, the icons,
the manifest and the service worker with the list of files it keeps for offline play.

Every path in the app is relative, so nothing is rewritten but the service worker's list and version:
a new version is a changed worker, which browsers fetch in the background and take at the next start."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tabletop.fileio import write_atomic
from tabletop.i18n import N_

APP_DIR = Path(__file__).resolve().parent / "app"
WORKER = "sw.js"
# The line of sw.js the export fills in (the source folder's worker keeps nothing).
BUILD_LINE = 'const BUILD = { version: "source", files: [] };'
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


def built(files: dict[str, bytes]) -> dict[str, bytes]:
    """`files` with the service worker's list and version filled in (the version: a hash of the rest)."""
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
