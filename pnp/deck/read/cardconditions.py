"""Conditions on a card's fields (`when = "cost != ''"`): whether a box prints on a card, and which of
a box's restyles applies. A condition is a Jinja2 expression — the language a deck's box templates
are already written in — compiled in Jinja2's sandboxed environment with no loader, so it reads no
file and calls nothing unsafe. It sees the card's fields (a field of type integer or number as a
number when its cell is not empty), `lang`, `row` and `copies`. Each is compiled and run on every
card when the deck is read: a condition that does not parse, names no field or fails on a card is one
line naming the key (and the card)."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

import jinja2
from jinja2 import meta
from jinja2.sandbox import SandboxedEnvironment

from tabletop.data.errors import DataError
from tabletop.i18n import _, listing
from tabletop.record import Record

CONTEXT = ("lang", "row", "copies")


class CardCondition(Record):
    source: str
    where: str  # the key in the deck file (`boxes.cost.when`)
    names: tuple[str, ...] = ()  # the fields it reads


@lru_cache(maxsize=1)
def _environment() -> SandboxedEnvironment:
    return SandboxedEnvironment(undefined=jinja2.StrictUndefined)


@cache
def _compiled(source: str) -> Callable[..., Any]:
    return _environment().compile_expression(source, undefined_to_none=False)


def check(source: str, where: str, fields) -> CardCondition:
    """A condition that parses and names only fields and CONTEXT; else one line naming `where`."""
    env = _environment()
    if not source.strip():
        raise DataError(_("a condition cannot be empty (write one like {example})").format(example="cost != ''"),
                        where=where)
    try:
        tree = env.parse("{{ (" + source + ") }}")
        _compiled(source)
    except jinja2.TemplateSyntaxError as e:
        raise DataError(_("the condition {source!r} does not read: {reason}").format(
            source=source, reason=e.message), where=where) from None
    known = set(fields) | set(CONTEXT)
    names = meta.find_undeclared_variables(tree)
    for name in sorted(names - known - set(env.globals)):
        raise DataError(_("the condition names {name!r}, which is no field of the cards (fields: {known})").format(
            name=name, known=listing(sorted(fields))), where=where)
    return CardCondition(source, where, tuple(sorted(names & set(fields))))


class Failed(Exception):
    """A condition that raised on a card (a text compared with a number), in the user's words."""


def holds(condition: CardCondition, context: dict[str, Any]) -> bool:
    try:
        return bool(_compiled(condition.source)(**context))
    except (jinja2.TemplateError, TypeError, ValueError, ArithmeticError, AttributeError, LookupError) as e:
        raise Failed(_("{key}: the condition {source!r} fails on this card: {reason}").format(
            key=condition.where, source=condition.source, reason=e)) from None
