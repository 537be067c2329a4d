"""24's actions (each with the line the terminal takes) and the events the engine reports.

Setup answers are actions too: the table's lines were always these answers, one per prompt."""
from __future__ import annotations

from ..protocol import Action, Event
from .engine import Check, RoundResult

HIDDEN = "?"


# ---- setup ---------------------------------------------------------------------------------------

class Players(Action):
    """The players clockwise, each with a detective id."""
    players: tuple[tuple[str, str], ...]

    def line(self) -> str:
        return " ".join(f"{name}={detective}" for name, detective in self.players)


class Styles(Action):
    """One style per player in seat order, by letter ("s", "c")."""
    letters: tuple[str, ...]

    def line(self) -> str:
        return " ".join(self.letters)


class NpcSeat(Action):
    """The virtual player's detective and the player it sits after."""
    detective: str
    after: str

    def line(self) -> str:
        return f"{self.detective} after {self.after}"


class Chief(Action):
    name: str

    def line(self) -> str:
        return self.name


class Grid(Action):
    """The event grid, a word of suit letters per column, top first ("???" face down)."""
    columns: tuple[str, ...]

    def line(self) -> str:
        return " ".join(self.columns)


# ---- rounds and the end ----------------------------------------------------------------------------

class Reveal(Action):
    """The face-down events of this round turned up, top first, by letter."""
    letters: str

    def line(self) -> str:
        return self.letters


class Bid(Action):
    """The cards a player laid (or the NPC's card turned up from a physical deck)."""
    name: str
    cards: tuple[int, ...]

    def line(self) -> str:
        return " ".join([self.name, *map(str, self.cards)])


class Draw(Action):
    """The card drawn from the hand in the life-or-death check."""
    card: int

    def line(self) -> str:
        return str(self.card)


class Adjust(Action):
    """A score corrected by hand."""
    name: str
    vp: int

    def line(self) -> str:
        return f"adjust {self.name} {self.vp:+d}"


# ---- events ------------------------------------------------------------------------------------

class Answered(Event):
    """A setup question answered (the game starts with the last)."""
    step: str


class Started(Event):
    """The game is set up; with a virtual player, `npc` is its seat."""
    npc: int | None


class Revealed(Event):
    """The round whose face-down events were turned up, and its events. A round nobody can bid in
    (edited data) passes at once: its end phase follows as a `Resolved`."""
    round: int
    suits: tuple[str, ...]


class Laid(Event):
    """`seat` laid `cards` face down (a player) or turned them up (the NPC, `npc`)."""
    seat: int
    cards: tuple[int, ...]
    npc: bool


class Resolved(Event):
    """A round's end phase; `next_round` tells whether another round follows or the checks begin."""
    result: RoundResult
    next_round: bool


class Checked(Event):
    check: Check


class Adjusted(Event):
    seat: int
    vp: int
    total: int


class Ended(Event):
    pass

