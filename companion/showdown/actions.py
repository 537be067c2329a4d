"""The steps of one action: preparing, using cards, rolling, and settling what follows.

A mixin of Engine (engine.py), which owns the teams, the money and the turns.
"""
from __future__ import annotations

from typing import Any

from tabletop.data.hitmans_showdown import NEXT_ACTION_EFFECTS
from tabletop.i18n import N_

from .cards import find_card, find_item, item_doing
from .chance import Feeder, NeedRoll
from .conditions import evaluate
from .dice import DiceError, parse_faces, roll
from .penalties import Penalty, resolve
from .pool import PoolError, fmt
from .uses import apply_use, parse_reroll, parse_use
from .state import Action, RuleError, Side, Team

MAX_PURCHASE = 99  # items in one purchase: more than any table buys, and a bound on what a line can build


class ActionSteps:
    # ---- during an action -------------------------------------------------------------------

    def _need_action(self, *stages: str) -> Action:
        if self.action is None:
            raise RuleError(N_("no action under way; start one with attack (or pass)"))
        if self.action.stage not in stages:
            raise self._stage_hint(self.action.stage)
        return self.action

    def _after_preparing(self) -> str:
        return "ready" if self.action.kind == "hitman" else "roll"

    def _stage_hint(self, stage: str) -> RuleError:
        """What the action under way waits for."""
        if stage == "prepare":
            return RuleError(N_("still preparing: buy, use, then {next}"), next=self._after_preparing())
        return RuleError({"defend": N_("the defender is preparing: buy, use, then ready"),
                          "roll": N_("roll the dice first"),
                          "after": N_("the dice are rolled: use cards, reroll, or done"),
                          "settle": N_("answer the question first")}[stage])

    def _preparing(self) -> Side:
        action = self._need_action("prepare", "defend")
        return action.sides[0 if action.stage == "prepare" else 1]

    def buy(self, item_text: str, times: int = 1) -> list[str]:
        side = self._preparing()
        item = find_item(self.game, item_text)
        if not 1 <= times <= MAX_PURCHASE:  # checked before anything is priced or built
            raise RuleError(N_("buy 1 to {max} at a time"), max=MAX_PURCHASE)
        if item.hitman_attack_only and self.action.kind != "hitman":
            raise RuleError(N_("{item} is for hitman attacks only"), item=item.name(self.lang))
        if self.rules_version >= 2:
            self._refuse_useless(item, side)
        have = side.bought[item.id]
        if item.max_per_turn is not None and have + times > item.max_per_turn:
            raise RuleError(N_("at most {max} {item} per turn ({have} bought already)"),
                            max=item.max_per_turn, item=item.name(self.lang), have=have)
        prices = [self.price(side, item, n) for n in range(times)]
        team = self.teams[side.team]
        what = item.name(self.lang) + (f" ×{times}" if times > 1 else "")
        self._afford(team, sum(prices), what)
        out = []
        for price in prices:
            side.bought[item.id] += 1
            out += self._book(team.name, -price, item.name(self.lang))
            out += self._item_effect(item, side)
        return out

    def _refuse_useless(self, item: Any, side: Side) -> None:
        """An item whose only effect could not apply in this action is refused before it is paid for."""
        if not any(op.KIND == "cancel_penalty" for op in item.ops):
            return
        name, action = item.name(self.lang), self.action
        if side is not action.attacker:
            raise RuleError(N_("{item} would do nothing: only the attacking team rolls a penalty"), item=name)
        if side.escape:
            raise RuleError(N_("{item} would do nothing: one already cancels this action's penalty"), item=name)
        if action.kind == "mafia" and not self.game.card(action.target).penalty:
            raise RuleError(N_("{item} would do nothing: {card} carries no penalty"), item=name,
                            card=self.name(action.target))

    def price(self, side: Side, item: Any, more: int = 0) -> int:
        """What the next of `item` costs `side` (after `more` bought in the same purchase): the first of
        the turn at its price, the further ones at theirs."""
        return item.price if side.bought[item.id] + more == 0 or item.price_further is None else item.price_further

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
                return ["  " + self.speech.label(other.team, self._dice_line(other))]
        return ["  " + self.speech.label(side.team, self._dice_line(side))]

    def ready(self) -> list[str]:
        action = self._need_action("prepare", "defend")
        if action.kind != "hitman":
            raise RuleError(N_("ready is for hitman attacks; roll when you are prepared"))
        if action.stage == "prepare":
            action.stage = "defend"
            return [self._("{team} (defending) prepares: buy / use, then ready", team=action.sides[1].team)]
        action.stage = "roll"
        return [self.speech.ngettext("{team} rolls {n} die", "{team} rolls {n} dice", action.attacker.pool.count,
                                     team=action.attacker.team)]

    def roll_action(self, faces: list[int] | None) -> list[str]:
        action = self._need_action("prepare", "defend", "roll")
        if action.kind == "hitman" and action.stage != "roll":
            raise RuleError(N_("both sides prepare first: type ready"))
        side = next(s for s in action.sides if not s.pool.rolled)
        rolled = faces if faces is not None else roll(self.rng, side.pool.count)
        try:
            side.pool.set_roll(rolled)
        except PoolError as e:
            raise RuleError(N_("{team}: {error}"), team=side.team, error=e.text(self.lang)) from None
        out = [self._("{team} rolled {faces}{by} — total {total}",
                      team=side.team, faces=fmt(rolled), total=side.pool.total,
                        by=self._(" (companion)") if faces is None else "")]
        nxt = next((s for s in action.sides if not s.pool.rolled), None)
        if nxt:
            out.append(self.speech.ngettext("{team} rolls {n} die", "{team} rolls {n} dice", nxt.pool.count,
                                            team=nxt.team))
        else:
            action.stage = "after"
            out.append(self.standing())
        return out

    def use(self, tokens: list[str]) -> list[str]:
        action = self._need_action("prepare", "defend", "roll", "after")
        use = parse_use(self.game, tokens, lambda text: find_card(self.game, text), self.week, self.lang)
        owner = self.holder(use.cards[0].id)
        for card in use.cards:
            if self.holder(card.id) is None:
                raise RuleError(N_("{card} is not held by any team"), card=self.name(card.id))
        if any(self.holder(c.id) is not owner for c in use.cards):
            raise RuleError(N_("two cards used at once must be held by the same team"))
        side = action.side(owner.name)
        if side is None:
            raise RuleError(N_("{team} takes no part in this action"), team=owner.name)
        effect = use.cards[0].role.effect
        if effect.when == "attacking" and side is not action.attacker:
            raise RuleError(N_("{label} works only when attacking"), label=use.label)
        for card in use.cards:
            if effect.uses_per_turn is not None and side.used.count(card.id) >= effect.uses_per_turn:
                raise RuleError(N_("{id} was already used this turn"), id=card.id)
            if effect.uses_per_week is not None and self.uses[card.id] >= effect.uses_per_week:
                raise RuleError(N_("{id} has been used {n} time(s) this week (limit {limit})"),
                                id=card.id, n=self.uses[card.id], limit=effect.uses_per_week)
        opponent = action.other(side)
        before = len(side.pool.notes), len(opponent.pool.notes) if opponent else 0
        # An EffectError may leave the pools half-changed: the driver replays the refused line away.
        apply_use(use, side.pool, opponent.pool if opponent else None, self.rng)
        for card in use.cards:
            side.used.append(card.id)
            self.uses[card.id] += 1
        out, touched = [], []
        for who, start in ((side, before[0]), (opponent, before[1])):
            if who is not None and who.pool.notes[start:]:
                out += [self.speech.label(who.team, note) for note in who.pool.notes[start:]]
                touched.append(who)
        if any(s.pool.rolled for s in touched):
            return out + [self.standing()]
        return out + ["  " + self.speech.label(s.team, self._dice_line(s)) for s in touched]

    def reroll(self, tokens: list[str]) -> list[str]:
        action = self._need_action("after")
        side = None
        if tokens and not tokens[0][0].isdigit():
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
        side.pool.reroll(old, new, item_doing(self.game, "reroll").name(self.lang))
        side.backups -= 1
        return [side.pool.notes[-1], self.standing()]

    def double(self) -> list[str]:
        action = self._need_action("prepare", "roll", "after")
        team = self.teams[action.attacker.team]
        allowed = self.faction(team).twists.reward_doublings
        if action.kind != "mafia" or not allowed:
            raise RuleError(N_("doubling a reward is Blood Diamond's, on a mafia attack"))
        if team.doublings_used >= allowed:
            raise RuleError(N_("{team} has used all {n} doublings"), team=team.name, n=allowed)
        action.double = True
        return [self._("{team} will double the reward if this succeeds ({left} left after it)",
                       team=team.name, left=allowed - team.doublings_used - 1)]

    def _dice_line(self, side: Side) -> str:
        pool = side.pool
        extras = [self._("total {n:+d}", n=pool.bonus)] if pool.bonus else []
        extras += [self._("{n} reroll(s)", n=side.backups)] if side.backups else []
        extras += [self._("escape route")] if side.escape else []
        dice = fmt(pool.faces) if pool.rolled else self.speech.ngettext("{n} die to roll", "{n} dice to roll",
                                                                         pool.count)
        return dice + (self._(" ({extras})", extras=self.speech.listing(extras)) if extras else "")

    def standing(self) -> str:
        action = self.action
        if action.kind == "mafia":
            side = action.attacker
            card = self.game.card(action.target)
            verdict = evaluate([a.all for a in card.condition.any], side.pool.faces, side.pool.bonus)
            return "  " + self.speech.label(f"{self._dice_line(side)} = {side.pool.total}", verdict.explain(self.lang))
        return "  " + self._(" vs ").join(f"{s.team} {self._dice_line(s)} = {s.pool.total}"
                                              for s in action.sides if s.pool.rolled)

    # ---- resolving --------------------------------------------------------------------------

    def done(self) -> list[str]:
        action = self._need_action("after")
        action.stage = "settle"
        if action.kind == "mafia":
            return self._settle_mafia(action)
        a, d = action.sides
        ties_to_attacker = self.game.hitman_attack.ties == "attacker"
        won = a.pool.total > d.pool.total or (a.pool.total == d.pool.total and ties_to_attacker)
        out = [self._("{a} {at} vs {d} {dt}: {who}", a=a.team, at=a.pool.total, d=d.team, dt=d.pool.total,
                        who=self._("{team} wins", team=a.team) if won else self._("{team} holds", team=d.team))]
        if won:
            action.winner = a.team
        else:
            action.loser = a.team
        return out + self._continue()

    def _settle_mafia(self, action: Action) -> list[str]:
        card = self.game.card(action.target)
        side = action.attacker
        verdict = evaluate([a.all for a in card.condition.any], side.pool.faces, side.pool.bonus)
        head = self._("{team} vs {target}", team=side.team, target=self.name(card.id))
        out = [self.speech.label(head, verdict.explain(self.lang))]
        if verdict.success:
            team = self.teams[side.team]
            self.board.remove(card.id)
            team.cards.append(card.id)
            out.append(self._("{team} takes {card}", team=team.name, card=self.name(card.id)))
            if card.id not in self.rewarded:
                self.rewarded.add(card.id)
                amount = card.reward * (2 if action.double else 1)
                if action.double:
                    team.doublings_used += 1
                out += self._book(team.name, amount, self._("reward for {card}", card=self.name(card.id))
                                  + (self._(" (doubled)") if action.double else ""))
            return out + self._end_turn()
        if not card.penalty:
            return out + [self._("no penalty on this card")] + self._end_turn()
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
            penalty = resolve(self.game, self.faction(team), action.kind, feeder, side.escape, self.lang)
        except NeedRoll as e:
            action.question = self._("{team}: {what} (1d6: type the face, or 'roll')", team=team.name, what=e.what)
            action.asked = e.count
            return []
        return self._apply_penalty(team, penalty) + self._end_turn()

    def _apply_penalty(self, team: Team, penalty: Penalty) -> list[str]:
        table = self.game.penalty_tables[penalty.table].name(self.lang)
        if penalty.cancelled:
            return [self._("{team}: the {item} cancels the penalty", team=team.name,
                             item=item_doing(self.game, "cancel_penalty").name(self.lang))]
        out = []
        for effect in penalty.effects:
            out.append(self._("{team}: {table}, rolled {roll} → {text}", team=team.name, table=table,
                              roll=effect.roll, text=effect.text(self.lang))
                       + (self._(" (rolled {faces})", faces=fmt(effect.money_roll)) if effect.money_roll else ""))
            if effect.id == "lose_money":
                out += self._book(team.name, -effect.amount, self._("penalty ({table})", table=table))
            elif effect.id == "skip_next_turn":
                team.skip = True
            elif effect.id == "no_attack_same_target":
                team.barred.add(self.action.target)
            elif NEXT_ACTION_EFFECTS.get(effect.id) == "total":
                team.next_total += effect.value
            elif NEXT_ACTION_EFFECTS.get(effect.id) == "dice":
                team.next_dice += effect.value
        return out

    def _settle_theft(self, action: Action) -> list[str]:
        thief, victim = self.teams[action.winner], self.teams[action.target]
        rules = self.game.hitman_attack
        if len(action.stolen) < self.cards_to_steal(action):
            stealable = [c for c in victim.cards if self.game.card(c).role.stealable]
            choices = " ".join(c for c in stealable if c not in action.stolen)
            action.question = self._("{team} takes a card from {victim} ({choices}): type its id",
                                     team=thief.name, victim=victim.name, choices=choices)
            return []
        try:
            what = self._("money taken ({dice}d6 × {times})", dice=rules.money_dice, times=rules.money_times)
            faces = Feeder(action.answers).take(what, rules.money_dice)
        except NeedRoll as e:
            action.question = self._("{team}: {what} (type the face, or 'roll')", team=thief.name, what=e.what)
            action.asked = e.count
            return []
        out = []
        for card_id in action.stolen:
            victim.cards.remove(card_id)
            thief.cards.append(card_id)
            out.append(self._("{team} takes {card} from {victim}",
                              team=thief.name, card=self.name(card_id), victim=victim.name))
            for op in self.game.card(card_id).role.effect.ops:
                if op.KIND == "lose_money_when_taken":
                    out += self._book(victim.name, -op.amount, self._("{card} taken", card=self.name(card_id)))
        amount = min(sum(faces) * rules.money_times, victim.money)
        out += self._book(victim.name, -amount, self._("robbed by {team} (rolled {faces})",
                                                       team=thief.name, faces=fmt(faces)))
        out += self._book(thief.name, amount, self._("taken from {victim}", victim=victim.name))
        return out + self._end_turn()

    def answer(self, line: str) -> list[str]:
        action = self.action
        words = line.split()
        if action.winner and len(action.stolen) < self.cards_to_steal(action):
            card = self._card(line.strip())
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
                raise RuleError(N_("{error}; {question}"), error=e.text(self.lang), question=action.question) from None
            if self.rules_version >= 2 and len(faces) > action.asked:
                raise RuleError.ngettext("answer with {n} face; {question}", "answer with {n} faces; {question}",
                                         action.asked, question=action.question)
            action.answers += faces
        action.question = None
        return self._continue()

    def cards_to_steal(self, action: Action) -> int:
        victim = self.teams[action.target]
        stealable = [c for c in victim.cards if self.game.card(c).role.stealable]
        wanted = self.game.hitman_attack.cards_taken + self.faction(victim).twists.extra_cards_lost_on_failed_defence
        return min(wanted, len(stealable))
