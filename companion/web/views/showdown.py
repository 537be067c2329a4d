"""The Hitman's Showdown play page: the week and whose turn, every team's money and cards, the action
under way with its dice, the success check, the penalty questions, the ledger and the showdown."""
from __future__ import annotations

from companion.showdown.dice import SIDES
from companion.showdown.repl import ShowdownTable
from tabletop.i18n import _

from . import Button

FACES = range(1, SIDES + 1)


def view(table: ShowdownTable) -> dict:
    e, game, lang = table.engine, table.game, table.lang
    action = e.action
    shown = {
        "week": e.week, "weeks": len(game.weeks), "over": e.over,
        "turn": None if e.over else e.current.name,
        "prompt": table.prompt().rstrip(" >"),
        "teams": [_team(table, name) for name in e.order],
        "ledger": [{"week": b.week, "team": b.team, "amount": ("+" if b.amount >= 0 else "−") + e.money(abs(b.amount)),
                    "balance": e.money(b.balance), "reason": b.reason} for b in reversed(e.ledger)],
        "action": _action(table) if action else None,
        "attacks": [] if e.over or action else _attacks(table),
        "turn_buttons": [] if e.over or action else _turn_buttons(table),
        "showdown": _showdown(table) if e.showdown else None,
        "week_text": e.week_data().text(lang),
    }
    return shown


def _card(table: ShowdownTable, card_id: str) -> dict:
    card = table.game.card(card_id)
    lang = table.lang
    return {"id": card.id, "index": card.index, "title": card.title(lang), "red": card.red,
            "condition": card.condition.text(lang) if card.condition else "",
            "used": bool(table.engine.uses[card_id])}


def _team(table: ShowdownTable, name: str) -> dict:
    e = table.engine
    t = e.teams[name]
    return {"name": t.name, "faction": e.faction(t).name(table.lang), "money": e.money(t.money), "out": t.out,
            "acted": t.acted, "actions": e.week_data().actions, "turn": not e.over and e.current.name == name,
            "cards": [_card(table, c) for c in t.cards]}


def _attacks(table: ShowdownTable) -> list[dict]:
    """The mafia cards on the board the team can attack (it can pay the advance), grouped by role (one
    condition and reward per group): each card a button 'attack ID'."""
    e, lang, groups = table.engine, table.lang, {}
    money, floor = e.current.money, table.game.rules.eliminated_at
    for card_id in e.board:
        card = table.game.card(card_id)
        if card.advance and money - card.advance <= floor:
            continue  # its advance would put the team out of the game: the rules refuse it
        if card.role_id not in groups:
            groups[card.role_id] = {"title": card.title(lang), "condition": card.condition.text(lang),
                                    "stakes": " · ".join(e.stakes(card)), "buttons": []}
        groups[card.role_id]["buttons"].append(Button(card.index, f"attack {card_id}", tone="red" if card.red else ""))
    return list(groups.values())


def _turn_buttons(table: ShowdownTable) -> list[Button]:
    """On a team's turn, besides the board: attack another team (from the week hitman attacks open),
    or pass."""
    e, lang = table.engine, table.lang
    buttons = []
    if e.week >= e.first_week_with("open_hitman_attacks"):
        actor = e.current
        for team in e.alive():
            if team is not actor and team.name not in actor.barred:
                buttons.append(Button(_("Attack team {team}").format(team=team.name), f"attack {team.name}",
                                      e.faction(team).name(lang), "team"))
    return buttons + [Button(_("Pass"), "pass")]


def _action(table: ShowdownTable) -> dict:
    e, game, lang = table.engine, table.game, table.lang
    action = e.action
    target = e.name(action.target) if action.kind == "mafia" else action.target
    shown = {"kind": action.kind, "stage": action.stage, "target": target, "question": action.question,
             "condition": game.card(action.target).condition.text(lang) if action.kind == "mafia" else "",
             "sides": [{"team": s.team, "dice": s.pool.count, "faces": list(s.pool.faces or []), "rolled": s.pool.rolled,
                        "bonus": s.pool.bonus, "total": s.pool.total, "notes": list(s.pool.notes),
                        "backups": s.backups, "escape": s.escape} for s in action.sides],
             "standing": e.standing().strip() if any(s.pool.rolled for s in action.sides) else "",
             "buttons": [], "dice": None, "answer_faces": False, "preparing": None}
    if action.question:
        return shown | _question(table)
    buttons: list[Button] = []
    if action.stage in ("prepare", "defend"):
        side = action.sides[0 if action.stage == "prepare" else 1]
        shown["preparing"] = side.team
        for item in game.preparation:
            if item.hitman_attack_only and action.kind != "hitman":
                continue
            price = item.price if not side.bought[item.id] or item.price_further is None else item.price_further
            full = item.max_per_turn is not None and side.bought[item.id] >= item.max_per_turn
            if full or e.teams[side.team].money - price <= game.rules.eliminated_at:
                continue  # bought up, or more than the team can pay without leaving the game
            buttons.append(Button(_("Buy {item} ({price})").format(item=item.name(lang), price=e.money(price)),
                                  f"buy {item.id}", item.text(lang)))
        if action.kind == "hitman":
            buttons.append(Button(_("Ready"), "ready", tone="main"))
    if action.kind == "mafia" and action.stage in ("prepare", "roll", "after") and not action.double:
        allowed = e.faction(e.teams[action.attacker.team]).twists.reward_doublings
        if allowed and e.teams[action.attacker.team].doublings_used < allowed:
            buttons.append(Button(_("Double the reward"), "double"))
    buttons += _uses(table)
    rolling = action.stage == "roll" or (action.kind == "mafia" and action.stage == "prepare")
    if rolling:
        side = next(s for s in action.sides if not s.pool.rolled)
        shown["dice"] = {"team": side.team, "count": side.pool.count, "faces": list(FACES)}
    if action.stage == "after":
        buttons.append(Button(_("Done: settle the attack"), "done", tone="main"))
    return shown | {"buttons": buttons}


def _uses(table: ShowdownTable) -> list[Button]:
    """'use CARD' for each card with a use effect held by a team taking part; a use that needs more
    (a die to change, a face) is refused with what to add, and the line box offers it for completing."""
    e, lang = table.engine, table.lang
    buttons = []
    for side in e.action.sides:
        for card_id in e.teams[side.team].cards:
            card = table.game.card(card_id)
            if card.effect is None or card.effect.when == "always":
                continue
            if card.effect.when == "attacking" and side is not e.action.attacker:
                continue
            buttons.append(Button(_("{team}: use {card}").format(team=side.team, card=f"{card.index} {card.title(lang)}"),
                                  f"use {card_id}", card.effect.text(lang), completes=True))
    return buttons


def _question(table: ShowdownTable) -> dict:
    """A penalty or theft question: a face to tap (or virtual dice), or a card to take."""
    e, game = table.engine, table.game
    action = e.action
    if action.winner and len(action.stolen) < e.cards_to_steal(action):
        victim = e.teams[action.target]
        cards = [c for c in victim.cards if game.card(c).role.stealable and c not in action.stolen]
        return {"buttons": [Button(f"{game.card(c).index} {game.card(c).title(table.lang)}", c) for c in cards]}
    return {"buttons": [Button(str(f), str(f)) for f in FACES] + [Button(_("Roll it for me"), "roll", tone="main")],
            "answer_faces": True}


def _showdown(table: ShowdownTable) -> dict:
    e, game, lang = table.engine, table.game, table.lang
    bonuses = {b.id: b for b in game.showdown.bonuses}
    return {"awards": [{"bonus": bonuses[a["bonus"]].name(lang), "team": a["team"], "amount": e.money(a["amount"])}
                       for a in e.showdown["bonuses"]],
            "verdict": e.verdict(e.showdown["winners"])}
