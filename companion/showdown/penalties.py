"""Rolling on a penalty table after a loss, with the faction twists read from the data.

Which table: the faction's own for that kind of loss (Darkness Speed has its own mafia-loss table).
How many rolls: the faction's `penalty_rolls` (Void Clover suffers two). A perfect escape route
cancels the whole penalty before any roll.
"""
from __future__ import annotations

from typing import Any

from tabletop.data.hitmans_showdown import Faction, HitmansShowdown
from tabletop.data.text import Lang, Text
from tabletop.i18n import N_
from tabletop.record import Record, field

from ..speech import Said
from .chance import Feeder
from .state import Attacked


class Effect(Record):
    id: str
    roll: int                      # the table face that chose this row
    text: Text                     # the row's text
    amount: int = 0                # money lost (lose_money)
    money_roll: tuple[int, ...] = ()  # the dice of a "1d6 × N" loss
    value: int = 0                 # total_minus_3 / plus_one_die: what the next action gets

    def to_json(self, lang: Lang) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "roll": self.roll, "text": self.text(lang)}
        if self.id == "lose_money":
            out["amount"] = self.amount
            if self.money_roll:
                out["money_roll"] = list(self.money_roll)
        if self.value:
            out["value"] = self.value
        return out


class Penalty(Record):
    table: str
    cancelled: bool = False
    effects: tuple[Effect, ...] = field(default_factory=tuple)

    @property
    def rolls(self) -> list[int]:
        return [e.roll for e in self.effects]

    def to_json(self, lang: Lang) -> dict[str, Any]:
        return {"table": self.table, "cancelled": self.cancelled, "rolls": self.rolls,
                "effects": [e.to_json(lang) for e in self.effects]}


def table_id(data: HitmansShowdown, faction: Faction | None, loss: Attacked) -> str:
    if faction is not None:
        return faction.twists.mafia_loss_table if loss == Attacked.MAFIA else faction.twists.hitman_loss_table
    return data.hitman_attack.loss_table if loss == Attacked.HITMAN else data.rules.mafia_loss_table


def resolve(data: HitmansShowdown, faction: Faction | None, loss: Attacked, feeder: Feeder,
            escape: bool = False) -> Penalty:
    """Raises NeedRoll (from the feeder) when a face is needed and none is available."""
    name = table_id(data, faction, loss)
    if escape:
        return Penalty(name, cancelled=True)
    table = data.penalty_tables[name]
    times = faction.twists.penalty_rolls if faction is not None else 1
    effects = []
    for n in range(times):
        which = (Said(N_("penalty roll")) if times == 1
                 else Said(N_("penalty roll {n} of {times}"), n=n + 1, times=times))
        (face,) = feeder.take(which)
        row = table.row_for(face)
        amount = 0
        money: tuple[int, ...] = ()  # the dice of a "1d6 × N" loss, if one is rolled
        if row.effect == "lose_money":
            if row.dice and row.times:
                money = tuple(feeder.take(Said(N_("money lost ({dice}d6 × {times})"), dice=row.dice, times=row.times),
                                          row.dice))
                amount = sum(money) * row.times
            else:
                amount = row.amount or 0
        effects.append(Effect(row.effect, face, row.text, amount, money, row.value or 0))
    return Penalty(name, effects=tuple(effects))
