"""Famiglia solo: the table's state and the robot's program, as pure rules.

Cards are ints (family index × ranks + rank). The draw stack is a multiset of cards in an order
nobody knows (`hidden`, a count per card) above a list of known cards put under it during the
second pass (`bottom`, top first). Drawing is a chance event, `draw(card)`: at the table the user
says what came up; in simulation a seeded RNG picks a hidden card weighted by its count, which is
the same as drawing from a shuffled stack. Once the hidden part is used up the next card is
`bottom[0]`. The stack's contents are therefore always known exactly: the full census minus every
card in sight, which is what step 5 looks into.

The robot never waits for a decision, only for draws: whenever `pending` > 0 the game waits for
that many `draw()` calls (fewer if the stack runs out for good), then carries on by itself.
"""
from __future__ import annotations

from tabletop.data.famiglia import FamigliaData

ROBOT, PLAYER = "robot", "player"
OTHER = {ROBOT: PLAYER, PLAYER: ROBOT}


class RuleError(Exception):
    """An action or a drawn card the rules refuse. `key` names the reason, `args` its details."""

    def __init__(self, key: str, **args: object):
        super().__init__(key)
        self.key = key
        self.args_ = args


class Rules:
    """The game data of one level, flattened into plain lists indexed by card."""

    def __init__(self, data: FamigliaData, level: int):
        ranks = data.ranks
        self.data = data
        self.level = level
        self.ranks = ranks
        self.codes = data.codes()
        self.index = {code: i for i, code in enumerate(self.codes)}
        self.rank = [i % ranks for i in range(len(self.codes))]
        self.vp = [v for f in data.families for v in f.vp]
        self.copies = [n for f in data.families for n in f.copies]
        self.street_size = data.street_size
        self.achievement_factor = data.achievement_factor
        self.targets = list(data.level(level).targets)
        fam = {f.code: i for i, f in enumerate(data.families)}
        self.steps = [(s.number, s.collect_rank, s.fallback,
                       fam[s.fallback_family] * ranks if s.fallback_family else -1)
                      for s in data.robot.steps]
        start = {s.holder: [self.index[c] for c in s.cards] for s in data.start_sets}
        self.start = start
        self.deck = self.copies[:]
        for cards in start.values():
            for c in cards:
                self.deck[c] -= 1
        self.by_vp = sorted(range(len(self.codes)), key=lambda c: -self.vp[c])

    def card(self, code: str) -> int | None:
        return self.index.get(code.upper())


class Game:
    def __init__(self, rules: Rules, first: str, log: bool = True):
        self.rules = rules
        self.first = first
        self.street: list[int] = []
        self.discard: list[int] = []
        self.hidden = rules.deck[:]
        self.hidden_n = sum(self.hidden)
        self.bottom: list[int] = []
        self.passno = 1
        self.robot = list(rules.start[ROBOT])
        self.player = list(rules.start[PLAYER])
        self.turn = first
        self.pending = rules.street_size  # setup: the first Street
        self.after: str | None = "start"
        self.ending = False
        self.over = False
        self.refreshed_pass2 = False
        self.rstep = 1
        self.r5_refreshed = False
        self.turns = {ROBOT: 0, PLAYER: 0}
        self.events: list[tuple] | None = [] if log else None

    @classmethod
    def position(cls, rules: Rules, street: list[int], robot: list[int], player: list[int] | None = None,
                 discard: list[int] = (), bottom: list[int] = (), passno: int = 1,
                 turn: str = ROBOT, first: str = PLAYER) -> "Game":
        """A game in the middle: the stack holds every card not named. Call `begin_turn()` next."""
        g = cls(rules, first)
        g.street, g.robot, g.discard, g.bottom = list(street), list(robot), list(discard), list(bottom)
        g.player = list(rules.start[PLAYER] if player is None else player)
        g.passno, g.turn, g.pending, g.after = passno, turn, 0, None
        g.hidden = rules.copies[:]
        for c in g.street + g.robot + g.player + g.discard + g.bottom:
            g.hidden[c] -= 1
            if g.hidden[c] < 0:
                raise ValueError(f"more {rules.codes[c]} than the census holds")
        g.hidden_n = sum(g.hidden)
        return g

    def clone(self) -> "Game":
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        for name in ("street", "discard", "hidden", "bottom", "robot", "player"):
            setattr(g, name, list(getattr(self, name)))
        g.turns = dict(self.turns)
        g.events = None if self.events is None else list(self.events)
        return g

    # ---- what the table looks like -------------------------------------------------------------

    @property
    def stack_n(self) -> int:
        return self.hidden_n + len(self.bottom)

    @property
    def setting_up(self) -> bool:
        """Still waiting for the first Street (nobody's turn has begun)."""
        return self.after == "start"

    def draw_count(self) -> int:
        """How many cards the pending draw really takes (a short stack in the second pass ends it)."""
        available = self.stack_n + (len(self.discard) if self.passno == 1 else 0)
        return min(self.pending, available)

    def refresh_block(self) -> str | None:
        """Why a refresh is not allowed now ('zero', 'empty', 'once'), or None."""
        rank = self.rules.rank
        for c in self.street:
            if rank[c] == 0:
                return "zero"
        if not self.hidden_n and not self.bottom:
            return "empty"
        if self.passno == 2 and self.refreshed_pass2:
            return "once"
        return None

    def stack_best(self) -> int:
        """The highest VP among the cards still in the stack (-1 when it is empty)."""
        vp = self.rules.vp
        best = max((vp[c] for c in self.bottom), default=-1)
        for c in self.rules.by_vp:
            if self.hidden[c]:
                return max(best, vp[c])
        return best

    def score(self, who: str) -> int:
        vp = self.rules.vp
        return sum(vp[c] for c in (self.robot if who == ROBOT else self.player))

    def result(self) -> tuple[str, int | None]:
        """(winner: 'robot' | 'player' | 'draw', achievement when the player wins)."""
        robot, player = self.score(ROBOT), self.score(PLAYER)
        if robot == player:  # tie: the single card worth most decides
            vp = self.rules.vp
            robot = max((vp[c] for c in self.robot), default=0)
            player = max((vp[c] for c in self.player), default=0)
        if robot == player:
            return "draw", None
        if player > robot:
            return PLAYER, self.rules.achievement_factor * self.score(PLAYER) - self.score(ROBOT)
        return ROBOT, None

    # ---- chance: a card comes off the stack ----------------------------------------------------

    def draw(self, card: int) -> None:
        if not self.pending or self.over:
            raise RuleError("no_draw")
        if self.hidden_n:
            if not self.hidden[card]:
                raise RuleError("gone", card=card)
            self.hidden[card] -= 1
            self.hidden_n -= 1
        elif self.bottom:
            if self.bottom[0] != card:
                raise RuleError("bottom", card=card, expected=self.bottom[0])
            del self.bottom[0]
        else:  # unreachable: the pending draw is cut short when the stack runs out for good
            raise RuleError("no_draw")
        self.street.append(card)
        self.pending -= 1
        if not self.hidden_n and not self.bottom:
            self._stack_out()
        if not self.pending:
            self._log("drawn", tuple(self.street))  # the Street the game carries on with
            self._resume()

    def _stack_out(self) -> None:
        if self.passno == 1:
            self.passno = 2
            n = len(self.discard)
            for c in self.discard:
                self.hidden[c] += 1
            self.hidden_n = n
            self.discard.clear()
            self._log("reshuffle", n)
            if n:
                return
        self.ending = True
        self.pending = 0
        self._log("stack_out")

    def _resume(self) -> None:
        after, self.after = self.after, None
        if after == "start":
            self.begin_turn()
        elif after == ROBOT:
            self._robot_run()
        elif after == "turn_end":
            self._after_turn()
        elif after == PLAYER:
            self.after = None  # back to the human's decision

    # ---- the human's turn ----------------------------------------------------------------------

    def check_player_turn(self, pos: int | None = None) -> None:
        if self.over:
            raise RuleError("over")
        if self.pending:
            raise RuleError("draw_first", n=self.draw_count())
        if self.turn != PLAYER:
            raise RuleError("not_your_turn")
        if pos is not None and not 0 <= pos < len(self.street):
            raise RuleError("position", pos=pos, size=len(self.street))

    def player_refresh(self, pos: int) -> None:
        self.check_player_turn(pos)
        why = self.refresh_block()
        if why:
            raise RuleError("refresh_" + why)
        self._refresh(pos, PLAYER, None)
        if not self.pending:
            self._resume()

    def player_take(self, pos: int) -> None:
        self.check_player_turn(pos)
        card = self.street.pop(pos)
        self.player.append(card)
        self._log("take", PLAYER, None, pos, card, "recruit")
        self._end_turn()

    def player_end(self) -> None:
        self.check_player_turn()
        self._log("pass", PLAYER)
        self._end_turn()

    # ---- shared turn mechanics -----------------------------------------------------------------

    def _refresh(self, pos: int, who: str, step: int | None) -> None:
        card = self.street.pop(pos)
        to_bottom = self.passno == 2
        if to_bottom:
            self.bottom.append(card)
            self.refreshed_pass2 = True
        else:
            self.discard.append(card)
        self.pending = self.rules.rank[card]
        self.after = who
        self._log("refresh", who, step, pos, card, to_bottom)

    def _end_turn(self) -> None:
        self.turns[self.turn] += 1
        if not self.street:
            self.pending = self.rules.street_size
            if self.draw_count():
                self.after = "turn_end"
                self._log("new_street", self.draw_count())
                return
            self.pending = 0
        self._after_turn()

    def _after_turn(self) -> None:
        if self.ending and self.turn != self.first:
            self.over = True
            self._log("over")
            return
        self.turn = OTHER[self.turn]
        self.begin_turn()

    def begin_turn(self) -> None:
        self.refreshed_pass2 = False
        self._log("turn", self.turn)
        if self.turn == ROBOT:
            self.rstep = 1
            self.r5_refreshed = False
            self._robot_run()

    def _log(self, *event: object) -> None:
        if self.events is not None:
            self.events.append(event)

    # ---- the robot's program -------------------------------------------------------------------

    def _robot_run(self) -> None:
        rules, street = self.rules, self.street
        rank, vp = rules.rank, rules.vp
        while True:
            number, collect, fallback, family_zero = rules.steps[self.rstep - 1]
            if collect is not None:
                target = rules.targets[collect]
                have = sum(1 for c in self.robot if rank[c] == collect)
                if have >= target:
                    self._log("enough", number, collect, have, target)
                    self.rstep += 1
                    continue
                pos = next((i for i, c in enumerate(street) if rank[c] == collect), -1)
                if pos >= 0:
                    self._robot_take(number, pos, "collect")
                    return
                if self._robot_refresh(number):
                    return
                pos, how = self._fallback(fallback, collect, family_zero)
                if pos >= 0:
                    self._robot_take(number, pos, how)
                    return
                self._log("next_step", number, collect)
                self.rstep += 1
                continue
            if not street:
                self._log("nothing", number)
                self._end_turn()
                return
            best = max(vp[c] for c in street)
            if not self.r5_refreshed:
                self.r5_refreshed = True
                in_stack = self.stack_best()
                if in_stack > best:
                    self._log("better_in_stack", number, in_stack, best)
                    if self._robot_refresh(number):
                        return
                else:
                    self._log("none_better", number, best)
            self._robot_take(number, next(i for i, c in enumerate(street) if vp[c] == best), "best")
            return

    def _robot_refresh(self, step: int) -> bool:
        """The robot refreshes the leftmost Street card if the rules allow; True: it now waits for the
        draws (always at least one: no 0 shows, so the discarded card's rank is 1 or more)."""
        why = self.refresh_block()
        if why:
            self._log("no_refresh", step, why)
            return False
        self._refresh(0, ROBOT, step)
        return True

    def _fallback(self, kind: str, collect: int, family_zero: int) -> tuple[int, str]:
        street, rank, vp = self.street, self.rules.rank, self.rules.vp
        if kind == "family_zero_then_zero":
            for i, c in enumerate(street):
                if c == family_zero:
                    return i, "family_zero"
            for i, c in enumerate(street):
                if rank[c] == 0:
                    return i, "zero"
        elif kind == "best_lower":
            lower = [i for i, c in enumerate(street) if rank[c] < collect]
            if lower:
                best = max(vp[street[i]] for i in lower)
                return next(i for i in lower if vp[street[i]] == best), "best_lower"
        return -1, ""

    def _robot_take(self, step: int, pos: int, why: str) -> None:
        card = self.street.pop(pos)
        self.robot.append(card)
        self._log("take", ROBOT, step, pos, card, why)
        self._end_turn()
