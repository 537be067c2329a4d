"""Hitman's Showdown at the table: teams, the money ledger, weeks and turns, the showdown.

Pure rules over the card data: no printing, no input. Every method returns the messages for the
players or raises RuleError. Chance enters as faces: typed by the players, or rolled by the seeded
RNG when they ask for it, so replaying the same lines rebuilds the same game. The steps inside an
action (buy, use, roll, done, the questions after it) live in actions.py.
"""
from __future__ import annotations

import copy
import random
import unicodedata
from collections import Counter
from typing import Any

from tabletop.i18n import N_
from tabletop.plain_text import shown, stray_character

from ..speech import Speech
from .actions import ActionSteps
from .cards import find_card
from .pool import Pool
from .state import Action, Booking, RuleError, Side, Team

__all__ = ["Engine", "RuleError", "check_teams"]


def check_teams(rules: Any, teams: list[tuple[str, str]]) -> None:
    """Teams as (name, faction id): as many as the rules allow, each with its own name and faction."""
    if not rules.players_min <= len(teams) <= rules.players_max:
        raise RuleError(N_("name {min}-{max} teams with --team NAME=FACTION (not {n})"),
                        min=rules.players_min, max=rules.players_max, n=len(teams))
    if len({f for _, f in teams}) != len(teams) or len({n.casefold() for n, _ in teams}) != len(teams):
        raise RuleError(N_("each team needs its own name and its own faction"))
    for name, _ in teams:
        stray = stray_character(name)
        if stray and unicodedata.category(stray) == "Cs":  # bytes from a command line in another encoding
            raise RuleError(N_("a team's name is not UTF-8 text ({character})"), character=shown(stray))
        if stray:  # the name is shown at every terminal that resumes the game
            raise RuleError(N_("a team's name cannot hold a control character or line break ({character})"),
                            character=shown(stray))


# The companion's rulings, by version: a game keeps the version it was started under (saved with its
# options as "rules"; none saved: 1), so a later ruling never changes what a saved line did.
#   1  the first rulings
#   2  a purchase that can have no effect is refused; a penalty answer gives exactly the faces asked
RULES_VERSION = 2


class Engine(ActionSteps):
    def __init__(self, game: Any, teams: list[tuple[str, str]], seed: int, lang: str = "en",
                 rules_version: int = RULES_VERSION):
        rules = game.rules
        check_teams(rules, teams)
        self.rules_version = rules_version
        self.game, self.lang, self.rng = game, lang, random.Random(seed)
        self.speech = Speech(lang)
        self._ = self.speech._
        self.teams = {name: Team(name, faction, rules.starting_money) for name, faction in teams}
        self.order = [name for name, _ in teams]
        self.turn = 0
        self.week = game.weeks[0].week
        self.board = [c.id for c in game.deck() if c.role.category == "mafia"]
        self.rewarded: set[str] = set()
        self.uses: Counter = Counter()  # card id -> uses this week
        self.action: Action | None = None
        self.over = False
        self.showdown: dict | None = None
        self.ledger = [Booking(self.week, n, rules.starting_money, rules.starting_money, self._("starting money"))
                       for n in self.order]

    def clone(self) -> "Engine":
        """An independent copy of the state (the card data and the words are shared): what the
        protocol tries an action on."""
        twin = copy.copy(self)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.teams = {name: t.copy() for name, t in self.teams.items()}
        twin.board, twin.rewarded, twin.uses = list(self.board), set(self.rewarded), Counter(self.uses)
        twin.ledger = list(self.ledger)  # bookings are appended, never changed
        twin.showdown = copy.deepcopy(self.showdown)
        twin.action = None if self.action is None else self.action.copy()
        return twin

    # ---- reading the state ------------------------------------------------------------------

    def name(self, card_id: str) -> str:
        card = self.game.card(card_id)
        return f"{card.id} {card.title(self.lang)}"

    def money(self, amount: int) -> str:
        return self.game.format_money(amount, self.lang)

    @property
    def current(self) -> Team:
        return self.teams[self.order[self.turn]]

    def alive(self) -> list[Team]:
        return [self.teams[n] for n in self.order if not self.teams[n].out]

    def team(self, text: str) -> Team:
        for team in self.teams.values():
            if team.name.casefold() == text.casefold():
                return team
        raise RuleError(N_("no team {text!r}; teams: {teams}"), text=text, teams=", ".join(self.order))

    def holder(self, card_id: str) -> Team | None:
        return next((t for t in self.teams.values() if card_id in t.cards), None)

    def faction(self, team: Team) -> Any:
        return self.game.factions[team.faction]

    def week_data(self, week: int | None = None) -> Any:
        return self.game.weeks[(week or self.week) - 1]

    def first_week_with(self, event: str) -> int:
        return next((w.week for w in self.game.weeks if event in w.events), 0)

    # ---- money ------------------------------------------------------------------------------

    def _book(self, name: str, amount: int, reason: str) -> list[str]:
        team = self.teams[name]
        paid = max(amount, -team.money)  # money never goes below zero
        team.money += paid
        self.ledger.append(Booking(self.week, name, paid, team.money, reason))
        out = []
        if amount:
            out.append(self._("{team}: {sign}{amount} ({reason}) → {balance}",
                              team=name, sign="+" if paid >= 0 else "−", amount=self.money(abs(paid)),
                                reason=reason, balance=self.money(team.money)))
        if not team.out and team.money <= self.game.rules.eliminated_at and amount:
            team.out = True
            out.append(self._("{team} has no money left and is out of the game", team=name))
        return out

    def _afford(self, team: Team, price: int, what: str) -> None:
        if team.money - price <= self.game.rules.eliminated_at:
            raise RuleError(N_("{team} cannot pay {price} for {what}: {held} held, and reaching {out} means leaving "
                               "the game"), team=team.name, price=self.money(price), what=what,
                            held=self.money(team.money), out=self.money(self.game.rules.eliminated_at))

    def adjust(self, name: str, amount: int, reason: str) -> list[str]:
        team = self.team(name)
        if team.out:
            raise RuleError(N_("{team} is out of the game"), team=team.name)
        if self.action is not None and team.money + amount <= self.game.rules.eliminated_at:
            raise RuleError(N_("a correction that puts a team out must wait until the action is settled"))
        out = self._book(team.name, amount, self._("correction: {why}", why=reason))
        if len(self.alive()) < 2:
            return out + self._finish(self._("one team is left"))
        if self.current.out and self.action is None:
            return out + self._end_turn()
        return out

    def give(self, card_text: str, to: str) -> list[str]:
        """Manual correction: move a card to a team or back to the board."""
        card = self._card(card_text)
        if card.role.category == "faction":
            raise RuleError(N_("faction cards stay with their team"))
        if self.action is not None and self.action.kind == "mafia" and self.action.target == card.id:
            raise RuleError(N_("{card} is under attack: finish the attack (or undo it) before moving the card"),
                            card=self.name(card.id))
        holder = self.holder(card.id)
        if holder:
            holder.cards.remove(card.id)
        elif card.id in self.board:
            self.board.remove(card.id)
        if to.casefold() == "board":
            if card.role.category == "mafia":
                self.board.append(card.id)
            return [self._("{card} is back on the board", card=self.name(card.id))]
        self.team(to).cards.append(card.id)
        return [self._("{card} now held by {team}", card=self.name(card.id), team=self.team(to).name)]

    def _card(self, text: str) -> Any:
        return find_card(self.game, text)

    # ---- turns and weeks --------------------------------------------------------------------

    def _need_turn(self) -> None:
        if self.over:
            raise RuleError(N_("the game is over"))
        if self.action is not None:
            stage = self.action.stage
            raise RuleError(N_("finish the current action first ({hint}), or undo to take it back"),
                            hint=self._stage_hint(stage))

    def pass_turn(self) -> list[str]:
        self._need_turn()
        return [self._("{team} passes", team=self.current.name)] + self._end_turn()

    def _end_turn(self) -> list[str]:
        self.action = None
        self.current.acted += 1
        return self._advance()

    def _advance(self) -> list[str]:
        out = []
        if len(self.alive()) < 2:
            return out + self._finish(self._("one team is left"))
        while True:
            nxt = self._next_seat()
            if nxt is None:
                out += self._new_week()
                if self.over:
                    return out
                continue
            self.turn = nxt
            team = self.current
            if team.skip:
                team.skip, team.acted = False, team.acted + 1
                out.append(self._("{team} skips this turn (penalty)", team=team.name))
                continue
            return out

    def _next_seat(self) -> int | None:
        limit = self.week_data().actions
        n = len(self.order)
        # Seats take turns in order; the first seat that still owes an action this week goes next.
        start = (self.turn + 1) % n
        for i in range(n):
            seat = (start + i) % n
            team = self.teams[self.order[seat]]
            if not team.out and team.acted < limit:
                return seat
        return None

    def _new_week(self) -> list[str]:
        self.week += 1
        self.uses.clear()
        for team in self.teams.values():
            team.acted, team.barred = 0, set()
        data = self.week_data()
        out = [self._("— week {week}: {text}", week=self.week, text=data.text(self.lang))]
        if "deal_scouts" in data.events:
            for team in self.alive():
                scout = self._scout_of(team)
                team.cards.append(scout)
                out.append(self._("{team} receives the scout {card}", team=team.name, card=self.name(scout)))
        if "showdown" in data.events or data.actions == 0:
            out += self._finish(self._("the showdown"))
        else:
            self.turn = len(self.order) - 1  # the next seat found is the first one
        return out

    def _scout_of(self, team: Team) -> str:
        suit = next(c.suit for c in self.game.deck() if c.faction_id == team.faction)
        return next(c.id for c in self.game.deck() if c.role.category == "scout" and c.suit == suit)

    # ---- the showdown -----------------------------------------------------------------------

    def _finish(self, why: str) -> list[str]:
        self.over, self.action = True, None
        out = [self._("— {why}: bonuses", why=why)]
        awards = []
        for bonus in self.game.showdown.bonuses:
            for team in self._bonus_winners(bonus):
                out += self._book(team.name, bonus.amount, bonus.name(self.lang))
                awards.append({"bonus": bonus.id, "team": team.name, "amount": bonus.amount})
        top = max((t.money for t in self.alive()), default=0)
        winners = [t.name for t in self.alive() if t.money == top]
        self.showdown = {"bonuses": awards, "money": {t.name: t.money for t in self.teams.values()},
                         "winners": winners}
        standing = self.speech.listing(f"{t.name} {self.money(t.money)}" for t in sorted(
            self.alive(), key=lambda t: -t.money))
        out.append(self._("final money: {standing}", standing=standing))
        return out + [self.verdict(winners)]

    def verdict(self, winners: list[str]) -> str:
        teams = self._(" and ").join(winners)
        return self._("shared victory: {teams}",
                      teams=teams) if len(winners) > 1 else self._("winner: {teams}", teams=teams)

    def _bonus_winners(self, bonus: Any) -> list[Team]:
        who = bonus.who
        if who.KIND == "holds_role":
            return [t for t in self.alive() if any(self.game.card(c).role_id == who.role for c in t.cards)]
        counts = {t.name: sum(1 for c in t.cards if self.game.card(c).role.organisation == who.organisation
                              and self.game.card(c).role.category == "mafia") for t in self.alive()}
        best = max(counts.values(), default=0)
        tied = [self.teams[n] for n, k in counts.items() if k == best and best > 0]
        return tied if len(tied) == 1 or who.ties == "all_tied" else []

    # ---- starting an action -----------------------------------------------------------------

    def attack(self, target: str) -> list[str]:
        self._need_turn()
        actor = self.current
        try:
            defender = self.team(target)
        except RuleError:
            defender = None
        if defender is not None:
            return self._attack_team(actor, defender)
        card = self._card(target)
        if card.id not in self.board:
            holder = self.holder(card.id)
            where = self._("held by {team}", team=holder.name) if holder else self._("not on the board")
            raise RuleError(N_("{card} is {where}; attack a card on the board"), card=self.name(card.id), where=where)
        out = []
        if card.advance and self.game.rules.advance == "paid":
            self._afford(actor, card.advance, self._("the advance on {id}", id=card.id))
            out += self._book(actor.name, -card.advance, self._("advance for {card}", card=self.name(card.id)))
        elif card.advance:
            out += self._book(actor.name, card.advance, self._("advance for {card}", card=self.name(card.id)))
        self.action = Action("mafia", card.id, [self._side(actor, hitman_attack=False)])
        out.append(self._("{team} attacks {card} — {condition}", team=actor.name, card=self.name(card.id),
                            condition=card.condition.text(self.lang)))
        stakes = self.stakes(card)
        out += ["  " + " · ".join(stakes)] if stakes else []
        return out + ["  " + self.speech.label(actor.name, self._("; ").join(self.action.attacker.pool.notes))]

    def stakes(self, card: Any) -> list[str]:
        """What the printed card says is at stake: reward, advance, penalty."""
        label = self.game.labels
        say = self.speech.label
        stakes = [] if card.id in self.rewarded else [say(label["reward"](self.lang), self.money(card.reward))]
        stakes += [say(label["advance"](self.lang), self.money(card.advance))] if card.advance else []
        return stakes + [label["penalty_mark"](self.lang)] if card.penalty else stakes

    def _attack_team(self, actor: Team, defender: Team) -> list[str]:
        opens = self.first_week_with("open_hitman_attacks")
        if self.week < opens:
            raise RuleError(N_("hitman teams can be attacked from week {week} on"), week=opens)
        if defender is actor or defender.out:
            if defender is actor:
                raise RuleError(N_("a team cannot attack itself"))
            raise RuleError(N_("{team} cannot be attacked"), team=defender.name)
        if defender.name in actor.barred:
            raise RuleError(N_("{team} may not attack {target} again until the week changes"),
                            team=actor.name, target=defender.name)
        self.action = Action("hitman", defender.name, [self._side(actor, hitman_attack=True),
                                                       self._side(defender, hitman_attack=False)])
        a, d = self.action.sides
        return ([self._("{team} attacks {target}: {team} prepares (buy / use), then ready",
                        team=actor.name, target=defender.name)]
                + ["  " + self.speech.label(s.team, self._("; ").join(s.pool.notes)) for s in (a, d)])

    def _side(self, team: Team, hitman_attack: bool) -> Side:
        twists = self.faction(team).twists
        pool = Pool(count=self.game.rules.starting_dice, lang=self.lang)
        pool.notes.append(self.speech.ngettext("{n} die to start", "{n} dice to start", pool.count))
        label = self.faction(team).name(self.lang)
        if twists.extra_dice:
            pool.more_dice(twists.extra_dice, label)
        if hitman_attack and twists.hitman_attack_extra_dice:
            pool.more_dice(twists.hitman_attack_extra_dice, label)
        if hitman_attack and twists.hitman_attack_total_bonus:
            pool.add_to_total(twists.hitman_attack_total_bonus, label)
        if team.next_dice:
            pool.more_dice(team.next_dice, self._("last penalty"))
        if team.next_total:
            pool.add_to_total(team.next_total, self._("last penalty"))
        team.next_dice = team.next_total = 0
        return Side(team.name, pool)
