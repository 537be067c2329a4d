"""One side's dice for one action: how many to roll, the faces, a total modifier, and why.

Every change is a method that checks its input against the faces on the table and writes one line
of explanation, so a check can say "Soldier H9: a 2 set to 6" beside the verdict.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .dice import SIDES


class PoolError(ValueError):
    """A change the dice do not allow (e.g. setting a die showing a face that is not there)."""


@dataclass
class Pool:
    count: int = 0                # dice to roll (before the roll)
    faces: list[int] | None = None  # None until rolled
    bonus: int = 0                # added to the dice total
    notes: list[str] = field(default_factory=list)

    @property
    def rolled(self) -> bool:
        return self.faces is not None

    @property
    def total(self) -> int:
        return sum(self.faces or ()) + self.bonus

    def _need_roll(self, what: str) -> list[int]:
        if self.faces is None:
            raise PoolError(f"{what} needs the dice rolled first")
        return self.faces

    def _take(self, face: int, what: str) -> int:
        faces = self._need_roll(what)
        if face not in faces:
            raise PoolError(f"{what}: no die shows {face} (dice: {fmt(faces)})")
        return faces.index(face)

    def more_dice(self, n: int, why: str, faces: list[int] | None = None) -> None:
        """+n dice: before the roll they join it; after it, `faces` are the extra dice as rolled."""
        if self.faces is None:
            self.count = max(0, self.count + n)
            self.notes.append(f"{why}: {n:+d} {'die' if abs(n) == 1 else 'dice'}")
            return
        if n < 0:
            raise PoolError(f"{why}: fewer dice must be decided before the roll")
        if faces is None or len(faces) != n:
            raise PoolError(f"{why}: give the {n} extra {'die' if n == 1 else 'dice'} as rolled")
        self.faces.extend(faces)
        self.notes.append(f"{why}: extra {'die' if n == 1 else 'dice'} rolled {fmt(faces)}")

    def set_roll(self, faces: list[int]) -> None:
        if len(faces) != self.count:
            raise PoolError(f"this roll is {self.count} {'die' if self.count == 1 else 'dice'}, "
                            f"got {len(faces)} {'face' if len(faces) == 1 else 'faces'}")
        self.faces = list(faces)

    def add_faces(self, faces: list[int], why: str) -> None:
        self._need_roll(why).extend(faces)
        self.notes.append(f"{why}: added {fmt(faces)}")

    def set_die(self, old: int, new: int, why: str, ceiling: int = SIDES) -> None:
        if not 1 <= new <= ceiling:
            raise PoolError(f"{why}: a die can be set to 1-{ceiling}, not {new}")
        i = self._take(old, why)
        self.faces[i] = new
        self.notes.append(f"{why}: a {old} set to {new}")

    def copy_die(self, face: int, n: int, why: str) -> None:
        self._take(face, why)
        self.faces.extend([face] * n)
        self.notes.append(f"{why}: {n} more {'die' if n == 1 else 'dice'} showing {face}")

    def reroll(self, old: list[int], new: list[int], why: str) -> None:
        faces = self._need_roll(why)
        if len(old) != len(new):
            raise PoolError(f"{why}: {len(old)} dice picked up but {len(new)} new faces given")
        left = list(faces)
        for face in old:
            if face not in left:
                raise PoolError(f"{why}: no die left showing {face} (dice: {fmt(faces)})")
            left.remove(face)
        self.faces = left + list(new)
        self.notes.append(f"{why}: rerolled {fmt(old)} -> {fmt(new)}")

    def drop_lowest(self, n: int, why: str) -> None:
        faces = sorted(self._need_roll(why), reverse=True)
        gone = faces[len(faces) - n:] if n else []
        self.faces = faces[:len(faces) - n] if n < len(faces) else []
        self.notes.append(f"{why}: {fmt(gone)} taken away")

    def add_to_total(self, n: int, why: str) -> None:
        self.bonus += n
        self.notes.append(f"{why}: total {n:+d}")

    def lower_highest(self, n: int, why: str, floor: int = 1) -> None:
        faces = self._need_roll(why)
        i = faces.index(max(faces))
        old = faces[i]
        faces[i] = max(floor, old - n)
        self.notes.append(f"{why}: highest die {old} -> {faces[i]}")


def fmt(faces: list[int] | tuple[int, ...]) -> str:
    return " ".join(map(str, faces)) if faces else "(none)"
