"""Canaries for what the kit uses of click that click does not publish (tabletop/click_internals.py):
each fails naming what a click release moved, where the symptom would otherwise be a message left in
English. And the kit's own options are all of the class that says their notes in the user's language."""
from __future__ import annotations

import ast
import gettext
from pathlib import Path

import click
import pytest

from tabletop import cli_i18n, click_internals

CLICK = Path(click.__file__).parent


def binds_gettext(path: Path) -> set[str]:
    """The names a click module binds from gettext (`from gettext import gettext as _, ngettext`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and node.module == "gettext" for alias in node.names}


def test_every_click_module_that_binds_gettext_is_routed():
    binding = {path.stem for path in CLICK.glob("*.py") if binds_gettext(path) & set(click_internals.WORD_NAMES)}
    routed = set(click_internals.SPEAKING_MODULES + click_internals.WINDOWS_ONLY)
    assert binding == routed, (f"click binds gettext in {sorted(binding - routed)}; "
                               f"no longer in {sorted(routed - binding)}")


@pytest.mark.parametrize("module", click_internals.speaking_modules(), ids=lambda m: m.__name__)
def test_each_routed_module_binds_its_words_under_the_names_routed(module):
    bound = {name: vars(module)[name] for name in click_internals.WORD_NAMES if name in vars(module)}
    assert "_" in bound, f"{module.__name__} no longer binds `_`"
    assert bound == {name: getattr(gettext, "gettext" if name == "_" else name) for name in bound}


def test_words_from_routes_every_module_and_puts_click_s_own_back():
    modules = click_internals.speaking_modules()

    def mine(message: str) -> str:
        return f"<{message}>"

    def my_plural(singular: str, plural: str, n: int) -> str:
        return f"<{singular if n == 1 else plural}>"

    with click_internals.words_from(mine, my_plural):
        assert all(vars(m)["_"] is mine for m in modules)
        assert all(vars(m)["ngettext"] is my_plural for m in modules if "ngettext" in vars(m))
        with pytest.raises(click.UsageError) as refused:
            click.Command("x", params=[click.Argument(["name"])]).main([], standalone_mode=False)
        assert "<Missing argument>" in refused.value.format_message()
    assert all(vars(m)["_"] is gettext.gettext for m in modules)


def commands(group: click.Group, ctx: click.Context) -> list[click.Command]:
    found: list[click.Command] = [group]
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            found += commands(command, click.Context(command, parent=ctx, info_name=name))
        elif command is not None:
            found.append(command)
    return found


@pytest.mark.parametrize("root", ["pnp.cli.main", "companion.cli"])
def test_every_option_of_the_kit_says_its_notes_in_the_user_s_language(root):
    import importlib

    main = importlib.import_module(root).main
    plain = [f"{command.name} {param.opts[0]}" for command in commands(main, click.Context(main, info_name=root))
             for param in command.params if isinstance(param, click.Option) and not isinstance(param, cli_i18n.Option)]
    assert plain == [], "make them with cli_i18n.option"
