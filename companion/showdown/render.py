"""Words for humans: penalties, money and the table state."""
from __future__ import annotations

from typing import Any

from .penalties import Penalty


def money(game: Any, amount: int, lang: str) -> str:
    return game.format_money(amount, lang)


def penalty_lines(game: Any, penalty: Penalty, lang: str) -> list[str]:
    table = game.penalty_tables[penalty.table].name(lang)
    if penalty.cancelled:
        return [f"{table}: cancelled by the perfect escape route — no penalty"]
    lines = []
    for effect in penalty.effects:
        line = f"{table}: rolled {effect.roll} → {effect.text(lang)}"
        if effect.money_roll:
            line += f" (rolled {' '.join(map(str, effect.money_roll))}: {money(game, effect.amount, lang)})"
        lines.append(line)
    return lines
