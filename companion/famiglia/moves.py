"""Famiglia's actions (each with the line the terminal takes) and the events the engine reports.

Cards in events are the engine's card numbers (the rules turn them into codes); cards in actions are
codes, so that an action is its line. Positions in events count from 0, in lines from 1."""
from __future__ import annotations

from ..protocol import Action, Event

# ---- actions -----------------------------------------------------------------------------------

class Take(Action):
    """The player recruits the Street card at `pos` (0 = leftmost)."""
    pos: int

    def line(self) -> str:
        return f"take {self.pos + 1}"


class Refresh(Action):
    """The player discards the Street card at `pos`; its rank in cards are drawn next."""
    pos: int

    def line(self) -> str:
        return f"refresh {self.pos + 1}"


class End(Action):
    """The player's turn ends without a recruit."""

    def line(self) -> str:
        return "end"


class Draw(Action):
    """Cards turned up from the stack, in order (some or all of those owed)."""
    codes: tuple[str, ...]

    def line(self) -> str:
        return " ".join(self.codes)


# ---- events ------------------------------------------------------------------------------------

class TurnBegan(Event):
    who: str


class Drawn(Event):
    """The draws owed are all in: the Street the game carries on with."""
    street: tuple[int, ...]


class Reshuffled(Event):
    """The stack ran out in the first pass: the discard pile is the new stack."""
    cards: int


class StackOut(Event):
    """The stack ran out for good: the game ends with this round."""


class NewStreet(Event):
    cards: int


class Taken(Event):
    """`who` recruited `card` from position `pos`; for the robot, at program step `step` because `why`
    ("collect", "family_zero", "zero", "best", "best_lower"; "recruit" for the player)."""
    who: str
    step: int | None
    pos: int
    card: int
    why: str


class Refreshed(Event):
    who: str
    step: int | None
    pos: int
    card: int
    to_bottom: bool


class Passed(Event):
    who: str


class Enough(Event):
    """The robot holds enough cards of `rank`: on to the next step."""
    step: int
    rank: int
    have: int
    target: int


class NextStep(Event):
    step: int
    rank: int


class Nothing(Event):
    """The Street is empty: the robot takes nothing."""
    step: int


class BetterInStack(Event):
    step: int
    stack_best: int
    street_best: int


class NoneBetter(Event):
    step: int
    best: int


class NoRefresh(Event):
    """The robot would refresh, but may not: `why` is "zero", "empty" or "once"."""
    step: int
    why: str


class GameOver(Event):
    pass
