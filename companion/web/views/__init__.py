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


def outcome_view(key: str, table) -> dict | None:
    """The end of a game for its summary: each place with a name and a score in the game's terms,
    the winners, the figures a game reports; None while the game goes on."""
    from tabletop.i18n import _

    outcome = table.game.outcome()
    if outcome is None:
        return None
    game = table.game
    names = {"player": _("You"), "robot": _("Robot")} if key == "famiglia" else {}

    def victory_points(n: int) -> str:
        return _("{n} VP").format(n=n)

    score = game.talk.money if key == "showdown" else victory_points
    rows = [{"place": p.place, "who": names.get(p.who, p.who), "score": score(p.score),
             "won": p.who in outcome.winners} for p in outcome.ranking]
    how = {"score": _("The most VP wins."),
           "survivors": _("Those who survived the life-or-death check rank first, by VP."),
           "showdown": _("The richest team after the showdown's bonuses wins.")}.get(outcome.how, "")
    figures = []
    if "achievement" in outcome.figures:
        figures.append(_("Achievement (2 × your VP − the robot's VP): {n}").format(n=outcome.figures["achievement"]))
    return {"rows": rows, "how": how, "figures": figures, "draw": not outcome.winners}
