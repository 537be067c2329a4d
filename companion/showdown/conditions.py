"""Success conditions: any one alternative holds when every atom in it holds.

Atoms are the card data's records: total_at_least (total), total_equals
(total), face_count_at_least (face, count). A verdict keeps every atom's result, so its explanation
(talk.py) can say exactly what is missing.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletop.data.hitmans_showdown import Atom, CardView, Condition, FaceCountAtLeast, Op, TotalAtLeast, TotalEquals
from tabletop.record import Record


class AtomResult(Record):
    holds: bool
    kind: str
    target: int      # the total, or the number of dice
    have: int        # the total, or the dice showing `face`
    face: int = 0


class Verdict(Record):
    success: bool
    total: int
    alternatives: tuple[tuple[AtomResult, ...], ...]


def condition_of(card: CardView) -> Condition:
    """A mafia card's condition: the data gives every mafia card one, and no other card has one."""
    if card.condition is None:
        raise ValueError(f"{card.id} is not a mafia card: it has no condition")
    return card.condition


def kind_of(item: Atom | Op) -> str:
    """An atom's or an operation's kind, the name the data gives it."""
    return item.KIND


def check_atom(atom: Atom, faces: Sequence[int], total: int) -> AtomResult:
    kind = kind_of(atom)
    if isinstance(atom, FaceCountAtLeast):
        have = Counter(faces)[atom.face]
        return AtomResult(have >= atom.count, kind, atom.count, have, atom.face)
    if isinstance(atom, TotalAtLeast):
        return AtomResult(total >= atom.total, kind, atom.total, total)
    if isinstance(atom, TotalEquals):
        return AtomResult(total == atom.total, kind, atom.total, total)
    raise ValueError(f"unknown condition kind {kind!r}")


def evaluate(alternatives: Sequence[Sequence[Atom]], faces: Sequence[int], bonus: int = 0) -> Verdict:
    """`alternatives`: any-of list of all-of lists of atoms. `bonus` adds to the dice total."""
    total = sum(faces) + bonus
    results = tuple(tuple(check_atom(a, faces, total) for a in alt) for alt in alternatives)
    return Verdict(any(all(r.holds for r in alt) for alt in results), total, results)
