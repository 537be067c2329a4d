"""The steps of one action: preparing, using cards, rolling, and settling what follows.

A mixin of Engine (engine.py), which owns the teams, the money and the turns.
"""
from __future__ import annotations

from typing import Any

from tabletop.data.hitmans_showdown import NEXT_ACTION_EFFECTS

from .cards import find_card, find_item, item_doing
from .chance import Feeder, NeedRoll
from .conditions import evaluate
from .dice import DiceError, parse_faces, roll
from .penalties import Penalty, resolve
from .pool import PoolError, fmt
from .uses import apply_use, parse_reroll, parse_use
from .state import Action, RuleError, Side, Team


class ActionSteps:
    # ---- during an action -------------------------------------------------------------------

    def _need_action(self, *stages: str) -> Action:
        if self.action is None:
            raise RuleError("no_action")
        if self.action.stage not in stages:
            raise RuleError(f"stage_{self.action.stage}", next=self._after_preparing())
        return self.action

    def _after_preparing(self) -> str:
        return "ready" if self.action.kind == "hitman" else "roll"

    def _preparing(self) -> Side:
        action = self._need_action("prepare", "defend")
        return action.sides[0 if action.stage == "prepare" else 1]

    def buy(self, item_text: str, times: int = 1) -> list[str]:
        side = self._preparing()
        item = find_item(self.game, item_text)
        if item.hitman_attack_only and self.action.kind != "hitman":
            raise RuleError("hitman_only", item=item.name(self.lang))
        have = side.bought[item.id]
        if item.max_per_turn is not None and have + times > item.max_per_turn:
            raise RuleError("per_turn", max=item.max_per_turn, item=item.name(self.lang), have=have)
        prices = [item.price if have + n == 0 or item.price_further is None else item.price_further
                  for n in range(times)]
        team = self.teams[side.team]
        what = item.name(self.lang) + (f" ×{times}" if times > 1 else "")
        self._afford(team, sum(prices), what)
        out = []
        for price in prices:
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
            raise RuleError("ready_hitman")
        if action.stage == "prepare":
            action.stage = "defend"
            return [self.say("defender_prepares", team=action.sides[1].team)]
        action.stage = "roll"
        return [self.say("rolls_n", team=action.attacker.team, n=action.attacker.pool.count)]

    def roll_action(self, faces: list[int] | None) -> list[str]:
        action = self._need_action("prepare", "defend", "roll")
        if action.kind == "hitman" and action.stage != "roll":
            raise RuleError("both_prepare")
        side = next(s for s in action.sides if not s.pool.rolled)
        rolled = faces if faces is not None else roll(self.rng, side.pool.count)
        try:
            side.pool.set_roll(rolled)
        except PoolError as e:
            raise RuleError("team_says", team=side.team, error=e.text(self.lang)) from None
        out = [self.say("rolled_line", team=side.team, faces=fmt(rolled), total=side.pool.total,
                        by=self.say("by_companion") if faces is None else "")]
        nxt = next((s for s in action.sides if not s.pool.rolled), None)
        if nxt:
            out.append(self.say("rolls_n", team=nxt.team, n=nxt.pool.count))
        else:
            action.stage = "after"
            out.append(self._standing())
        return out

    def use(self, tokens: list[str]) -> list[str]:
        action = self._need_action("prepare", "defend", "roll", "after")
        use = parse_use(self.game, tokens, lambda text: find_card(self.game, text), self.week, self.lang)
        owner = self.holder(use.cards[0].id)
        for card in use.cards:
            if self.holder(card.id) is None:
                raise RuleError("not_held", card=self.name(card.id))
        if any(self.holder(c.id) is not owner for c in use.cards):
            raise RuleError("same_holder")
        side = action.side(owner.name)
        if side is None:
            raise RuleError("no_part", team=owner.name)
        effect = use.cards[0].role.effect
        if effect.when == "attacking" and side is not action.attacker:
            raise RuleError("attacking_only", label=use.label)
        for card in use.cards:
            if effect.uses_per_turn is not None and side.used.count(card.id) >= effect.uses_per_turn:
                raise RuleError("used_turn", id=card.id)
            if effect.uses_per_week is not None and self.uses[card.id] >= effect.uses_per_week:
                raise RuleError("used_week", id=card.id, n=self.uses[card.id], limit=effect.uses_per_week)
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
                out += [f"{who.team}: {note}" for note in who.pool.notes[start:]]
                touched.append(who)
        if any(s.pool.rolled for s in touched):
            return out + [self._standing()]
        return out + [f"  {s.team}: {self._dice_line(s)}" for s in touched]

    def reroll(self, tokens: list[str]) -> list[str]:
        action = self._need_action("after")
        side = None
        if tokens and not tokens[0][0].isdigit():
            side = action.side(self.team(tokens[0]).name)
            tokens = tokens[1:]
        if side is None:
            holding = [s for s in action.sides if s.backups]
            if len(holding) > 1:
                raise RuleError("both_backup")
            side = holding[0] if holding else action.attacker
        if not side.backups:
            raise RuleError("no_backup", team=side.team)
        old, new = parse_reroll(tokens, self.rng)
        side.pool.reroll(old, new, item_doing(self.game, "reroll").name(self.lang))
        side.backups -= 1
        return [side.pool.notes[-1], self._standing()]

    def double(self) -> list[str]:
        action = self._need_action("prepare", "roll", "after")
        team = self.teams[action.attacker.team]
        allowed = self.faction(team).twists.reward_doublings
        if action.kind != "mafia" or not allowed:
            raise RuleError("double_only")
        if team.doublings_used >= allowed:
            raise RuleError("doublings_gone", team=team.name, n=allowed)
        action.double = True
        return [self.say("will_double", team=team.name, left=allowed - team.doublings_used - 1)]

    def _dice_line(self, side: Side) -> str:
        pool = side.pool
        extras = [self.say("extra_total", n=pool.bonus)] if pool.bonus else []
        extras += [self.say("extra_rerolls", n=side.backups)] if side.backups else []
        extras += [self.say("extra_escape")] if side.escape else []
        dice = fmt(pool.faces) if pool.rolled else self.say("to_roll", n=pool.count)
        return dice + (f" ({', '.join(extras)})" if extras else "")

    def _standing(self) -> str:
        action = self.action
        if action.kind == "mafia":
            side = action.attacker
            card = self.game.card(action.target)
            verdict = evaluate([a.all for a in card.condition.any], side.pool.faces, side.pool.bonus)
            return f"  {self._dice_line(side)} = {side.pool.total}: {verdict.explain(self.lang)}"
        return "  " + self.say("versus").join(f"{s.team} {self._dice_line(s)} = {s.pool.total}"
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
        out = [self.say("duel_result", a=a.team, at=a.pool.total, d=d.team, dt=d.pool.total,
                        who=self.say("wins", team=a.team) if won else self.say("holds", team=d.team))]
        if won:
            action.winner = a.team
        else:
            action.loser = a.team
        return out + self._continue()

    def _settle_mafia(self, action: Action) -> list[str]:
        card = self.game.card(action.target)
        side = action.attacker
        verdict = evaluate([a.all for a in card.condition.any], side.pool.faces, side.pool.bonus)
        out = [self.say("prompt_head", team=side.team, target=self.name(card.id)) + f": {verdict.explain(self.lang)}"]
        if verdict.success:
            team = self.teams[side.team]
            self.board.remove(card.id)
            team.cards.append(card.id)
            out.append(self.say("takes_card", team=team.name, card=self.name(card.id)))
            if card.id not in self.rewarded:
                self.rewarded.add(card.id)
                amount = card.reward * (2 if action.double else 1)
                if action.double:
                    team.doublings_used += 1
                out += self._book(team.name, amount, self.say("reward_for", card=self.name(card.id))
                                  + (self.say("doubled") if action.double else ""))
            return out + self._end_turn()
        if not card.penalty:
            return out + [self.say("no_penalty_card")] + self._end_turn()
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
            action.question = self.say("ask_roll", team=team.name, what=e.what)
            return []
        return self._apply_penalty(team, penalty) + self._end_turn()

    def _apply_penalty(self, team: Team, penalty: Penalty) -> list[str]:
        table = self.game.penalty_tables[penalty.table].name(self.lang)
        if penalty.cancelled:
            return [self.say("escape_cancels", team=team.name,
                             item=item_doing(self.game, "cancel_penalty").name(self.lang))]
        out = []
        for effect in penalty.effects:
            out.append(self.say("penalty_line", team=team.name, table=table, roll=effect.roll,
                                text=effect.text(self.lang))
                       + (self.say("money_roll", faces=fmt(effect.money_roll)) if effect.money_roll else ""))
            if effect.id == "lose_money":
                out += self._book(team.name, -effect.amount, self.say("penalty_reason", table=table))
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
        if len(action.stolen) < self._cards_to_steal(action):
            stealable = [c for c in victim.cards if self.game.card(c).role.stealable]
            choices = " ".join(c for c in stealable if c not in action.stolen)
            action.question = self.say("ask_card", team=thief.name, victim=victim.name, choices=choices)
            return []
        try:
            what = self.say("what_theft", dice=rules.money_dice, times=rules.money_times)
            faces = Feeder(action.answers).take(what, rules.money_dice)
        except NeedRoll as e:
            action.question = self.say("ask_theft_roll", team=thief.name, what=e.what)
            return []
        out = []
        for card_id in action.stolen:
            victim.cards.remove(card_id)
            thief.cards.append(card_id)
            out.append(self.say("takes_from", team=thief.name, card=self.name(card_id), victim=victim.name))
            for op in self.game.card(card_id).role.effect.ops:
                if op.KIND == "lose_money_when_taken":
                    out += self._book(victim.name, -op.amount, self.say("card_taken", card=self.name(card_id)))
        amount = min(sum(faces) * rules.money_times, victim.money)
        out += self._book(victim.name, -amount, self.say("robbed", team=thief.name, faces=fmt(faces)))
        out += self._book(thief.name, amount, self.say("taken_from", victim=victim.name))
        return out + self._end_turn()

    def answer(self, line: str) -> list[str]:
        action = self.action
        words = line.split()
        if action.winner and len(action.stolen) < self._cards_to_steal(action):
            card = self._card(line.strip())
            victim = self.teams[action.target]
            if card.id not in victim.cards or not card.role.stealable or card.id in action.stolen:
                raise RuleError("cannot_lose", id=card.id, team=victim.name)
            action.stolen.append(card.id)
        elif words == ["roll"]:
            action.answers += roll(self.rng, 1)
        else:
            try:
                action.answers += parse_faces(words)
            except DiceError as e:
                raise RuleError("answer_again", error=e.text(self.lang), question=action.question) from None
        action.question = None
        return self._continue()

    def _cards_to_steal(self, action: Action) -> int:
        victim = self.teams[action.target]
        stealable = [c for c in victim.cards if self.game.card(c).role.stealable]
        wanted = self.game.hitman_attack.cards_taken + self.faction(victim).twists.extra_cards_lost_on_failed_defence
        return min(wanted, len(stealable))
