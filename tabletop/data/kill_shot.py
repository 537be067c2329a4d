"""KILL SHOT (game id `kill-shot`): typed model of cards/kill_shot.toml and its checks.

The rulebook text leaves many card facts out; those fields hold the marker "unverified" and are
printed as blanks, never guessed (docs/rulings.md).
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from ..i18n import N_, _
from ..record import Record
from .checks import require_numbered, require_unique
from .errors import DataError
from .load import game_file, load
from .text import Text, require_text

GAME_ID = "kill-shot"
Unverified = Literal["unverified"]


class Components(Record):
    tactical: int
    terrorist: int
    total: int
    tactical_distribution: Unverified
    tactical_values: Unverified
    terrorist_names: Unverified
    terrorist_values: Unverified


class HuntNumber(Record):
    number: int
    original: str
    status: Literal["rulebook", "unverified"]


class Shout(Record):
    id: str
    when: Text
    call: Text


class GameType(Record):
    id: str
    number: int
    name: Text
    pace: Text
    goal: Text
    rules: tuple[Text, ...]


class SpecialCard(Record):
    id: str
    name: Text
    original: str
    call: Text
    effect: Text


class OptionalRule(Record):
    id: str
    name: Text
    effect: Text


class TerroristAbility(Record):
    id: str
    opening: str
    text: Text


class KillShot(Record):
    game: str
    title: Text
    publisher: Text | str  # a plain name: a copy of the data made before it took both languages
    blank: Text
    components: Components
    hunt_numbers: tuple[HuntNumber, ...]
    shouts: tuple[Shout, ...]
    game_types: tuple[GameType, ...]
    special_cards: tuple[SpecialCard, ...]
    optional_rules_note: Text
    optional_rules: tuple[OptionalRule, ...]
    terrorist_note: Text
    terrorist_abilities: tuple[TerroristAbility, ...]
    author: str | None = None  # the designer the rulebook credits: the PDFs' Author

    def hunt_name(self, number: int) -> str | None:
        """The hunt number's card name, or None where the rulebook does not give it."""
        for h in self.hunt_numbers:
            if h.number == number:
                return h.original if h.status == "rulebook" else None
        raise KeyError(number)


def check(data: KillShot) -> None:
    if data.game != GAME_ID:
        raise DataError(_("game must be {game!r}, got {value!r}").format(game=GAME_ID, value=data.game), where="game")
    c = data.components
    if c.tactical + c.terrorist != c.total:
        raise DataError(_("tactical {tactical} + terrorist {terrorist} ≠ total {total}").format(
            tactical=c.tactical, terrorist=c.terrorist, total=c.total), where="components.total")
    numbers = [h.number for h in data.hunt_numbers]
    if numbers != list(range(1, 10)):
        raise DataError(_("hunt numbers must be 1 to 9 in order, got {numbers}").format(numbers=numbers),
                        where="hunt_numbers")
    for h in data.hunt_numbers:
        # A name is either quoted by the rulebook or left blank: a guessed name is the one thing to avoid.
        if (h.status == "rulebook") != bool(h.original.strip()):
            raise DataError(_("a rulebook name must be given; an unverified one must stay empty"),
                            where=f"hunt_numbers[{h.number - 1}].original")
    require_numbered([g.number for g in data.game_types], "game_types", N_("game types"))
    for group in ("shouts", "game_types", "special_cards", "optional_rules", "terrorist_abilities"):
        require_unique((item.id for item in getattr(data, group)), group)
        for item in getattr(data, group):
            for field in ("name", "when", "call", "goal", "effect", "text"):
                if isinstance(getattr(item, field, None), Text):
                    require_text(getattr(item, field), f"{group}[{item.id}].{field}")
    for g in data.game_types:
        if not g.rules:
            raise DataError(_("a game type needs at least one rule"), where=f"game_types[{g.id}].rules")


def load_kill_shot(cards_dir: Path | None = None) -> KillShot:
    return load(KillShot, game_file(GAME_ID, cards_dir), check)
