"""Success conditions: any one alternative holds when every atom in it holds.

Atoms come from the card data and are read by their `KIND`: total_at_least (total), total_equals
(total), face_count_at_least (face, count). The explanation says exactly what is missing, in the
players' language.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()


def _number(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _faces_en(face: int, count: int) -> str:
    return f"{_number(count)} {face}{'s' if count != 1 else ''}"


@dataclass(frozen=True)
class AtomResult:
    holds: bool
    kind: str
    target: int      # the total, or the number of dice
    have: int        # the total, or the dice showing `face`
    face: int = 0

    def need(self, lang: str = "en") -> str:
        ja = lang == "ja"
        if self.kind == "total_at_least":
            return f"合計 {self.target} 以上" if ja else f"total ≥ {self.target}"
        if self.kind == "total_equals":
            return f"合計ちょうど {self.target}" if ja else f"total exactly {self.target}"
        return f"{self.face} の目が {self.target} つ" if ja else _faces_en(self.face, self.target)

    def missing(self, lang: str = "en") -> str:
        if lang == "ja":
            if self.kind == "face_count_at_least":
                return f"{self.need(lang)}必要（現在 {self.have} つ）"
            return f"{self.need(lang)}が必要（現在 {self.have}）"
        have = _number(self.have) if self.kind == "face_count_at_least" else str(self.have)
        return f"needs {self.need()}, have {have}"


@dataclass(frozen=True)
class Verdict:
    success: bool
    total: int
    alternatives: tuple[tuple[AtomResult, ...], ...]

    def explain(self, lang: str = "en") -> str:
        if self.success:
            held = next(alt for alt in self.alternatives if all(a.holds for a in alt))
            met = ", ".join(a.need(lang) for a in held)
            return f"成功: {met} を満たした" if lang == "ja" else f"success: {met}"
        parts = ["; ".join(a.missing(lang) for a in alt if not a.holds) for alt in self.alternatives]
        joiner = " / または / " if lang == "ja" else " — or — "
        return ("失敗: " if lang == "ja" else "fails: ") + joiner.join(parts)


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
