"""`pnp init DATA` (a starter deck file beside a spreadsheet) and `pnp examples [DIR]` (the example
decks copied out of the package, so the README's commands work from any folder)."""
from __future__ import annotations

import shlex
from pathlib import Path

import click

from pnp.base import BuildError
from pnp.cli.shared import user_errors
from pnp.deck.read.path import SPREADSHEETS
from tabletop import cli_i18n
from tabletop.fileio import write_atomic
from tabletop.i18n import N_, _, listing

_HERE = Path(__file__).resolve().parent.parent


def examples_dir() -> Path:
    """An installed wheel carries the examples as pnp/example_decks (setup.py); a checkout keeps them at the top."""
    installed = _HERE / "example_decks"
    return installed if installed.is_dir() else _HERE.parent / "examples"


def example_files() -> list[Path]:
    root = examples_dir()
    return sorted(p.relative_to(root) for p in root.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.name != "__init__.py")


@click.command(cls=cli_i18n.Command,
               help=N_("Write a starter deck file beside DATA (a .csv or .xlsx with one row per card): its title, "
                       "body, copies and languages guessed from the header and the cells, every column listed "
                       "in a comment. Then build it with `pnp build DATA`."))
@click.argument("data", type=click.Path(dir_okay=False, path_type=Path))
@cli_i18n.option("--force", is_flag=True, help=N_("Write the deck file again though one is there."))
@user_errors
def init(data: Path, force: bool) -> None:
    from pnp.deck.read.spreadsheet import read_table
    from pnp.deck.starter import guess, starter

    if data.suffix.lower() not in SPREADSHEETS:
        raise BuildError(_("{path}: pnp init reads a spreadsheet ({kinds}); a deck file of your own is built "
                           "with `pnp build`").format(path=data, kinds=listing(SPREADSHEETS)))
    if not data.is_file():
        raise BuildError(_("{path}: file not found").format(path=data))
    target = data.with_suffix(".toml")
    if target.exists() and not force:
        raise BuildError(_("{path} is already there: build with `pnp build {data}`, or write it again with "
                           "--force").format(path=target, data=shlex.quote(str(data))))
    table = read_table(data)
    if not table.columns:
        raise BuildError(_("{path}: the first row should name the columns, and it is empty").format(path=data))
    found = guess(table)
    command = f"pnp build {shlex.quote(str(data))}"
    comments = [_("A starter deck for {file}, written by `pnp init`; docs/decks.md explains every key.")
                .format(file=data.name),
                _("Build it with: {command}").format(command=command),
                _("If a guess is wrong, name the right column under [fields]. A column marked - is not printed: "
                  "add it to a box, e.g. [boxes.body] fields = [\"body\", \"COLUMN\"]."),
                _("The columns (and the first card's cells):")]
    write_atomic(target, starter(table, found, comments))
    said = {name: listing(columns.values()) for name, columns in found.fields.items()}
    click.echo(_("Wrote {path}: title {title}, body {body}, copies {copies}; languages {languages}.").format(
        path=target, title=said.get("title", "-"), body=said.get("body", "-"), copies=found.copies or "-",
        languages=listing(found.languages)))
    click.echo(_("Build it with: {command}").format(command=command))


@click.command(cls=cli_i18n.Command,
               help=N_("Copy the example decks into DIR (default: ./examples), so the README's example commands "
                       "work from the folder that holds it."))
@click.argument("folder", required=False, default="examples", type=click.Path(file_okay=False, path_type=Path))
@cli_i18n.option("--force", is_flag=True, help=N_("Copy over example files already there."))
@user_errors
def examples(folder: Path, force: bool) -> None:
    root, files = examples_dir(), example_files()
    # A file already there as the kit has it loses nothing (the checkout's own examples/ is the kit's
    # copy): it is left alone. Only one that differs, an edit, is kept unless --force.
    edited = [folder / f for f in files if (folder / f).exists() and not _same(folder / f, root / f)]
    if edited and not force:
        raise BuildError(_("{path} is already there and differs from the kit's example: choose another folder, "
                           "or copy over it with --force").format(path=edited[0]))
    copied = [name for name in files if force or not (folder / name).exists()]
    for name in copied:
        write_atomic(folder / name, (root / name).read_bytes())
    if copied:
        click.echo(_("Copied the example decks into {folder}. Build one with:").format(folder=folder))
    else:
        click.echo(_("The example decks are already in {folder}, as the kit has them. Build one with:").format(
            folder=folder))
    for name in files:
        if name.suffix in SPREADSHEETS or name.parent.name == "layouts":
            click.echo(f"  pnp build {shlex.quote(str(folder / name))}")


def _same(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b) or a.read_bytes() == b.read_bytes()
    except OSError:
        return False
