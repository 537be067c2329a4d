"""The plain state of a Hitman's Showdown table: teams, bookings, and the action under way."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypedDict

from ..protocol import RuleError
from ..speech import Said
from .pool import Pool, Why

__all__ = ["Attacked", "Award", "Booking", "Fight", "Finish", "Result", "RuleError", "Side", "Stage", "Team"]


class Stage(StrEnum):
    """Where an action is: prepare → (defend →) roll → after → settle (its JSON is its value)."""
    PREPARE = "prepare"    # the attacker buys and uses cards
    DEFEND = "defend"      # a hitman attack's defender does the same
    ROLL = "roll"          # the dice are to be rolled
    AFTER = "after"        # the dice are rolled: uses, rerolls, then done
    SETTLE = "settle"      # a penalty or a theft is asked for


class Finish(StrEnum):
    """Why the game ended (its JSON is its value): the last week's showdown, or one team left."""
    SHOWDOWN = "showdown"
    ONE_LEFT = "one_left"


class Attacked(StrEnum):
    """What an action attacks: a mafia card on the board, or a hitman team."""
    MAFIA = "mafia"
    HITMAN = "hitman"


@dataclass
class Booking:
    week: int
    team: str
    amount: int
    balance: int
    reason: Why


@dataclass
class Team:
    name: str
    faction: str
    money: int
    cards: list[str] = field(default_factory=list)
    doublings_used: int = 0
    next_total: int = 0
    next_dice: int = 0
    skip: bool = False
    barred: set[str] = field(default_factory=set)
    acted: int = 0
    out: bool = False

    def copy(self) -> Team:
        twin = Team.__new__(Team)  # every field at once: trying an action copies every team
        twin.__dict__.update(self.__dict__)
        twin.cards, twin.barred = list(self.cards), set(self.barred)
        return twin


@dataclass
class Side:
    team: str
    pool: Pool
    bought: Counter[str] = field(default_factory=Counter)  # item id -> bought this turn
    backups: int = 0
    escape: bool = False
    used: list[str] = field(default_factory=list)


    def copy(self) -> Side:
        twin = Side.__new__(Side)  # every field at once, as Team.copy
        twin.__dict__.update(self.__dict__)
        twin.pool, twin.bought, twin.used = self.pool.copy(), Counter(self.bought), list(self.used)
        return twin


@dataclass
class Fight:
    """The action under way: a team's attack on a mafia card or on another team, side by side."""
    kind: Attacked
    target: str          # a card id or a team name
    sides: list[Side]    # the attacker first, then the defender in a hitman attack
    stage: Stage = Stage.PREPARE
    double: bool = False
    loser: str | None = None     # settle: the attacker who lost and rolls a penalty
    winner: str | None = None    # settle: the attacker who won a hitman attack
    answers: list[int] = field(default_factory=list)
    stolen: list[str] = field(default_factory=list)
    question: Said | None = None  # what the table is asked, until answered
    asked: int = 1               # the faces the question asks for

    def copy(self) -> Fight:
        twin = Fight.__new__(Fight)
        twin.__dict__.update(self.__dict__)
        twin.sides, twin.answers, twin.stolen = [s.copy() for s in self.sides], list(self.answers), list(self.stolen)
        return twin

    @property
    def attacker(self) -> Side:
        return self.sides[0]

    def side(self, team: str) -> Side | None:
        return next((s for s in self.sides if s.team == team), None)

    def other(self, side: Side) -> Side | None:
        return next((s for s in self.sides if s is not side), None)


class Award(TypedDict):
    """A showdown bonus paid: its id, to whom, how much."""
    bonus: str
    team: str
    amount: int


class Result(TypedDict):
    """The showdown as the status shows it: the bonuses paid, every team's money, the winners."""
    bonuses: list[Award]
    money: dict[str, int]
    winners: list[str]
