"""`check`: does a mafia card's condition hold for these faces, after these steps?"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from .cards import NotFound, find_cards, find_item
from .conditions import Verdict, evaluate
from .ops import EffectError
from .pool import Pool
from .uses import apply_item, apply_use, parse_use


@dataclass(frozen=True)
class CheckResult:
    card: Any
    pool: Pool
    verdict: Verdict

    def to_json(self, lang: str) -> dict:
        return {"card": self.card.id, "name": self.card.title(lang), "success": self.verdict.success,
                "faces": list(self.pool.faces), "total": self.verdict.total,
                "condition": self.card.condition.text(lang), "steps": list(self.pool.notes),
                "explanation": self.verdict.explain(lang)}


def mafia_card(game: Any, text: str) -> Any:
    cards = find_cards(game, text)  # a role name is fine here: every card of a role has its condition
    if cards[0].condition is None:
        raise NotFound(f"{cards[0].id} ({cards[0].title('en')}) is not a mafia card; it has no condition")
    return cards[0]


def condition_atoms(card: Any) -> list[tuple]:
    return [alt.all for alt in card.condition.any]


def run(game: Any, card: Any, faces: Sequence[int], steps: Sequence[str], bonus: int = 0,
        week: int = 1, rng: random.Random | None = None, lang: str = "en") -> CheckResult:
    pool = Pool(count=len(faces))
    pool.set_roll(list(faces))
    if bonus:
        pool.add_to_total(bonus, "modifier")
    for step in steps:
        tokens = step.split()
        if not tokens:
            continue
        try:
            find_item(game, tokens[0])
        except NotFound:
            use = parse_use(game, tokens, lambda t: find_cards(game, t)[0], week, lang)
            apply_use(use, pool, None, rng)
        else:
            apply_item(game, tokens, pool, None, rng, lang)
    return CheckResult(card, pool, evaluate(condition_atoms(card), pool.faces, pool.bonus))


__all__ = ["CheckResult", "EffectError", "mafia_card", "run"]
