"""The table REPL for Hitman's Showdown: one typed line → one engine call; words and JSON out."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.data.hitmans_showdown import load_game

from ..session import Session
from ..table import InputError
from .dice import DiceError, parse_faces, parse_notation, roll
from .engine import Engine, RuleError

RECENT = 4  # bookings shown by `status` (all of them are in `status --json`)

HELP = [
    "attack CARD|TEAM     attack a mafia card on the board (SQ, ♡K, JOKER-BLACK) or a team (week 3 on)",
    "pass                 let the turn go",
    "buy ITEM [N]         weapon, backup, escape, closing (N times); while preparing",
    "use CARD [CARD] [CHOICES]  a held card's effect; two cards at once for a pair (use H3 D4)",
    "                     choices, in the card's order: extra die rolled after the roll: a face or ?;",
    "                     set a die: OLD>NEW; add a die of a face / copy a die: the face",
    "roll [FACES]         roll the action's dice: type your faces, or nothing to let the companion roll",
    "roll 5d6             just roll dice",
    "ready                hitman attack: the attacker, then the defender, is done preparing",
    "reroll [TEAM] FACES [> NEW]  spend a backup plan on the dice showing FACES",
    "double               Blood Diamond: double this reward",
    "done                 settle the action (the companion then asks for any penalty or theft roll)",
    "adjust TEAM ±N WHY   correct a team's money;  give CARD TEAM|board  correct who holds a card",
    "questions            answer with the face you rolled, 'roll' to let the companion roll, or a card id",
]


@lru_cache(maxsize=4)
def _game(cards_dir: str | None) -> Any:
    # Undo and every refused line rebuild the table; the (frozen) card data need not be read again.
    return load_game(Path(cards_dir) if cards_dir else None)


class ShowdownTable:
    """TableGame for `companion showdown play`."""

    def __init__(self, session: Session):
        options = session.options
        cards_dir = options.get("cards_dir")
        self.game = _game(cards_dir)
        self.lang = options.get("lang", "en")
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
            return "game over (status, history, undo, quit) >"
        action = e.action
        if action is None:
            team = e.current
            return f"[week {e.week}] {team.name} ({e.money(team.money)}): attack / pass >"
        if action.question:
            return f"{action.question} >"
        target = self.engine.name(action.target) if action.kind == "mafia" else action.target
        head = f"{action.attacker.team} vs {target}"
        if action.stage == "prepare":
            more = "buy / use / ready" if action.kind == "hitman" else "buy / use / roll"
            return f"{head} · {more} >"
        if action.stage == "defend":
            return f"{head} · {action.sides[1].team} defends: buy / use / ready >"
        if action.stage == "roll":
            side = next(s for s in action.sides if not s.pool.rolled)
            return f"{head} · {side.team} roll {side.pool.count} dice >"
        return f"{head} · use / reroll / done >"

    def handle(self, line: str) -> list[str]:
        try:
            return self._dispatch(line)
        except (RuleError, DiceError) as e:
            raise InputError(str(e)) from None

    def help(self) -> list[str]:
        return HELP

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
        lines = [f"week {e.week}" + ("" if e.over else f" — {e.current.name} to act")]
        for name in e.order:
            t = e.teams[name]
            pending = [f"next total {t.next_total:+d}"] if t.next_total else []
            pending += [f"next {t.next_dice:+d} die"] if t.next_dice else []
            pending += ["skips next turn"] if t.skip else []
            pending += [f"may not attack {', '.join(sorted(t.barred))}"] if t.barred else []
            state = "OUT" if t.out else f"{t.acted}/{e.week_data().actions} actions"
            cards = " ".join(f"{c}{'*' if e.uses[c] else ''}" for c in t.cards) or "no cards"
            lines.append(f"  {pad(t.name, 10)} {pad(e.faction(t).name(self.lang), 18)} {pad(e.money(t.money), 14, True)}  "
                         f"{state}  {cards}" + (f"  [{'; '.join(pending)}]" if pending else ""))
        lines.append(f"  board: {len(e.board)} mafia cards" + ("  (* used this week)" if e.uses else ""))
        recent = [b for b in e.ledger if b.reason != "starting money"][-RECENT:]
        if recent:
            lines.append("  latest money: " + "; ".join(
                f"{b.team} {'+' if b.amount >= 0 else '−'}{e.money(abs(b.amount))} {b.reason}" for b in recent))
        if e.action:
            lines.append("  " + self.prompt().rstrip(" >"))
        if e.showdown:
            for award in e.showdown["bonuses"]:
                bonus = next(b for b in self.game.showdown.bonuses if b.id == award["bonus"])
                lines.append(f"  {bonus.name(self.lang)}: {award['team']} +{e.money(award['amount'])}")
            winners = e.showdown["winners"]
            lines.append(("shared victory: " if len(winners) > 1 else "winner: ") + " and ".join(winners))
        return lines

    # ---- parsing ----------------------------------------------------------------------------

    def _dispatch(self, line: str) -> list[str]:
        e = self.engine
        if self.awaiting_answer():
            return e.answer(line)
        word, *args = line.split()
        word = word.lower()
        if word == "attack" and len(args) == 1:
            return e.attack(args[0])
        if word == "pass" and not args:
            return e.pass_turn()
        if word == "buy" and args:
            times = int(args[1]) if len(args) == 2 and args[1].isdigit() else 1
            if len(args) > 2 or (len(args) == 2 and not args[1].isdigit()):
                raise InputError("buy ITEM [N], e.g. buy weapon 2")
            return e.buy(args[0], times)
        if word == "use" and args:
            return e.use(args)
        if word == "roll":
            if len(args) == 1 and re.search(r"[dD]", args[0]):
                faces = roll(e.rng, parse_notation(args[0]))
                return [f"{args[0]}: {' '.join(map(str, faces))}  (total {sum(faces)})"]
            return e.roll_action(parse_faces(args) if args else None)
        if word == "reroll" and args:
            return e.reroll(args)
        if word in ("ready", "double", "done") and not args:
            return getattr(e, word)()
        if word == "adjust" and len(args) >= 3 and re.fullmatch(r"[+-]?\d+", args[1]):
            return e.adjust(args[0], int(args[1]), " ".join(args[2:]))
        if word == "give" and len(args) == 2:
            return e.give(args[0], args[1])
        raise InputError(f"not understood: {line!r}")


def pad(text: str, width: int, right: bool = False) -> str:
    """Pad to `width` terminal columns (Japanese characters take two)."""
    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    fill = " " * max(0, width - used)
    return fill + text if right else text + fill


def new_game(session: Session) -> Any:
    return ShowdownTable(session)
