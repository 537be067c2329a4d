"""Apply the effect operations of the data (card uses, preparation items) to the dice.

Choices the players make (the face of an extra die, which die to set, which face to add or copy)
come as tokens typed after the card, consumed in the order of the card's operations:
  a face 1-6, or `?` to let the companion roll it   extra dice rolled after the main roll
  `A>B`  a die showing A is set to B                   set_die
  a face                                                add_dice_of_face, copy_die (the die to copy)
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.data.hitmans_showdown import (
    AddDice,
    AddDiceOfFace,
    AddTotal,
    CopyDie,
    Op,
    OpponentDiceMinus,
    OpponentHighestMinus,
    OpponentTotalMinus,
    SetDie,
)
from tabletop.i18n import N_

from ..numbers import whole
from ..protocol import RuleError
from ..speech import Joined, Said
from .conditions import kind_of
from .dice import DiceError, parse_face, roll
from .pool import Note, Pool, PoolError, Why

CHOICE_KINDS = {"set_die", "add_dice_of_face", "copy_die"}  # these need rolled dice


MISSING = N_("missing: {what}")


class EffectError(RuleError):
    """An effect that cannot be applied as typed; the message names what is expected."""


class ChoicesMissing(EffectError):
    """A use that needs choices typed after the card (a die to set, a face): complete the line."""


class Choices:
    def __init__(self, tokens: Sequence[str], rng: random.Random | None = None):
        self.tokens = list(tokens)
        self.rng = rng

    def _next(self, what: Why) -> str:
        if not self.tokens:
            raise EffectError(MISSING, what=what)
        return self.tokens.pop(0)

    def face(self, what: Why) -> int:
        token = self._next(what)
        try:
            return parse_face(token)
        except DiceError:
            raise EffectError(N_("{what}: expected a face 1-6, got {token!r}"), what=what, token=token) from None

    def rolled_face(self, what: Why) -> int:
        token = self._next(what)
        if token == "?":
            if self.rng is None:
                raise EffectError(N_("{what}: no dice roller here; type the face you rolled"), what=what)
            return roll(self.rng, 1)[0]
        try:
            return parse_face(token)
        except DiceError:
            raise EffectError(N_("{what}: expected the face rolled (1-6) or ?, got {token!r}"),
                              what=what, token=token) from None

    def change(self, what: Why) -> tuple[int, int]:
        token = self._next(what)
        old, sep, new = token.partition(">")
        set_to = whole(new) if sep else None
        try:
            if set_to is not None:
                return parse_face(old), set_to
        except DiceError:
            pass
        raise EffectError(N_("{what}: expected OLD>NEW such as 2>6, got {token!r}"), what=what, token=token)


def signature(ops: Sequence[Op], rolled: bool) -> Joined | Said:
    """The tokens a use expects, for help and error messages."""
    parts: list[Said] = []
    for op in ops:
        if isinstance(op, AddDice) and rolled:
            parts += [Said(N_("<extra die: face or ?>"))] * op.count
        elif isinstance(op, SetDie):
            parts += [Said(N_("<OLD>NEW>"))] * op.count
        elif isinstance(op, AddDiceOfFace):
            parts += [Said(N_("<face to add>"))] * op.count
        elif isinstance(op, CopyDie):
            parts.append(Said(N_("<face of the die to copy>")))
    return Joined(parts) if parts else Said(N_("(no choices)"))


def apply(ops: Sequence[Op], own: Pool, opponent: Pool | None, choices: Choices, why: Why) -> None:
    """Apply `ops` in order; on error the pools may be half-changed (callers work on copies or
    rebuild), and the message says what to type."""
    try:
        for op in ops:
            _apply_one(op, own, opponent, choices, why)
    except PoolError as e:
        raise EffectError.from_(e) from None
    except EffectError as e:
        if e.message != MISSING:
            raise
        raise ChoicesMissing(N_("missing: {what} (type after the card: {sig})"), what=e.fields["what"], why=why,
                          sig=signature(ops, own.rolled)) from None
    if choices.tokens:
        raise EffectError(N_("{why}: unexpected {extra!r} (expected: {sig})"), why=why, extra=" ".join(choices.tokens),
                          sig=signature(ops, own.rolled))


def _apply_one(op: Op, own: Pool, opp: Pool | None, choices: Choices, why: Why) -> None:
    kind = kind_of(op)
    if kind in CHOICE_KINDS and not own.rolled:
        raise EffectError(N_("{why} changes your dice: use it after the roll"), why=why)
    if isinstance(op, AddDice):
        faces = ([choices.rolled_face(Said(N_("{why}: extra die {i}"), why=why, i=i + 1)) for i in range(op.count)]
                 if own.rolled else None)
        own.more_dice(op.count, why, faces)
    elif isinstance(op, AddTotal):
        own.add_to_total(op.value, why)
    elif isinstance(op, SetDie):
        for _ in range(op.count):
            old, new = choices.change(Said(N_("{why}: die to set"), why=why))
            own.set_die(old, new, why)
    elif isinstance(op, AddDiceOfFace):
        own.add_faces([choices.face(Said(N_("{why}: face of added die {i}"), why=why, i=i + 1))
                       for i in range(op.count)], why)
    elif isinstance(op, CopyDie):
        own.copy_die(choices.face(Said(N_("{why}: the die to copy"), why=why)), op.count, why)
    elif isinstance(op, (OpponentTotalMinus, OpponentDiceMinus, OpponentHighestMinus)):
        _against(op, opp, own, why)
    else:
        raise EffectError(N_("{why}: {kind} is not something a use does"), why=why, kind=kind)


def _against(op: OpponentTotalMinus | OpponentDiceMinus | OpponentHighestMinus, opp: Pool | None, own: Pool,
             why: Why) -> None:
    if opp is None:
        own.notes.append(Note("no_opponent", why, kind=op.KIND.replace("_", " ")))
        return
    against = Said(N_("{why} (against)"), why=why)
    if isinstance(op, OpponentTotalMinus):
        opp.add_to_total(-op.value, against)
    elif isinstance(op, OpponentDiceMinus):
        # Before the opponent's roll they roll fewer dice; after it they give up their lowest.
        if opp.faces is not None:
            opp.drop_lowest(min(op.count, len(opp.faces)), against)
        else:
            opp.more_dice(-op.count, against)
    else:
        if not opp.rolled:
            raise EffectError(N_("{why}: the opponent's highest die can only be lowered after their roll"), why=why)
        opp.lower_highest(op.value, against, op.floor)
