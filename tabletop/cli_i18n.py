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
- click's placeholders are words too: the usage line's `[OPTIONS] COMMAND [ARGS]...`, an option's
  type (TEXT, INTEGER, DIRECTORY, FLOAT RANGE…), a range (`0<=x<=10`) and the `[default: …]` after an
  option's help are said in the current language, through click's public hooks only
  (`collect_usage_pieces`, `Parameter.metavar`, `Option.get_help_extra`, `ParamType.convert`).
  An argument's name (GAMES, DATA) and a metavar the kit names itself (URL, STEP) stay as written:
  the help texts refer to them.
- A usage error in Japanese is tidied: click puts its sentences together with English spaces and
  full stops ("Missing argument 'X'.", "…。  Did you mean"), which `_tidy` rewrites.
"""
from __future__ import annotations

import contextlib
import copy
import importlib
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Self

import click

from . import click_internals, i18n, text_width
from .i18n import N_, _

HELP_OPTION_HELP = N_("Show this message and exit.")

# click's usage-line placeholders (click.Command.options_metavar, click.Group.subcommand_metavar).
USAGE_PIECES = {piece: piece for piece in (
    N_("[OPTIONS]"), N_("COMMAND [ARGS]..."), N_("[COMMAND] [ARGS]..."),
)}
# An option's value as click names it from its type (type.name.upper()); English as click writes it.
TYPE_WORDS = {
    "text": N_("TEXT"), "integer": N_("INTEGER"), "integer range": N_("INTEGER RANGE"), "float": N_("FLOAT"),
    "float range": N_("FLOAT RANGE"), "boolean": N_("BOOLEAN"), "uuid": N_("UUID"), "filename": N_("FILENAME"),
    "file": N_("FILE"), "directory": N_("DIRECTORY"), "path": N_("PATH"), "datetime": N_("DATETIME"),
}
# A range as click describes it (click.types._NumberRangeBase), by which ends are open.
RANGES = {
    (False, False): N_("{min}<=x<={max}"), (True, False): N_("{min}<x<={max}"),
    (False, True): N_("{min}<=x<{max}"), (True, True): N_("{min}<x<{max}"),
}
AT_LEAST, ABOVE = N_("x>={min}"), N_("x>{min}")
AT_MOST, BELOW = N_("x<={max}"), N_("x<{max}")
# TRANSLATORS: the notes click adds after an option's help: "[default: a4; 0<=x<=10]"
HELP_EXTRA = N_("  [{extra}]")
HELP_EXTRA_SEPARATOR = N_("; ")
MISSING = {"argument": N_("Missing argument {name}."), "option": N_("Missing option {name}."),
           "parameter": N_("Missing parameter {name}.")}


def describe_range(kind: click.FloatRange | click.IntRange) -> str:
    """`0<=x<=10` in English, `0～10` in Japanese."""
    if kind.min is None:
        return _(BELOW if kind.max_open else AT_MOST).format(max=kind.max)
    if kind.max is None:
        return _(ABOVE if kind.min_open else AT_LEAST).format(min=kind.min)
    return _(RANGES[kind.min_open, kind.max_open]).format(min=kind.min, max=kind.max)


if TYPE_CHECKING:
    # What the checker is told: the mixin below stands on click's ParamType, as the ranges it is mixed
    # into do (at run time it stands on object, and click's own range follows it in the bases).
    _ParamTypeBase = click.ParamType[Any]
else:
    _ParamTypeBase = object


class _SpeakingRange(_ParamTypeBase):
    """A range whose refusal names the range in the current language."""

    number: click.ParamType[float]

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            number = self.number.convert(value, param, ctx)  # not a number at all: click's own refusal
            assert isinstance(self, (click.FloatRange, click.IntRange))  # mixed into one of click's two ranges
            self.fail(_("{value} is not in the range {range}.").format(
                value=number, range=describe_range(self)), param, ctx)


class FloatRange(_SpeakingRange, click.FloatRange):
    number = click.FLOAT


class IntRange(_SpeakingRange, click.IntRange):
    number = click.INT


def _speaking_type(kind: click.ParamType[Any]) -> click.ParamType[Any]:
    """The same range as a FloatRange/IntRange above (a command's params are made before it is)."""
    if type(kind) is click.FloatRange:
        return FloatRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    if type(kind) is click.IntRange:
        return IntRange(kind.min, kind.max, kind.min_open, kind.max_open, kind.clamp)
    return kind
_SENTENCE_END = re.compile(r"(?<=[。.])(\s|$)")


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


def _translated_param(param: click.Parameter, ctx: click.Context | None) -> click.Parameter:
    twin = copy.copy(param)
    twin.help = _t(getattr(param, "help", None))
    if isinstance(param, click.Option) and ctx is not None:
        if param.metavar is None and not (param.is_flag or param.count) \
                and param.type.get_metavar(param=param, ctx=ctx) is None and param.type.name in TYPE_WORDS:
            twin.metavar = _(TYPE_WORDS[param.type.name]) + ("..." if param.nargs != 1 else "")
    return twin


class Option(click.Option):
    """An option whose notes after its help (`[default: a4; 0<=x<=10]`) are in the current language.
    Every option of the kit is one: made with `option()` below."""

    def get_help_extra(self, ctx: click.Context) -> Any:
        extra = super().get_help_extra(ctx)
        if "range" in extra and isinstance(self.type, (click.FloatRange, click.IntRange)):
            extra["range"] = describe_range(self.type)
        return extra

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        """click's record, its closing `  [default: a4; 0<=x<=10]` put the current language's way."""
        rv = super().get_help_record(ctx)
        if rv is None:
            return rv
        spec, help = rv
        start = help.rfind("[") if help.endswith("]") else -1
        if start < 0 or (start and help[start - 2:start] != "  "):
            return rv
        extra = help[start + 1:-1].split("; ")
        notes = _(HELP_EXTRA).format(extra=_(HELP_EXTRA_SEPARATOR).join(extra))
        text = help[:max(start - 2, 0)]
        return spec, (text + notes if text else notes.strip())


def option(*param_decls: str, **attrs: Any) -> Callable[[Any], Any]:
    """`click.option`, making an `Option` of the kit's."""
    return click.option(*param_decls, cls=Option, **attrs)


if TYPE_CHECKING:
    # What the checker is told: the mixin below stands on click's Command, as every class it is mixed
    # into does (at run time it stands on object, and click's own class follows it in the bases).
    _CommandBase = click.Command
else:
    _CommandBase = object


class _Speaking(_CommandBase):
    """Shared by Command and Group: render help from a twin whose texts are in the current language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            param.type = _speaking_type(param.type)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        pieces = super().collect_usage_pieces(ctx)
        return [_(piece) if piece in USAGE_PIECES else piece for piece in pieces]

    def _in_language(self, ctx: click.Context | None = None) -> Self:
        twin = copy.copy(self)
        twin.help, twin.epilog = _t(self.help), _t(self.epilog)
        twin.short_help = _t(self.short_help)
        twin.params = [_translated_param(p, ctx) for p in self.params]
        return twin

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """click's --help, its help in the current language (click made it, and keeps it, in whatever
        language was current then)."""
        option = super().get_help_option(ctx)
        if option is None:
            return None
        twin = copy.copy(option)
        twin.help = i18n._(HELP_OPTION_HELP)
        return twin

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super(_Speaking, self._in_language(ctx)).format_help(ctx, formatter)

    def get_short_help_str(self, limit: int = 45) -> str:
        twin = self._in_language()
        if not twin.short_help and twin.help:
            twin.short_help = first_sentence(twin.help)
        return super(_Speaking, twin).get_short_help_str(limit)


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

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with _tidied():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with _tidied():
            return super().invoke(ctx)

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        i18n.set_language(i18n.choose(_lang_argument(argv) if self.ui_lang_option else None))
        with click_internals.words_from(i18n._, i18n.ngettext):
            return super().main(argv, *rest, **kwargs)


class _Tidied(click.UsageError):
    """A usage error of click's, its words put together the current language's way."""

    def __init__(self, original: click.UsageError, message: str) -> None:
        super().__init__(message, original.ctx)


_SPACE_AFTER_STOP = re.compile(r"(?<=[。！？）])[ \t]+(?=\S)")
_LISTED_QUOTES = re.compile(r"(?<=')\s*,\s*(?=')")


def _message(error: click.UsageError) -> str:
    if isinstance(error, click.MissingParameter) and error.param is not None and not error.message:
        kind = error.param_type or error.param.param_type_name
        if kind in MISSING:
            hint = error.param_hint if error.param_hint is not None else error.param.get_error_hint(error.ctx)
            if not isinstance(hint, str):
                hint = " / ".join(repr(x) for x in hint)
            extra = error.param.type.get_missing_message(param=error.param, ctx=error.ctx)
            return _(MISSING[kind]).format(name=hint) + (f" {extra}" if extra else "")
    return error.format_message()


def tidy(text: str) -> str:
    """click's English joins in a Japanese sentence: no space after 。, a list of quoted words
    joined with 、, no English parentheses around a sentence."""
    if not text_width.has_wide(text):
        return text
    text = _LISTED_QUOTES.sub(_(", "), text)
    text = _SPACE_AFTER_STOP.sub("", text)
    return text


@contextlib.contextmanager
def _tidied() -> Any:
    try:
        yield
    except _Tidied:
        raise
    except click.UsageError as e:
        message = tidy(_message(e))
        if message == e.format_message():
            raise
        raise _Tidied(e, message) from e


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

