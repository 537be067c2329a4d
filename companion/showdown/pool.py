"""One side's dice for one action: how many to roll, the faces, a total modifier, and why.

Every change is a method that checks its input against the faces on the table and keeps one typed
note of what it did and why, so a check can say "Soldier H9: a 2 set to 6" beside the verdict (the words
are the narration's: talk.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.data.text import Text
from tabletop.i18n import N_
from tabletop.record import Record

from ..protocol import RuleError
from ..speech import Joined, Said
from .dice import SIDES

# What made a change (or a booking, a purchase): a name from the data or the companion's own words.
Why = Text | Said | Joined


class PoolError(RuleError):
    """A change the dice do not allow (e.g. setting a die showing a face that is not there)."""


class Note(Record):
    """One change to a pool. `why` is what made it: a name from the data (`Text`) or the companion's
    own words (`Said`). The other fields are the numbers the change reports."""
    change: str                  # start | dice | extra_rolled | added | set | copied | rerolled | taken_away
                                 # | total | lowered | no_opponent | cancels
    why: Why | None = None       # None: the pool's starting dice
    n: int = 0
    faces: tuple[int, ...] = ()  # the faces added, rolled or left
    gone: tuple[int, ...] = ()   # the faces picked up or taken away
    old: int = 0
    new: int = 0
    kind: str = ""               # an effect that found no opponent


@dataclass
class Pool:
    count: int = 0                # dice to roll (before the roll)
    faces: list[int] | None = None  # None until rolled
    bonus: int = 0                # added to the dice total
    notes: list[Note] = field(default_factory=list)

    def copy(self) -> Pool:
        return Pool(self.count, None if self.faces is None else list(self.faces), self.bonus, list(self.notes))

    @property
    def rolled(self) -> bool:
        return self.faces is not None

    @property
    def total(self) -> int:
        return sum(self.faces or ()) + self.bonus

    def _need_roll(self, what: Why) -> list[int]:
        if self.faces is None:
            raise PoolError(N_("{what} needs the dice rolled first"), what=what)
        return self.faces

    def _take(self, face: int, what: Why) -> int:
        faces = self._need_roll(what)
        if face not in faces:
            raise PoolError(N_("{what}: no die shows {face} (dice: {dice})"), what=what, face=face, dice=fmt(faces))
        return faces.index(face)

    def more_dice(self, n: int, why: Why, faces: list[int] | None = None) -> None:
        """+n dice: before the roll they join it; after it, `faces` are the extra dice as rolled."""
        if self.faces is None:
            self.count = max(0, self.count + n)
            self.notes.append(Note("dice", why, n))
            return
        if n < 0:
            raise PoolError(N_("{why}: fewer dice must be decided before the roll"), why=why)
        if faces is None or len(faces) != n:
            raise PoolError.ngettext("{why}: give the {n} extra die as rolled",
                                     "{why}: give the {n} extra dice as rolled",
                                     n, why=why)
        self.faces.extend(faces)
        self.notes.append(Note("extra_rolled", why, n, tuple(faces)))

    def set_roll(self, faces: list[int]) -> None:
        if len(faces) != self.count:
            dice = PoolError.ngettext("{n} die", "{n} dice", self.count)
            raise PoolError.ngettext("this roll is {dice}, got {n} face",
                                     "this roll is {dice}, got {n} faces", len(faces),
                                     dice=dice)
        self.faces = list(faces)

    def add_faces(self, faces: list[int], why: Why) -> None:
        self._need_roll(why).extend(faces)
        self.notes.append(Note("added", why, len(faces), tuple(faces)))

    def set_die(self, old: int, new: int, why: Why, ceiling: int = SIDES) -> None:
        if not 1 <= new <= ceiling:
            raise PoolError(N_("{why}: a die can be set to 1-{ceiling}, not {new}"), why=why, ceiling=ceiling, new=new)
        i = self._take(old, why)
        self._need_roll(why)[i] = new
        self.notes.append(Note("set", why, old=old, new=new))

    def copy_die(self, face: int, n: int, why: Why) -> None:
        self._take(face, why)
        self._need_roll(why).extend([face] * n)
        self.notes.append(Note("copied", why, n, old=face))

    def reroll(self, old: list[int], new: list[int], why: Why) -> None:
        faces = self._need_roll(why)
        if len(old) != len(new):
            raise PoolError(N_("{why}: {old} dice picked up but {new} new faces given"),
                            why=why, old=len(old), new=len(new))
        left = list(faces)
        for face in old:
            if face not in left:
                raise PoolError(N_("{why}: no die left showing {face} (dice: {dice})"),
                                why=why, face=face, dice=fmt(faces))
            left.remove(face)
        self.faces = left + list(new)
        self.notes.append(Note("rerolled", why, len(new), tuple(new), tuple(old)))

    def drop_lowest(self, n: int, why: Why) -> None:
        faces = sorted(self._need_roll(why), reverse=True)
        gone = faces[len(faces) - n:] if n else []
        self.faces = faces[:len(faces) - n] if n < len(faces) else []
        self.notes.append(Note("taken_away", why, len(gone), gone=tuple(gone)))

    def add_to_total(self, n: int, why: Why) -> None:
        self.bonus += n
        self.notes.append(Note("total", why, n))

    def lower_highest(self, n: int, why: Why, floor: int = 1) -> None:
        faces = self._need_roll(why)
        i = faces.index(max(faces))
        old = faces[i]
        faces[i] = max(floor, old - n)
        self.notes.append(Note("lowered", why, old=old, new=faces[i]))


def fmt(faces: list[int] | tuple[int, ...]) -> str:
    return " ".join(map(str, faces)) if faces else "—"
