"""Hitman's Showdown at the table: teams, the money ledger, weeks and turns, the action under way and
the showdown.

Pure rules over the card data: no words, no input. Every action returns typed events (events.py) or
raises RuleError; the narration (talk.py) words them. Chance enters as faces: typed by the players,
or rolled by the seeded RNG when they ask for it, so replaying the same lines rebuilds the same game.
An action's dice are a Pool per side (pool.py); a loss or a theft is settled from the answers typed so
far (settle.py).
"""
from __future__ import annotations

import copy
import unicodedata
from collections import Counter

from tabletop.data.hitmans_showdown import (
    AddDice,
    Bonus,
    CancelPenalty,
    Faction,
    HitmansShowdown,
    HoldsRole,
    Money,
    OpponentTotalMinus,
    PrepItem,
    Rules,
    Week,
)
from tabletop.data.hitmans_showdown import Reroll as RerollOp
from tabletop.i18n import N_
from tabletop.plain_text import shown, stray_character

from ..numbers import is_whole
from ..speech import Joined, Said
from . import events as ev
from .cards import find_card, find_item, item_doing
from .conditions import Verdict, condition_of, evaluate, kind_of
from .dice import DiceError, TableRandom, parse_faces, roll
from .pool import Note, Pool, PoolError, Why
from .settle import settle
from .state import Attacked, Award, Booking, Fight, Finish, Result, RuleError, Side, Stage, Team
from .uses import apply_use, parse_reroll, parse_use

__all__ = ["Game", "MAX_MONEY", "MAX_PURCHASE", "RULES_VERSION", "RuleError", "check_teams"]

MAX_PURCHASE = 99  # items in one purchase: more than any table buys, and a bound on what a line can build
# A team's money after a correction: far beyond any table's, and far enough below the largest whole number
# the browser's numbers hold exactly (companion/numbers.py) that no game's rewards carry it past.
MAX_MONEY = 10**12

# The companion's rulings, by version: a game keeps the version it was started under (saved with its
# options as "rules"; none saved: 1), so a later ruling never changes what a saved line did.
#   1  the first rulings
#   2  a purchase that can have no effect is refused; a penalty answer gives exactly the faces asked
#   3  a use that can have no effect is refused; no robbery roll is asked of a victim left with nothing
RULES_VERSION = 3

# What a use does to the opposing side only: nothing in a mafia attack, where nobody opposes the dice.
AGAINST = {"opponent_total_minus", "opponent_dice_minus", "opponent_highest_minus"}

STAGE_HINTS = {Stage.DEFEND: N_("the defender is preparing: buy, use, then ready"),
               Stage.ROLL: N_("roll the dice first"),
               Stage.AFTER: N_("the dice are rolled: use cards, reroll, or done"),
               Stage.SETTLE: N_("answer the question first")}


def check_teams(rules: Rules, teams: list[tuple[str, str]]) -> None:
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


class Game:
    """A game's state and the rules' verbs (the protocol is `match.Match`); `game` is the card data."""
    def __init__(self, game: HitmansShowdown, teams: list[tuple[str, str]], seed: int,
                 rules_version: int = RULES_VERSION):
        rules = game.rules
        check_teams(rules, teams)
        self.rules_version = rules_version
        self.game, self.rng = game, TableRandom(seed)
        self.teams = {name: Team(name, faction, rules.starting_money) for name, faction in teams}
        self.order = [name for name, _ in teams]
        self.turn = 0
        self.week = game.weeks[0].week
        self.board = [c.id for c in game.deck() if c.role.category == "mafia"]
        self.rewarded: set[str] = set()
        self.uses: Counter[str] = Counter()  # card id -> uses this week
        self.action: Fight | None = None
        self.over = False
        self.showdown: Result | None = None
        self.ledger = tuple(Booking(self.week, n, rules.starting_money, rules.starting_money,
                                    Said(N_("starting money"))) for n in self.order)

    def clone(self) -> Game:
        """An independent copy of the state (the card data is shared): what the protocol tries an
        action on."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.fork()
        twin.teams = {name: t.copy() for name, t in self.teams.items()}
        twin.board, twin.rewarded, twin.uses = list(self.board), set(self.rewarded), Counter(self.uses)
        # the ledger is a tuple, shared: a booking makes a new one
        if self.showdown is not None:
            twin.showdown = copy.deepcopy(self.showdown)
        if self.action is not None:
            twin.action = self.action.copy()
        return twin

    # ---- reading the state ------------------------------------------------------------------

    def card_name(self, card_id: str) -> Said:
        card = self.game.card(card_id)
        return Said(N_("{id} {title}"), id=card.id, title=card.title)

    def amount(self, amount: int) -> Money:
        return self.game.amount(amount)

    @property
    def current(self) -> Team:
        return self.teams[self.order[self.turn]]

    def alive(self) -> list[Team]:
        return [self.teams[n] for n in self.order if not self.teams[n].out]

    def find_team(self, text: str) -> Team | None:
        wanted = text.casefold()
        return next((team for team in self.teams.values() if team.name.casefold() == wanted), None)

    def team(self, text: str) -> Team:
        team = self.find_team(text)
        if team is not None:
            return team
        raise RuleError(N_("no team {text!r}; teams: {teams}"), text=text, teams=tuple(self.order))

    def holder(self, card_id: str) -> Team | None:
        return next((t for t in self.teams.values() if card_id in t.cards), None)

    def faction(self, team: Team) -> Faction:
        return self.game.factions[team.faction]

    def week_data(self, week: int | None = None) -> Week:
        return self.game.weeks[(week or self.week) - 1]

    def first_week_with(self, event: str) -> int:
        return next((w.week for w in self.game.weeks if event in w.events), 0)

    def dice(self, side: Side) -> ev.Dice:
        pool = side.pool
        return ev.Dice(side.team, pool.count, None if pool.faces is None else tuple(pool.faces), pool.bonus,
                       side.backups, side.escape)

    def verdict(self) -> Verdict | None:
        """Whether a mafia attack's rolled dice meet its card's condition now."""
        action = self.action
        if action is None or action.kind != Attacked.MAFIA:
            return None
        pool = action.attacker.pool
        if pool.faces is None:
            return None
        condition = condition_of(self.game.card(action.target))
        return evaluate([a.all for a in condition.any], pool.faces, pool.bonus)

    def attacker_wins(self) -> bool | None:
        """Whether the action's attacker would win if it were settled now (None before its roll)."""
        action = self.action
        if action is None or not all(s.pool.rolled for s in action.sides):
            return None
        verdict = self.verdict()
        if verdict is not None:
            return verdict.success
        a, d = action.sides
        return self._beats(a, d)

    def _beats(self, attacker: Side, defender: Side) -> bool:
        """Whether a hitman attack's attacker wins against the defender's rolled dice."""
        ties_to_attacker = self.game.hitman_attack.ties == "attacker"
        return attacker.pool.total > defender.pool.total or (attacker.pool.total == defender.pool.total
                                                             and ties_to_attacker)

    def standing(self) -> ev.Standing:
        """The rolled dice of the action under way (none without one)."""
        sides = self.action.sides if self.action is not None else []
        return ev.Standing(tuple(self.dice(s) for s in sides if s.pool.rolled), self.verdict())

    def cards_to_steal(self, action: Fight) -> int:
        victim = self.teams[action.target]
        stealable = [c for c in victim.cards if self.game.card(c).role.stealable]
        wanted = self.game.hitman_attack.cards_taken + self.faction(victim).twists.extra_cards_lost_on_failed_defence
        return min(wanted, len(stealable))

    def price(self, side: Side, item: PrepItem, more: int = 0) -> int:
        """What the next of `item` costs `side` (after `more` bought in the same purchase): the first of
        the turn at its price, the further ones at theirs."""
        return item.price if side.bought[item.id] + more == 0 or item.price_further is None else item.price_further

    # ---- money ------------------------------------------------------------------------------

    def book(self, name: str, amount: int, reason: Why) -> list[ev.Event]:
        team = self.teams[name]
        paid = max(amount, -team.money)  # money never goes below zero
        team.money += paid
        self.ledger += (Booking(self.week, name, paid, team.money, reason),)
        if not amount:
            return []
        out: list[ev.Event] = [ev.Booked(name, paid, team.money, reason)]
        if not team.out and team.money <= self.game.rules.eliminated_at:
            team.out = True
            out.append(ev.TeamOut(name))
        return out

    def _afford(self, team: Team, price: int, what: Why) -> None:
        if team.money - price <= self.game.rules.eliminated_at:
            raise RuleError(N_("{team} cannot pay {price} for {what}: {held} held, and reaching {out} means leaving "
                               "the game"), team=team.name, price=self.amount(price), what=what,
                            held=self.amount(team.money), out=self.amount(self.game.rules.eliminated_at))

    # ---- corrections --------------------------------------------------------------------------

    def adjust(self, name: str, amount: int, reason: str) -> list[ev.Event]:
        team = self.team(name)
        if team.out:
            raise RuleError(N_("{team} is out of the game"), team=team.name)
        if self.action is not None and team.money + amount <= self.game.rules.eliminated_at:
            raise RuleError(N_("a correction that puts a team out must wait until the action is settled"))
        if team.money + amount > MAX_MONEY:
            raise RuleError(N_("a correction cannot take a team's money above {most}"), most=self.amount(MAX_MONEY))
        out = self.book(team.name, amount, Said(N_("correction: {why}"), why=reason))
        if len(self.alive()) < 2:
            return out + self._finish(Finish.ONE_LEFT)
        if self.current.out and self.action is None:
            return out + self.end_turn()
        return out

    def give(self, card_text: str, to: str) -> list[ev.Event]:
        """Manual correction: move a card to a team or back to the board."""
        card = find_card(self.game, card_text)
        if card.role.category == "faction":
            raise RuleError(N_("faction cards stay with their team"))
        if self.action is not None and self.action.kind == Attacked.MAFIA and self.action.target == card.id:
            raise RuleError(N_("{card} is under attack: finish the attack (or undo it) before moving the card"),
                            card=self.card_name(card.id))
        receiver = None if to.casefold() == "board" else self.team(to)
        holder = self.holder(card.id)
        if holder:
            holder.cards.remove(card.id)
        elif card.id in self.board:
            self.board.remove(card.id)
        if receiver is None:
            if card.role.category == "mafia":
                self.board.append(card.id)
            return [ev.CardGiven(card.id, None)]
        receiver.cards.append(card.id)
        return [ev.CardGiven(card.id, receiver.name)]

    # ---- turns and weeks --------------------------------------------------------------------

    def _need_turn(self) -> None:
        if self.over:
            raise RuleError(N_("the game is over"))
        if self.action is not None:
            raise RuleError(N_("finish the current action first ({hint}), or undo to take it back"),
                            hint=self._stage_hint(self.action))

    def pass_turn(self) -> list[ev.Event]:
        self._need_turn()
        return [ev.Passed(self.current.name)] + self.end_turn()

    def end_turn(self) -> list[ev.Event]:
        self.action = None
        self.current.acted += 1
        return self._advance()

    def _advance(self) -> list[ev.Event]:
        out: list[ev.Event] = []
        if len(self.alive()) < 2:
            return out + self._finish(Finish.ONE_LEFT)
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
                out.append(ev.SkippedTurn(team.name))
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

    def _new_week(self) -> list[ev.Event]:
        self.week += 1
        self.uses.clear()
        for team in self.teams.values():
            team.acted, team.barred = 0, set()
        data = self.week_data()
        out: list[ev.Event] = [ev.WeekBegan(self.week, data.text)]
        if "deal_scouts" in data.events:
            for team in self.alive():
                scout = self._scout_of(team)
                team.cards.append(scout)
                out.append(ev.ScoutDealt(team.name, scout))
        if "showdown" in data.events or data.actions == 0:
            out += self._finish(Finish.SHOWDOWN)
        else:
            self.turn = len(self.order) - 1  # the next seat found is the first one
        return out

    def _scout_of(self, team: Team) -> str:
        suit = next(c.suit for c in self.game.deck() if c.faction_id == team.faction)
        return next(c.id for c in self.game.deck() if c.role.category == "scout" and c.suit == suit)

    # ---- the showdown -----------------------------------------------------------------------

    def _finish(self, why: Finish) -> list[ev.Event]:
        self.over, self.action = True, None
        out: list[ev.Event] = [ev.GameEnded(why)]
        awards: list[Award] = []
        for bonus in self.game.showdown.bonuses:
            for team in self._bonus_winners(bonus):
                out += self.book(team.name, bonus.amount, bonus.name)
                awards.append(Award(bonus=bonus.id, team=team.name, amount=bonus.amount))
        top = max((t.money for t in self.alive()), default=0)
        winners = [t.name for t in self.alive() if t.money == top]
        self.showdown = Result(bonuses=awards, money={t.name: t.money for t in self.teams.values()},
                               winners=winners)
        standing = tuple((t.name, t.money) for t in sorted(self.alive(), key=lambda t: -t.money))
        return out + [ev.FinalMoney(standing), ev.Won(tuple(winners))]

    def _bonus_winners(self, bonus: Bonus) -> list[Team]:
        who = bonus.who
        if isinstance(who, HoldsRole):
            return [t for t in self.alive() if any(self.game.card(c).role_id == who.role for c in t.cards)]
        counts = {t.name: sum(1 for c in t.cards if self.game.card(c).role.organisation == who.organisation
                              and self.game.card(c).role.category == "mafia") for t in self.alive()}
        best = max(counts.values(), default=0)
        tied = [self.teams[n] for n, k in counts.items() if k == best and best > 0]
        return tied if len(tied) == 1 or who.ties == "all_tied" else []

    # ---- starting an action -----------------------------------------------------------------

    def attack(self, target: str) -> list[ev.Event]:
        self._need_turn()
        actor = self.current
        defender = self.find_team(target)
        if defender is not None:
            return self._attack_team(actor, defender)
        card = find_card(self.game, target)
        if card.id not in self.board:
            holder = self.holder(card.id)
            where = Said(N_("held by {team}"), team=holder.name) if holder else Said(N_("not on the board"))
            raise RuleError(N_("{card} is {where}; attack a card on the board"), card=self.card_name(card.id),
                            where=where)
        out: list[ev.Event] = []
        if card.advance:
            paid = self.game.rules.advance == "paid"
            if paid:
                self._afford(actor, card.advance, Said(N_("the advance on {id}"), id=card.id))
            out += self.book(actor.name, -card.advance if paid else card.advance,
                             Said(N_("advance for {card}"), card=self.card_name(card.id)))
        self.action = Fight(Attacked.MAFIA, card.id, [self._side(actor, hitman_attack=False)])
        out.append(ev.MafiaAttacked(actor.name, card.id, card.id in self.rewarded))
        return out + [ev.Prepared(actor.name, tuple(self.action.attacker.pool.notes))]

    def _attack_team(self, actor: Team, defender: Team) -> list[ev.Event]:
        opens = self.first_week_with("open_hitman_attacks")
        if self.week < opens:
            raise RuleError(N_("hitman teams can be attacked from week {week} on"), week=opens)
        if defender is actor:
            raise RuleError(N_("a team cannot attack itself"))
        if defender.out:
            raise RuleError(N_("{team} cannot be attacked"), team=defender.name)
        if defender.name in actor.barred:
            raise RuleError(N_("{team} may not attack {target} again until the week changes"),
                            team=actor.name, target=defender.name)
        self.action = Fight(Attacked.HITMAN, defender.name, [self._side(actor, hitman_attack=True),
                                                       self._side(defender, hitman_attack=False)])
        return [ev.TeamAttacked(actor.name, defender.name)] + [ev.Prepared(s.team, tuple(s.pool.notes))
                                                               for s in self.action.sides]

    def _side(self, team: Team, hitman_attack: bool) -> Side:
        twists = self.faction(team).twists
        pool = Pool(count=self.game.rules.starting_dice)
        pool.notes.append(Note("start", n=pool.count))
        label = self.faction(team).name
        if twists.extra_dice:
            pool.more_dice(twists.extra_dice, label)
        if hitman_attack and twists.hitman_attack_extra_dice:
            pool.more_dice(twists.hitman_attack_extra_dice, label)
        if hitman_attack and twists.hitman_attack_total_bonus:
            pool.add_to_total(twists.hitman_attack_total_bonus, label)
        last_penalty = Said(N_("last penalty"))
        if team.next_dice:
            pool.more_dice(team.next_dice, last_penalty)
        if team.next_total:
            pool.add_to_total(team.next_total, last_penalty)
        team.next_dice = team.next_total = 0
        return Side(team.name, pool)

    # ---- during an action -------------------------------------------------------------------

    def _need_action(self, *stages: Stage) -> Fight:
        if self.action is None:
            raise RuleError(N_("no action under way; start one with attack (or pass)"))
        if self.action.stage not in stages:
            raise RuleError.from_(self._stage_hint(self.action))
        return self.action

    def _stage_hint(self, action: Fight) -> Said:
        """What the action under way waits for."""
        if action.stage == Stage.PREPARE:
            return Said(N_("still preparing: buy, use, then {next}"),
                        next="ready" if action.kind == Attacked.HITMAN else "roll")
        return Said(STAGE_HINTS[action.stage])

    def _preparing(self) -> tuple[Fight, Side]:
        """The action under way and the side preparing in it."""
        action = self._need_action(Stage.PREPARE, Stage.DEFEND)
        return action, action.sides[0 if action.stage == Stage.PREPARE else 1]

    def buy(self, item_text: str, times: int = 1) -> list[ev.Event]:
        action, side = self._preparing()
        item = find_item(self.game, item_text)
        if not 1 <= times <= MAX_PURCHASE:  # checked before anything is priced or built
            raise RuleError(N_("buy 1 to {max} at a time"), max=MAX_PURCHASE)
        if item.hitman_attack_only and action.kind != Attacked.HITMAN:
            raise RuleError(N_("{item} is for hitman attacks only"), item=item.name)
        if self.rules_version >= 2:
            self._refuse_useless(item, action, side)
        have = side.bought[item.id]
        if item.max_per_turn is not None and have + times > item.max_per_turn:
            raise RuleError(N_("at most {max} {item} per turn ({have} bought already)"),
                            max=item.max_per_turn, item=item.name, have=have)
        prices = [self.price(side, item, n) for n in range(times)]
        team = self.teams[side.team]
        self._afford(team, sum(prices), Joined([item.name, f"×{times}"]) if times > 1 else item.name)
        out: list[ev.Event] = []
        for price in prices:
            side.bought[item.id] += 1
            out += self.book(team.name, -price, item.name)
            out.append(ev.DiceShown(self.dice(self._item_effect(item, action, side))))
        return out

    def _refuse_useless(self, item: PrepItem, action: Fight, side: Side) -> None:
        """An item whose only effect could not apply in this action is refused before it is paid for."""
        if not any(isinstance(op, CancelPenalty) for op in item.ops):
            return
        if side is not action.attacker:
            raise RuleError(N_("{item} would do nothing: only the attacking team rolls a penalty"), item=item.name)
        if side.escape:
            raise RuleError(N_("{item} would do nothing: one already cancels this action's penalty"), item=item.name)
        if action.kind == Attacked.MAFIA and not self.game.card(action.target).penalty:
            raise RuleError(N_("{item} would do nothing: {card} carries no penalty"), item=item.name,
                            card=self.card_name(action.target))

    def _item_effect(self, item: PrepItem, action: Fight, side: Side) -> Side:
        """Apply a bought item; the side whose dice it changed."""
        for op in item.ops:
            if isinstance(op, AddDice):
                side.pool.more_dice(op.count, item.name)
            elif isinstance(op, RerollOp):
                side.backups += 1
            elif isinstance(op, CancelPenalty):
                side.escape = True
            elif isinstance(op, OpponentTotalMinus):
                other = action.other(side)
                # the data marks such an item hitman_attack_only, and buy refuses it in a mafia attack
                assert other is not None, f"{item.id} bought with no opposing side"
                other.pool.add_to_total(-op.value, item.name)
                return other
        return side

    def ready(self) -> list[ev.Event]:
        action = self._need_action(Stage.PREPARE, Stage.DEFEND)
        if action.kind != Attacked.HITMAN:
            raise RuleError(N_("ready is for hitman attacks; roll when you are prepared"))
        if action.stage == Stage.PREPARE:
            action.stage = Stage.DEFEND
            return [ev.DefenderPrepares(action.sides[1].team)]
        action.stage = Stage.ROLL
        return [ev.ToRoll(action.attacker.team, action.attacker.pool.count)]

    def roll_action(self, faces: list[int] | None) -> list[ev.Event]:
        action = self._need_action(Stage.PREPARE, Stage.DEFEND, Stage.ROLL)
        if action.kind == Attacked.HITMAN and action.stage != Stage.ROLL:
            raise RuleError(N_("both sides prepare first: type ready"))
        side = next(s for s in action.sides if not s.pool.rolled)
        rolled = faces if faces is not None else roll(self.rng, side.pool.count)
        try:
            side.pool.set_roll(rolled)
        except PoolError as e:
            raise RuleError(N_("{team}: {error}"), team=side.team, error=e) from None
        out: list[ev.Event] = [ev.Rolled(side.team, tuple(rolled), faces is None, side.pool.total)]
        nxt = next((s for s in action.sides if not s.pool.rolled), None)
        if nxt:
            return out + [ev.ToRoll(nxt.team, nxt.pool.count)]
        action.stage = Stage.AFTER
        return out + [self.standing()]

    def use(self, tokens: list[str]) -> list[ev.Event]:
        action = self._need_action(Stage.PREPARE, Stage.DEFEND, Stage.ROLL, Stage.AFTER)
        use = parse_use(self.game, tokens, lambda text: find_card(self.game, text), self.week)
        owners: list[Team] = []
        for card in use.cards:
            holder = self.holder(card.id)
            if holder is None:
                raise RuleError(N_("{card} is not held by any team"), card=self.card_name(card.id))
            owners.append(holder)
        owner = owners[0]
        if any(o is not owner for o in owners):
            raise RuleError(N_("two cards used at once must be held by the same team"))
        side = action.side(owner.name)
        if side is None:
            raise RuleError(N_("{team} takes no part in this action"), team=owner.name)
        effect = use.effect
        if effect.when == "attacking" and side is not action.attacker:
            raise RuleError(N_("{label} works only when attacking"), label=use.label)
        for card in use.cards:
            if effect.uses_per_turn is not None and side.used.count(card.id) >= effect.uses_per_turn:
                raise RuleError(N_("{id} was already used this turn"), id=card.id)
            if effect.uses_per_week is not None and self.uses[card.id] >= effect.uses_per_week:
                raise RuleError(N_("{id} has been used {n} time(s) this week (limit {limit})"),
                                id=card.id, n=self.uses[card.id], limit=effect.uses_per_week)
        opponent = action.other(side)
        if self.rules_version >= 3 and opponent is None and all(kind_of(op) in AGAINST for op in use.ops):
            raise RuleError(N_("{label} would do nothing: it acts on the opposing dice, and a mafia attack has none"),
                            label=use.label)
        before = len(side.pool.notes), len(opponent.pool.notes) if opponent else 0
        # An EffectError may leave the pools half-changed: the driver replays the refused line away.
        apply_use(use, side.pool, opponent.pool if opponent else None, self.rng)
        for card in use.cards:
            side.used.append(card.id)
            self.uses[card.id] += 1
        out: list[ev.Event] = []
        touched: list[Side] = []
        for who, start in ((side, before[0]), (opponent, before[1])):
            if who is not None and who.pool.notes[start:]:
                out += [ev.Noted(who.team, note) for note in who.pool.notes[start:]]
                touched.append(who)
        if any(s.pool.rolled for s in touched):
            return out + [self.standing()]
        return out + [ev.DiceShown(self.dice(s)) for s in touched]

    def reroll(self, tokens: list[str]) -> list[ev.Event]:
        action = self._need_action(Stage.AFTER)
        side = None
        if tokens and not is_whole(tokens[0][0]):
            side = action.side(self.team(tokens[0]).name)
            tokens = tokens[1:]
        if side is None:
            holding = [s for s in action.sides if s.backups]
            if len(holding) > 1:
                raise RuleError(N_("both sides hold a backup plan: reroll TEAM FACES"))
            side = holding[0] if holding else action.attacker
        if not side.backups:
            raise RuleError(N_("{team} has no backup plan left (buy one while preparing)"), team=side.team)
        old, new = parse_reroll(tokens, self.rng)
        side.pool.reroll(old, new, item_doing(self.game, "reroll").name)
        side.backups -= 1
        return [ev.Noted(side.team, side.pool.notes[-1]), self.standing()]

    def double(self) -> list[ev.Event]:
        action = self._need_action(Stage.PREPARE, Stage.ROLL, Stage.AFTER)
        team = self.teams[action.attacker.team]
        allowed = self.faction(team).twists.reward_doublings
        if action.kind != Attacked.MAFIA or not allowed:
            raise RuleError(N_("doubling a reward is Blood Diamond's, on a mafia attack"))
        if team.doublings_used >= allowed:
            raise RuleError(N_("{team} has used all {n} doublings"), team=team.name, n=allowed)
        action.double = True
        return [ev.DoubleSet(team.name, allowed - team.doublings_used - 1)]

    # ---- settling -------------------------------------------------------------------------------

    def done(self) -> list[ev.Event]:
        action = self._need_action(Stage.AFTER)
        action.stage = Stage.SETTLE
        if action.kind == Attacked.MAFIA:
            return self._settle_mafia(action)
        a, d = action.sides
        won = self._beats(a, d)
        if won:
            action.winner = a.team
        else:
            action.loser = a.team
        return [ev.Duel(a.team, a.pool.total, d.team, d.pool.total, won)] + settle(self, action)

    def _settle_mafia(self, action: Fight) -> list[ev.Event]:
        card = self.game.card(action.target)
        side = action.attacker
        verdict = self.verdict()
        assert verdict is not None, "a mafia attack is settled after its roll"
        out: list[ev.Event] = [ev.Checked(side.team, card.id, verdict)]
        if verdict.success:
            team = self.teams[side.team]
            self.board.remove(card.id)
            team.cards.append(card.id)
            out.append(ev.Took(team.name, card.id))
            if card.id not in self.rewarded:
                self.rewarded.add(card.id)
                amount = (card.reward or 0) * (2 if action.double else 1)
                reason: Why = Said(N_("reward for {card}"), card=self.card_name(card.id))
                if action.double:
                    team.doublings_used += 1
                    reason = Joined([reason, Said(N_(" (doubled)"))], sep="")
                out += self.book(team.name, amount, reason)
            return out + self.end_turn()
        if not card.penalty:
            return out + [ev.NoPenalty(card.id)] + self.end_turn()
        action.loser = side.team
        return out + settle(self, action)

    def answer(self, line: str) -> list[ev.Event]:
        action = self._need_action(Stage.SETTLE)
        words = line.split()
        if action.winner and len(action.stolen) < self.cards_to_steal(action):
            card = find_card(self.game, line.strip())
            victim = self.teams[action.target]
            if card.id not in victim.cards or not card.role.stealable or card.id in action.stolen:
                raise RuleError(N_("{id} is not a card {team} can lose"), id=card.id, team=victim.name)
            action.stolen.append(card.id)
        elif words == ["roll"]:
            action.answers += roll(self.rng, action.asked if self.rules_version >= 2 else 1)
        else:
            try:
                faces = parse_faces(words)
            except DiceError as e:
                raise RuleError(N_("{error}; {question}"), error=e, question=action.question) from None
            if self.rules_version >= 2 and len(faces) > action.asked:
                raise RuleError.ngettext("answer with {n} face; {question}", "answer with {n} faces; {question}",
                                         action.asked, question=action.question)
            action.answers += faces
        action.question = None
        return settle(self, action)
