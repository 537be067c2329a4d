"""The Hitman's Showdown play page: the week and whose turn, every team's money and cards, the action
under way with its dice, the success check, the penalty questions, the ledger and the showdown."""
from __future__ import annotations

from companion.numbers import is_whole
from companion.showdown.dice import SIDES
from companion.showdown.moves import Answer, Attack, Buy, Done, Double, Pass, Ready, Roll, Use
from companion.showdown.repl import ShowdownTable, needs_choices
from tabletop.i18n import _

from . import Button

FACES = range(1, SIDES + 1)


def view(table: ShowdownTable) -> dict:
    e, game, lang, talk = table.engine, table.game, table.lang, table.talk
    action = e.action
    actions = table.match.legal_actions()  # in the engine's order, which the question's cards keep
    legal = set(actions)
    shown = {
        "week": e.week, "weeks": len(game.weeks), "over": e.over,
        "turn": None if e.over else e.current.name,
        "prompt": table.prompt().rstrip(" >"),
        "teams": [_team(table, name) for name in e.order],
        "ledger": [{"week": b.week, "team": b.team, "gain": b.amount >= 0,
                    "amount": ("+" if b.amount >= 0 else "−") + talk.money(abs(b.amount)),
                    "balance": talk.money(b.balance), "reason": talk.words(b.reason)} for b in reversed(e.ledger)],
        "totals": _totals(table),
        "action": _action(table, actions) if action else None,
        "attacks": [] if e.over or action else _attacks(table, legal),
        "turn_buttons": [] if e.over or action else _turn_buttons(table, legal),
        "showdown": _showdown(table) if e.showdown else None,
        "week_text": e.week_data().text(lang),
        "corrections": None if e.over else {
            "teams": [t.name for t in e.alive()],
            "cards": [{"id": c.id, "title": c.title(lang)} for c in game.deck() if c.role.category != "faction"]},
        "rerolls": _rerolls(table),
    }
    return shown


def _rerolls(table: ShowdownTable) -> list[dict]:
    """After the roll, each side holding a backup plan: its dice, each to keep or to roll again."""
    from companion.showdown.moves import Reroll

    e = table.engine
    action = e.action
    if action is None or action.question is not None or action.stage != "after":
        return []
    sides = [s for s in action.sides if s.backups]
    return [{"team": s.team, "faces": list(s.pool.faces), "backups": s.backups,
             "prefix": Reroll((s.team,)).line()} for s in sides]


def _totals(table: ShowdownTable) -> list[dict]:
    """Each team's money in and out over the ledger, and what it holds now."""
    e, talk = table.engine, table.talk
    rows = []
    for name in e.order:
        amounts = [b.amount for b in e.ledger if b.team == name]
        rows.append({"team": name, "gained": talk.money(sum(a for a in amounts if a > 0)),
                     "spent": talk.money(-sum(a for a in amounts if a < 0)), "money": talk.money(e.teams[name].money)})
    return rows


def _card(table: ShowdownTable, card_id: str) -> dict:
    card = table.game.card(card_id)
    lang = table.lang
    return {"id": card.id, "index": card.index, "title": card.title(lang), "red": card.red,
            "condition": card.condition.text(lang) if card.condition else "",
            "used": bool(table.engine.uses[card_id])}


def _team(table: ShowdownTable, name: str) -> dict:
    e = table.engine
    t = e.teams[name]
    return {"name": t.name, "faction": e.faction(t).name(table.lang), "money": table.talk.money(t.money),
            "out": t.out, "pending": table.talk.pending(t),
            "acted": t.acted, "actions": e.week_data().actions, "turn": not e.over and e.current.name == name,
            "cards": [_card(table, c) for c in t.cards]}


def _attacks(table: ShowdownTable, legal: set) -> list[dict]:
    """The mafia cards on the board the team may attack now, grouped by role (one condition and reward
    per group): each card a button 'attack ID'."""
    e, lang, groups = table.engine, table.lang, {}
    for card_id in e.board:
        if Attack(card_id) not in legal:
            continue  # e.g. its advance would put the team out of the game
        card = table.game.card(card_id)
        if card.role_id not in groups:
            groups[card.role_id] = {"title": card.title(lang), "condition": card.condition.text(lang),
                                    "stakes": " · ".join(table.talk.stakes(card, card_id in e.rewarded)),
                                    "buttons": []}
        groups[card.role_id]["buttons"].append(Button(card.index, Attack(card_id).line(),
                                                      tone="red" if card.red else ""))
    return list(groups.values())


def _turn_buttons(table: ShowdownTable, legal: set) -> list[Button]:
    """On a team's turn, besides the board: attack another team (when the rules allow it), or pass."""
    e, lang = table.engine, table.lang
    buttons = [Button(_("Attack team {team}").format(team=team.name), Attack(team.name).line(),
                      e.faction(team).name(lang), "team")
               for team in e.alive() if Attack(team.name) in legal]
    return buttons + ([Button(_("Pass"), Pass().line())] if Pass() in legal else [])


def _action(table: ShowdownTable, actions: list) -> dict:
    e, game, lang, talk = table.engine, table.game, table.lang, table.talk
    action = e.action
    target = talk.card(action.target) if action.kind == "mafia" else action.target
    question = None if action.question is None else talk.page_question(action.question)
    shown = {"kind": action.kind, "stage": action.stage, "target": target, "question": question,
             "condition": game.card(action.target).condition.text(lang) if action.kind == "mafia" else "",
             "sides": [{"team": s.team, "dice": s.pool.count, "faces": list(s.pool.faces or []),
                        "rolled": s.pool.rolled,
                        "bonus": s.pool.bonus, "total": s.pool.total,
                        "notes": [talk.note(n) for n in s.pool.notes],
                        "backups": s.backups, "escape": s.escape} for s in action.sides],
             "standing": talk.standing(e.standing()) if any(s.pool.rolled for s in action.sides) else "",
             "verdict": _verdict(table),
             "buttons": [], "then": [], "dice": None, "answer_faces": False, "preparing": None}
    legal = set(actions)
    if action.question:
        return shown | _question(table, actions)
    # In the order the table plays them: buy and use, then the dice, then go on (ready, or settle).
    buttons: list[Button] = []
    if action.stage in ("prepare", "defend"):
        side = action.sides[0 if action.stage == "prepare" else 1]
        shown["preparing"] = side.team
        for item in game.preparation:
            if Buy(item.id) in legal:
                price = talk.money(e.price(side, item))
                buttons.append(Button(_("Buy {item} ({price})").format(item=item.name(lang), price=price),
                                      Buy(item.id).line(), item.text(lang)))
    buttons += _uses(table, legal)
    if Double() in legal and e.attacker_wins() is not False:  # a failing roll has nothing to double (yet)
        buttons.append(Button(_("Double the reward"), Double().line()))
    if Roll() in legal:
        side = next(s for s in action.sides if not s.pool.rolled)
        shown["dice"] = {"team": side.team, "count": side.pool.count, "faces": list(FACES)}
    then = [Button(_("Ready"), Ready().line(), tone="main")] if Ready() in legal else []
    if Done() in legal:
        then.append(Button(_("Done: settle the attack"), Done().line(), tone="main"))
    return shown | {"buttons": buttons, "then": then}


def _verdict(table: ShowdownTable) -> dict | None:
    """Success or failure as the dice stand now, in a word (the page adds its colour)."""
    wins = table.engine.attacker_wins()
    if wins is None:
        return None
    action = table.engine.action
    if action.kind == "mafia":
        word = _("Success") if wins else _("Failure")
    else:
        word = (_("{team} wins") if wins else _("{team} holds")).format(
            team=action.sides[0 if wins else 1].team)
    return {"success": wins, "word": word}


def _uses(table: ShowdownTable, legal: set) -> list[Button]:
    """'use CARD' for each held card of a team taking part whose use the rules allow now; one that needs
    more typed after it (a die to change, a face) is offered for completing in the line box."""
    e, lang = table.engine, table.lang
    buttons = []
    for side in e.action.sides:
        for card_id in e.teams[side.team].cards:
            use = Use((card_id,))
            needs_more = use not in legal and needs_choices(table.match.refusal(use))
            if use in legal or needs_more:
                card = table.game.card(card_id)
                buttons.append(Button(_("{team}: use {card}").format(team=side.team,
                                                                    card=f"{card.index} {card.title(lang)}"),
                                      use.line(), card.effect.text(lang), completes=needs_more))
    return buttons


def _question(table: ShowdownTable, actions: list) -> dict:
    """A penalty or theft question: a face to tap (or virtual dice), or a card to take."""
    game = table.game
    answers = [a for a in actions if isinstance(a, Answer)]
    if all(is_whole(a.text) or a.text == "roll" for a in answers):
        return {"buttons": [Button(str(f), Answer(str(f)).line()) for f in FACES]
                + [Button(_("Roll it for me"), Answer("roll").line(), tone="main")], "answer_faces": True}
    return {"buttons": [Button(f"{game.card(a.text).index} {game.card(a.text).title(table.lang)}", a.line())
                        for a in answers]}


def _showdown(table: ShowdownTable) -> dict:
    e, game, lang, talk = table.engine, table.game, table.lang, table.talk
    bonuses = {b.id: b for b in game.showdown.bonuses}
    return {"awards": [{"bonus": bonuses[a["bonus"]].name(lang), "team": a["team"], "amount": talk.money(a["amount"])}
                       for a in e.showdown["bonuses"]],
            "verdict": talk.verdict(e.showdown["winners"])}
