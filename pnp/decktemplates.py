"""A deck's own Jinja2 templates, one per box: read only from the deck's folder, run sandboxed, and
checked when the deck is read so a field the data lacks is named with the template's line."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import jinja2
from jinja2 import meta
from jinja2.sandbox import SandboxedEnvironment

from tabletop.data.errors import DataError
from tabletop.fileio import os_error_reason
from tabletop.i18n import N_, _, listing

from . import deckfolder

CONTEXT = ("lang", "row", "copies", "suit")  # what a box template sees besides the fields
# ReportLab's <img> would read any file it is given, from anywhere: pictures come through
# [boxes.NAME.image], checked to stay in the deck's folder and measured so text makes room.
# The markup a box template may print: paragraphs and ReportLab's inline styling. Its other tags
# (<ondraw>, <index>, <a>…) call into the drawing or make links, and fail or surprise there.
TAGS = ("p", "b", "i", "u", "strike", "strong", "em", "br", "font", "super", "sub")
_TAG = re.compile(r"<\s*/?\s*([A-Za-z][\w-]*)")
NO_IMG = N_("<img> is not taken in a box template: show a picture with [boxes.NAME.image] (docs/decks.md)")


class Unreadable(Exception):
    """A template the deck's loader cannot give — one the deck may not read (deckfolder.py), or not
    UTF-8 text — in the user's words, said where the template including it names it."""


class DeckLoader(jinja2.BaseLoader):
    """A deck's templates, and every template they include, import or extend: files of the deck's
    folder found through `deckfolder`, so a link or a `../` in an include reads nothing outside it."""

    def __init__(self, folder: Path):
        self.folder = folder

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        what = _("template {name!r}").format(name=template)
        try:
            path = deckfolder.resolve(self.folder, template, what)
            source = path.read_text(encoding="utf-8")
            changed = path.stat().st_mtime_ns
        except deckfolder.Refused as e:
            raise Unreadable(str(e)) from None
        except (FileNotFoundError, NotADirectoryError):
            raise jinja2.TemplateNotFound(template) from None
        except UnicodeDecodeError:
            raise Unreadable(_("{what} is not UTF-8 text: save it as UTF-8").format(what=what)) from None
        except OSError as e:
            raise Unreadable(_("{what}: cannot read: {reason}").format(what=what, reason=os_error_reason(e))) from None

        def uptodate() -> bool:  # the same file, unchanged: a link swapped since is read, and judged, again
            try:
                return deckfolder.resolve(self.folder, template) == path and path.stat().st_mtime_ns == changed
            except (deckfolder.Refused, OSError):
                return False

        return source, str(path), uptodate


@lru_cache(maxsize=None)
def environment(folder: str) -> SandboxedEnvironment:
    return SandboxedEnvironment(loader=DeckLoader(Path(folder)), autoescape=True,
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
    """A box's template for one card. A template it includes that the deck may not read is a
    DataError naming the template and the line that include it."""
    try:
        template = environment(str(folder.resolve())).get_template(_name(path, folder))
    except Unreadable as e:  # checked when the deck was read, and changed since
        raise DataError(str(e), file=path) from None
    return _run(template, folder, context)


def _run(template: jinja2.Template, folder: Path, context: dict[str, Any]) -> str:
    try:
        return template.render(**context)
    except jinja2.TemplateError:
        raise
    except Unreadable as e:
        file, line = _including(e, folder)
        raise DataError(str(e), file=file, line=line) from None
    except Exception as e:  # the user's code failed: said as their error, not the kit's
        raise RunError(f"{type(e).__name__}: {e}", _line_in(e, template.filename)) from None


def _frames(error: BaseException) -> Iterator[tuple[str, int]]:
    """(file, line) of each frame `error` passed through, outermost first. Jinja gives a template's
    frames its file (`<template>` for one made from a string, a back's text) and its lines."""
    tb = error.__traceback__
    while tb is not None:
        yield tb.tb_frame.f_code.co_filename, tb.tb_lineno
        tb = tb.tb_next


def _line_in(error: BaseException, filename: str | None) -> int | None:
    """The template's line where `error` was raised."""
    return next((line for file, line in reversed(list(_frames(error))) if filename and file == filename), None)


def _including(error: Unreadable, folder: Path) -> tuple[Path | None, int | None]:
    """The template naming the one that could not be read, and the line naming it: a file of the
    deck's folder, or None (and no line: the deck file's line is the key's) for a back's text."""
    root = folder.resolve()
    for file, line in reversed(list(_frames(error))):
        if file == "<template>":
            return None, None
        if Path(file).is_relative_to(root):
            return Path(file), line
    return None, None


@lru_cache(maxsize=None)
def _text_environment(folder: str) -> SandboxedEnvironment:
    # A back's text is plain text, escaped after rendering like a cell: no autoescape, so "R&D" and a
    # field holding "<3" print as typed. What it includes comes from the deck's folder, as a box's does.
    return SandboxedEnvironment(loader=DeckLoader(Path(folder)), undefined=jinja2.StrictUndefined,
                                keep_trailing_newline=False)


def check_text(source: str, folder: Path, fields: Iterable[str], where: str) -> set[str]:
    """The fields a text template (a back's `text`) prints; refuse one that does not parse or names
    something that is neither a field nor CONTEXT."""
    env = _text_environment(str(folder.resolve()))
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


def render_text(source: str, folder: Path, context: dict[str, Any]) -> str:
    """A back's text for one card. A template it includes that the deck may not read is a DataError
    naming that include's template and line, or no file when the back's text names it itself."""
    if "{" not in source:  # most backs' words are fixed: no template to compile
        return source
    return _run(_template(source, str(folder.resolve())), folder, context)


@lru_cache(maxsize=256)
def _template(source: str, folder: str) -> jinja2.Template:
    return _text_environment(folder).from_string(source)
