"""A deck that tries to read its reader's files (links, `../`, absolute paths), and a build that records
every file it opens, to check that a deck reads only its own folder."""
import os
import sys
import sysconfig
from pathlib import Path

from click.testing import CliRunner

import pnp
import tabletop
from pnp.cli.main import main
from pnp.fonts.fontset import cache_dir
from tabletop.data import TEMPLATES_DIR

CSV = "title,body,cost\nSpark,Deal 1 damage.,1\nSpring,Recover 2 health.,2\n"
TOML = """[deck]
id = "reads"
languages = ["en"]
{deck}
[boxes.footer]
template = "footer.j2"
{more}"""
SECRET = "SECRET KEY TEXT"  # what a hostile deck would print: the reader's file outside the deck
_opened: list[str] | None = None  # while a build is recorded: the real path of every file it opens
_hooked = False


class Hostile:
    """A deck in `tmp/deck` and, beside it in `tmp/secret`, files of its reader's that it must not read."""

    def __init__(self, tmp: Path):
        self.folder, self.secret, self.out = tmp / "deck", tmp / "secret", tmp / "out"
        self.named = self.folder / "deck.toml"  # the file `pnp build` is given
        self.folder.mkdir()
        self.secret.mkdir()
        for name in ("id_ed25519", "key.png", "key.ttf", "cards.csv"):
            (self.secret / name).write_text(SECRET, encoding="utf-8")
        self.footer("cost {{ cost }}\n")
        self.toml()
        (self.folder / "deck.csv").write_text(CSV, encoding="utf-8")

    def toml(self, deck: str = "", more: str = "") -> str:
        text = TOML.format(deck=deck, more=more)
        (self.folder / "deck.toml").write_text(text, encoding="utf-8")
        return text

    def footer(self, text: str) -> None:
        (self.folder / "footer.j2").write_text(text, encoding="utf-8")

    def link(self, name: str, target: Path) -> None:
        (self.folder / name).symlink_to(target)

    def real(self, name: str) -> str:
        return os.path.realpath(self.secret / name)

    def file(self, name: str) -> Path:
        return self.folder / name


def _on_audit(event: str, args: tuple) -> None:
    if event == "open" and _opened is not None and isinstance(args[0], (str, bytes, os.PathLike)):
        _opened.append(os.path.realpath(os.fsdecode(args[0])))


def recorded_build(*args) -> tuple:
    """`pnp build ARGS`, and the real path of every file it opened. An audit hook cannot be removed:
    it is added once, and records only while `_opened` is a list."""
    global _opened, _hooked
    if not _hooked:
        sys.addaudithook(_on_audit)
        _hooked = True
    import reportlab.rl_config  # noqa: F401  ReportLab reads its settings in the home folder when imported

    _opened = []
    try:
        result = invoke("build", *args)
        return result, _opened
    finally:
        _opened = None


def allowed_folders(d: Hostile) -> list[str]:
    """Where a build may open files: the deck's folder, the output, the kit's own files (its code, its
    templates and layouts), Python's (the standard library, the installed packages, the bundled fonts)
    and the kit's cache (fonts, compiled templates, pictures) under XDG_CACHE_HOME."""
    kit = [Path(pnp.__file__).parent, Path(tabletop.__file__).parent, TEMPLATES_DIR]
    python = [sys.prefix, sys.base_prefix, *(sysconfig.get_paths()[p] for p in ("stdlib", "purelib", "platlib"))]
    folders = [d.folder, d.out, *kit, *python, cache_dir().parent]
    return [os.path.realpath(f) for f in folders]


def outside(paths: list[str], folders: list[str]) -> list[str]:
    return sorted({p for p in paths if not any(Path(p).is_relative_to(f) for f in folders)})


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])
