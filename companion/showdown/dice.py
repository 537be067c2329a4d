"""Six-sided dice: `5d6` notation, seeded rolling, and faces typed by players.

A physical roll and a virtual one end up as the same thing, a list of faces, so everything after the
roll never asks where the faces came from.
"""
from __future__ import annotations

import random
import re
from typing import Any

from tabletop.i18n import N_
from tabletop.record import Record

from ..numbers import DIGITS, is_whole, whole
from ..protocol import RuleError

SIDES = 6
_NOTATION = re.compile(rf"^\s*({DIGITS}*)\s*[dD]\s*{SIDES}\s*$")
MAX_DICE = 200  # far beyond any real pile; guards against a typo like 5000d6


class DiceError(RuleError):
    """Input that is not a roll; the message says what was expected."""


class Roll(Record):
    count: int
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)


def parse_notation(text: str) -> int:
    """'5d6' -> 5 ('d6' alone is one die)."""
    m = _NOTATION.match(text)
    if not m:
        raise DiceError(N_("{text!r} is not a dice roll; write it like 5d6"), text=text)
    count = int(m.group(1) or 1)
    if not 1 <= count <= MAX_DICE:
        raise DiceError(N_("{text!r}: roll between 1 and {max} dice"), text=text, max=MAX_DICE)
    return count


def parse_face(token: str) -> int:
    face = whole(token)
    if face is None or not 1 <= face <= SIDES:
        raise DiceError(N_("{token!r} is not a die face (1-{sides})"), token=token, sides=SIDES)
    return face


def parse_faces(tokens: list[str] | str) -> list[int]:
    """Faces typed by a player: '3 5 6', '3,5,6' or '356' (a run of digits is one face each)."""
    if isinstance(tokens, str):
        tokens = [tokens]
    faces: list[int] = []
    for token in tokens:
        for part in re.split(r"[\s,]+", token.strip()):
            if not part:
                continue
            if is_whole(part) and len(part) > 1:
                faces.extend(parse_face(c) for c in part)
            else:
                faces.append(parse_face(part))
    return faces


class TableRandom(random.Random):
    """The table's seeded dice, cheap to fork: trying an action works on a fork, and the legal actions
    try dozens from one state, most of which roll nothing; so the state is read once until the dice next
    roll, and a fork takes it over only when it first rolls."""
    # Random's state as getstate gives it (a version, the generator's words, a Gaussian kept back)
    _state: tuple[Any, ...] | None = None    # the state as last read, while nothing has rolled since
    _pending: tuple[Any, ...] | None = None  # a fork's state, not yet taken over

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._state = self._pending = None
        super().seed(*args, **kwargs)

    def _take_over(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            super().setstate(pending)

    def random(self) -> float:
        self._take_over()
        self._state = None
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._take_over()
        self._state = None
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        if self._pending is not None:
            return self._pending
        if self._state is None:
            self._state = super().getstate()
        return self._state

    def setstate(self, state: tuple[Any, ...]) -> None:
        super().setstate(state)
        self._state, self._pending = state, None

    def fork(self) -> TableRandom:
        """An independent copy that rolls what this one would roll next."""
        twin = TableRandom.__new__(TableRandom)
        twin._pending = self.getstate()
        return twin


def roll(rng: random.Random, count: int) -> list[int]:
    return [rng.randint(1, SIDES) for _ in range(count)]


def roll_notation(text: str, rng: random.Random) -> Roll:
    count = parse_notation(text)
    return Roll(count, tuple(roll(rng, count)))
