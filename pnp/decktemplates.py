"""A deck's own Jinja2 templates, one per box: read only from the deck's folder, run sandboxed, and
checked when the deck is read so a field the data lacks is named with the template's line."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

import jinja2
from jinja2 import meta
from jinja2.sandbox import SandboxedEnvironment

from tabletop.data.errors import DataError
from tabletop.i18n import N_, _, listing

CONTEXT = ("lang", "row", "copies", "suit")  # what a box template sees besides the fields
# ReportLab's <img> would read any file it is given, from anywhere: pictures come through
# [boxes.NAME.image], checked to stay in the deck's folder and measured so text makes room.
# The markup a box template may print: paragraphs and ReportLab's inline styling. Its other tags
# (<ondraw>, <index>, <a>…) call into the drawing or make links, and fail or surprise there.
TAGS = ("p", "b", "i", "u", "strike", "strong", "em", "br", "font", "super", "sub")
_TAG = re.compile(r"<\s*/?\s*([A-Za-z][\w-]*)")
NO_IMG = N_("<img> is not taken in a box template: show a picture with [boxes.NAME.image] (docs/decks.md)")


@lru_cache(maxsize=None)
def environment(folder: str) -> SandboxedEnvironment:
    # FileSystemLoader refuses names that climb out of its folder ("../x.j2").
    return SandboxedEnvironment(loader=jinja2.FileSystemLoader(folder), autoescape=True,
                                undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def _name(path: Path, folder: Path) -> str:
    return path.resolve().relative_to(folder.resolve()).as_posix()


def check(path: Path, folder: Path, fields: Iterable[str]) -> set[str]:
    """The fields a template prints; refuse one that does not parse or names something that is
    neither a field nor CONTEXT."""
    env = environment(str(folder.resolve()))
    try:
        source = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DataError(_("cannot read: the file is not UTF-8 text"), file=path) from None
    try:
        tree = env.parse(source)
        env.compile(source)  # an unknown filter or test is found here, not by parsing
    except jinja2.TemplateSyntaxError as e:
        raise DataError(_("template syntax error: {reason}").format(reason=e.message), file=path,
                        line=e.lineno) from None
    for n, text in enumerate(source.splitlines(), 1):
        for tag in _TAG.findall(text):
            if tag.lower() == "img":
                raise DataError(_(NO_IMG), file=path, line=n)
            if tag.lower() not in TAGS:
                raise DataError(_("<{tag}> is not taken in a box template; it takes {known}").format(
                    tag=tag, known=listing(f"<{t}>" for t in TAGS)), file=path, line=n)
    fields = set(fields)
    names = meta.find_undeclared_variables(tree)
    for name in sorted(names - fields - set(CONTEXT) - set(env.globals)):
        line = next((n for n, text in enumerate(source.splitlines(), 1) if name in text), None)
        raise DataError(_("unknown field {name!r}: the cards have no such column (fields: {known})").format(
            name=name, known=listing(sorted(fields))), file=path, line=line, where=name)
    return names & fields


class RunError(Exception):
    """A template failed as it ran (a division by zero, a filter given the wrong kind of value), with
    its line where the template's code says."""

    def __init__(self, reason: str, line: int | None):
        super().__init__(reason)
        self.line = line


def render(path: Path, folder: Path, context: dict[str, Any]) -> str:
    env = environment(str(folder.resolve()))
    template = env.get_template(_name(path, folder))
    try:
        return template.render(**context)
    except jinja2.TemplateError:
        raise
    except Exception as e:  # the user's code failed: said as their error, not the kit's
        raise RunError(f"{type(e).__name__}: {e}", _line_in(e, template.filename)) from None


def _line_in(error: BaseException, filename: str | None) -> int | None:
    """The template's line where `error` was raised (Jinja gives the template's frames its lines)."""
    line, tb = None, error.__traceback__
    while tb is not None:
        if filename and tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


@lru_cache(maxsize=None)
def _text_environment() -> SandboxedEnvironment:
    # A back's text is plain text, escaped after rendering like a cell: no autoescape, so "R&D" and a
    # field holding "<3" print as typed.
    return SandboxedEnvironment(undefined=jinja2.StrictUndefined, keep_trailing_newline=False)


def check_text(source: str, fields: Iterable[str], where: str) -> set[str]:
    """The fields a text template (a back's `text`) prints; refuse one that does not parse or names
    something that is neither a field nor CONTEXT."""
    env = _text_environment()
    try:
        tree = env.parse(source)
        env.compile(source)  # an unknown filter or test is found here, not by parsing
    except jinja2.TemplateSyntaxError as e:
        raise DataError(_("template syntax error: {reason}").format(reason=e.message), where=where) from None
    fields = set(fields)
    names = meta.find_undeclared_variables(tree)
    for name in sorted(names - fields - set(CONTEXT) - set(env.globals)):
        raise DataError(_("unknown field {name!r}: the cards have no such column (fields: {known})").format(
            name=name, known=listing(sorted(fields))), where=where)
    return names & fields


def render_text(source: str, context: dict[str, Any]) -> str:
    if "{" not in source:  # most backs' words are fixed: no template to compile
        return source
    try:
        return _template(source).render(**context)
    except jinja2.TemplateError:
        raise
    except Exception as e:  # the user's code failed: said as their error, not the kit's
        raise RunError(f"{type(e).__name__}: {e}", None) from None


@lru_cache(maxsize=256)
def _template(source: str) -> jinja2.Template:
    return _text_environment().from_string(source)
