"""Whole games with a shuffled virtual deck: the robot against a simple built-in player.

The same engine as the table: a seeded RNG supplies the drawn cards (`draw_random`), and
`SimplePlayer` supplies the human's decisions.
"""
from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from ..protocol import CHANCE, Action
from .engine import PLAYER, ROBOT, Game, Rules
from .match import Match
from .moves import Draw, End, Refresh, Take


def draw_random(game: Game, rng: random.Random) -> int:
    """A card off the stack: any hidden card, weighted by its count; else the known bottom card."""
    if not game.hidden_n:
        return game.bottom[0]
    k = int(rng.random() * game.hidden_n)
    for card, n in enumerate(game.hidden):
        if k < n:
            return card
        k -= n
    raise AssertionError("hidden counts do not add up")


class SimplePlayer:
    """A plain rule of thumb. It keeps its hand (a count per card) and uses two abilities:
    Mercenaries (a card of rank X stands in for one card of a pair of lower rank) and Brutes (one
    played from hand lowers a Street card's rank by up to its own rank for this recruit); no
    Accountant swaps. Recruiting rank v needs two cards of that family and rank v−1 in hand; one
    of the pair (or the stand-in) and any Brute used leave the hand for the play area.
    Each turn: recruit the Street card worth most that it can afford, paying as little as it can
    (ties: one that makes a pair in hand, then leftmost); if none, refresh the highest-rank Street
    card while the rules allow (at most 3 times a turn); then end the turn."""

    MAX_REFRESHES = 3

    def __init__(self, rules: Rules):
        self.rules = rules
        self.hand = [0] * len(rules.codes)
        for c in rules.start[PLAYER]:
            self.hand[c] += 1
        self.wild = self._family_cards(rules, "mercenary")
        self.brutes = [c for c in self._family_cards(rules, "brute") if rules.rank[c] > 0]
        self.turn_seen = -1
        self.refreshes = 0

    @staticmethod
    def _family_cards(rules: Rules, ability: str) -> list[int]:
        return [f * rules.ranks + r for f, family in enumerate(rules.data.families) if family.ability == ability
                for r in range(rules.ranks)]

    def _pair(self, card: int, rank: int, spent: int) -> int | None:
        """The hand card given up to recruit `card` as if its rank were `rank` (≥ 1), or None."""
        r, hand = self.rules.rank, self.hand
        below = card - r[card] + rank - 1
        have = hand[below] - (below == spent)
        if have >= 2:
            return below
        if have == 1:
            for w in self.wild:
                if r[w] > rank - 1 and hand[w] - (w == spent) > (w == below):
                    return w
        return None

    def _payment(self, card: int) -> tuple[int, ...] | None:
        """The cheapest set of hand cards that leave for the play area to recruit `card`."""
        rank = self.rules.rank[card]
        if rank == 0:
            return ()
        pair = self._pair(card, rank, -1)
        if pair is not None:
            return (pair,)
        for brute in self.brutes:  # lowest rank first
            if self.hand[brute]:
                lowered = max(0, rank - self.rules.rank[brute])
                if lowered == 0:
                    return (brute,)
                pair = self._pair(card, lowered, brute)
                if pair is not None:
                    return (brute, pair)
        return None

    def choose(self, game: Game) -> Action:
        """The action it takes now, on its turn (its hand already paid for a recruit)."""
        vp, hand = self.rules.vp, self.hand
        if game.turns[PLAYER] != self.turn_seen:
            self.turn_seen, self.refreshes = game.turns[PLAYER], 0
        best, pos, pay = None, -1, ()
        for i, c in enumerate(game.street):
            payment = self._payment(c)
            if payment is not None:
                key = (vp[c], -len(payment), hand[c] == 1)
                if best is None or key > best:
                    best, pos, pay = key, i, payment
        if pos >= 0:
            for c in pay:
                hand[c] -= 1
            hand[game.street[pos]] += 1
            return Take(pos)
        rank = self.rules.rank
        if self.refreshes < self.MAX_REFRESHES and game.street and game.refresh_block() is None:
            self.refreshes += 1
            top = max(rank[c] for c in game.street)
            return Refresh(next(i for i, c in enumerate(game.street) if rank[c] == top))
        return End()


def next_action(match: Match, player: SimplePlayer, rng: random.Random) -> Action:
    """What happens next in a simulated game: a card off the shuffled stack, or the player's choice."""
    game = match.game
    if match.to_move().kind == CHANCE:
        return Draw((game.rules.codes[draw_random(game, rng)],))
    return player.choose(game)


def play_one(rules: Rules, first: str, rng: random.Random) -> Game:
    match = Match(Game(rules, first))
    player = SimplePlayer(rules)
    while not match.game.over:
        match.apply(next_action(match, player, rng))
    return match.game


def table_lines(rules: Rules, first: str, rng: random.Random) -> tuple[list[str], Game]:
    """One simulated game as the lines typed at the table (the cards drawn for one turn on one line,
    refresh N, take N, end), and the finished game: a script that `companion famiglia play` can be
    fed through a pipe."""
    match, player, lines = Match(Game(rules, first)), SimplePlayer(rules), []
    while not match.game.over:
        owed = match.game.draw_count() if match.to_move().kind == CHANCE else 1  # one line: a refresh's draws
        actions = []
        for _ in range(owed):
            actions.append(next_action(match, player, rng))
            match.apply(actions[-1])
        lines.append(" ".join(action.line() for action in actions))
    return lines, match.game


@dataclass
class Summary:
    games: int
    robot: list[int]
    player: list[int]
    player_wins: int
    draws: int

    def to_dict(self) -> dict:
        return {"games": self.games, "robot": _spread(self.robot), "player": _spread(self.player),
                "player_win_rate": self.player_wins / self.games if self.games else 0.0,
                "draws": self.draws}


def _spread(values: list[int]) -> dict:
    if not values:
        return {}
    q = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {"mean": round(statistics.fmean(values), 2), "min": min(values), "q1": q[0],
            "median": q[1], "q3": q[2], "max": max(values)}


def simulate(rules: Rules, first: str, games: int, seed: int) -> Summary:
    rng = random.Random(seed)
    summary = Summary(games, [], [], 0, 0)
    for _ in range(games):
        game = play_one(rules, first, rng)
        summary.robot.append(game.score(ROBOT))
        summary.player.append(game.score(PLAYER))
        winner, _ = game.result()
        summary.player_wins += winner == PLAYER
        summary.draws += winner == "draw"
    return summary
