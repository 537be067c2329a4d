"""A deck's own Jinja2 templates — one per box, and a back's text — and the templates they include:
read only from the deck's folder (`DeckLoader`, through deck/read/folder.py), run sandboxed, and checked
when the deck is read so a field the data lacks is named with the template's line."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import meta, nodes
from jinja2.sandbox import SandboxedEnvironment

from pnp.deck.read.folder import Refused, as_written, resolve
from tabletop.data.errors import DataError
from tabletop.fileio import os_error_reason
from tabletop.i18n import N_, _, listing

CONTEXT = ("lang", "row", "copies", "suit")  # what a box template sees besides the fields
# ReportLab's <img> would read any file it is given, from anywhere: pictures come through
# [boxes.NAME.image], checked to stay in the deck's folder and measured so text makes room.
# The markup a box template may print: paragraphs and ReportLab's inline styling. Its other tags
# (<ondraw>, <index>, <a>…) call into the drawing or make links, and fail or surprise there.
TAGS = ("p", "b", "i", "u", "strike", "strong", "em", "br", "font", "super", "sub")
_TAG = re.compile(r"<\s*/?\s*([A-Za-z][\w-]*)")
NO_IMG = N_("<img> is not taken in a box template: show a picture with [boxes.NAME.image] (docs/decks.md)")


class Unreadable(Exception):
    """A template the deck's loader cannot give — one the deck may not read (deck/read/folder.py), or not
    UTF-8 text — in the user's words, said where the template including it names it."""


class DeckLoader(jinja2.BaseLoader):
    """A deck's templates, and every template they include, import or extend: files of the deck's
    folder found through `folder.py`, so a link or a `../` in an include reads nothing outside it."""

    def __init__(self, folder: Path):
        self.folder = folder

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        what = _("template {name!r}").format(name=template)
        try:
            path = resolve(self.folder, template, what)
            source = path.read_text(encoding="utf-8")
            read = _identity(path)
        except Refused as e:
            raise Unreadable(str(e)) from None
        except (FileNotFoundError, NotADirectoryError):
            raise jinja2.TemplateNotFound(template) from None
        except UnicodeDecodeError:
            raise Unreadable(_("{what} is not UTF-8 text: save it as UTF-8").format(what=what)) from None
        except OSError as e:
            raise Unreadable(_("{what}: cannot read: {reason}").format(what=what, reason=os_error_reason(e))) from None

        def uptodate() -> bool:
            # The name still leads to the file read, unchanged: one stat, links followed by the system.
            # A link pointed elsewhere since is another file: read again, and judged again.
            try:
                return _identity(as_written(self.folder, template)) == read
            except OSError:
                return False

        return source, str(path), uptodate


def _identity(path: Path) -> tuple[int, ...]:
    st = path.stat()
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


@cache
def environment(folder: str) -> SandboxedEnvironment:
    return SandboxedEnvironment(loader=DeckLoader(Path(folder)), autoescape=True,
                                undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def _name(path: Path, folder: Path) -> str:
    return path.resolve().relative_to(folder.resolve()).as_posix()


def check(path: Path, folder: Path, fields: Iterable[str]) -> tuple[set[str], tuple[Path, ...]]:
    """The fields a box's template prints, and the templates it includes; refuse one that does not
    parse, prints a tag a box does not take, or names something that is neither a field nor CONTEXT."""
    env = environment(str(folder.resolve()))
    try:
        source = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DataError(_("cannot read: the file is not UTF-8 text"), file=path) from None
    tree = _parsed(env, source, path)
    included = _included(env, tree, path)
    for file, text, _tree in ((path, source, tree), *included):
        _check_tags(text, file)
    fields = set(fields)
    names = meta.find_undeclared_variables(tree)
    for name in sorted(names - fields - set(CONTEXT) - set(env.globals)):
        line = next((n for n, text in enumerate(source.splitlines(), 1) if name in text), None)
        raise DataError(_("unknown field {name!r}: the cards have no such column (fields: {known})").format(
            name=name, known=listing(sorted(fields))), file=path, line=line, where=name)
    return _printed(names, included, fields), tuple(file for file, _text, _tree in included)


def _parsed(env: jinja2.Environment, source: str, file: Path) -> nodes.Template:
    try:
        tree = env.parse(source)
        env.compile(source)  # an unknown filter or test is found here, not by parsing
    except jinja2.TemplateSyntaxError as e:
        raise DataError(_("template syntax error: {reason}").format(reason=e.message), file=file,
                        line=e.lineno) from None
    return tree


def _check_tags(source: str, file: Path) -> None:
    for n, text in enumerate(source.splitlines(), 1):
        for tag in _TAG.findall(text):
            if tag.lower() == "img":
                raise DataError(_(NO_IMG), file=file, line=n)
            if tag.lower() not in TAGS:
                raise DataError(_("<{tag}> is not taken in a box template; it takes {known}").format(
                    tag=tag, known=listing(f"<{t}>" for t in TAGS)), file=file, line=n)


# The tags naming another template.
_NAMING: tuple[type[nodes.Include | nodes.Import | nodes.FromImport | nodes.Extends], ...] = (
    nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)


def _included(env: jinja2.Environment, tree: nodes.Template,
              file: Path | None) -> list[tuple[Path, str, nodes.Template]]:
    """Every template `tree` names written out (included, imported, extended), and those they name in
    turn, each read once through the deck's loader: (file, source, tree). One the deck may not read,
    or that is not there (unless `ignore missing`), is refused at the line naming it, in `file` (None:
    a back's text, whose place is its key). A name made as the template runs is read, and judged,
    then; its fields are not known before."""
    found: list[tuple[Path, str, nodes.Template]] = []
    todo = [(file, tree)]
    while todo:
        file, tree = todo.pop()
        for node in tree.find_all(_NAMING):
            if not (isinstance(node.template, nodes.Const) and isinstance(node.template.value, str)):
                continue
            name, line = node.template.value, node.lineno if file else None
            assert env.loader is not None  # the deck's environment reads through its loader (environment())
            try:
                source, filename, _uptodate = env.loader.get_source(env, name)
            except Unreadable as e:
                raise DataError(str(e), file=file, line=line) from None
            except jinja2.TemplateNotFound:
                if getattr(node, "ignore_missing", False):
                    continue
                raise DataError(_("template {name!r} not found beside the deck file").format(name=name),
                                file=file, line=line) from None
            assert filename is not None  # the deck's loader reads files: each has its name
            path = Path(filename)
            if all(path != seen for seen, _text, _tree in found):
                parsed = _parsed(env, source, path)
                found.append((path, source, parsed))
                todo.append((path, parsed))
    return found


def _printed(names: set[str], included: list[tuple[Path, str, nodes.Template]], fields: set[str]) -> set[str]:
    """The fields a template and the ones it includes print. An included template's other names are
    not refused here: a loop or a {% set %} around the include may give them."""
    for _file, _text, tree in included:
        names = names | meta.find_undeclared_variables(tree)
    return names & fields


class RunError(Exception):
    """A template failed as it ran (a division by zero, a filter given the wrong kind of value), with
    its line where the template's code says."""

    def __init__(self, reason: str, line: int | None):
        super().__init__(reason)
        self.line = line


def render(path: Path, folder: Path, context: dict[str, Any]) -> str:
    """A box's template for one card. A template it includes that the deck may not read is a
    DataError naming the template and the line including it."""
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


@cache
def _text_environment(folder: str) -> SandboxedEnvironment:
    # A back's text is plain text, escaped after rendering like a cell: no autoescape, so "R&D" and a
    # field holding "<3" print as typed. What it includes comes from the deck's folder, as a box's does.
    return SandboxedEnvironment(loader=DeckLoader(Path(folder)), undefined=jinja2.StrictUndefined,
                                keep_trailing_newline=False)


def check_text(source: str, folder: Path, fields: Iterable[str], where: str) -> tuple[set[str], tuple[Path, ...]]:
    """The fields a text template (a back's `text`) prints, and the templates it includes; refuse one
    that does not parse or names something that is neither a field nor CONTEXT."""
    env = _text_environment(str(folder))
    try:
        tree = env.parse(source)
        env.compile(source)  # an unknown filter or test is found here, not by parsing
    except jinja2.TemplateSyntaxError as e:
        raise DataError(_("template syntax error: {reason}").format(reason=e.message), where=where) from None
    try:
        included = _included(env, tree, None)
    except DataError as e:
        if e.file is None:  # the text names it itself
            e.where = where
        raise
    fields = set(fields)
    names = meta.find_undeclared_variables(tree)
    for name in sorted(names - fields - set(CONTEXT) - set(env.globals)):
        raise DataError(_("unknown field {name!r}: the cards have no such column (fields: {known})").format(
            name=name, known=listing(sorted(fields))), where=where)
    return _printed(names, included, fields), tuple(file for file, _text, _tree in included)


def render_text(source: str, folder: Path, context: dict[str, Any]) -> str:
    """A back's text for one card. A template it includes that the deck may not read is a DataError
    naming that include's template and line, or no file when the back's text names it itself."""
    if "{" not in source:  # most backs' words are fixed: no template to compile
        return source
    return _run(_template(source, str(folder)), folder, context)


@lru_cache(maxsize=256)
def _template(source: str, folder: str) -> jinja2.Template:
    return _text_environment(folder).from_string(source)
