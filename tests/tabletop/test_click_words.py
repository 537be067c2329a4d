"""click's own words a user of the kit can meet are listed in tabletop/click_words.py (and so extracted
into the catalog and translated): click is driven through everything the kit's commands use — help
with every kind of note, each usage error, prompts — with its look-ups recorded, and every message id
it asked for must be listed. A word click adds or renames in a release fails here, by name, instead
of showing up in English."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import click
import pytest
from babel.messages.extract import extract_from_file
from click.testing import CliRunner

import tabletop.click_words
from tabletop import cli_i18n, click_internals


class Recorder:
    """A translator that answers in English and remembers what it was asked."""

    def __init__(self) -> None:
        self.asked: set[str | tuple[str, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.add((singular, plural))
        return singular if n == 1 else plural


def listed() -> set[str | tuple[str, str]]:
    found = extract_from_file("python", tabletop.click_words.__file__, keywords={"N_": None, "ngettext": (1, 2)})
    return {message for _line, message, _comments, _context in found}


def plain_cli() -> click.Group:
    """Plain click (the kit's own classes would route the words elsewhere), with every kind of
    parameter the kit's commands have, made before the words are recorded, as the kit's commands are
    made when their modules load (what click says then, the kit says itself: its help texts, and the
    kind a path names, which the catalog leaves out on purpose, see tabletop/click_words.py)."""

    @click.group()
    @click.version_option("1.0", prog_name="tool")
    def cli() -> None:
        pass

    @cli.command()
    @click.argument("name")
    @click.option("--size", type=click.IntRange(1, 10), default=3, show_default=True, help="A size.")
    @click.option("--scale", type=click.FloatRange(0, 1, max_open=True), help="A share.")
    @click.option("--paper", type=click.Choice(["a4", "letter"]), required=True, help="The paper.")
    @click.option("--when", default=lambda: "now", show_default=True, help="Dynamic default.")
    @click.option("--token", envvar="TOOL_TOKEN", show_envvar=True, help="From the environment.")
    @click.option("--flag/--no-flag", default=False, help="A flag.")
    @click.option("--id", "ident", type=click.UUID)
    @click.option("--on", type=click.BOOL)
    @click.option("--date", type=click.DateTime(["%Y-%m-%d"]))
    @click.option("--pair", type=(int, int))
    @click.option("--src", type=click.Path(exists=True, dir_okay=False))
    @click.option("--dir", "folder", type=click.Path(exists=True, file_okay=False))
    @click.option("--file", "file", type=click.File("r"))
    def make(**kwargs) -> None:
        pass

    @cli.command()
    @click.argument("first", nargs=2)
    def pair(first) -> None:
        pass

    @cli.command()
    @click.confirmation_option()
    def wipe() -> None:
        pass

    @cli.command()
    def ask() -> None:
        click.prompt("Count", type=int)
        click.prompt("Secret", confirmation_prompt=True)
        click.confirm("Sure")

    @cli.command()
    def stop() -> None:
        raise click.BadParameter("no good")

    return cli


def drive(cli: click.Group, tmp_path: Path) -> None:
    runner = CliRunner()
    a_file, a_folder = tmp_path / "a.txt", tmp_path / "folder"
    a_file.write_text("x")
    a_folder.mkdir()
    ok = ["make", "n", "--paper", "a4"]
    runs = [
        ["--help"], ["make", "--help"], ["--version"], [], ["mak"], ["mke", "x"], ["make", "--pappr", "a4"],
        ["make"], ["make", "n"], ["make", "n", "extra", "more", "--paper", "a4"], ["make", "n", "--paper"],
        ["make", "n", "--flag=x", "--paper", "a4"], [*ok, "--size", "x"], [*ok, "--size", "11"],
        [*ok, "--scale", "1"], ["make", "n", "--paper", "a3"], [*ok, "--id", "x"], [*ok, "--on", "maybe"],
        [*ok, "--date", "x"], [*ok, "--pair", "1"], [*ok, "--src", str(tmp_path / "none")],
        [*ok, "--src", str(a_folder)], [*ok, "--dir", str(a_file)], [*ok, "--file", str(tmp_path / "none")],
        [*ok, "--token", "t"], ["pair", "one"], ["pair", "1", "2", "3"], ["wipe"], ["stop"],
    ]
    for args in runs:
        runner.invoke(cli, args, input="n\n")
    runner.invoke(cli, ["make", "n"], env={"TOOL_TOKEN": "t"})
    runner.invoke(cli, ["ask"], input="x\n3\nsecret\nother\nsecret\nsecret\nmaybe\ny\n")
    runner.invoke(cli, ["ask"], input="")  # Ctrl-D at the prompt: Aborted!


@pytest.fixture(scope="module")
def asked(tmp_path_factory) -> set[str | tuple[str, str]]:
    recorder = Recorder()
    cli = plain_cli()
    with click_internals.words_from(recorder.gettext, recorder.ngettext):
        drive(cli, tmp_path_factory.mktemp("click"))
    return recorder.asked


def test_every_word_click_asks_for_is_listed_for_translation(asked):
    assert asked - listed() == set()


def test_the_drive_reaches_click_s_words_of_every_kind(asked):
    """So the test above cannot pass by asking for nothing: help, errors, prompts and plurals."""
    for word in ("Usage:", "Options", "Commands", "Show this message and exit.", "default: {default}", "required",
                 "env var: {var}", "(dynamic)",
                 "No such command {name!r}.", "No such option {name!r}.", "Error: {message}",
                 "Try '{command} {option}' for help.", "{value!r} is not a valid {number_type}.",
                 "{value!r} is not a valid UUID.", "{name} {filename!r} does not exist.",
                 "{name} {filename!r} is a directory.", "{name} {filename!r} is a file.", "Aborted!",
                 "Repeat for confirmation", "Error: The two entered values do not match.",
                 "Error: invalid input", "Invalid value: {message}",
                 ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
                 ("{value!r} is not {choice}.", "{value!r} is not one of {choices}.")):
        assert word in asked, word
    assert len(asked) >= 30


def test_nothing_listed_is_a_word_click_no_longer_has():
    """A typo in tabletop/click_words.py, or a word click dropped, would be a translation nobody sees."""
    texts = set()
    for path in Path(click.__file__).parent.glob("*.py"):
        texts |= {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    gone = [word for word in listed() if not set([word] if isinstance(word, str) else word) <= texts]
    assert gone == []


def test_importing_the_console_commands_leaves_click_as_it_is():
    check = ("import gettext, click.core, click.exceptions, pnp.cli.command, pnp.cli.main, companion.cli; "
             "assert click.core._ is gettext.gettext and click.exceptions.ngettext is gettext.ngettext")
    run = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def test_a_command_of_the_kit_speaks_click_s_words_in_its_language_while_it_runs():
    import gettext

    import click.core

    seen = []

    @click.group(cls=cli_i18n.Group)
    def kit() -> None:
        pass

    @kit.command()
    def peek() -> None:
        seen.append(click.core._("Usage:"))

    result = CliRunner().invoke(kit, ["peek"], env={"TABLETOP_KIT_LANG": "ja"})
    assert result.exit_code == 0 and seen == ["使い方："]
    assert click.core._ is gettext.gettext  # put back when the command ended
