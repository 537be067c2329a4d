"""Hitman's Showdown's actions, each with the line the terminal takes (`action.line()`)."""
from __future__ import annotations

from ..protocol import Action


class Attack(Action):
    """Attack a mafia card on the board (by id) or a team (by name)."""
    target: str

    def line(self) -> str:
        return f"attack {self.target}"


class Pass(Action):
    def line(self) -> str:
        return "pass"


class Buy(Action):
    """Buy `times` of a preparation item (by id) while preparing."""
    item: str
    times: int = 1

    def line(self) -> str:
        return f"buy {self.item}" + (f" {self.times}" if self.times != 1 else "")


class Use(Action):
    """Use a held card's effect: the card's id, then a second card of a pair and the choices, as typed."""
    tokens: tuple[str, ...]

    def line(self) -> str:
        return "use " + " ".join(self.tokens)


class Roll(Action):
    """Roll the action's dice: the faces rolled at the table, or none to let the companion roll."""
    faces: tuple[int, ...] = ()

    def line(self) -> str:
        return " ".join(["roll", *map(str, self.faces)])


class Dice(Action):
    """Just roll dice (`roll 5d6`), outside any action; the companion's dice are seeded, so it is saved."""
    notation: str

    def line(self) -> str:
        return f"roll {self.notation}"


class Ready(Action):
    def line(self) -> str:
        return "ready"


class Double(Action):
    def line(self) -> str:
        return "double"


class Done(Action):
    def line(self) -> str:
        return "done"


class Reroll(Action):
    """Spend a backup plan: [TEAM] FACES [> NEW], as typed."""
    tokens: tuple[str, ...]

    def line(self) -> str:
        return "reroll " + " ".join(self.tokens)


class Adjust(Action):
    """Correct a team's money by hand, with the reason."""
    team: str
    amount: int
    why: str

    def line(self) -> str:
        return f"adjust {self.team} {self.amount:+d} {self.why}"


class Give(Action):
    """Correct who holds a card: a team's name, or `board`."""
    card: str
    to: str

    def line(self) -> str:
        return f"give {self.card} {self.to}"


class Answer(Action):
    """The answer to the question asked: a face, `roll`, or the id of a card taken."""
    text: str

    def line(self) -> str:
        return self.text
