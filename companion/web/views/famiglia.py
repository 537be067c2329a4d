"""The Famiglia play page: the Street, the robot's area, your cards, the draw grid, the robot's turn."""
from __future__ import annotations

from companion.famiglia.engine import PLAYER, ROBOT
from companion.famiglia.moves import Drawn, End, Refresh, Take, Taken, TurnBegan
from companion.famiglia.repl import FamigliaTable
from companion.protocol import RuleError
from tabletop.i18n import _

from . import Button


def view(table: FamigliaTable) -> dict:
    g, rules = table.game, table.rules
    your_turn = g.turn == PLAYER and not g.pending and not g.over
    return {
        "level": rules.level,
        "passno": g.passno,
        "stack": g.stack_n,
        "pile": len(g.discard),
        "pile_top": _card(table, g.discard[-1]) if g.discard else None,
        "under_stack": [_card(table, c) for c in g.bottom],
        "turn": None if g.over or g.setting_up else g.turn,
        "street": _street(table, your_turn),
        "robot": {"vp": g.score(ROBOT), "targets": _targets(table), "cards": _sorted(table, g.robot)},
        "player": {"vp": g.score(PLAYER), "cards": _sorted(table, g.player)},
        "end": (Button(_("End my turn without a recruit"), End().line())
                if End() in table.match.legal_actions() else None),
        "refresh_block": _refresh_block(table) if your_turn and g.street else "",
        "draw": _draw(table) if g.pending and not g.over else None,
        "robot_turn": robot_turn(table),
        "setup": table.talk.opening() if not table.notes() else [],
    }


def _card(table: FamigliaTable, card: int) -> dict:
    rules = table.rules
    family = rules.data.families[card // rules.ranks]
    return {"code": rules.codes[card], "color": family.color, "rank": rules.rank[card], "vp": rules.vp[card]}


def _sorted(table: FamigliaTable, cards: list[int]) -> list[dict]:
    rank = table.rules.rank
    return [_card(table, c) for c in sorted(cards, key=lambda c: (rank[c], c))]


def _street(table: FamigliaTable, your_turn: bool) -> list[dict]:
    """The Street, each card with the buttons the rules allow on it now."""
    g = table.game
    legal = set(table.match.legal_actions())
    street = []
    for pos, card in enumerate(g.street):
        shown = _card(table, card) | {"pos": pos + 1}
        shown["take"] = Button(_("Take"), Take(pos).line()) if Take(pos) in legal else None
        shown["refresh"] = Button(_("Refresh"), Refresh(pos).line()) if Refresh(pos) in legal else None
        street.append(shown)
    return street


def _refresh_block(table: FamigliaTable) -> str:
    """Why no Street card can be refreshed now, in the engine's words ('' when one can)."""
    try:
        table.match.clone().apply(Refresh(0))
    except RuleError as e:
        return e.text(table.talk.lang)
    return ""


def _targets(table: FamigliaTable) -> list[dict]:
    rules, robot = table.rules, table.game.robot
    return [{"rank": rank, "have": sum(1 for c in robot if rules.rank[c] == rank), "target": target}
            for rank, target in enumerate(rules.targets)]


def _draw(table: FamigliaTable) -> dict:
    """The cards still owed, and the 4 × 5 grid of codes to tap in draw order: each code with how many
    copies can still come up (the engine refuses any other card, or a known card out of its order,
    with the reason). When every card owed is known (the ones put under the stack), one button."""
    g, rules = table.game, table.rules
    n = g.draw_count()
    left, known = g.owed()
    rows = [[_card(table, f * rules.ranks + r) | {"left": left[f * rules.ranks + r]} for r in range(rules.ranks)]
            for f in range(len(rules.data.families))]
    line = " ".join(rules.codes[c] for c in known)
    return {"count": n, "rows": rows, "notes": table.talk.next_lines(g)[1:], "setup": g.setting_up,
            "known": Button(_("Drawn: {cards}").format(cards=line), line, tone="main") if len(known) == n else None}


def robot_turn(table: FamigliaTable) -> dict | None:
    """The robot's latest turn: the physical steps the player performs for it, numbered, and the card
    it took (None while it still waits for draws, or if it has not played yet)."""
    told = table.robot_told
    if not (told and isinstance(told[0], TurnBegan)):
        return None
    turn = told[1:]
    end = next((i for i, e in enumerate(turn) if isinstance(e, TurnBegan)), len(turn))
    turn = turn[:end]
    taken = next((e.card for e in turn if isinstance(e, Taken) and e.who == ROBOT), None)
    # The Street after each draw is on the page already: narrate the turn without it.
    steps = table.talk.narrate([e for e in turn if not isinstance(e, Drawn)])
    return {"steps": steps, "card": _card(table, taken) if taken is not None else None,
            "waiting": taken is None and bool(table.game.pending)}
