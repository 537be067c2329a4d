"""Success conditions: any one alternative holds when every atom in it holds.

Atoms come from the card data and are read by their `KIND`: total_at_least (total), total_equals
(total), face_count_at_least (face, count). The explanation says exactly what is missing, in the
players' language.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from tabletop.i18n import N_
from tabletop.record import Record

from ..speech import Speech

# A count of dice is said in words in English ("needs two 6s"); each word is in the catalog.
NUMBERS = (N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
           N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))


def _number(n: int, speech: Speech) -> str:
    return speech._(NUMBERS[n]) if 0 <= n < len(NUMBERS) else str(n)


class AtomResult(Record):
    holds: bool
    kind: str
    target: int      # the total, or the number of dice
    have: int        # the total, or the dice showing `face`
    face: int = 0

    def need(self, lang: str = "en") -> str:
        _ = Speech(lang)._
        if self.kind == "total_at_least":
            return _("total ≥ {target}", target=self.target)
        if self.kind == "total_equals":
            return _("total exactly {target}", target=self.target)
        speech = Speech(lang)
        return speech.ngettext("{number} {face}", "{number} {face}s", self.target, number=_number(self.target, speech),
                               face=self.face)

    def missing(self, lang: str = "en") -> str:
        speech = Speech(lang)
        have = _number(self.have, speech) if self.kind == "face_count_at_least" else self.have
        return speech._("needs {need}, have {have}", need=self.need(lang), have=have)


class Verdict(Record):
    success: bool
    total: int
    alternatives: tuple[tuple[AtomResult, ...], ...]

    def explain(self, lang: str = "en") -> str:
        _ = Speech(lang)._
        if self.success:
            held = next(alt for alt in self.alternatives if all(a.holds for a in alt))
            return _("success: {met}", met=_(", ").join(a.need(lang) for a in held))
        parts = [_("; ").join(a.missing(lang) for a in alt if not a.holds) for alt in self.alternatives]
        return _("fails: {missing}", missing=_(" — or — ").join(parts))


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
