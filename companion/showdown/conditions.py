"""Success conditions: any one alternative holds when every atom in it holds.

Atoms come from the card data and are read by their `KIND`: total_at_least (total), total_equals
(total), face_count_at_least (face, count). A verdict keeps every atom's result, so its explanation
(talk.py) can say exactly what is missing.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

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


def kind_of(atom: Any) -> str:
    return getattr(atom, "KIND", None) or getattr(atom, "kind")


def check_atom(atom: Any, faces: Sequence[int], total: int) -> AtomResult:
    kind = kind_of(atom)
    if kind in ("total_at_least", "total_equals"):
        holds = total >= atom.total if kind == "total_at_least" else total == atom.total
        return AtomResult(holds, kind, atom.total, total)
    if kind == "face_count_at_least":
        have = Counter(faces)[atom.face]
        return AtomResult(have >= atom.count, kind, atom.count, have, atom.face)
    raise ValueError(f"unknown condition kind {kind!r}")


def evaluate(alternatives: Sequence[Sequence[Any]], faces: Sequence[int], bonus: int = 0) -> Verdict:
    """`alternatives`: any-of list of all-of lists of atoms. `bonus` adds to the dice total."""
    total = sum(faces) + bonus
    results = tuple(tuple(check_atom(a, faces, total) for a in alt) for alt in alternatives)
    return Verdict(any(all(r.holds for r in alt) for alt in results), total, results)
