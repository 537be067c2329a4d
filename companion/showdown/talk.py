"""What the Hitman's Showdown table is told: the engine's typed events, a side's dice, a check's verdict
and the ledger's reasons, worded in the table's language for the terminal and the pages alike."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.data.hitmans_showdown import CardView, HitmansShowdown
from tabletop.data.text import Lang
from tabletop.i18n import N_

from ..speech import Said, Speech
from . import events as ev
from .cards import item_doing
from .conditions import AtomResult, Verdict, condition_of
from .penalties import Penalty
from .pool import Note, fmt
from .state import Finish, Team

# settle.py's questions, as a page asks them (its buttons are the answers).
PAGE_QUESTIONS = {
    "{team}: {what} (1d6: type the face, or 'roll')": N_("{team}: {what} (1d6)"),
    "{team}: {what} (type the face, or 'roll')": N_("{team}: {what}"),
    "{team} takes a card from {victim} ({choices}): type its id": N_("{team} takes a card from {victim}"),
}


class Talk:
    def __init__(self, game: HitmansShowdown, lang: Lang):
        self.game, self.lang = game, lang
        self.speech = Speech(lang)
        self._ = self.speech._
        self._words: dict[type, Callable[[Any], list[str]]] = {
            ev.Booked: self._booked, ev.TeamOut: self._team_out, ev.CardGiven: self._card_given,
            ev.Passed: lambda e: [self._("{team} passes", team=e.team)],
            ev.SkippedTurn: lambda e: [self._("{team} skips this turn (penalty)", team=e.team)],
            ev.WeekBegan: lambda e: [self._("— week {week}: {text}", week=e.week, text=e.text)],
            ev.ScoutDealt: lambda e: [self._("{team} receives the scout {card}", team=e.team, card=self.card(e.card))],
            ev.GameEnded: self._game_ended, ev.FinalMoney: self._final_money,
            ev.Won: lambda e: [self.verdict(e.winners)],
            ev.JustRolled: lambda e: [self._("{dice}: {faces}  (total {total})", dice=e.notation, faces=fmt(e.faces),
                                             total=sum(e.faces))],
            ev.MafiaAttacked: self._mafia_attacked,
            ev.TeamAttacked: lambda e: [self._("{team} attacks {target}: {team} prepares first, then {target}",
                                               team=e.team, target=e.target)],
            ev.Prepared: lambda e: ["  " + self.speech.label(e.team, self._("; ").join(map(self.note, e.notes)))],
            ev.DiceShown: lambda e: ["  " + self.speech.label(e.dice.team, self.dice_line(e.dice))],
            ev.Noted: lambda e: [self.speech.label(e.team, self.note(e.note))],
            ev.DefenderPrepares: lambda e: [self._("{team} defends and prepares now", team=e.team)],
            ev.ToRoll: lambda e: [self.speech.ngettext("{team} rolls {n} die", "{team} rolls {n} dice", e.count,
                                                       team=e.team)],
            ev.Rolled: lambda e: [self._("{team} rolled {faces}{by} — total {total}", team=e.team, faces=fmt(e.faces),
                                         total=e.total, by=self._(" (companion)") if e.companion else "")],
            ev.Standing: lambda e: ["  " + self.standing(e)],
            ev.DoubleSet: lambda e: [self._("{team} will double the reward if this succeeds ({left} left after it)",
                                            team=e.team, left=e.left)],
            ev.Duel: self._duel, ev.Checked: self._checked,
            ev.Took: lambda e: [self._("{team} takes {card}", team=e.team, card=self.card(e.card))],
            ev.NoPenalty: lambda e: [self._("no penalty on this card")],
            ev.Asked: lambda e: [],  # the question is the prompt, and the page's
            ev.PenaltyCancelled: lambda e: [self._("{team}: the {item} cancels the penalty", team=e.team,
                                                   item=e.item)],
            ev.PenaltyRolled: self._penalty_rolled,
            ev.Stole: lambda e: [self._("{team} takes {card} from {victim}", team=e.team, card=self.card(e.card),
                                        victim=e.victim)],
        }

    # ---- names and numbers -----------------------------------------------------------------------

    def money(self, amount: int) -> str:
        return self.game.format_money(amount, self.lang)

    def card(self, card_id: str) -> str:
        card = self.game.card(card_id)
        return f"{card.id} {card.title(self.lang)}"

    def page_question(self, question: Said) -> str:
        """A question as a page asks it: the taps offer the answers, so no word on how to type one."""
        page = PAGE_QUESTIONS.get(question.message)
        return self.words(question if page is None else Said(page, **question.fields))

    def words(self, value: Any) -> str:
        """A reason, a question or a name: the data's text or the companion's words, in this language."""
        return self.speech.say(value)

    def verdict(self, winners: tuple[str, ...] | list[str]) -> str:
        teams = self._(" and ").join(winners)
        return self._("shared victory: {teams}",
                      teams=teams) if len(winners) > 1 else self._("winner: {teams}", teams=teams)

    def pending(self, team: Team) -> list[str]:
        """What a team's last penalty still does: to its next action, its next turn, its targets."""
        _ = self._
        pending = [_("next total {n:+d}", n=team.next_total)] if team.next_total else []
        pending += [_("next {n:+d} die", n=team.next_dice)] if team.next_dice else []
        pending += [_("skips next turn")] if team.skip else []
        return pending + ([_("may not attack {teams}", teams=tuple(sorted(team.barred)))] if team.barred else [])

    def stakes(self, card: CardView, rewarded: bool) -> list[str]:
        """What the printed card says is at stake: reward (until paid once), advance, penalty."""
        label, say = self.game.labels, self.speech.label
        stakes = [] if rewarded or card.reward is None else [say(label["reward"](self.lang), self.money(card.reward))]
        stakes += [say(label["advance"](self.lang), self.money(card.advance))] if card.advance else []
        return stakes + [label["penalty_mark"](self.lang)] if card.penalty else stakes

    # ---- dice ----------------------------------------------------------------------------------------

    def note(self, note: Note) -> str:
        return note_text(note, self.speech)

    def dice_line(self, dice: ev.Dice) -> str:
        extras = [self._("total {n:+d}", n=dice.bonus)] if dice.bonus else []
        extras += [self._("{n} reroll(s)", n=dice.backups)] if dice.backups else []
        extras += [self._("escape route")] if dice.escape else []
        shown = fmt(dice.faces) if dice.faces is not None else self.speech.ngettext(
            "{n} die to roll", "{n} dice to roll", dice.count)
        return shown + (self._(" ({extras})", extras=self.speech.listing(extras)) if extras else "")

    def standing(self, standing: ev.Standing) -> str:
        """The rolled dice and totals; a mafia attack's with what its card's condition says of them."""
        if standing.verdict is not None:
            (side,) = standing.sides
            return self.speech.label(f"{self.dice_line(side)} = {side.total}", explain(standing.verdict, self.speech))
        return self._(" vs ").join(f"{s.team} {self.dice_line(s)} = {s.total}" for s in standing.sides)

    # ---- events --------------------------------------------------------------------------------------

    def narrate(self, events: list[ev.Event]) -> list[str]:
        return [line for event in events for line in self._words[type(event)](event)]

    def _booked(self, e: ev.Booked) -> list[str]:
        return [self._("{team}: {sign}{amount} ({reason}) → {balance}", team=e.team,
                       sign="+" if e.amount >= 0 else "−", amount=self.money(abs(e.amount)), reason=e.reason,
                       balance=self.money(e.balance))]

    def _team_out(self, e: ev.TeamOut) -> list[str]:
        return [self._("{team} has no money left and is out of the game", team=e.team)]

    def _card_given(self, e: ev.CardGiven) -> list[str]:
        if e.to is None:
            return [self._("{card} is back on the board", card=self.card(e.card))]
        return [self._("{card} now held by {team}", card=self.card(e.card), team=e.to)]

    def _game_ended(self, e: ev.GameEnded) -> list[str]:
        why = self._("one team is left") if e.why == Finish.ONE_LEFT else self._("the showdown")
        return [self._("— {why}: bonuses", why=why)]

    def _final_money(self, e: ev.FinalMoney) -> list[str]:
        standing = self.speech.listing(f"{team} {self.money(money)}" for team, money in e.standing)
        return [self._("final money: {standing}", standing=standing)]

    def _mafia_attacked(self, e: ev.MafiaAttacked) -> list[str]:
        card = self.game.card(e.card)
        stakes = self.stakes(card, e.rewarded)
        return ([self._("{team} attacks {card} — {condition}", team=e.team, card=self.card(e.card),
                        condition=condition_of(card).text(self.lang))]
                + (["  " + " · ".join(stakes)] if stakes else []))

    def _duel(self, e: ev.Duel) -> list[str]:
        who = self._("{team} wins", team=e.attacker) if e.won else self._("{team} holds", team=e.defender)
        return [self._("{a} {at} vs {d} {dt}: {who}", a=e.attacker, at=e.attacker_total, d=e.defender,
                       dt=e.defender_total, who=who)]

    def _checked(self, e: ev.Checked) -> list[str]:
        head = self._("{team} vs {target}", team=e.team, target=self.card(e.card))
        return [self.speech.label(head, explain(e.verdict, self.speech))]

    def _penalty_rolled(self, e: ev.PenaltyRolled) -> list[str]:
        effect = e.effect
        line = self._("{team}: {table}, rolled {roll} → {text}", team=e.team, table=e.table, roll=effect.roll,
                      text=effect.text)
        return [line + (self._(" (rolled {faces})", faces=fmt(effect.money_roll)) if effect.money_roll else "")]


def penalty_lines(game: HitmansShowdown, penalty: Penalty, lang: Lang) -> list[str]:
    """A penalty rolled by the `penalty` command, row by row."""
    _ = Speech(lang)._
    table = game.penalty_tables[penalty.table].name
    if penalty.cancelled:
        return [_("{table}: cancelled by the {item} — no penalty", table=table,
                  item=item_doing(game, "cancel_penalty").name)]
    lines = []
    for effect in penalty.effects:
        line = _("{table}: rolled {roll} → {text}", table=table, roll=effect.roll, text=effect.text)
        if effect.money_roll:
            line += _(" (rolled {faces}: {amount})", faces=fmt(effect.money_roll),
                      amount=game.format_money(effect.amount, lang))
        lines.append(line)
    return lines


def note_text(note: Note, speech: Speech) -> str:
    """One change to a side's dice and why."""
    s, why, _ = speech, note.why, speech._
    n = abs(note.n)
    if note.change == "start":
        return s.ngettext("{n} die to start", "{n} dice to start", n)
    if note.change == "dice":
        return s.ngettext("{why}: {n:+d} die", "{why}: {n:+d} dice", n, why=why, n=note.n)
    if note.change == "extra_rolled":
        return s.ngettext("{why}: extra die rolled {faces}", "{why}: extra dice rolled {faces}", n, why=why,
                          faces=fmt(note.faces))
    if note.change == "copied":
        return s.ngettext("{why}: {n} more die showing {face}", "{why}: {n} more dice showing {face}", n, why=why,
                          face=note.old)
    if note.change == "added":
        return _("{why}: added {faces}", why=why, faces=fmt(note.faces))
    if note.change == "set":
        return _("{why}: a {old} set to {new}", why=why, old=note.old, new=note.new)
    if note.change == "rerolled":
        return _("{why}: rerolled {old} -> {new}", why=why, old=fmt(note.gone), new=fmt(note.faces))
    if note.change == "taken_away":
        return _("{why}: {gone} taken away", why=why, gone=fmt(note.gone))
    if note.change == "total":
        return _("{why}: total {n:+d}", why=why, n=note.n)
    if note.change == "lowered":
        return _("{why}: highest die {old} -> {new}", why=why, old=note.old, new=note.new)
    if note.change == "no_opponent":
        return _("{why}: no opponent here, so its effect on the opponent does nothing", why=why)
    if note.change == "cancels":
        return _("{label}: cancels the penalty of a loss (no change to the dice)", label=why)
    raise ValueError(f"a note of an unknown change: {note.change!r}")


# A count of dice is said in words in English ("needs two 6s"); each word is in the catalog.
NUMBERS = (N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
           N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"))


def _number(n: int, speech: Speech) -> str:
    return speech._(NUMBERS[n]) if 0 <= n < len(NUMBERS) else str(n)


def _need(atom: AtomResult, speech: Speech) -> str:
    if atom.kind == "total_at_least":
        return speech._("total ≥ {target}", target=atom.target)
    if atom.kind == "total_equals":
        return speech._("total exactly {target}", target=atom.target)
    return speech.ngettext("{number} {face}", "{number} {face}s", atom.target, number=_number(atom.target, speech),
                           face=atom.face)


def _missing(atom: AtomResult, speech: Speech) -> str:
    have = _number(atom.have, speech) if atom.kind == "face_count_at_least" else atom.have
    return speech._("needs {need}, have {have}", need=_need(atom, speech), have=have)


def explain(verdict: Verdict, speech: Speech) -> str:
    """A check's verdict: what the dice met, or what each alternative still misses."""
    _ = speech._
    if verdict.success:
        held = next(alt for alt in verdict.alternatives if all(a.holds for a in alt))
        return _("success: {met}", met=_(", ").join(_need(a, speech) for a in held))
    parts = [_("; ").join(_missing(a, speech) for a in alt if not a.holds) for alt in verdict.alternatives]
    return _("fails: {missing}", missing=_(" — or — ").join(parts))
