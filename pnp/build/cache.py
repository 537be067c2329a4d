"""Incremental builds: an output is rebuilt only when something it is made from changed.

A build step's fingerprint covers the bytes of its data and template files, the identity of its
font files (path, size, mtime: they are large and never edited in place), its options and the code
version (a hash of this package's sources). It is stored beside the outputs in `.pnp-build/`,
together with each output's size and mtime, so a deleted or hand-edited output is rebuilt too.
A fresh step writes nothing at all. A stale one is rebuilt, but its file is rewritten only if its
content changed: an edit to one card of a game's data file leaves the files of that game's assets
that do not show the card as they were."""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pnp.sheets.pdfstamps import without_stamps
from tabletop.fileio import write_atomic
from tabletop.record import Record, asdict, field

STAMP_DIR = ".pnp-build"
_PACKAGE = Path(__file__).resolve().parent.parent
# What a PDF is made by: pnp's code and the data room's (the models' display logic lives there too).
_CODE = (_PACKAGE, _PACKAGE.parent / "tabletop")
# Inside pnp but not its code: an installed wheel carries the example decks (and their drawing
# scripts) there, a checkout keeps them at its top; counted, they made the two differ.
_NOT_CODE = "example_decks"


class Inputs(Record):
    """What a build step's output is made from."""
    files: tuple[Path, ...] = ()  # hashed by content: data files, templates
    fonts: tuple[Path, ...] = ()  # identified by path, size and mtime
    options: Mapping[str, Any] = field(default_factory=dict)  # JSON-able values (str() otherwise)


@cache
def code_version(*roots: Path) -> str:
    digest = hashlib.sha256()
    for root in roots or _CODE:
        for path in sorted(root.rglob("*.py")):
            if _NOT_CODE in path.relative_to(root).parts:
                continue
            digest.update(f"{root.name}/{path.relative_to(root).as_posix()}".encode() + b"\0"
                          + path.read_bytes() + b"\0")
    return digest.hexdigest()


def fingerprint(inputs: Inputs) -> str:
    digest = hashlib.sha256(code_version().encode())
    for path in sorted(set(inputs.files)):
        try:
            content = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            content = "missing"
        digest.update(f"file {_name(path)} {content}\n".encode())
    for path in sorted(set(inputs.fonts)):
        try:
            st = path.stat()
            ident = f"{st.st_size} {st.st_mtime_ns}"
        except OSError:
            ident = "missing"
        digest.update(f"font {path} {ident}\n".encode())
    digest.update(json.dumps(inputs.options, sort_keys=True, default=str).encode())
    return digest.hexdigest()


def _name(path: Path) -> str:
    """A data file as the fingerprint names it: the kit's own by where they are in the kit (an installed
    wheel and an editable install of the same checkout hold the same files in other folders), a
    user's by its path."""
    from tabletop.data import CARDS_DIR, TEMPLATES_DIR

    for name, root in (("cards", CARDS_DIR), ("templates", TEMPLATES_DIR)):
        if path.is_relative_to(root):
            return f"<kit>/{name}/{path.relative_to(root).as_posix()}"
    return str(path)


class BuildStep:
    """One build step: the outputs it writes and what they are made from. A step whose outputs are
    known only once it ran (an export's images) names its stamp file instead and lists the outputs
    when it is done; its freshness then checks the outputs it recorded."""

    def __init__(self, outputs: Iterable[Path], inputs: Inputs, stamp: Path | None = None):
        self.outputs = [Path(p) for p in outputs]
        self.key = fingerprint(inputs)
        if stamp is None:
            if not self.outputs:
                raise ValueError("a build step needs its outputs or its stamp file")
            stamp = self.outputs[0].parent / STAMP_DIR / f"{self.outputs[0].name}.json"
        self.stamp = Path(stamp)

    def fresh(self) -> bool:
        """True when the recorded fingerprint matches and every output is as the build left it."""
        recorded = self._recorded()
        if recorded is None:
            return False
        names = [self._name(p) for p in self.outputs] or list(recorded)
        return all(recorded.get(name) == _identity(self.stamp.parent.parent / name) for name in names)

    def recorded_outputs(self) -> list[Path]:
        """The outputs the last build with these same inputs recorded (none if the inputs differ)."""
        return [self.stamp.parent.parent / name for name in self._recorded() or {}]

    def _recorded(self) -> dict | None:
        try:
            stamp = json.loads(self.stamp.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(stamp, dict) or stamp.get("fingerprint") != self.key:
            return None
        outputs = stamp.get("outputs", {})
        return outputs if isinstance(outputs, dict) else None

    def done(self, outputs: Iterable[Path] | None = None) -> None:
        """Record a successful build (call after every output is written)."""
        if outputs is not None:
            self.outputs = [Path(p) for p in outputs]
        stamp = {"fingerprint": self.key, "outputs": {self._name(p): _identity(p) for p in self.outputs}}
        write_atomic(self.stamp, json.dumps(stamp, indent=1, sort_keys=True))

    def write(self, data: bytes, force: bool = False) -> bool:
        """Write the step's (single) output and record the build. An output that already holds the
        same content is left alone (so its mtime too) unless `force`; True if the file was written."""
        path = self.outputs[0]
        try:
            keep = not force and same_content(path.read_bytes(), data)
        except OSError:
            keep = False
        if not keep:
            write_atomic(path, data)
        self.done()
        return not keep

    def _name(self, path: Path) -> str:
        return os.path.relpath(path, self.stamp.parent.parent)


def same_content(old: bytes, new: bytes) -> bool:
    return old == new or (len(old) == len(new) and without_stamps(old) == without_stamps(new))


def content_digest(pdf: bytes) -> str:
    """A hash of a PDF that two builds of the same content share (its date stamps left out)."""
    return hashlib.sha256(without_stamps(pdf)).hexdigest()


def _identity(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def asset_inputs(game: Any, asset: Any, opts: Any) -> Inputs:
    """What one asset of a game is made from: the game's data file, its templates and the shared
    ones, the font it is set in, and every option."""
    from pnp.fonts.fontset import chain_files

    files = game.input_files(opts.cards_dir)
    options = {**{k: str(v) for k, v in asdict(opts).items() if k != "cards_dir"},  # its file is hashed
               "game": game.id, "asset": asset.name}
    return Inputs(files=files, fonts=chain_files(opts.font, opts.font_chain), options=options)
