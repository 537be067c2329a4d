"""The one place the kit reaches into click's private parts; `tests/tabletop/test_click_internals.py` has a
canary for each, which fails naming what moved when a click release changes it.

click's own words (Usage:, Options, "Missing argument …", "Aborted!") are looked up with the standard
library's gettext, bound at import as `_` and `ngettext` in each click module that speaks. click has
no hook for another translator, and stdlib gettext's domains are process-wide, so they cannot follow
the language a command (or a request of the web server) was given. So, while a command of the kit runs
(`cli_i18n.Group.main`), `words_from` binds those two names in each of those modules to the kit's
look-ups, and puts click's own back when the command ends: importing a module of the kit changes
nothing in click, and code that calls click outside a command of the kit gets click as it is.
"""
from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Callable, Iterator
from types import ModuleType

# click's modules that bind gettext's `gettext` as `_` and, some of them, `ngettext` (click 8.1–8.5).
# The two that `import click` does not load are loaded with them: loaded later, mid-command,
# they would bind stdlib gettext's again.
SPEAKING_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils",
                    "_termui_impl", "shell_completion")
WINDOWS_ONLY = ("_winconsole",)  # it refuses to load elsewhere
WORD_NAMES = ("_", "ngettext")


def speaking_modules() -> list[ModuleType]:
    """Those of click's modules that speak which this platform loads."""
    names = SPEAKING_MODULES + (WINDOWS_ONLY if sys.platform == "win32" else ())
    return [importlib.import_module(f"click.{name}") for name in names]


@contextlib.contextmanager
def words_from(gettext: Callable[[str], str], ngettext: Callable[[str, str, int], str]) -> Iterator[None]:
    """click's own words looked up with `gettext` and `ngettext` until the block ends."""
    saved = []
    new = {"_": gettext, "ngettext": ngettext}
    try:
        for module in speaking_modules():
            for name in WORD_NAMES:
                if name in vars(module):
                    saved.append((module, name, vars(module)[name]))
                    setattr(module, name, new[name])
        yield
    finally:
        for module, name, value in reversed(saved):
            setattr(module, name, value)
