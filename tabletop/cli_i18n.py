"""click in the kit's language, for `pnp` and `companion` alike.

- Help texts are written in English and marked `N_()`; `Command` and `Group` translate them when
  help is shown (never at import), so one process can show help in either language.
- click's own words (Usage:, Options, "Show this message and exit.", its errors) are looked up in
  our catalog (`tabletop.click_words` lists them) for the current language, not in stdlib gettext's.
- `Group.main` chooses the language before anything is parsed, so a usage error is already in the
  user's language: TABLETOP_KIT_LANG, then the locale, then English, or `--lang` on the command
  line for a command whose --lang is the language it speaks (`ui_lang_option=True`).
- `Formatter` lays out help with Japanese in it by terminal columns (a Japanese character takes
  two) and breaks its lines the Japanese way; help that is all Latin is left to click.
"""
from __future__ import annotations

import copy
import importlib
import re
import sys
from typing import Any, Sequence

import click

from . import i18n, text_width
from .i18n import N_, _

# click's modules that show words (each imports gettext's `_`/`ngettext` under those names).
_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types", "utils")
HELP_OPTION_HELP = N_("Show this message and exit.")
_SENTENCE_END = re.compile(r"(?<=[。.])(\s|$)")


def route_click_words() -> None:
    """Make click's gettext look-ups answer from our catalog in the current language."""
    for name in _CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = i18n._
        if hasattr(module, "ngettext"):
            module.ngettext = i18n.ngettext


def _t(text: str | None) -> str | None:
    return i18n._(text) if text else text


def first_sentence(text: str) -> str:
    """The summary a group lists beside a command: its first sentence, in English or Japanese
    (click's own shortening looks for spaces, which Japanese does not have)."""
    paragraph = text.strip().split("\n\n")[0]
    return _SENTENCE_END.split(paragraph, maxsplit=1)[0].replace("\n", " ").strip()


class Formatter(click.HelpFormatter):
    def write_heading(self, heading: str) -> None:
        heading = _("{heading}:").format(heading=heading)
        self.write(f"{'':>{self.current_indent}}{heading}\n")

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            usage = _("Usage:")
            prefix = usage if text_width.is_wide(usage[-1]) else f"{usage} "
        super().write_usage(prog, args, prefix)

    def write_text(self, text: str) -> None:
        if not text_width.has_wide(text):
            return super().write_text(text)
        indent = " " * self.current_indent
        width = max(self.width - self.current_indent, 11)
        paragraphs = [text_width.wrap(p, width) for p in text.split("\n\n")]
        self.write("\n\n".join("\n".join(indent + line for line in lines) for lines in paragraphs) + "\n")

    def write_dl(self, rows: Any, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if not any(text_width.has_wide(first + second) for first, second in rows):
            return super().write_dl(rows, col_max, col_spacing)
        first_col = min(max(text_width.display_width(first) for first, _ in rows), col_max) + col_spacing
        margin = " " * (self.current_indent + first_col)
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if text_width.display_width(first) <= first_col - col_spacing:
                self.write(" " * (first_col - text_width.display_width(first)))
            else:
                self.write("\n" + margin)
            lines = text_width.wrap(second, max(self.width - first_col - self.current_indent, 10))
            self.write(lines[0] + "\n" + "".join(f"{margin}{line}\n" for line in lines[1:]))


class Context(click.Context):
    formatter_class = Formatter


def _translated_param(param: click.Parameter) -> click.Parameter:
    twin = copy.copy(param)
    twin.help = _t(getattr(param, "help", None))
    return twin


class _Speaking:
    """Shared by Command and Group: render help from a twin whose texts are in the current language."""

    help: str | None
    short_help: str | None
    epilog: str | None
    params: list[click.Parameter]

    def _in_language(self, ctx: click.Context | None = None) -> Any:
        twin = copy.copy(self)
        twin.help, twin.epilog = _t(self.help), _t(self.epilog)
        twin.short_help = _t(self.short_help)
        twin.params = [_translated_param(p) for p in self.params]
        help_option = self.get_help_option(ctx) if ctx is not None else None  # type: ignore[attr-defined]
        if help_option is not None:
            # click made it (and cached it) in whatever language was current then.
            twin._help_option = copy.copy(help_option)
            twin._help_option.help = i18n._(HELP_OPTION_HELP)
        return twin

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super(_Speaking, self._in_language(ctx)).format_help(ctx, formatter)  # type: ignore[misc]

    def get_short_help_str(self, limit: int = 45) -> str:
        twin = self._in_language()
        if not twin.short_help and twin.help:
            twin.short_help = first_sentence(twin.help)
        return super(_Speaking, twin).get_short_help_str(limit)  # type: ignore[misc]


class Command(_Speaking, click.Command):
    context_class = Context


class Group(_Speaking, click.Group):
    context_class = Context
    command_class = Command
    group_class = type  # subgroups made with @group.group() are Groups too

    def __init__(self, *args: Any, ui_lang_option: bool = False, lazy_commands: dict[str, str] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ui_lang_option = ui_lang_option
        # name → "module:attribute": a subcommand whose module is imported only when it is run or listed
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy_commands and name not in self.commands:
            module, _, attribute = self.lazy_commands[name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return super().get_command(ctx, name)

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        i18n.set_language(i18n.choose(_lang_argument(argv) if self.ui_lang_option else None))
        return super().main(argv, *rest, **kwargs)


def _lang_argument(argv: list[str]) -> str | None:
    """The value of the last `--lang X` / `--lang=X` before a lone `--`."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


route_click_words()
