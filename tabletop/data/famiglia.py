"""Famiglia solo: typed game data (cards/famiglia.toml) and its consistency checks."""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Literal

from ..i18n import N_, _, listing
from ..record import Record
from .checks import require_numbered
from .errors import DataError
from .load import game_file, load
from .reminders import Reminder, check_reminders
from .text import Text, require_text

GAME_ID = "famiglia"
Fallback = Literal["none", "family_zero_then_zero", "best_lower"]
Ability = Literal["none", "accountant", "brute", "mercenary"]


class Family(Record):
    code: str
    color: str
    ability: Ability
    name: Text
    copies: list[int]  # per rank
    vp: list[int]      # per rank


class StartSet(Record):
    id: str
    holder: Literal["player", "robot"]
    cards: list[str]


class Level(Record):
    level: int
    targets: list[int]  # rank-0, rank-1, ... cards collected before moving on


class Step(Record):
    number: int
    name: Text
    text: Text
    fallback: Fallback
    collect_rank: int | None = None
    fallback_family: str | None = None


class Robot(Record):
    refresh_rule: Text
    refresh_action: Text
    steps: list[Step]


class SoloSheet(Record):
    """Words only the printed robot cards and solo sheet need (the companion does not)."""
    setup: list[Text]
    player_turn: list[Text]
    game_end: list[Text]
    level_note: Text
    target_note: Text  # explains the `{target}` of the step texts on a card for every level
    program_note: Text  # how the robot runs its program each turn


class FamigliaData(Record):
    game: str
    title: Text
    street_size: int
    rulebook_level: int
    achievement_factor: int
    families: list[Family]
    start_sets: list[StartSet]
    levels: list[Level]
    robot: Robot
    sheet: SoloSheet | None = None  # print-only texts (robot cards, solo summary sheet)
    author: str | None = None  # the game's designer, as the rulebook credits them (the PDFs' Author)
    reminders: tuple[Reminder, ...] = ()  # the rules players forget, said when they apply

    @property
    def ranks(self) -> int:
        return len(self.families[0].vp)

    def codes(self) -> list[str]:
        """Every card code, family by family, rank by rank (R0, R1, ... G4)."""
        return [f"{f.code}{r}" for f in self.families for r in range(self.ranks)]

    def level(self, number: int) -> Level:
        for level in self.levels:
            if level.level == number:
                return level
        raise DataError(_("no level {number} (levels: {levels})").format(
            number=number, levels=listing(str(x.level) for x in self.levels)), where="levels")

    def census(self) -> int:
        return sum(sum(f.copies) for f in self.families)


def check(data: FamigliaData) -> None:
    if data.game != GAME_ID:
        raise DataError(_("game must be {game!r}").format(game=GAME_ID), where="game")
    if data.street_size < 1:
        raise DataError(_("must be at least 1"), where="street_size")
    if data.achievement_factor < 1:
        raise DataError(_("must be at least 1"), where="achievement_factor")
    if not data.families:
        raise DataError(_("at least one family is needed"), where="families")
    codes = [f.code for f in data.families]
    for f in data.families:
        where = f"families[{f.code}]"
        if len(f.code) != 1 or not f.code.isalpha() or codes.count(f.code) > 1:
            raise DataError(_("a family code is one letter, different for each family"), where=f"{where}.code")
        if len(f.vp) != data.ranks or len(f.copies) != data.ranks:
            raise DataError(_("vp and copies need one number per rank ({ranks})").format(ranks=data.ranks),
                            where=where)
        if any(n < 0 for n in f.copies + f.vp):
            raise DataError(_("copies and vp cannot be negative"), where=where)
        require_text(f.name, f"{where}.name")
    _check_start_sets(data)
    _check_levels(data)
    _check_robot(data)
    check_reminders(data.reminders, GAME_ID)


def _check_start_sets(data: FamigliaData) -> None:
    known = set(data.codes())
    taken: Counter[str] = Counter()
    for s in data.start_sets:
        for code in s.cards:
            if code not in known:
                raise DataError(_("unknown card code {code!r}").format(code=code), where=f"start_sets[{s.id}].cards")
        taken.update(s.cards)
    if sorted(s.holder for s in data.start_sets) != ["player", "robot"]:
        raise DataError(_("one start set for the player and one for the robot"), where="start_sets")
    for f in data.families:
        for rank, copies in enumerate(f.copies):
            if taken[f"{f.code}{rank}"] > copies:
                raise DataError(_("the start sets use more {card} than there are").format(card=f"{f.code}{rank}"),
                                where="start_sets")


def _check_levels(data: FamigliaData) -> None:
    collected = [s.collect_rank for s in data.robot.steps if s.collect_rank is not None]
    numbers = [x.level for x in data.levels]
    if len(set(numbers)) != len(numbers) or not numbers:
        raise DataError(_("level numbers must be present and different"), where="levels")
    if data.rulebook_level not in numbers:
        raise DataError(_("must be one of the levels ({levels})").format(levels=listing(map(str, numbers))),
                        where="rulebook_level")
    for x in data.levels:
        if len(x.targets) != len(collected):
            raise DataError(_("one target per collecting step ({count})").format(count=len(collected)),
                            where=f"levels[{x.level}].targets")


def _check_robot(data: FamigliaData) -> None:
    steps = data.robot.steps
    require_numbered([s.number for s in steps], "robot.steps", N_("steps"))
    ranks = [s.collect_rank for s in steps if s.collect_rank is not None]
    if ranks != list(range(len(ranks))) or steps[-1].collect_rank is not None:
        raise DataError(_("collecting steps take ranks 0, 1, 2, ... in order and the last step takes the best card"),
                        where="robot.steps")
    for s in steps:
        where = f"robot.steps[{s.number}]"
        if (s.fallback == "family_zero_then_zero") != (s.fallback_family is not None):
            raise DataError(_("fallback_family goes with fallback = 'family_zero_then_zero'"), where=where)
        if s.fallback_family is not None and s.fallback_family not in {f.code for f in data.families}:
            raise DataError(_("unknown family {family!r}").format(family=s.fallback_family),
                            where=f"{where}.fallback_family")
        require_text(s.name, f"{where}.name")
        require_text(s.text, f"{where}.text")


def load_famiglia(cards_dir: Path | None = None) -> FamigliaData:
    return load(FamigliaData, game_file(GAME_ID, cards_dir), check)
