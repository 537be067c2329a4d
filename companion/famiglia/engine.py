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

The protocol — whose move, the legal actions, a line → its action, applying one, the outcome — is
`match.Match`, in front of these rules.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletop.data.famiglia import FamigliaData
from tabletop.i18n import N_

from ..protocol import Event, RuleError
from ..speech import Said
from .moves import (
    BetterInStack,
    Drawn,
    Enough,
    GameOver,
    NewStreet,
    NextStep,
    NoneBetter,
    NoRefresh,
    Nothing,
    Passed,
    Refreshed,
    Reshuffled,
    StackOut,
    Taken,
    TurnBegan,
)

ROBOT, PLAYER = "robot", "player"
OTHER = {ROBOT: PLAYER, PLAYER: ROBOT}

# The refusals, by what `refresh_block` says.
NO_REFRESH = {"zero": N_("no refresh while a 0 is on the Street"),
              "empty": N_("no refresh: the stack is empty"),
              "once": N_("second pass: only one refresh a turn")}
OVER = N_("the game is over (undo to go back, quit to leave)")
DRAW_FIRST = N_("first type the {n} drawn card(s)")
NO_DRAW = N_("no card is to be drawn now")


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
        start: dict[str, list[int]] = {s.holder: [self.index[c] for c in s.cards] for s in data.start_sets}
        self.start = start
        self.deck = self.copies[:]
        for cards in start.values():
            for c in cards:
                self.deck[c] -= 1
        self.by_vp = sorted(range(len(self.codes)), key=lambda c: -self.vp[c])

    def card(self, code: str) -> int | None:
        return self.index.get(code.upper())

    def example(self, n: int) -> list[str]:
        """A few card codes, spread over the families and ranks, to show the format."""
        return [self.codes[i * (self.ranks + 2) % len(self.codes)] for i in range(min(n, 3))]


class Game:
    """A game's state and the rules' verbs: the player's take, refresh and end, a card drawn, the robot's
    program (the protocol is `match.Match`)."""
    def __init__(self, rules: Rules, first: str):
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
        self._said: list[Event] | None = None  # where the rules' steps tell what happens; see `listen`

    @classmethod
    def position(cls, rules: Rules, street: list[int], robot: list[int], player: list[int] | None = None,
                 discard: Sequence[int] = (), bottom: Sequence[int] = (), passno: int = 1,
                 turn: str = ROBOT, first: str = PLAYER) -> Game:
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

    def clone(self) -> Game:
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        for name in ("street", "discard", "hidden", "bottom", "robot", "player"):
            setattr(g, name, list(getattr(self, name)))
        g.turns = dict(self.turns)
        g._said = None  # a copy tells nobody until it is listened to
        return g

    def listen(self) -> list[Event]:
        """The list the rules' steps tell what happens to from now on: the protocol (match.Match) listens
        while it carries an action out, a test while it drives the robot's program step by step."""
        self._said = []
        return self._said

    def stop_listening(self) -> None:
        self._said = None

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
        codes = self.rules.codes
        if not self.pending or self.over:
            raise RuleError(NO_DRAW)
        if self.hidden_n:
            if not self.hidden[card]:
                raise RuleError(N_("no {card} can be in the stack: all {copies} are accounted for ({where})"),
                                card=codes[card], copies=self.rules.copies[card], where=self._whereabouts(card))
            self.hidden[card] -= 1
            self.hidden_n -= 1
        elif self.bottom:
            if self.bottom[0] != card:
                raise RuleError(N_("the stack's unknown cards are used up; the next card is the one put under "
                                   "it: {expected}"), expected=codes[self.bottom[0]])
            del self.bottom[0]
        else:  # unreachable: the pending draw is cut short when the stack runs out for good
            raise RuleError(NO_DRAW)
        self.street.append(card)
        self.pending -= 1
        if not self.hidden_n and not self.bottom:
            self._stack_out()
        if not self.pending:
            self._log(Drawn(tuple(self.street)))  # the Street the game carries on with
            self._resume()

    def _stack_out(self) -> None:
        if self.passno == 1:
            self.passno = 2
            n = len(self.discard)
            for c in self.discard:
                self.hidden[c] += 1
            self.hidden_n = n
            self.discard.clear()
            self._log(Reshuffled(n))
            if n:
                return
        self.ending = True
        self.pending = 0
        self._log(StackOut())

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
            raise RuleError(OVER)
        if self.pending:
            raise RuleError(DRAW_FIRST, n=self.draw_count())
        if self.turn != PLAYER:
            raise RuleError(N_("it is not your turn"))
        if pos is not None and not 0 <= pos < len(self.street):
            raise RuleError(N_("there is no position {pos}: the Street has {size} card(s)"), pos=pos + 1,
                            size=len(self.street))

    def player_refresh(self, pos: int) -> None:
        self.check_player_turn(pos)
        why = self.refresh_block()
        if why:
            raise RuleError(NO_REFRESH[why])
        self._refresh(pos, PLAYER, None)
        if not self.pending:
            self._resume()

    def player_take(self, pos: int) -> None:
        self.check_player_turn(pos)
        card = self.street.pop(pos)
        self.player.append(card)
        self._log(Taken(PLAYER, None, pos, card, "recruit"))
        self._end_turn()

    def player_end(self) -> None:
        self.check_player_turn()
        self._log(Passed(PLAYER))
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
        self._log(Refreshed(who, step, pos, card, to_bottom))

    def _end_turn(self) -> None:
        self.turns[self.turn] += 1
        if not self.street:
            self.pending = self.rules.street_size
            if self.draw_count():
                self.after = "turn_end"
                self._log(NewStreet(self.draw_count()))
                return
            self.pending = 0
        self._after_turn()

    def _after_turn(self) -> None:
        if self.ending and self.turn != self.first:
            self.over = True
            self._log(GameOver())
            return
        self.turn = OTHER[self.turn]
        self.begin_turn()

    def begin_turn(self) -> None:
        self.refreshed_pass2 = False
        self._log(TurnBegan(self.turn))
        if self.turn == ROBOT:
            self.rstep = 1
            self.r5_refreshed = False
            self._robot_run()

    def _log(self, event: Event) -> None:
        if self._said is not None:
            self._said.append(event)

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
                    self._log(Enough(number, collect, have, target))
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
                self._log(NextStep(number, collect))
                self.rstep += 1
                continue
            if not street:
                self._log(Nothing(number))
                self._end_turn()
                return
            best = max(vp[c] for c in street)
            if not self.r5_refreshed:
                self.r5_refreshed = True
                in_stack = self.stack_best()
                if in_stack > best:
                    self._log(BetterInStack(number, in_stack, best))
                    if self._robot_refresh(number):
                        return
                else:
                    self._log(NoneBetter(number, best))
            self._robot_take(number, next(i for i, c in enumerate(street) if vp[c] == best), "best")
            return

    def _robot_refresh(self, step: int) -> bool:
        """The robot refreshes the leftmost Street card if the rules allow; True: it now waits for the
        draws (always at least one: no 0 shows, so the discarded card's rank is 1 or more)."""
        why = self.refresh_block()
        if why:
            self._log(NoRefresh(step, why))
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
        self._log(Taken(ROBOT, step, pos, card, why))
        self._end_turn()

    # ---- what a draw can turn up ------------------------------------------------------------------

    def may_come_up(self) -> list[int]:
        """The cards the next draw can turn up: any card the unknown part still holds, else the first
        card put under the stack."""
        if self.hidden_n:
            return [c for c, n in enumerate(self.hidden) if n]
        return self.bottom[:1]

    def owed(self) -> tuple[list[int], list[int]]:
        """For the draws owed now: how many of each card can still come up among them, and the known
        cards (those put under the stack, in order) that end them."""
        n, cards = self.draw_count(), range(len(self.rules.codes))
        if self.passno == 1 and n > self.hidden_n:  # the discard pile becomes the new stack midway
            return [self.hidden[c] + self.discard.count(c) for c in cards], []
        known = self.bottom[:max(0, n - self.hidden_n)]
        return [self.hidden[c] + known.count(c) for c in cards], known

    def _whereabouts(self, card: int) -> tuple[Said, ...]:
        """Where every copy of `card` is (for a refused draw)."""
        places = [(N_("robot {n}"), self.robot), (N_("you {n}"), self.player), (N_("Street {n}"), self.street),
                  (N_("discard pile {n}"), self.discard), (N_("under the stack {n}"), self.bottom)]
        return tuple(Said(place, n=n) for place, cards in places if (n := Counter(cards)[card]))
