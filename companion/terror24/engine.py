"""24 −共鳴するテロル−: the rules of a 3–5 player game, with the 3-player virtual player (NPC).

Pure rules: no printing, no input. Every number comes from the game data. Chance enters as actions:
a face-down event turned up (`reveal`), the NPC's card (`npc_card`; the table types it, or the caller
passes the top of a seeded deck) and the card drawn in the life-or-death check (`check`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal, NamedTuple

from tabletop.data.terror24 import STYLES, Style, Terror24
from tabletop.i18n import N_
from tabletop.record import Record

from ..protocol import RuleError


class Need(StrEnum):
    """What the game waits for: an event column turned up, a bid, the NPC's card, a life-or-death
    draw, or nothing (it is over)."""
    REVEAL = "reveal"
    BID = "bid"
    NPC = "npc"
    CHECK = "check"
    OVER = "over"


class Asked(NamedTuple):
    """A seat is asked: a player to bid, the NPC for its card, a player to draw in the check."""
    kind: Literal[Need.BID, Need.NPC, Need.CHECK]
    seat: int


class Waiting(NamedTuple):
    """No seat is asked: a face-down event column is to be turned up, or the game is over."""
    kind: Literal[Need.REVEAL, Need.OVER]
    seat: None


@dataclass
class Seat:
    name: str
    detective: str
    style: Style
    hand: list[int]  # a human's hand; for the NPC its deck, top card first
    npc: bool = False
    kept: list[int] = field(default_factory=list)  # time cards out in front (placed bids)
    events: list[str] = field(default_factory=list)  # suit ids received
    vp: int = 0
    dead: bool = False

    def copy(self) -> Seat:
        twin = Seat.__new__(Seat)  # every field at once
        twin.__dict__.update(self.__dict__)
        twin.hand, twin.kept, twin.events = list(self.hand), list(self.kept), list(self.events)
        return twin

    @property
    def time_in_front(self) -> int:
        return sum(self.kept)


class Award(Record):
    seat: int
    vp: int
    kind: str  # "stand", "coop_main", "coop_sub", "colour", "adjust"
    suit: str = ""
    place: int = 0


class Entry(Record):
    seat: int
    cards: tuple[int, ...]
    style: Style  # as bid (the end phase may turn the card)
    time: int


class Placed(Record):
    """The bidder at a place of the round and the event it received."""
    seat: int
    suit: str


class Switch(Record):
    """A seat whose detective switched style at the end of the round, and its new style."""
    seat: int
    style: Style


class Returned(NamedTuple):
    """Where the cards bid go at the end of a round: back to a hand, out in front, to the NPC's deck."""
    back_to_hand: dict[int, tuple[int, ...]]
    left_out: dict[int, tuple[int, ...]]
    npc_to_bottom: tuple[int, ...]


class RoundResult(Record):
    round: int
    coop_count: int
    ranking: list[Entry]  # every bidder, best first
    placed: list[Placed]  # places 1, 2, (3)
    awards: list[Award]
    back_to_hand: dict[int, tuple[int, ...]]
    left_out: dict[int, tuple[int, ...]]
    npc_to_bottom: tuple[int, ...]
    sitting_out: list[int]
    chief: int  # after the round
    switches: list[Switch]


class Check(Record):
    seat: int
    card: int | None  # None: no draw needed (only the death card was left)
    dead: bool


def other_style(style: Style) -> Style:
    return STYLES[1 - STYLES.index(style)]


def npc_style(human_styles: list[Style]) -> Style:
    """The style fewer humans chose (3–0: the one nobody chose)."""
    stands = human_styles.count("stand")
    return "stand" if stands < len(human_styles) - stands else "coop"


class Game:
    def __init__(self, data: Terror24, seats: list[Seat], chief: int, grid: list[list[str | None]]):
        self.data = data
        self.seats = seats
        self.chief = chief
        self.grid = grid
        self.round = 1
        self.bids: dict[int, tuple[int, ...]] = {}
        self.results: list[RoundResult] = []
        self.checks: list[Check] = []
        self.check_order: list[int] = []
        self._validate_setup()
        self._bidders = self._eligible()  # fixed for the round: laying cards down does not change it
        self._skip_empty_rounds()

    def clone(self) -> Game:
        """An independent copy (the data and the records kept are shared: they never change)."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.seats = [seat.copy() for seat in self.seats]
        twin.grid = [list(column) for column in self.grid]
        twin.bids, twin.results, twin.checks = dict(self.bids), list(self.results), list(self.checks)
        twin.check_order, twin._bidders = list(self.check_order), list(self._bidders)
        return twin

    # ----- what is asked now -----
    def need(self) -> Asked | Waiting:
        """(REVEAL, None) | (BID, seat) | (NPC, seat) | (CHECK, seat) | (OVER, None)."""
        if self.round > self.data.rounds:
            pending = self._pending_check()
            return Asked(Need.CHECK, pending) if pending is not None else Waiting(Need.OVER, None)
        if None in self.grid[self.round - 1]:
            return Waiting(Need.REVEAL, None)
        seat = next(s for s in self.bidders() if s not in self.bids)  # a full round resolves at once
        return Asked(Need.NPC if self.seats[seat].npc else Need.BID, seat)

    def bidders(self) -> list[int]:
        """Who bids this round, clockwise from the chief, humans first and the NPC last."""
        return self._bidders

    def _eligible(self) -> list[int]:
        rules = self.data.rules
        n = len(self.seats)
        order = [(self.chief + k) % n for k in range(n)]
        humans = [i for i in order if not self.seats[i].npc and len(self.seats[i].hand) >= rules.bid_cards]
        npcs = [i for i in order if self.seats[i].npc and len(self.seats[i].hand) >= rules.npc_cards_per_round]
        return humans + npcs

    def is_over(self) -> bool:
        return self.need().kind == Need.OVER

    def distance_from_chief(self, seat: int) -> int:
        return (seat - self.chief) % len(self.seats)

    def npc_top(self) -> list[int]:
        """The NPC's next cards from its (virtual, seeded) deck."""
        seat = self.need().seat
        assert seat is not None, "asked for on the NPC's turn only"
        return self.seats[seat].hand[: self.data.rules.npc_cards_per_round]

    # ----- actions -----
    def reveal(self, suits: list[str]) -> None:
        column = self.grid[self.round - 1]
        if self.need().kind != Need.REVEAL:
            raise RuleError(N_("round {round} has no face-down events"), round=self.round)
        if len(suits) != len(column):
            raise RuleError(N_("round {round} has {n} events to reveal, got {got}"),
                            round=self.round, n=len(column), got=len(suits))
        self._check_suit_counts([*self.grid[: self.round - 1], suits, *self.grid[self.round:]])
        column[:] = suits
        self._skip_empty_rounds()

    def bid(self, seat: int, cards: list[int]) -> RoundResult | None:
        kind, expected = self.need()
        humans_pending = [s for s in self.bidders() if s not in self.bids and not self.seats[s].npc]
        if kind not in (Need.BID, Need.NPC) or (seat != expected and seat not in humans_pending):
            raise self._not_now(seat)
        wanted = self.data.rules.npc_cards_per_round if self.seats[seat].npc else self.data.rules.bid_cards
        if len(cards) != wanted:
            raise RuleError(N_("{name} lays exactly {n} card(s), got {got}"),
                            name=self.seats[seat].name, n=wanted, got=len(cards))
        hand = self.seats[seat].hand
        missing = Counter(cards) - Counter(hand)
        if missing:
            said = (N_("{name} cannot lay {cards}: the deck holds {held}") if self.seats[seat].npc
                    else N_("{name} cannot lay {cards}: the hand holds {held}"))
            raise RuleError(said, name=self.seats[seat].name, cards=_cards(cards), held=_cards(sorted(hand)))
        for card in cards:
            hand.remove(card)
        self.bids[seat] = tuple(cards)
        if len(self.bids) == len(self.bidders()):
            return self._resolve()
        return None

    npc_card = bid  # the NPC's turned-up card is its bid

    def check(self, card: int) -> Check:
        asked = self.need()
        if asked.kind != Need.CHECK:
            raise RuleError(N_("the life-or-death check comes after the last round"))
        seat = asked.seat
        hand = self.seats[seat].hand
        if card not in hand:
            raise RuleError(N_("{name} has no {card} in hand (in hand: {held})"),
                            name=self.seats[seat].name, card=card, held=_cards(sorted(hand)))
        return self._record_check(seat, card)

    def adjust(self, seat: int, vp: int) -> None:
        """A manual correction of a score (e.g. a value misread from a card)."""
        self.seats[seat].vp += vp

    # ----- the round -----
    def _resolve(self) -> RoundResult:
        data, r = self.data, self.round
        column = _turned_up(self.grid[r - 1])
        bidders = list(self.bids)
        coops = [s for s in bidders if self.seats[s].style == "coop"]
        entries = [Entry(s, self.bids[s], self.seats[s].style,
                         sum(self.bids[s]) + (len(coops) if s in coops else 0)) for s in bidders]
        ranking = sorted(entries, key=lambda e: (-e.time, self.distance_from_chief(e.seat)))
        placed = [Placed(e.seat, column[place]) for place, e in enumerate(ranking[: len(column)])]
        awards: list[Award] = []
        for place, placing in enumerate(placed, 1):
            seat, suit_id = placing.seat, placing.suit
            suit = data.suit(suit_id)
            if self.seats[seat].style == "stand":
                awards.append(Award(seat, suit.stand_vp, "stand", suit_id, place))
            else:
                awards.append(Award(seat, suit.coop_main_vp, "coop_main", suit_id, place))
                awards += [Award(other, suit.coop_sub_vp, "coop_sub", suit_id, place)
                           for other in coops if other != seat]
            if suit_id in self.seats[seat].events:
                awards.append(Award(seat, r, "colour", suit_id, place))
            self.seats[seat].events.append(suit_id)
        for award in awards:
            self.seats[award.seat].vp += award.vp
        back, out, to_bottom = self._return_cards({p.seat for p in placed})
        chief = ranking[0].seat if ranking else self.chief
        switches = []
        for i, player in enumerate(self.seats):
            if data.detective(player.detective).switches(data.schedule, r):
                player.style = other_style(player.style)
                switches.append(Switch(i, player.style))
        result = RoundResult(r, len(coops), ranking, placed, awards, back, out, to_bottom,
                             [i for i in range(len(self.seats)) if i not in self.bids], chief, switches)
        self.results.append(result)
        self.chief, self.bids, self.round = chief, {}, r + 1
        self._bidders = self._eligible()
        if self.round > data.rounds:
            self._start_checks()
        self._skip_empty_rounds()
        return result

    def _skip_empty_rounds(self) -> None:
        """A round nobody can bid in (possible only with edited data) passes with its end phase alone."""
        while (self.round <= self.data.rounds and not self._bidders
               and None not in self.grid[self.round - 1]):
            self._resolve()

    def _return_cards(self, placed: set[int]) -> Returned:
        back: dict[int, tuple[int, ...]] = {}
        out: dict[int, tuple[int, ...]] = {}
        to_bottom: tuple[int, ...] = ()
        keep_back = self.data.rules.returned_when_placed
        for seat, cards in self.bids.items():
            player = self.seats[seat]
            if seat not in placed:
                back[seat] = cards
                player.hand.extend(cards)  # for the NPC: to the bottom of its deck
                if player.npc:
                    to_bottom = cards
            elif player.npc:
                out[seat] = cards
                player.kept.extend(cards)
            else:
                back[seat] = tuple(c for c in cards if c == keep_back)
                out[seat] = tuple(c for c in cards if c != keep_back)
                player.hand.extend(back[seat])
                player.kept.extend(out[seat])
        return Returned({s: c for s, c in back.items() if c}, {s: c for s, c in out.items() if c}, to_bottom)

    # ----- the end -----
    def _start_checks(self) -> None:
        humans = [i for i, s in enumerate(self.seats) if not s.npc]
        self.check_order = sorted(humans, key=lambda i: (-self.seats[i].time_in_front,
                                                         self.distance_from_chief(i)))
        self._auto_checks()

    def _pending_check(self) -> int | None:
        if any(c.dead for c in self.checks) or len(self.checks) == len(self.check_order):
            return None
        return self.check_order[len(self.checks)]

    def _auto_checks(self) -> None:
        """A hand of nothing but death cards needs no draw (and one without any cannot die)."""
        death = self.data.rules.death_card
        while (seat := self._pending_check()) is not None:
            hand = self.seats[seat].hand
            if all(c == death for c in hand):
                self.checks.append(Check(seat, None, True))
                self.seats[seat].dead = True
            elif death not in hand:
                self.checks.append(Check(seat, None, False))
            else:
                return

    def _record_check(self, seat: int, card: int) -> Check:
        result = Check(seat, card, card == self.data.rules.death_card)
        self.checks.append(result)
        self.seats[seat].dead = result.dead
        self._auto_checks()
        return result

    def winners(self) -> list[int]:
        """Surviving humans with most VP, then most time in front; several means a draw."""
        alive = [i for i, s in enumerate(self.seats) if not s.npc and not s.dead]
        if not alive:
            return []
        best = max((self.seats[i].vp, self.seats[i].time_in_front) for i in alive)
        return [i for i in alive if (self.seats[i].vp, self.seats[i].time_in_front) == best]

    # ----- checks -----
    def _not_now(self, seat: int) -> RuleError:
        kind = self.need().kind
        name = self.seats[seat].name
        if kind in (Need.BID, Need.NPC):
            if seat not in self.bidders():
                return RuleError(N_("{name} sits out (fewer than {n} cards in hand)"),
                                 name=name, n=self.data.rules.bid_cards)
            if seat in self.bids:
                return RuleError(N_("{name} has already bid this round"), name=name)
            return RuleError(N_("{name} turns a card after every player has bid"), name=name)
        if kind == Need.REVEAL:
            return RuleError(N_("turn up round {round}'s face-down events first"), round=self.round)
        if kind == Need.CHECK:
            return RuleError(N_("the rounds are over: the life-or-death check is on"))
        return RuleError(N_("the game is over"))

    def _validate_setup(self) -> None:
        data = self.data
        humans = [s for s in self.seats if not s.npc]
        if not data.players.min <= len(humans) <= data.players.max:
            raise RuleError(N_("{lo}–{hi} players, got {got}"),
                            lo=data.players.min, hi=data.players.max, got=len(humans))
        npcs = len(self.seats) - len(humans)
        if npcs != (1 if len(humans) == data.rules.npc_at_players else 0):
            raise RuleError(N_("a virtual player joins exactly when {n} play"), n=data.rules.npc_at_players)
        if len({s.detective for s in self.seats}) != len(self.seats):
            raise RuleError(N_("every seat needs its own detective"))
        if self.seats[self.chief].npc:
            raise RuleError(N_("the chief is one of the players"))
        shape = [c.places for c in data.grid]
        if [len(c) for c in self.grid] != shape:
            raise RuleError(N_("the event grid has columns of {shape} places"), shape=shape)
        for column, spec in zip(self.grid, data.grid):
            if spec.face_down != (None in column) or (spec.face_down and set(column) != {None}):
                said = (N_("round {round}'s events are face down at the start") if spec.face_down
                        else N_("round {round}'s events are face up at the start"))
                raise RuleError(said, round=spec.round)
        self._check_suit_counts(self.grid)

    def _check_suit_counts(self, grid: Sequence[Sequence[str | None]]) -> None:
        used = Counter(s for column in grid for s in column if s is not None)
        for suit_id, count in used.items():
            suit = self.data.suit(suit_id)
            if count > suit.cards:
                raise RuleError(N_("only {n} {suit} ({letter}) events exist, the grid shows {got}"),
                                n=suit.cards, suit=suit.name, letter=suit.letter, got=count)


def _turned_up(column: list[str | None]) -> list[str]:
    """The events of a round being resolved: a round is bid in, or passes, only once they are face up."""
    suits = [suit for suit in column if suit is not None]
    assert len(suits) == len(column), "a round resolves only with its events face up"
    return suits


def _cards(cards: Iterable[int]) -> str:
    return " ".join(map(str, cards))
