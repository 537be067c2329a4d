"""What each game's play page shows: from a game's table (the object `companion … play` drives) to
plain data for its template, with the legal actions as buttons. A button carries exactly the line the
terminal would accept, so a tap is that line posted to the game, journalled like a typed one."""
from __future__ import annotations

from tabletop.record import Record


class Button(Record):
    label: str
    line: str
    hint: str = ""  # a second, smaller line under the label
    tone: str = ""  # a style: "" plain, "main" the usual next step, "red" a red card…
    # A line that may need more typed after it (a card use naming a die): when it is refused, the line
    # box offers it for completing instead.
    completes: bool = False


def views() -> dict:
    """The view function of each game, by the game's id."""
    from . import famiglia, showdown, terror24

    return {"famiglia": famiglia.view, "terror24": terror24.view, "showdown": showdown.view}


def play_view(key: str, game) -> dict:
    """What the play page of the game kind `key` shows for `game` (its TableGame)."""
    return views()[key](game)
