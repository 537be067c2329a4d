"""Words for humans: a penalty roll's outcome."""
from __future__ import annotations

from typing import Any

from .cards import item_doing
from .penalties import Penalty
from .pool import fmt
from .words import say


def penalty_lines(game: Any, penalty: Penalty, lang: str) -> list[str]:
    table = game.penalty_tables[penalty.table].name(lang)
    if penalty.cancelled:
        return [say(lang, "pen_cancelled", table=table, item=item_doing(game, "cancel_penalty").name(lang))]
    lines = []
    for effect in penalty.effects:
        line = say(lang, "pen_line", table=table, roll=effect.roll, text=effect.text(lang))
        if effect.money_roll:
            line += say(lang, "pen_money", faces=fmt(effect.money_roll), amount=game.format_money(effect.amount, lang))
        lines.append(line)
    return lines
