"""Hitman's Showdown at the table: teams, the money ledger, weeks and turns, actions, the showdown.

Pure rules over the card data: no printing, no input. Every method returns the messages for the
players or raises RuleError. Chance enters as faces: typed by the players, or rolled by the seeded
RNG when they ask for it, so replaying the same lines rebuilds the same game.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .cards import NotFound, find_card, find_item
from .chance import Feeder, NeedRoll
from .conditions import evaluate
from .dice import DiceError, parse_faces, roll
from .ops import EffectError
from .penalties import NEXT_ACTION, Penalty, resolve
from .pool import Pool, PoolError, fmt
from .uses import apply_use, parse_reroll, parse_use


class RuleError(Exception):
    """Not allowed now; the message says why and what is."""


@dataclass
class Booking:
    week: int
    team: str
    amount: int
    balance: int
    reason: str


@dataclass
class Team:
    name: str
    faction: str
    money: int
    cards: list[str] = field(default_factory=list)
    doublings_used: int = 0
    next_total: int = 0
    next_dice: int = 0
    skip: bool = False
    barred: set[str] = field(default_factory=set)
    acted: int = 0
    out: bool = False


@dataclass
class Side:
    team: str
    pool: Pool
    bought: Counter = field(default_factory=Counter)
    backups: int = 0
    escape: bool = False
    used: list[str] = field(default_factory=list)


@dataclass
class Action:
    kind: str            # "mafia" or "hitman"
    target: str          # a card id or a team name
    sides: list[Side]    # the attacker first, then the defender in a hitman attack
    stage: str = "prepare"   # prepare → (defend →) roll → after → settle
    double: bool = False
    loser: str | None = None     # settle: the attacker who lost and rolls a penalty
    winner: str | None = None    # settle: the attacker who won a hitman attack
    answers: list[int] = field(default_factory=list)
    stolen: list[str] = field(default_factory=list)
    question: str | None = None

    @property
    def attacker(self) -> Side:
        return self.sides[0]

    def side(self, team: str) -> Side | None:
        return next((s for s in self.sides if s.team == team), None)

    def other(self, side: Side) -> Side | None:
        return next((s for s in self.sides if s is not side), None)


class Engine:
    def __init__(self, game: Any, teams: list[tuple[str, str]], seed: int, lang: str = "en"):
        rules = game.rules
        if not rules.players_min <= len(teams) <= rules.players_max:
            raise RuleError(f"{rules.players_min}-{rules.players_max} teams play, not {len(teams)}")
        if len({f for _, f in teams}) != len(teams) or len({n.casefold() for n, _ in teams}) != len(teams):
            raise RuleError("each team needs its own name and its own faction")
        self.game, self.lang, self.rng = game, lang, random.Random(seed)
        self.teams = {name: Team(name, faction, rules.starting_money) for name, faction in teams}
        self.order = [name for name, _ in teams]
        self.turn = 0
        self.week = 1
        self.board = [c.id for c in game.deck() if c.role.category == "mafia"]
        self.rewarded: set[str] = set()
        self.uses: Counter = Counter()  # card id -> uses this week
        self.ledger: list[Booking] = []
        self.action: Action | None = None
        self.over = False
        self.showdown: dict | None = None
        self.ledger = [Booking(1, n, rules.starting_money, rules.starting_money, "starting money")
                       for n in self.order]

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
        raise RuleError(f"no team {text!r}; teams: {', '.join(self.order)}")

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
            out.append(f"{name}: {'+' if paid >= 0 else '−'}{self.money(abs(paid))} ({reason}) → "
                       f"{self.money(team.money)}")
        if not team.out and team.money <= self.game.rules.eliminated_at and amount:
            team.out = True
            out.append(f"{name} has no money left and is out of the game")
        return out

    def _afford(self, team: Team, price: int, what: str) -> None:
        if team.money - price <= self.game.rules.eliminated_at:
            raise RuleError(f"{team.name} cannot pay {self.money(price)} for {what}: "
                            f"{self.money(team.money)} held, and reaching 0 means leaving the game")

    def adjust(self, name: str, amount: int, reason: str) -> list[str]:
        team = self.team(name)
        if team.out:
            raise RuleError(f"{team.name} is out of the game")
        return self._book(team.name, amount, f"correction: {reason}") + self._after_money()

    def give(self, card_text: str, to: str) -> list[str]:
        """Manual correction: move a card to a team or back to the board."""
        card = self._card(card_text)
        if card.role.category == "faction":
            raise RuleError("faction cards stay with their team")
        holder = self.holder(card.id)
        if holder:
            holder.cards.remove(card.id)
        elif card.id in self.board:
            self.board.remove(card.id)
        if to.casefold() == "board":
            if card.role.category == "mafia":
                self.board.append(card.id)
            return [f"{self.name(card.id)} is back on the board"]
        self.team(to).cards.append(card.id)
        return [f"{self.name(card.id)} now held by {self.team(to).name}"]

    def _card(self, text: str) -> Any:
        try:
            return find_card(self.game, text)
        except NotFound as e:
            raise RuleError(str(e)) from None

    # ---- turns and weeks --------------------------------------------------------------------

    def _need_turn(self) -> None:
        if self.over:
            raise RuleError("the game is over")
        if self.action is not None:
            raise RuleError("finish the current action first (done)")

    def pass_turn(self) -> list[str]:
        self._need_turn()
        return [f"{self.current.name} passes"] + self._end_turn()

    def _end_turn(self) -> list[str]:
        self.action = None
        self.current.acted += 1
        return self._advance()

    def _advance(self) -> list[str]:
        out = []
        if len(self.alive()) < 2:
            return out + self._finish("one team is left")
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
                out.append(f"{team.name} skips this turn (penalty)")
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
        out = [f"— week {self.week}: {data.text(self.lang)}"]
        if "deal_scouts" in data.events:
            for team in self.alive():
                scout = self._scout_of(team)
                team.cards.append(scout)
                out.append(f"{team.name} receives the scout {self.name(scout)}")
        if "showdown" in data.events or data.actions == 0:
            out += self._finish("the showdown")
        else:
            self.turn = len(self.order) - 1  # the next seat found is the first one
        return out

    def _scout_of(self, team: Team) -> str:
        suit = next(c.suit for c in self.game.deck() if c.faction_id == team.faction)
        return next(c.id for c in self.game.deck() if c.role.category == "scout" and c.suit == suit)

    # ---- the showdown -----------------------------------------------------------------------

    def _finish(self, why: str) -> list[str]:
        self.over, self.action = True, None
        out = [f"— {why}: bonuses"]
        awards = []
        for bonus in self.game.showdown.bonuses:
            for team in self._bonus_winners(bonus):
                out += self._book(team.name, bonus.amount, bonus.name(self.lang))
                awards.append({"bonus": bonus.id, "team": team.name, "amount": bonus.amount})
        top = max((t.money for t in self.alive()), default=0)
        winners = [t.name for t in self.alive() if t.money == top]
        self.showdown = {"bonuses": awards, "money": {t.name: t.money for t in self.teams.values()},
                         "winners": winners}
        standing = ", ".join(f"{t.name} {self.money(t.money)}" for t in sorted(
            self.alive(), key=lambda t: -t.money))
        out.append(f"final money: {standing}")
        out.append(("shared victory: " if len(winners) > 1 else "winner: ") + " and ".join(winners))
        return out

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
            where = f"held by {holder.name}" if holder else "not on the board"
            raise RuleError(f"{self.name(card.id)} is {where}; attack a card on the board")
        out = []
        if card.advance:
            self._afford(actor, card.advance, f"the advance on {card.id}")
            out += self._book(actor.name, -card.advance, f"advance for {self.name(card.id)}")
        self.action = Action("mafia", card.id, [self._side(actor, hitman_attack=False)])
        out.append(f"{actor.name} attacks {self.name(card.id)} — {card.condition.text(self.lang)}")
        return out + [f"  {actor.name}: {'; '.join(self.action.attacker.pool.notes)}"]

    def _attack_team(self, actor: Team, defender: Team) -> list[str]:
        opens = self.first_week_with("open_hitman_attacks")
        if self.week < opens:
            raise RuleError(f"hitman teams can be attacked from week {opens} on")
        if defender is actor or defender.out:
            raise RuleError(f"{defender.name} cannot be attacked")
        if defender.name in actor.barred:
            raise RuleError(f"{actor.name} may not attack {defender.name} again until the week changes")
        self.action = Action("hitman", defender.name, [self._side(actor, hitman_attack=True),
                                                       self._side(defender, hitman_attack=False)])
        a, d = self.action.sides
        return ([f"{actor.name} attacks {defender.name}: {actor.name} prepares (buy / use), then ready"]
                + [f"  {s.team}: {'; '.join(s.pool.notes)}" for s in (a, d)])

    def _side(self, team: Team, hitman_attack: bool) -> Side:
        twists = self.faction(team).twists
        pool = Pool(count=self.game.rules.starting_dice)
        pool.notes.append(f"{pool.count} dice to start")
        label = self.faction(team).name(self.lang)
        if twists.extra_dice:
            pool.more_dice(twists.extra_dice, label)
        if hitman_attack and twists.hitman_attack_extra_dice:
            pool.more_dice(twists.hitman_attack_extra_dice, label)
        if hitman_attack and twists.hitman_attack_total_bonus:
            pool.add_to_total(twists.hitman_attack_total_bonus, label)
        if team.next_dice:
            pool.more_dice(team.next_dice, "last penalty")
        if team.next_total:
            pool.add_to_total(team.next_total, "last penalty")
        team.next_dice = team.next_total = 0
        return Side(team.name, pool)

    # ---- during an action -------------------------------------------------------------------

    def _need_action(self, *stages: str) -> Action:
        if self.action is None:
            raise RuleError("no action under way; start one with attack (or pass)")
        if self.action.stage not in stages:
            hitman = self.action.kind == "hitman"
            raise RuleError({
                "prepare": f"still preparing: buy, use, then {'ready' if hitman else 'roll'}",
                "defend": "the defender is preparing: buy, use, then ready",
                "roll": "roll the dice first",
                "after": "the dice are rolled: use cards, reroll, or done",
                "settle": "answer the question first"}[self.action.stage])
        return self.action

    def _preparing(self) -> Side:
        action = self._need_action("prepare", "defend")
        return action.sides[0 if action.stage == "prepare" else 1]

    def buy(self, item_text: str, times: int = 1) -> list[str]:
        side = self._preparing()
        try:
            item = find_item(self.game, item_text)
        except NotFound as e:
            raise RuleError(str(e)) from None
        if item.hitman_attack_only and self.action.kind != "hitman":
            raise RuleError(f"{item.name(self.lang)} is for hitman attacks only")
        out = []
        for _ in range(times):
            if item.max_per_turn is not None and side.bought[item.id] >= item.max_per_turn:
                raise RuleError(f"at most {item.max_per_turn} {item.name(self.lang)} per turn")
            first = side.bought[item.id] == 0
            price = item.price if first or item.price_further is None else item.price_further
            team = self.teams[side.team]
            self._afford(team, price, item.name(self.lang))
            side.bought[item.id] += 1
            out += self._book(team.name, -price, item.name(self.lang))
            out += self._item_effect(item, side)
        return out

    def _item_effect(self, item: Any, side: Side) -> list[str]:
        label = item.name(self.lang)
        for op in item.ops:
            if op.KIND == "add_dice":
                side.pool.more_dice(op.count, label)
            elif op.KIND == "reroll":
                side.backups += 1
            elif op.KIND == "cancel_penalty":
                side.escape = True
            elif op.KIND == "opponent_total_minus":
                other = self.action.other(side)
                other.pool.add_to_total(-op.value, label)
                return [f"  {other.team}: {self._dice_line(other)}"]
        return [f"  {side.team}: {self._dice_line(side)}"]

    def ready(self) -> list[str]:
        action = self._need_action("prepare", "defend")
        if action.kind != "hitman":
            raise RuleError("ready is for hitman attacks; roll when you are prepared")
        if action.stage == "prepare":
            action.stage = "defend"
            return [f"{action.sides[1].team} (defending) prepares: buy / use, then ready"]
        action.stage = "roll"
        return [f"{action.attacker.team} rolls {action.attacker.pool.count} dice"]

    def roll_action(self, faces: list[int] | None) -> list[str]:
        action = self._need_action("prepare", "defend", "roll")
        if action.kind == "hitman" and action.stage != "roll":
            raise RuleError("both sides prepare first: type ready")
        side = next(s for s in action.sides if not s.pool.rolled)
        rolled = faces if faces is not None else roll(self.rng, side.pool.count)
        try:
            side.pool.set_roll(rolled)
        except PoolError as e:
            raise RuleError(f"{side.team}: {e}") from None
        out = [f"{side.team} rolled {fmt(rolled)}" + (" (companion)" if faces is None else "")
               + f" — total {side.pool.total}"]
        nxt = next((s for s in action.sides if not s.pool.rolled), None)
        if nxt:
            out.append(f"{nxt.team} rolls {nxt.pool.count} dice")
        else:
            action.stage = "after"
            out.append(self._standing())
        return out

    def use(self, tokens: list[str]) -> list[str]:
        action = self._need_action("prepare", "defend", "roll", "after")

        def resolve_held(text: str) -> Any:
            return find_card(self.game, text)

        try:
            use = parse_use(self.game, tokens, resolve_held, self.week, self.lang)
        except (NotFound, EffectError) as e:
            raise RuleError(str(e)) from None
        owner = self.holder(use.cards[0].id)
        for card in use.cards:
            if self.holder(card.id) is None:
                raise RuleError(f"{self.name(card.id)} is not held by any team")
        if any(self.holder(c.id) is not owner for c in use.cards):
            raise RuleError("two cards used at once must be held by the same team")
        side = action.side(owner.name)
        if side is None:
            raise RuleError(f"{owner.name} takes no part in this action")
        effect = use.cards[0].role.effect
        if effect.when == "attacking" and side is not action.attacker:
            raise RuleError(f"{use.label} works only when attacking")
        for card in use.cards:
            if effect.uses_per_turn is not None and side.used.count(card.id) >= effect.uses_per_turn:
                raise RuleError(f"{card.id} was already used this turn")
            if effect.uses_per_week is not None and self.uses[card.id] >= effect.uses_per_week:
                raise RuleError(f"{card.id} has been used {self.uses[card.id]} time(s) this week "
                                f"(limit {effect.uses_per_week})")
        opponent = action.other(side)
        before = len(side.pool.notes), len(opponent.pool.notes) if opponent else 0
        try:
            apply_use(use, side.pool, opponent.pool if opponent else None, self.rng)
        except EffectError as e:
            raise RuleError(str(e)) from None  # the refused line is replayed away by the driver
        for card in use.cards:
            side.used.append(card.id)
            self.uses[card.id] += 1
        notes = side.pool.notes[before[0]:] + (opponent.pool.notes[before[1]:] if opponent else [])
        return notes + [self._standing() if side.pool.rolled else f"  {side.team}: {self._dice_line(side)}"]

    def reroll(self, tokens: list[str]) -> list[str]:
        action = self._need_action("after")
        side = None
        if tokens and not tokens[0][0].isdigit():
            side = action.side(self.team(tokens[0]).name)
            tokens = tokens[1:]
        if side is None:
            holding = [s for s in action.sides if s.backups]
            if len(holding) > 1:
                raise RuleError("both sides hold a backup plan: reroll TEAM FACES")
            side = holding[0] if holding else action.attacker
        if not side.backups:
            raise RuleError(f"{side.team} has no backup plan left (buy one while preparing)")
        try:
            old, new = parse_reroll(tokens, self.rng)
            side.pool.reroll(old, new, "backup plan")
        except (EffectError, PoolError) as e:
            raise RuleError(str(e)) from None
        side.backups -= 1
        return [side.pool.notes[-1], self._standing()]

    def double(self) -> list[str]:
        action = self._need_action("prepare", "roll", "after")
        team = self.teams[action.attacker.team]
        allowed = self.faction(team).twists.reward_doublings
        if action.kind != "mafia" or not allowed:
            raise RuleError("doubling a reward is Blood Diamond's, on a mafia attack")
        if team.doublings_used >= allowed:
            raise RuleError(f"{team.name} has used both doublings" if allowed == 2
                            else f"{team.name} has no doubling left")
        action.double = True
        return [f"{team.name} will double the reward if this succeeds "
                f"({allowed - team.doublings_used - 1} left after it)"]

    def _dice_line(self, side: Side) -> str:
        pool = side.pool
        extras = [f"total {pool.bonus:+d}"] if pool.bonus else []
        extras += [f"{side.backups} reroll(s)"] if side.backups else []
        extras += ["escape route"] if side.escape else []
        dice = fmt(pool.faces) if pool.rolled else f"{pool.count} dice to roll"
        return dice + (f" ({', '.join(extras)})" if extras else "")

    def _standing(self) -> str:
        action = self.action
        if action.kind == "mafia":
            side = action.attacker
            card = self.game.card(action.target)
            verdict = evaluate([a.all for a in card.condition.any], side.pool.faces, side.pool.bonus)
            return f"  {self._dice_line(side)} = {side.pool.total}: {verdict.explain(self.lang)}"
        return "  " + " vs ".join(f"{s.team} {self._dice_line(s)} = {s.pool.total}" for s in action.sides
                                  if s.pool.rolled)

    # ---- resolving --------------------------------------------------------------------------

    def done(self) -> list[str]:
        action = self._need_action("after")
        action.stage = "settle"
        if action.kind == "mafia":
            return self._settle_mafia(action)
        a, d = action.sides
        ties_to_attacker = self.game.hitman_attack.ties == "attacker"
        won = a.pool.total > d.pool.total or (a.pool.total == d.pool.total and ties_to_attacker)
        out = [f"{a.team} {a.pool.total} vs {d.team} {d.pool.total}: "
               + (f"{a.team} wins" if won else f"{d.team} holds")]
        if won:
            action.winner = a.team
        else:
            action.loser = a.team
        return out + self._continue()

    def _settle_mafia(self, action: Action) -> list[str]:
        card = self.game.card(action.target)
        side = action.attacker
        verdict = evaluate([a.all for a in card.condition.any], side.pool.faces, side.pool.bonus)
        out = [f"{side.team} vs {self.name(card.id)}: {verdict.explain(self.lang)}"]
        if verdict.success:
            team = self.teams[side.team]
            self.board.remove(card.id)
            team.cards.append(card.id)
            out.append(f"{team.name} takes {self.name(card.id)}")
            if card.id not in self.rewarded:
                self.rewarded.add(card.id)
                amount = card.reward * (2 if action.double else 1)
                if action.double:
                    team.doublings_used += 1
                out += self._book(team.name, amount, f"reward for {self.name(card.id)}"
                                  + (" (doubled)" if action.double else ""))
            return out + self._end_turn()
        if not card.penalty:
            return out + ["no penalty on this card"] + self._end_turn()
        action.loser = side.team
        return out + self._continue()

    def _continue(self) -> list[str]:
        """Settle as far as the typed answers allow; ask for what is missing."""
        action = self.action
        if action.winner:
            return self._settle_theft(action)
        team = self.teams[action.loser]
        side = action.side(team.name)
        feeder = Feeder(action.answers)
        try:
            penalty = resolve(self.game, self.faction(team), action.kind, feeder, side.escape)
        except NeedRoll as e:
            action.question = f"{team.name}: {e.what} (1d6: type the face, or 'roll')"
            return []
        return self._apply_penalty(team, penalty) + self._end_turn()

    def _apply_penalty(self, team: Team, penalty: Penalty) -> list[str]:
        table = self.game.penalty_tables[penalty.table].name(self.lang)
        if penalty.cancelled:
            return [f"{team.name}: the perfect escape route cancels the penalty"]
        out = []
        for effect in penalty.effects:
            out.append(f"{team.name}: {table}, rolled {effect.roll} → {effect.text(self.lang)}"
                       + (f" (rolled {fmt(effect.money_roll)})" if effect.money_roll else ""))
            if effect.id == "lose_money":
                out += self._book(team.name, -effect.amount, f"penalty ({table})")
            elif effect.id == "skip_next_turn":
                team.skip = True
            elif effect.id == "no_attack_same_target":
                team.barred.add(self.action.target)
            elif effect.id in NEXT_ACTION:
                what, value = NEXT_ACTION[effect.id]
                if what == "total":
                    team.next_total += value
                else:
                    team.next_dice += value
        return out

    def _settle_theft(self, action: Action) -> list[str]:
        thief, victim = self.teams[action.winner], self.teams[action.target]
        rules = self.game.hitman_attack
        if len(action.stolen) < self._cards_to_steal(action):
            stealable = [c for c in victim.cards if self.game.card(c).role.stealable]
            choices = " ".join(c for c in stealable if c not in action.stolen)
            action.question = f"{thief.name} takes a card from {victim.name} ({choices}): type its id"
            return []
        try:
            faces = Feeder(action.answers).take(f"money taken ({rules.money_dice}d6 × {rules.money_times})",
                                                rules.money_dice)
        except NeedRoll as e:
            action.question = f"{thief.name}: {e.what} (type the face, or 'roll')"
            return []
        out = []
        for card_id in action.stolen:
            victim.cards.remove(card_id)
            thief.cards.append(card_id)
            out.append(f"{thief.name} takes {self.name(card_id)} from {victim.name}")
            for op in self.game.card(card_id).role.effect.ops:
                if op.KIND == "lose_money_when_taken":
                    out += self._book(victim.name, -op.amount, f"{self.name(card_id)} taken")
        amount = min(sum(faces) * rules.money_times, victim.money)
        out += self._book(victim.name, -amount, f"robbed by {thief.name} (rolled {fmt(faces)})")
        out += self._book(thief.name, amount, f"taken from {victim.name}")
        return out + self._end_turn()

    def answer(self, line: str) -> list[str]:
        action = self.action
        words = line.split()
        if action.winner and len(action.stolen) < self._cards_to_steal(action):
            card = self._card(line.strip())
            victim = self.teams[action.target]
            if card.id not in victim.cards or not card.role.stealable or card.id in action.stolen:
                raise RuleError(f"{card.id} is not a card {victim.name} can lose")
            action.stolen.append(card.id)
        elif words == ["roll"]:
            action.answers += roll(self.rng, 1)
        else:
            try:
                action.answers += parse_faces(words)
            except DiceError as e:
                raise RuleError(f"{e}; {action.question}") from None
        action.question = None
        return self._continue()

    def _cards_to_steal(self, action: Action) -> int:
        victim = self.teams[action.target]
        stealable = [c for c in victim.cards if self.game.card(c).role.stealable]
        wanted = self.game.hitman_attack.cards_taken + self.faction(victim).twists.extra_cards_lost_on_failed_defence
        return min(wanted, len(stealable))

    def _after_money(self) -> list[str]:
        if self.current.out and not self.over:
            return self._end_turn() if self.action is None else []
        return []
