"""What happens at a Hitman's Showdown table, as the engine reports it: records with named fields.

Teams are named, cards are ids, amounts are numbers; a `reason` or a `why` is a name from the data
(`Text`) or the companion's words (`Said`). The narration (talk.py) words them in the table's
language.
"""
from __future__ import annotations

from tabletop.data.text import Text

from ..protocol import Event as Event  # re-exported: every event below is one
from ..speech import Said
from .conditions import Verdict
from .penalties import Effect
from .pool import Note, Why
from .state import Finish


class Dice(Event):
    """One side's dice as they stand: before the roll `faces` is None and `count` dice are to roll."""
    team: str
    count: int
    faces: tuple[int, ...] | None
    bonus: int = 0
    backups: int = 0
    escape: bool = False

    @property
    def total(self) -> int:
        return sum(self.faces or ()) + self.bonus


# ---- money and the turn ------------------------------------------------------------------------

class Booked(Event):
    """Money in (`amount` > 0) or out of a team's purse, leaving `balance`."""
    team: str
    amount: int
    balance: int
    reason: Why


class TeamOut(Event):
    team: str


class CardGiven(Event):
    """A correction: `card` now held by team `to`, or back on the board (`to` None)."""
    card: str
    to: str | None


class Passed(Event):
    team: str


class SkippedTurn(Event):
    team: str


class WeekBegan(Event):
    week: int
    text: Text


class ScoutDealt(Event):
    team: str
    card: str


class GameEnded(Event):
    """The bonuses are paid next: `why` the game ended, the showdown (the last week) or one team left."""
    why: Finish


class FinalMoney(Event):
    standing: tuple[tuple[str, int], ...]   # the teams still in, richest first


class Won(Event):
    winners: tuple[str, ...]


class JustRolled(Event):
    """Dice rolled outside any action (`roll 5d6`)."""
    notation: str
    faces: tuple[int, ...]


# ---- an action ------------------------------------------------------------------------------------

class MafiaAttacked(Event):
    team: str
    card: str
    rewarded: bool    # its reward was paid before: only the first taker gets it


class TeamAttacked(Event):
    team: str
    target: str


class Prepared(Event):
    """A side's dice at the start of an action, with why it has them."""
    team: str
    notes: tuple[Note, ...]


class DiceShown(Event):
    dice: Dice


class Noted(Event):
    """A change a card's use or a backup plan made to a side's dice."""
    team: str
    note: Note


class DefenderPrepares(Event):
    team: str


class ToRoll(Event):
    team: str
    count: int


class Rolled(Event):
    team: str
    faces: tuple[int, ...]
    companion: bool   # rolled by the companion, not typed from the table
    total: int


class Standing(Event):
    """The rolled dice as they stand; a mafia attack's `verdict` says whether they succeed now."""
    sides: tuple[Dice, ...]
    verdict: Verdict | None = None


class DoubleSet(Event):
    team: str
    left: int         # doublings left after this one


class Duel(Event):
    """A hitman attack settled: the attacker wins or the defender holds."""
    attacker: str
    attacker_total: int
    defender: str
    defender_total: int
    won: bool


class Checked(Event):
    """A mafia attack settled against the card's condition."""
    team: str
    card: str
    verdict: Verdict


class Took(Event):
    team: str
    card: str


class NoPenalty(Event):
    card: str


class Asked(Event):
    """The table is asked for a die or a card before the action can be settled."""
    question: Said


class PenaltyCancelled(Event):
    team: str
    item: Text        # the preparation item that cancels it


class PenaltyRolled(Event):
    team: str
    table: Text       # the penalty table's name
    effect: Effect


class Stole(Event):
    team: str
    card: str
    victim: str
