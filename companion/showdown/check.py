"""`check`: does a mafia card's condition hold for these faces, after these steps? Or, for a hitman
attack, does the attacker's total beat the defender's?"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.data.hitmans_showdown import Atom, CardView, HitmansShowdown
from tabletop.data.text import Lang
from tabletop.i18n import N_
from tabletop.record import Record

from ..speech import Said, Speech
from .cards import NotFound, find_cards, find_item
from .conditions import Verdict, condition_of, evaluate
from .ops import EffectError
from .pool import Pool
from .talk import explain, note_text
from .uses import apply_item, apply_use, parse_use


class CheckResult(Record):
    card: CardView
    pool: Pool
    verdict: Verdict

    def to_json(self, lang: Lang) -> dict[str, Any]:
        return {"card": self.card.id, "name": self.card.title(lang), "success": self.verdict.success,
                "faces": _faces(self.pool), "total": self.verdict.total,
                "condition": condition_of(self.card).text(lang),
                "steps": [note_text(n, Speech(lang)) for n in self.pool.notes],
                "explanation": explain(self.verdict, Speech(lang))}


def mafia_card(game: HitmansShowdown, text: str) -> CardView:
    cards = find_cards(game, text)  # a role name is fine here: every card of a role has its condition
    if cards[0].condition is None:
        raise NotFound(N_("{id} ({title}) is not a mafia card; it has no condition"),
                       id=cards[0].id, title=cards[0].title)
    return cards[0]


def condition_atoms(card: CardView) -> list[tuple[Atom, ...]]:
    return [alt.all for alt in condition_of(card).any]


def _apply_steps(game: HitmansShowdown, steps: Sequence[str], own: Pool, opponent: Pool | None, week: int,
                 rng: random.Random | None) -> None:
    for step in steps:
        tokens = step.split()
        if not tokens:
            continue
        try:
            find_item(game, tokens[0])
        except NotFound:
            use = parse_use(game, tokens, lambda t: find_cards(game, t)[0], week)
            apply_use(use, own, opponent, rng)
        else:
            apply_item(game, tokens, own, opponent, rng)


def _rolled(faces: Sequence[int], bonus: int) -> Pool:
    pool = Pool(count=len(faces))
    pool.set_roll(list(faces))
    if bonus:
        pool.add_to_total(bonus, Said(N_("modifier")))
    return pool


def _faces(pool: Pool) -> list[int]:
    """A check's dice: rolled from the start (`_rolled`), whatever the steps did to them."""
    return list(pool.faces or ())


def run(game: HitmansShowdown, card: CardView, faces: Sequence[int], steps: Sequence[str], bonus: int = 0,
        week: int = 1, rng: random.Random | None = None) -> CheckResult:
    pool = _rolled(faces, bonus)
    _apply_steps(game, steps, pool, None, week, rng)
    return CheckResult(card, pool, evaluate(condition_atoms(card), _faces(pool), pool.bonus))


class DuelResult(Record):
    attacker: Pool
    defender: Pool
    success: bool
    ties: str

    def explain(self, lang: str) -> str:
        a, d = self.attacker.total, self.defender.total
        if self.success:
            return Speech(lang)._("the attacker wins: {a} vs {d}", a=a, d=d)
        tie = Speech(lang)._(" (a tie goes to the defender)") if a == d else ""
        if self.ties == "defender":
            return Speech(lang)._("the attacker fails: needs more than {d}, have {a}{tie}", a=a, d=d, tie=tie)
        return Speech(lang)._("the attacker fails: needs at least {d}, have {a}", a=a, d=d)

    def to_json(self, lang: Lang) -> dict[str, Any]:
        return {"card": "hitman", "success": self.success, "faces": _faces(self.attacker),
                "total": self.attacker.total, "steps": [note_text(n, Speech(lang)) for n in self.attacker.notes],
                "versus": {"faces": _faces(self.defender), "total": self.defender.total,
                           "steps": [note_text(n, Speech(lang)) for n in self.defender.notes]},
                "explanation": self.explain(lang)}


def duel(game: HitmansShowdown, faces: Sequence[int], versus: Sequence[int], steps: Sequence[str],
         their_steps: Sequence[str], bonus: int = 0, their_bonus: int = 0, week: int = 1,
         rng: random.Random | None = None) -> DuelResult:
    """A hitman attack: the attacker's steps first, then the defender's, each against the other."""
    attacker, defender = _rolled(faces, bonus), _rolled(versus, their_bonus)
    _apply_steps(game, steps, attacker, defender, week, rng)
    _apply_steps(game, their_steps, defender, attacker, week, rng)
    ties = game.hitman_attack.ties
    won = attacker.total > defender.total or (attacker.total == defender.total and ties == "attacker")
    return DuelResult(attacker, defender, won, ties)


__all__ = ["CheckResult", "DuelResult", "EffectError", "duel", "mafia_card", "run"]
