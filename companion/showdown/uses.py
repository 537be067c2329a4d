"""Turning typed steps into changes to a pool: a card use (`H9 2>6`, a pair `H3 D5`) or a
preparation item (`weapon 4`, `backup 1 1>5 6`)."""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tabletop.data.hitmans_showdown import CancelPenalty, CardView, Effect, HitmansShowdown, Op, PrepItem
from tabletop.data.hitmans_showdown import Reroll as RerollOp
from tabletop.i18n import N_
from tabletop.record import Record

from ..speech import Said
from .cards import NotFound, find_item
from .dice import DiceError, parse_faces, roll
from .ops import Choices, EffectError, apply
from .pool import Note, Pool, PoolError


class Use(Record):
    cards: tuple[CardView, ...]   # one card, or two of the same role used at once
    effect: Effect                # their role's effect
    ops: tuple[Op, ...]           # what this use does: the effect's, its pair's or its upgrade's
    choices: tuple[str, ...]
    label: Said   # the card's title and ids, as its notes and errors name it


def parse_use(game: HitmansShowdown, tokens: Sequence[str], resolve: Callable[[str], CardView], week: int) -> Use:
    """`resolve` turns a typed card into a card view (raising NotFound)."""
    if not tokens:
        raise EffectError(N_("name the card to use"))
    first = resolve(tokens[0])
    effect = first.role.effect
    if effect is None:
        raise EffectError(N_("{id} has no use effect"), id=first.id)
    if effect.when == "always":
        raise EffectError(N_("{id} ({title}) works by itself; it cannot be used"), id=first.id, title=first.title)
    cards, rest = [first], list(tokens[1:])
    if rest and effect.pair is not None:
        try:
            second = resolve(rest[0])
        except NotFound:
            second = None
        if second is not None:
            if second.role_id != first.role_id or second.id == first.id:
                raise EffectError(N_("only two different {title} cards can be used together"), title=first.title)
            cards.append(second)
            rest.pop(0)
    ops = effect.pair.ops if len(cards) == 2 and effect.pair is not None else effect.ops_in_week(week)
    label = Said(N_("{title} {cards}"), title=first.title, cards="+".join(c.id for c in cards))
    return Use(tuple(cards), effect, tuple(ops), tuple(rest), label)


def apply_use(use: Use, own: Pool, opponent: Pool | None, rng: random.Random | None) -> None:
    apply(use.ops, own, opponent, Choices(use.choices, rng), use.label)


def parse_reroll(tokens: Sequence[str], rng: random.Random | None) -> tuple[list[int], list[int]]:
    """`1 1>5 6` (or `1 1 > 5 6`): the dice picked up and their new faces; without `>`, rolled."""
    text = " ".join(tokens)
    old_text, sep, new_text = text.partition(">")
    try:
        old = parse_faces(old_text)
        new = parse_faces(new_text) if sep else None
    except DiceError as e:
        raise EffectError.from_(e) from None
    if not old:
        raise EffectError(N_("name the dice to reroll by their faces, e.g. reroll 1 1>5 6"))
    if new is None:
        if rng is None:
            raise EffectError(N_("give the new faces: reroll 1 1>5 6"))
        new = roll(rng, len(old))
    return old, new


def apply_item(game: HitmansShowdown, tokens: Sequence[str], own: Pool, opponent: Pool | None,
               rng: random.Random | None) -> PrepItem:
    """A preparation item applied to rolled dice (the `check` command's view of a purchase)."""
    item = find_item(game, tokens[0])
    label = item.name
    for op in item.ops:
        if isinstance(op, RerollOp):
            old, new = parse_reroll(tokens[1:], rng)
            try:
                own.reroll(old, new, label)
            except PoolError as e:
                raise EffectError.from_(e) from None
        elif isinstance(op, CancelPenalty):
            own.notes.append(Note("cancels", label))
        else:
            apply([op], own, opponent, Choices(tokens[1:], rng), label)
    return item
