"""Where a needed die comes from: faces the players typed, else the seeded RNG, else a question.

Resolving a loss or a theft is a pure function of the faces it is fed. At the table the engine feeds
the answers typed so far; when they run out it learns, through NeedRoll, which die to ask for next.
"""
from __future__ import annotations

import random

from .dice import roll
from .pool import Why


class NeedRoll(Exception):
    """`count` faces are needed for `what` and none are at hand."""
    def __init__(self, what: Why, count: int = 1):
        super().__init__(what)
        self.what = what
        self.count = count


class Feeder:
    def __init__(self, faces: list[int] | None = None, rng: random.Random | None = None):
        self.given = list(faces or [])
        self.rng = rng
        self.used: list[int] = []

    def take(self, what: Why, count: int = 1) -> list[int]:
        if len(self.given) >= count:
            faces, self.given = self.given[:count], self.given[count:]
        elif self.rng is not None and not self.given:
            faces = roll(self.rng, count)
        else:
            raise NeedRoll(what, count)
        self.used.extend(faces)
        return faces

    def leftover(self) -> list[int]:
        return list(self.given)
