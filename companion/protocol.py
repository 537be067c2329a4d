"""The one shape every table engine has, after python-chess and OpenSpiel: a state that says whose move
it is (a player, chance — a card turned up or dice rolled, from the real table or a seeded RNG — or
nobody once the game is over), the legal actions now, `apply(action)` → typed events, and one outcome.
`apply` is whole or not at all, one way in every engine: the action is carried out on `clone()`, and
the copy's state is kept only if the rules accept all of it. The events are returned, never kept.

An action is a record that round-trips with the line the terminal accepts and the journal keeps:
`engine.parse(action.line()) == action`. Several lines may parse to one action (a card named by its
code or its position); an action has one line. Events are records with named fields: the engine
knows no language, each game's narration words them. A refusal is a `RuleError` carrying a `Said`: a
message key from the catalog and its arguments, worded when shown.

Nothing here imports beyond the standard library, msgspec and `tabletop`: an engine runs where there
is no terminal and no server (a browser, a simulator).
"""
from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Protocol, Self

from tabletop.record import Record, field

from .speech import SaidError


class MoverKind(StrEnum):
    """Who moves: a player, chance, or nobody (the game is over). A str: its JSON is its value."""
    PLAYER = "player"
    CHANCE = "chance"
    NOBODY = "nobody"


PLAYER, CHANCE, NOBODY = MoverKind.PLAYER, MoverKind.CHANCE, MoverKind.NOBODY


class Ending(StrEnum):
    """How a game ended, a key of the game's narration (its JSON is its value)."""
    SCORE = "score"            # the higher score wins (Famiglia; 24 with every player alive)
    SURVIVORS = "survivors"    # 24: someone died, the survivors are ranked
    SHOWDOWN = "showdown"      # Hitman's Showdown: the money after the showdown's bonuses


class Mover(Record):
    """Whose move it is: `kind` player (`who` names the seat or team), chance (`who` says what is
    turned: "card" or "dice") or nobody (the game is over)."""
    kind: MoverKind
    who: str = ""


class Action(Record):
    """A move; each game's actions are records with named fields."""

    def line(self) -> str:
        raise NotImplementedError


class Event(Record):
    """Something that happened; each game's events are records with named fields."""


class Place(Record):
    """One line of a final ranking: 1 for the first, the same number for a tie."""
    who: str
    place: int
    score: int


class Outcome(Record):
    """How a game ended, the same shape for every game: `how` the ending (a key of the game's
    narration), the ranking, the winner(s), and figures the game reports (e.g.
    Famiglia's achievement)."""
    how: Ending
    ranking: tuple[Place, ...]
    winners: tuple[str, ...]
    figures: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"how": self.how, "winners": list(self.winners), "figures": dict(self.figures),
                "ranking": [{"who": p.who, "place": p.place, "score": p.score} for p in self.ranking]}


class RuleError(SaidError):
    """A line or an action the rules refuse now: the catalog's message key and its arguments."""

    @property
    def key(self) -> str:
        return self.message


def ranked(entries: Sequence[tuple[str, int, tuple[int, ...]]]) -> tuple[Place, ...]:
    """Places from (who, score shown, sort key), best first: equal keys share a place."""
    order = sorted(entries, key=lambda entry: entry[2], reverse=True)
    places, previous, place = [], None, 0
    for n, (who, score, key) in enumerate(order, 1):
        if key != previous:
            place, previous = n, key
        places.append(Place(who, place, score))
    return tuple(places)


class Engine(Protocol):
    """What the terminal, the pages and the simulator drive."""

    def to_move(self) -> Mover: ...

    def legal_actions(self) -> list[Action]:
        """Every action allowed now that can be listed (each a different line)."""

    def parse(self, line: str) -> Action:
        """The action a typed line names, or RuleError saying what to type."""

    def apply(self, action: Action) -> list[Event]:
        """Carry the action out, or raise RuleError and change nothing."""

    def outcome(self) -> Outcome | None:
        """None until the game is over."""

    def clone(self) -> Self:
        """An independent copy: what `apply` carries an action out on, and what a caller tries one on."""
