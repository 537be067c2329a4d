"""The table REPL for Hitman's Showdown: a typed line → its action (match.py) → the engine's events →
their words (talk.py); the table for `status`, and JSON for scripts."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.data.hitmans_load import load_game
from tabletop.i18n import N_
from tabletop.text_width import display_width

from ..choices import Choice, Form
from ..numbers import is_whole
from ..protocol import Action, Outcome, RuleError
from ..session import Session
from ..speech import pad
from ..table import InputError, TableGame
from .dice import MAX_DICE, SIDES
from .engine import MAX_PURCHASE, Game
from .match import HELP_LINES, Match
from .moves import Answer, Attack, Buy, Done, Double, Pass, Ready, Roll, Use
from .ops import ChoicesMissing
from .state import Attacked, Stage
from .talk import Talk

FACES = tuple(str(face) for face in range(1, SIDES + 1))
RECENT = 4  # bookings shown by `status` (all of them are in `status --json`)


@lru_cache(maxsize=4)
def _game(cards_dir: str | None) -> Any:
    # Undo and every refused line rebuild the table; the (frozen) card data need not be read again.
    return load_game(Path(cards_dir) if cards_dir else None)


class ShowdownTable(TableGame):
    """TableGame for `companion showdown play`."""

    def __init__(self, session: Session):
        options = session.options
        self.game = _game(options.get("cards"))
        self.lang = options["lang"]
        teams = [(t["name"], t["faction"]) for t in options["teams"]]
        self.match = Match(Game(self.game, teams, session.seed, options.get("rules", 1)))
        self.talk = Talk(self.game, self.lang)

    @property
    def engine(self) -> Game:
        return self.match.engine

    # ---- TableGame --------------------------------------------------------------------------

    def awaiting_answer(self) -> bool:
        action = self.engine.action
        return action is not None and action.question is not None

    def is_over(self) -> bool:
        return self.engine.over

    def outcome(self) -> Outcome | None:
        return self.match.outcome()

    def prompt(self) -> str:
        e, talk, _ = self.engine, self.talk, self.talk._
        if e.over:
            return _("game over (status, history, undo, quit) >")
        action = e.action
        if action is None:
            team = e.current
            return _("[week {week}] {team} ({money}): attack / pass >",
                     week=e.week, team=team.name, money=talk.money(team.money))
        if action.question:
            return f"{talk.words(action.question)} >"
        target = talk.card(action.target) if action.kind == Attacked.MAFIA else action.target
        head = _("{team} vs {target}", team=action.attacker.team, target=target)
        if action.stage == Stage.PREPARE:
            more = "buy / use / ready" if action.kind == Attacked.HITMAN else "buy / use / roll"
            return _("{head} · {more} >", head=head, more=more)
        if action.stage == Stage.DEFEND:
            return _("{head} · {team} defends: buy / use / ready >", head=head, team=action.sides[1].team)
        if action.stage == Stage.ROLL:
            side = next(s for s in action.sides if not s.pool.rolled)
            return talk.speech.ngettext("{head} · {team} rolls {n} die >", "{head} · {team} rolls {n} dice >",
                                        side.pool.count, head=head, team=side.team)
        return _("{head} · use / reroll / done >", head=head)

    def handle(self, line: str) -> list[str]:
        try:
            # a refused line is undone by the table, which rebuilds the game from its journal
            return self.talk.narrate(self.match.carry_out(self.match.parse(line)))
        except RuleError as e:
            raise InputError(e.text(self.lang)) from None

    def help(self) -> list[str]:
        week = self.engine.first_week_with("open_hitman_attacks")
        return self.talk.speech.help_lines(HELP_LINES, week=week)

    def choices(self) -> list[Choice]:
        """The legal actions as the table names them, then forms for what has too many lines to list:
        a form is offered only when some fill of it is accepted now, with only the items that can be."""
        e, m, _ = self.engine, self.match, self.talk._
        legal = m.legal_actions()
        listed = [self._choice(action) for action in legal]
        action = e.action
        if e.over or (action is not None and action.question is not None):
            return listed  # a question waits: every other line is refused until it is answered
        if action is not None:
            if Roll() in legal:
                side = next(s for s in action.sides if not s.pool.rolled)
                listed.append(Choice("", _("The faces rolled at the table"), "roll",
                                     Form("faces", side.pool.count, FACES, least=side.pool.count)))
            items = tuple(item.id for item in self.game.preparation if Buy(item.id) in legal)
            if items:
                listed.append(Choice("", _("Buy several"), "buy", Form("buy", MAX_PURCHASE, items)))
            cards = self.usable(legal)
            if cards:
                listed.append(Choice("", _("Use a card with choices (a die to set, a face)"), "use",
                                     Form("use", 1, cards)))
            backed = [s for s in action.sides if s.backups] if action.stage == Stage.AFTER else []
            if backed:
                shown = tuple(sorted({str(face) for s in backed for face in s.pool.faces}, key=int))
                listed.append(Choice("", _("Reroll with a backup plan"), "reroll",
                                     Form("reroll", max(s.pool.count for s in backed), shown)))
        attacked = action.target if action is not None and action.kind == Attacked.MAFIA else None
        return listed + [Choice("", _("Correct a team's money"), "correct",
                                Form("adjust", 1, tuple(t.name for t in e.alive()))),
                         Choice("", _("Correct who holds a card"), "correct",
                                Form("give", 1, tuple(c.id for c in self.game.deck()
                                                      if c.role.category != "faction" and c.id != attacked))),
                         Choice("", _("Just roll dice"), "tools", Form("notation", MAX_DICE, ("d6",)))]

    def usable(self, legal: list[Action]) -> tuple[str, ...]:
        """The held cards of the teams in the action that some `use` line is accepted for now: as they
        stand, with choices typed after them, or with a second card of their role (a pair)."""
        e = self.engine
        usable = []
        for side in e.action.sides:
            held = e.teams[side.team].cards
            for card in held:
                role = self.game.card(card).role_id
                tries = [(card,)] + [(card, other) for other in held
                                     if other != card and self.game.card(other).role_id == role]
                if any(Use(tokens) in legal or needs_choices(self.match.refusal(Use(tokens))) for tokens in tries):
                    usable.append(card)
        return tuple(usable)

    def _choice(self, action: Action) -> Choice:
        e, talk, _ = self.engine, self.talk, self.talk._
        line = action.line()
        if isinstance(action, Attack):
            target = talk.card(action.target) if action.target not in e.teams else action.target
            return Choice(line, _("Attack {target}", target=target), "attack")
        if isinstance(action, Buy):
            item = next(i for i in self.game.preparation if i.id == action.item)
            return Choice(line, _("Buy {item}", item=item.name(self.lang)), "buy")
        if isinstance(action, Use):
            return Choice(line, _("Use {card}", card=talk.card(action.tokens[0])), "use")
        if isinstance(action, Answer):
            if action.text == "roll":
                return Choice(line, _("Let the companion roll"), "answer")
            if is_whole(action.text):
                return Choice(line, action.text, "answer")
            return Choice(line, _("Take {card}", card=talk.card(action.text)), "answer")
        if isinstance(action, Roll):
            return Choice(line, _("Let the companion roll"), "roll")
        words = {Pass: N_("Pass"), Ready: N_("Ready"), Double: N_("Double the reward"),
                 Done: N_("Settle the action")}
        return Choice(line, _(words[type(action)]), type(action).__name__.lower())

    def status(self) -> dict:
        e, talk = self.engine, self.talk
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
                "question": None if action.question is None else talk.words(action.question),
                "sides": [{"team": s.team, "dice": s.pool.count, "faces": s.pool.faces, "bonus": s.pool.bonus,
                           "total": s.pool.total, "backups": s.backups, "escape": s.escape,
                           "used": s.used} for s in action.sides]},
            "ledger": [{"week": b.week, "team": b.team, "amount": b.amount, "balance": b.balance,
                        "reason": talk.words(b.reason)} for b in e.ledger],
            "showdown": e.showdown,
        }

    def describe(self) -> list[str]:
        e, talk, _ = self.engine, self.talk, self.talk._
        lines = [_("week {week}", week=e.week) + ("" if e.over else _(" — {team} to act", team=e.current.name))]
        teams = [e.teams[name] for name in e.order]
        # columns wide enough for the longest name (a Japanese character takes two)
        widths = (max(10, *(display_width(t.name) + 1 for t in teams)),
                  max(18, *(display_width(e.faction(t).name(self.lang)) + 1 for t in teams)))
        for t in teams:
            pending = talk.pending(t)
            state = _("OUT") if t.out else _("{n}/{of} actions", n=t.acted, of=e.week_data().actions)
            cards = " ".join(f"{c}{'*' if e.uses[c] else ''}" for c in t.cards) or _("no cards")
            cells = [pad(t.name, widths[0]), pad(e.faction(t).name(self.lang), widths[1]),
                     pad(talk.money(t.money), 14, True)]
            note = "  [" + _("; ").join(pending) + "]" if pending else ""
            lines.append(f"  {' '.join(cells)}  {state}  {cards}{note}")
        lines.append(_("  board: {n} mafia cards", n=len(e.board)) + (_("  (* used this week)") if e.uses else ""))
        recent = e.ledger[len(e.order):][-RECENT:]  # the first bookings are the starting money
        if recent:
            lines.append(_("  latest money:"))
            lines += [f"    {b.team} {'+' if b.amount >= 0 else '−'}{talk.money(abs(b.amount))} "
                      f"{talk.words(b.reason)}" for b in recent]
        if e.action:
            lines.append("  " + self.prompt().rstrip(" >"))
        if e.showdown:
            for award in e.showdown["bonuses"]:
                bonus = next(b for b in self.game.showdown.bonuses if b.id == award["bonus"])
                lines.append(_("  {bonus}: {team} +{amount}", bonus=bonus.name(self.lang), team=award["team"],
                                   amount=talk.money(award["amount"])))
            lines.append(talk.verdict(e.showdown["winners"]))
        return lines


def needs_choices(refusal: RuleError | None) -> bool:
    """Whether a use was refused only for the choices still to be typed after its cards."""
    return isinstance(refusal, ChoicesMissing)


def new_game(session: Session) -> Any:
    return ShowdownTable(session)
