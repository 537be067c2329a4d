"""The table REPL for Hitman's Showdown: one typed line → one engine call; words and JSON out."""
from __future__ import annotations

import re
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.data.hitmans_showdown import load_game
from tabletop.i18n import N_
from tabletop.text_width import display_width

from ..session import Session
from ..speech import Said, pad
from ..table import InputError
from .dice import parse_faces, parse_notation, roll
from .engine import Engine
from .pool import fmt

# The commands (`help`), translated when shown.
HELP = (N_("attack CARD|TEAM     attack a mafia card on the board (SQ, ♡K, JOKER-BLACK) or a team (week {week} on)"),
        N_("pass                 let the turn go"),
        N_("buy ITEM [N]         weapon, backup, escape, closing (N times); while preparing"),
        N_("use CARD [CARD] [CHOICES]  a held card's effect; two cards at once for a pair (use H3 D4)"),
        N_("                     choices, in the card's order: extra die rolled after the roll: a face or ?;"),
        N_("                     set a die: OLD>NEW; add a die of a face / copy a die: the face"),
        N_("roll [FACES]         roll the action's dice: type your faces, or nothing to let the companion roll"),
        N_("roll 5d6             just roll dice"),
        N_("ready                hitman attack: the attacker, then the defender, is done preparing"),
        N_("reroll [TEAM] FACES [> NEW]  spend a backup plan on the dice showing FACES"),
        N_("double               Blood Diamond: double this reward"),
        N_("done                 settle the action (the companion then asks for any penalty or theft roll)"),
        N_("adjust TEAM ±N WHY   correct a team's money;  give CARD TEAM|board  correct who holds a card"),
        N_("questions            answer with the face you rolled, 'roll' to let the companion roll, or a card id"))
RECENT = 4  # bookings shown by `status` (all of them are in `status --json`)



@lru_cache(maxsize=4)
def _game(cards_dir: str | None) -> Any:
    # Undo and every refused line rebuild the table; the (frozen) card data need not be read again.
    return load_game(Path(cards_dir) if cards_dir else None)


class ShowdownTable:
    """TableGame for `companion showdown play`."""

    def __init__(self, session: Session):
        options = session.options
        self.game = _game(options.get("cards"))
        self.lang = options["lang"]
        teams = [(t["name"], t["faction"]) for t in options["teams"]]
        self.engine = Engine(self.game, teams, session.seed, self.lang)

    # ---- TableGame --------------------------------------------------------------------------

    def awaiting_answer(self) -> bool:
        action = self.engine.action
        return action is not None and action.question is not None

    def is_over(self) -> bool:
        return self.engine.over

    def prompt(self) -> str:
        e = self.engine
        if e.over:
            return e._("game over (status, history, undo, quit) >")
        action = e.action
        if action is None:
            team = e.current
            return e._("[week {week}] {team} ({money}): attack / pass >",
                       week=e.week, team=team.name, money=e.money(team.money))
        if action.question:
            return f"{action.question} >"
        target = self.engine.name(action.target) if action.kind == "mafia" else action.target
        head = e._("{team} vs {target}", team=action.attacker.team, target=target)
        if action.stage == "prepare":
            more = "buy / use / ready" if action.kind == "hitman" else "buy / use / roll"
            return e._("{head} · {more} >", head=head, more=more)
        if action.stage == "defend":
            return e._("{head} · {team} defends: buy / use / ready >", head=head, team=action.sides[1].team)
        if action.stage == "roll":
            side = next(s for s in action.sides if not s.pool.rolled)
            return e.speech.ngettext("{head} · {team} rolls {n} die >", "{head} · {team} rolls {n} dice >",
                                     side.pool.count, head=head, team=side.team)
        return e._("{head} · use / reroll / done >", head=head)

    def handle(self, line: str) -> list[str]:
        try:
            return self._dispatch(line)
        except Said as e:
            raise InputError(e.text(self.lang)) from None

    def help(self) -> list[str]:
        week = self.engine.first_week_with("open_hitman_attacks")
        return [self.engine._(line, week=week) for line in HELP]

    def status(self) -> dict:
        e = self.engine
        action = e.action
        return {
            "week": e.week, "turn": None if e.over else e.current.name, "over": e.over,
            "teams": [{"name": t.name, "faction": t.faction, "money": t.money, "cards": list(t.cards),
                       "out": t.out, "acted": t.acted, "doublings_used": t.doublings_used,
                       "pending": {"total": t.next_total, "dice": t.next_dice, "skip_next_turn": t.skip,
                                   "barred": sorted(t.barred)}} for t in (e.teams[n] for n in e.order)],
            "used_this_week": dict(e.uses),
            "board": list(e.board),
            "action": None if action is None else {
                "kind": action.kind, "target": action.target, "stage": action.stage,
                "question": action.question,
                "sides": [{"team": s.team, "dice": s.pool.count, "faces": s.pool.faces, "bonus": s.pool.bonus,
                           "total": s.pool.total, "backups": s.backups, "escape": s.escape,
                           "used": s.used} for s in action.sides]},
            "ledger": [asdict(b) for b in e.ledger],
            "showdown": e.showdown,
        }

    def describe(self) -> list[str]:
        e = self.engine
        lines = [e._("week {week}", week=e.week) + ("" if e.over else e._(" — {team} to act", team=e.current.name))]
        teams = [e.teams[name] for name in e.order]
        # columns wide enough for the longest name (a Japanese character takes two)
        widths = (max(10, *(display_width(t.name) + 1 for t in teams)),
                  max(18, *(display_width(e.faction(t).name(self.lang)) + 1 for t in teams)))
        for t in teams:
            pending = [e._("next total {n:+d}", n=t.next_total)] if t.next_total else []
            pending += [e._("next {n:+d} die", n=t.next_dice)] if t.next_dice else []
            pending += [e._("skips next turn")] if t.skip else []
            pending += [e._("may not attack {teams}", teams=e.speech.listing(sorted(t.barred)))] if t.barred else []
            state = e._("OUT") if t.out else e._("{n}/{of} actions", n=t.acted, of=e.week_data().actions)
            cards = " ".join(f"{c}{'*' if e.uses[c] else ''}" for c in t.cards) or e._("no cards")
            cells = [pad(t.name, widths[0]), pad(e.faction(t).name(self.lang), widths[1]),
                     pad(e.money(t.money), 14, True)]
            note = "  [" + e._("; ").join(pending) + "]" if pending else ""
            lines.append(f"  {' '.join(cells)}  {state}  {cards}{note}")
        lines.append(e._("  board: {n} mafia cards", n=len(e.board)) + (e._("  (* used this week)") if e.uses else ""))
        recent = e.ledger[len(e.order):][-RECENT:]  # the first bookings are the starting money
        if recent:
            lines.append(e._("  latest money:"))
            lines += [f"    {b.team} {'+' if b.amount >= 0 else '−'}{e.money(abs(b.amount))} {b.reason}"
                      for b in recent]
        if e.action:
            lines.append("  " + self.prompt().rstrip(" >"))
        if e.showdown:
            for award in e.showdown["bonuses"]:
                bonus = next(b for b in self.game.showdown.bonuses if b.id == award["bonus"])
                lines.append(e._("  {bonus}: {team} +{amount}", bonus=bonus.name(self.lang), team=award["team"],
                                   amount=e.money(award["amount"])))
            lines.append(e.verdict(e.showdown["winners"]))
        return lines

    # ---- parsing ----------------------------------------------------------------------------

    def _dispatch(self, line: str) -> list[str]:
        e = self.engine
        if self.awaiting_answer():
            return e.answer(line)
        word, *args = line.split()
        word = word.lower()
        if word == "attack" and args:
            return e.attack(" ".join(args))  # a team name may have spaces
        if word == "pass" and not args:
            return e.pass_turn()
        if word == "buy" and args:
            times = int(args[1]) if len(args) == 2 and args[1].isdigit() else 1
            if len(args) <= 2 and (len(args) == 1 or args[1].isdigit()):
                return e.buy(args[0], times)
        if word == "use" and args:
            return e.use(args)
        if word == "roll":
            if len(args) == 1 and re.search(r"[dD]", args[0]):
                faces = roll(e.rng, parse_notation(args[0]))
                return [e._("{dice}: {faces}  (total {total})", dice=args[0], faces=fmt(faces), total=sum(faces))]
            return e.roll_action(parse_faces(args) if args else None)
        if word == "reroll" and args:
            return e.reroll(args)
        if word in ("ready", "double", "done") and not args:
            return getattr(e, word)()
        if word == "adjust" and len(args) >= 3 and re.fullmatch(r"[+-]?\d+", args[1]):
            return e.adjust(args[0], int(args[1]), " ".join(args[2:]))
        if word == "give" and len(args) == 2:
            return e.give(args[0], args[1])
        usage = next((" ".join(h.split()) for h in self.help() if word in h.split()), None)
        raise InputError(e._("write it like this: {usage}",
                             usage=usage) if usage else e._("not understood: {line!r}", line=line))


def new_game(session: Session) -> Any:
    return ShowdownTable(session)
