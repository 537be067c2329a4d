"""After the dice: the loser's penalty or the winner's theft, settled as far as the answers typed so far
allow; what is still missing becomes the action's question."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.data.hitmans_showdown import NEXT_ACTION_EFFECTS, LoseMoneyWhenTaken, Op
from tabletop.i18n import N_

from ..speech import Said
from . import events as ev
from .cards import item_doing
from .chance import Feeder, NeedRoll
from .penalties import Penalty, resolve
from .pool import fmt
from .state import Fight, Team

if TYPE_CHECKING:  # the engine calls settle: its type only, never an import at run time
    from .engine import Game


def settle(engine: Game, action: Fight) -> list[ev.Event]:
    """Settle the engine's action as far as its answers allow; ask for what is missing."""
    if action.winner:
        return _theft(engine, action, action.winner)
    assert action.loser is not None, "an action is settled once it has a winner or a loser"
    team = engine.teams[action.loser]
    side = action.attacker  # only an attacker loses: a defender who holds loses nothing
    try:
        penalty = resolve(engine.game, engine.faction(team), action.kind, Feeder(action.answers), side.escape)
    except NeedRoll as e:
        return _ask(action, Said(N_("{team}: {what} (1d6: type the face, or 'roll')"), team=team.name, what=e.what),
                    e.count)
    return _penalty(engine, action, team, penalty) + engine.end_turn()


def _ask(action: Fight, question: Said, count: int = 1) -> list[ev.Event]:
    action.question, action.asked = question, count
    return [ev.Asked(question)]


def _penalty(engine: Game, action: Fight, team: Team, penalty: Penalty) -> list[ev.Event]:
    if penalty.cancelled:
        return [ev.PenaltyCancelled(team.name, item_doing(engine.game, "cancel_penalty").name)]
    table = engine.game.penalty_tables[penalty.table].name
    out: list[ev.Event] = []
    for effect in penalty.effects:
        out.append(ev.PenaltyRolled(team.name, table, effect))
        if effect.id == "lose_money":
            out += engine.book(team.name, -effect.amount, Said(N_("penalty ({table})"), table=table))
        elif effect.id == "skip_next_turn":
            team.skip = True
        elif effect.id == "no_attack_same_target":
            team.barred.add(action.target)
        elif NEXT_ACTION_EFFECTS.get(effect.id) == "total":
            team.next_total += effect.value
        elif NEXT_ACTION_EFFECTS.get(effect.id) == "dice":
            team.next_dice += effect.value
    return out


def _theft(engine: Game, action: Fight, winner: str) -> list[ev.Event]:
    thief, victim = engine.teams[winner], engine.teams[action.target]
    rules = engine.game.hitman_attack
    if len(action.stolen) < engine.cards_to_steal(action):
        stealable = [c for c in victim.cards if engine.game.card(c).role.stealable]
        choices = " ".join(c for c in stealable if c not in action.stolen)
        return _ask(action, Said(N_("{team} takes a card from {victim} ({choices}): type its id"),
                                 team=thief.name, victim=victim.name, choices=choices))
    robbed = engine.rules_version < 3 or victim.money > _lost_with(engine, action.stolen)
    try:
        what = Said(N_("money taken ({dice}d6 × {times})"), dice=rules.money_dice, times=rules.money_times)
        faces = Feeder(action.answers).take(what, rules.money_dice) if robbed else []
    except NeedRoll as e:
        return _ask(action, Said(N_("{team}: {what} (type the face, or 'roll')"), team=thief.name, what=e.what),
                    e.count)
    out: list[ev.Event] = []
    for card_id in action.stolen:
        victim.cards.remove(card_id)
        thief.cards.append(card_id)
        out.append(ev.Stole(thief.name, card_id, victim.name))
        for op in _ops(engine, card_id):
            if isinstance(op, LoseMoneyWhenTaken):
                out += engine.book(victim.name, -op.amount, Said(N_("{card} taken"), card=engine.card_name(card_id)))
    if robbed:
        amount = min(sum(faces) * rules.money_times, victim.money)
        out += engine.book(victim.name, -amount, Said(N_("robbed by {team} (rolled {faces})"), team=thief.name,
                                                      faces=fmt(faces)))
        out += engine.book(thief.name, amount, Said(N_("taken from {victim}"), victim=victim.name))
    return out + engine.end_turn()


def _lost_with(engine: Game, cards: list[str]) -> int:
    """What a victim loses with the cards taken from it (the Godfather's 10,000), before any robbery."""
    return sum(op.amount for card in cards for op in _ops(engine, card) if isinstance(op, LoseMoneyWhenTaken))


def _ops(engine: Game, card_id: str) -> tuple[Op, ...]:
    effect = engine.game.card(card_id).role.effect
    return effect.ops if effect is not None else ()
