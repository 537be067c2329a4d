"""The steps of one action: preparing, using cards, rolling, and settling what follows.

A mixin of Engine (engine.py), which owns the teams, the money and the turns.
"""
from __future__ import annotations

from typing import Any

from pnp.data.hitmans_showdown import NEXT_ACTION_EFFECTS

from .cards import NotFound, find_card, find_item
from .chance import Feeder, NeedRoll
from .conditions import evaluate
from .dice import DiceError, parse_faces, roll
from .ops import EffectError
from .penalties import Penalty, resolve
from .pool import PoolError, fmt
from .uses import apply_use, parse_reroll, parse_use
from .state import Action, RuleError, Side, Team


class ActionSteps:
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
        have = side.bought[item.id]
        if item.max_per_turn is not None and have + times > item.max_per_turn:
            raise RuleError(f"at most {item.max_per_turn} {item.name(self.lang)} per turn "
                            f"({have} bought already)")
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

        try:
            use = parse_use(self.game, tokens, lambda text: find_card(self.game, text), self.week, self.lang)
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
            raise RuleError(f"{team.name} has used all {allowed} doublings")
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
