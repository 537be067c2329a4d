"""Words for humans: a penalty roll's outcome."""
from __future__ import annotations

from typing import Any

from .cards import item_doing
from .penalties import Penalty
from .pool import fmt
from ..speech import Speech


def penalty_lines(game: Any, penalty: Penalty, lang: str) -> list[str]:
    table = game.penalty_tables[penalty.table].name(lang)
    if penalty.cancelled:
        return [Speech(lang)._("{table}: cancelled by the {item} — no penalty",
                               table=table, item=item_doing(game, "cancel_penalty").name(lang))]
    lines = []
    for effect in penalty.effects:
        line = Speech(lang)._("{table}: rolled {roll} → {text}", table=table, roll=effect.roll,
                              text=effect.text(lang))
        if effect.money_roll:
            line += Speech(lang)._(" (rolled {faces}: {amount})",
                                   faces=fmt(effect.money_roll), amount=game.format_money(effect.amount, lang))
        lines.append(line)
    return lines
