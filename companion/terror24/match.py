"""A game of 24 from its first setup answer to the last check, on the one protocol.

`Match` asks the setup questions (players, styles, the NPC's seat, the chief, the event grid), then
plays the rounds through `Game`. Randomness — the NPC's detective and virtual deck, a `draw` in the
life-or-death check — comes from the seed saved with the game, one independent stream per purpose, so
replaying the journal never deals a different card. A virtual NPC turns its card by itself as soon as
the last player has bid: only a physical NPC deck makes the table type it (a chance move).
"""
from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable
from enum import StrEnum
from typing import TypedDict

from tabletop.data.terror24 import STYLES, Style, Terror24
from tabletop.i18n import N_

from ..numbers import is_whole, signed, whole
from ..protocol import CHANCE, NOBODY, PLAYER, Action, Ending, Event, Mover, Outcome, RuleError, ranked
from ..table import TABLE_WORDS
from .engine import Game, Need, Seat, npc_style
from .moves import (
    HIDDEN,
    Adjust,
    Adjusted,
    Answered,
    Bid,
    Checked,
    Chief,
    Draw,
    Ended,
    Grid,
    Laid,
    NpcSeat,
    Players,
    Resolved,
    Reveal,
    Revealed,
    Started,
    Styles,
)


class SetupStep(StrEnum):
    """The setup questions, in the order asked (the NPC's seat only in a 3-player game)."""
    PLAYERS = "players"
    STYLES = "styles"
    NPC = "npc"
    CHIEF = "chief"
    GRID = "grid"


SETUP = tuple(SetupStep)
PLAYER_ENTRY = re.compile(r"([^=\s][^=]*?)=(\S+)")  # NAME=DETECTIVE; a name may have spaces: "Ann Marie=scotch"
NPC = "NPC"  # the virtual player's seat name (no player may take it)


class NpcAnswer(TypedDict):
    detective: str
    after: str


class Answers(TypedDict, total=False):
    """The setup's answers so far, as `status` shows them."""
    players: list[list[str]]  # [name, detective] in seat order
    styles: list[Style]
    npc: NpcAnswer
    chief: str
    grid: list[list[str | None]]  # the game's own grid once it starts (None: face down)


class Match:
    def __init__(self, data: Terror24, seed: int, physical: bool):
        self.data, self.seed, self.physical = data, seed, physical
        self.answers: Answers = {}
        self.game: Game | None = None

    def clone(self) -> Match:
        """An independent copy to try actions on (the game data is shared: it never changes; an answer
        is set once and never changed, but the grid answered is the rounds' grid, turned up as they go)."""
        twin = Match.__new__(Match)
        twin.__dict__.update(self.__dict__)
        twin.answers = self.answers.copy()
        if self.game is not None:
            twin.game = self.game.clone()
            if self.answers.get("grid") is self.game.grid:
                twin.answers["grid"] = twin.game.grid
        return twin

    # ---- whose move, what is legal -----------------------------------------------------------------

    def setup_steps(self) -> list[SetupStep]:
        """The setup's questions in order (the NPC's seat only where the rules add one)."""
        return [s for s in SETUP if s != "npc" or "players" not in self.answers or self._with_npc()]

    def setup_step(self) -> SetupStep | None:
        return next((s for s in self.setup_steps() if s not in self.answers), None)

    def _started(self) -> Game:
        """The game, for what is asked only after the setup: its last answer starts the game."""
        assert self.game is not None, "the setup is still being answered"
        return self.game

    def to_move(self) -> Mover:
        if self.game is None:
            return Mover(PLAYER, "table")
        asked = self.game.need()
        if asked.kind == Need.OVER:
            return Mover(NOBODY)
        if asked.kind == Need.REVEAL:
            return Mover(CHANCE, "card")
        if asked.kind == Need.BID:
            return Mover(PLAYER, self.game.seats[asked.seat].name)
        return Mover(CHANCE, "card")  # the NPC's card turned up, or the card drawn in the check

    def legal_actions(self) -> list[Action]:
        """Every finite choice now. The players, styles and grid of setup, and a reveal, are forms."""
        step = self.setup_step()
        if step == "npc":
            names = [n for n, _ in self.answers["players"]]
            return [NpcSeat(d, after) for d in self._unused_detectives() for after in names]
        if step == "chief":
            return [Chief(n) for n, _ in self.answers["players"]]
        if step is not None:
            return []
        game = self._started()
        asked = game.need()
        if asked.kind == Need.BID:
            pending = [s for s in game.bidders() if s not in game.bids and not game.seats[s].npc]
            return [Bid(game.seats[s].name, cards) for s in pending for cards in self._pairs(s)]
        if asked.kind == Need.NPC:
            return [Bid(NPC, (card,)) for card in sorted(set(game.seats[asked.seat].hand))]
        if asked.kind == Need.CHECK:
            return [Draw(card) for card in sorted(set(game.seats[asked.seat].hand))]
        return []

    def events_left(self) -> list[str]:
        """The event cards not yet in the grid, a letter each (a suit's letter as often as it has cards
        left): what a face-down column, or the grid at setup, can still be filled with."""
        grid = self.game.grid if self.game is not None else []
        used = Counter(suit for column in grid for suit in column if suit is not None)
        return [suit.letter for suit in self.data.events.suits for _ in range(suit.cards - used[suit.id])]

    def _pairs(self, seat: int) -> list[tuple[int, ...]]:
        hand = sorted(self._started().seats[seat].hand)
        return sorted(set(itertools.combinations(hand, self.data.rules.bid_cards)))

    def _unused_detectives(self) -> list[str]:
        used = {d for _, d in self.answers["players"]}
        return [d.id for d in self.data.detectives if d.id not in used]

    # ---- lines → actions ----------------------------------------------------------------------------

    def parse(self, line: str) -> Action:
        words = line.split()
        if words[0].lower() == "adjust":
            return self._parse_adjust(words[1:])
        step = self.setup_step()
        if step is not None:
            return self._setup_parsers()[step](words)
        asked = self._started().need()
        if asked.kind == Need.REVEAL:
            return Reveal("".join(self.data.suit(s).letter for s in self._suits("".join(words))))
        if asked.kind in (Need.BID, Need.NPC):
            return self._parse_bid(asked.seat, line)
        if asked.kind == Need.CHECK:
            return self._parse_draw(asked.seat, line)
        raise RuleError(N_("the game is over"))

    def _setup_parsers(self) -> dict[SetupStep, Callable[[list[str]], Action]]:
        """Each setup question's reader of an answer."""
        return {SetupStep.PLAYERS: self._parse_players, SetupStep.STYLES: self._parse_styles,
                SetupStep.NPC: self._parse_npc, SetupStep.CHIEF: self._parse_chief, SetupStep.GRID: self._parse_grid}

    def _parse_players(self, words: list[str]) -> Players:
        players = []
        text = " ".join(words)
        pairs = list(PLAYER_ENTRY.finditer(text))
        rest = PLAYER_ENTRY.sub(" ", text).strip()  # what no NAME=DETECTIVE accounts for
        if rest or not pairs:
            raise RuleError(N_("write each player as NAME=DETECTIVE, e.g. Aki=scotch (got {word!r})"),
                            word=rest or text)
        for pair in pairs:
            name, detective = " ".join(pair.group(1).split()), pair.group(2)
            if name.lower() == NPC.lower():
                raise RuleError(N_("{npc!r} is the virtual player's name; choose another"), npc=NPC)
            if is_whole(name):  # "3 5" must read as a bid, never as player 3 laying a 5
                raise RuleError(N_("a player's name cannot be a number ({name!r})"), name=name)
            if name.lower() in TABLE_WORDS:  # "Quit 3 5" would end the session, not lay a bid
                raise RuleError(N_("a player's name cannot be a table command ({name!r}; not {words})"),
                                name=name, words=TABLE_WORDS)
            players.append((name, self._detective(detective)))
        lo, hi = self.data.players.min, self.data.players.max
        if not lo <= len(players) <= hi:
            raise RuleError(N_("{lo}–{hi} players, got {got}"), lo=lo, hi=hi, got=len(players))
        if len({n.lower() for n, _ in players}) < len(players) or len({d for _, d in players}) < len(players):
            raise RuleError(N_("every player needs their own name and detective"))
        return Players(tuple(players))

    def _detective(self, text: str) -> str:
        key = text.strip().lower()
        exact = [d.id for d in self.data.detectives if key in (d.id, d.name.en.lower(), d.name.ja)]
        found = exact or [d.id for d in self.data.detectives if key and d.id.startswith(key)]
        if len(found) != 1:
            raise RuleError(N_("unknown detective {word!r} (one of: {known})"), word=text,
                            known=tuple(d.name for d in self.data.detectives))
        return found[0]

    def _parse_styles(self, words: list[str]) -> Styles:
        players = len(self.answers["players"])
        if len(words) == 1 and len(words[0]) == players:
            words = list(words[0])  # "scs"
        if len(words) != players:
            raise RuleError(N_("one style per player ({n}), e.g. s c s"), n=players)
        return Styles(tuple(self.data.styles[self._style(w)].letter for w in words))

    def _style(self, word: str) -> Style:
        for style in STYLES:
            info = self.data.styles[style]
            if word.lower() in (style, info.letter, info.name.en.lower(), info.name.ja, info.orientation.ja):
                return style
        raise RuleError(N_("unknown style {word!r} (s = stand, c = coop)"), word=word)

    def _parse_npc(self, words: list[str]) -> NpcSeat:
        names = [n for n, _ in self.answers["players"]]
        after = names[-1]
        if len(words) >= 3 and words[1].lower() == "after":
            after = self._player(" ".join(words[2:]), names)
            words = words[:1]
        if len(words) != 1:
            raise RuleError(N_("answer random, or a detective, optionally followed by 'after NAME'"))
        unused = self._unused_detectives()
        if words[0].lower() in ("random", "ランダム"):
            return NpcSeat(random.Random(f"{self.seed}:npc-detective").choice(unused), after)
        detective = self._detective(words[0])
        if detective not in unused:
            raise RuleError(N_("{detective} is a player's detective; the NPC takes an unused one: {unused}"),
                            detective=self.data.detective(detective).name,
                            unused=tuple(self.data.detective(d).name for d in unused))
        return NpcSeat(detective, after)

    def _player(self, word: str, names: list[str]) -> str:
        word = " ".join(word.split())  # a name may have spaces: "Ann Marie"
        found = [n for n in names if n.lower() == word.lower()]
        if not found:
            raise RuleError(N_("no player called {word!r} (players: {names})"), word=word, names=tuple(names))
        return found[0]

    def _parse_chief(self, words: list[str]) -> Chief:
        if not words:
            raise RuleError(N_("the chief's name"))
        return Chief(self._player(" ".join(words), [n for n, _ in self.answers["players"]]))

    def _parse_grid(self, words: list[str]) -> Grid:
        columns = self.data.grid
        if len(words) == len([c for c in columns if not c.face_down]):
            given = iter(words)
            words = [HIDDEN * c.places if c.face_down else next(given) for c in columns]
        if len(words) != len(columns):
            raise RuleError(N_("{n} columns, e.g. RB YG RR BP ??? GY ??? (got {got})"), n=len(columns),
                            got=len(words))
        shown = []
        for column, word in zip(columns, words):
            if column.face_down and set(word) <= {HIDDEN, "-"}:
                shown.append(HIDDEN * column.places)
            else:
                shown.append("".join(self.data.suit(s).letter for s in self._suits(word)))
        return Grid(tuple(shown))

    def _suits(self, word: str) -> list[str]:
        suits = []
        for letter in word:
            suit = self.data.suit_by_letter(letter)
            if suit is None:
                raise RuleError(N_("unknown event letter {letter!r} (known: {known})"), letter=letter,
                                known=tuple(s.letter for s in self.data.events.suits))
            suits.append(suit.id)
        return suits

    def _parse_bid(self, seat: int, line: str) -> Bid:
        first = line.split()[0].rstrip(":")
        named = self._named_seat(line)
        if named is not None:  # "Ben 3 4", "Ann Marie 3 4": bids may come in any order
            seat, line = named
        elif first.isalpha():
            raise RuleError(N_("no player called {word!r}; type the cards (e.g. 3 5) or NAME 3 5 (players: "
                               "{names})"), word=line.split()[0], names=tuple(s.name for s in self._started().seats))
        text = line.replace(",", " ").replace("+", " ")
        words = text.split()
        if len(words) == 1 and is_whole(words[0]):
            words = list(words[0])  # "35" = 3 and 5 (every card is one digit)
        read = [whole(w) for w in words]
        cards = tuple(card for card in read if card is not None)
        if not read or len(cards) < len(read):
            raise RuleError(N_("type the cards as numbers, e.g. 3 5 (got {line!r})"), line=line)
        return Bid(self._started().seats[seat].name, cards)

    def _named_seat(self, line: str) -> tuple[int, str] | None:
        """The seat whose name starts `line` (the longest such name, a name may have spaces), with the
        rest of the line; None if no name does."""
        words = line.split()
        for i, seat in sorted(enumerate(self._started().seats), key=lambda s: -len(s[1].name.split())):
            size = len(seat.name.split())
            given = " ".join(words[:size])
            if given.rstrip(":").lower() == seat.name.lower() and len(words) >= size:
                return i, " ".join(words[size:])
        return None

    def _parse_draw(self, seat: int, line: str) -> Draw:
        word = line.strip().lower()
        if word in ("draw", "引く"):
            hand = sorted(self._started().seats[seat].hand)
            return Draw(random.Random(f"{self.seed}:check:{seat}").choice(hand))
        card = whole(word)
        if card is not None:
            return Draw(card)
        raise RuleError(N_("type the card drawn (e.g. 3), or 'draw' to let the companion pick one"))

    def _parse_adjust(self, words: list[str]) -> Adjust:
        if self.game is None:
            raise RuleError(N_("scores can be corrected once the game has started"))
        change = signed(words[-1], sign_required=True) if len(words) >= 2 else None
        if change is None:
            raise RuleError(N_("adjust NAME +N  or  adjust NAME -N"))
        return Adjust(self._player(" ".join(words[:-1]), [s.name for s in self.game.seats]), change)

    # ---- apply ----------------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action` whole or not at all: on a copy, kept only if the rules accept all of it;
        its events."""
        trial = self.clone()
        said = trial._carry_out(action)
        self.__dict__.update(trial.__dict__)
        return said

    def _carry_out(self, action: Action) -> list[Event]:
        if isinstance(action, Adjust):
            return self._adjust(action)
        step = self.setup_step()
        if step is not None:
            return self._answer(step, action)
        game = self._started()
        if isinstance(action, Reveal):
            turned, before, suits = game.round, len(game.results), self._suits(action.letters)
            game.reveal(suits)
            return [Revealed(turned, tuple(suits)), *self._play_on(game, before)]
        if isinstance(action, Bid):
            return self._bid(action)
        if isinstance(action, Draw):
            done = len(game.checks)
            game.check(action.card)
            events: list[Event] = [Checked(c) for c in game.checks[done:]]
            return events + ([Ended()] if game.is_over() else [])
        raise TypeError(f"not a 24 action: {action!r}")

    def _answer(self, step: SetupStep, action: Action) -> list[Event]:
        """The answer kept as `status` has always shown it (an action answers only its own question)."""
        expected = {"players": Players, "styles": Styles, "npc": NpcSeat, "chief": Chief, "grid": Grid}[step]
        if not isinstance(action, expected):
            raise TypeError(f"{action!r} does not answer the setup question {step!r}")
        if isinstance(action, Grid):
            grid = [self._grid_column(word) for word in action.columns]
            seats, npc, chief = self._seats()
            self.game = Game(self.data, seats, chief, grid)  # refuses a grid the rules cannot hold
            self.answers["grid"] = grid
            return [Answered(step), Started(npc)]
        if isinstance(action, Players):
            self.answers["players"] = [list(p) for p in action.players]
        elif isinstance(action, Styles):
            self.answers["styles"] = [self._style(letter) for letter in action.letters]
        elif isinstance(action, NpcSeat):
            self.answers["npc"] = {"detective": action.detective, "after": action.after}
        elif isinstance(action, Chief):
            self.answers["chief"] = action.name
        return [Answered(step)]

    def _grid_column(self, word: str) -> list[str | None]:
        """A column of the grid answered: its events, or None for each place face down."""
        if set(word) <= {HIDDEN}:
            return [None] * len(word)
        return list[str | None](self._suits(word))

    def _seats(self) -> tuple[list[Seat], int | None, int]:
        a = self.answers
        seats = [Seat(name, det, style, list(self.data.time_cards.values))
                 for (name, det), style in zip(a["players"], a["styles"])]
        npc = None
        if "npc" in a:
            deck = self.data.npc_cards()
            if not self.physical:
                random.Random(f"{self.seed}:npc-deck").shuffle(deck)
            npc = next(i for i, s in enumerate(seats) if s.name == a["npc"]["after"]) + 1
            seats.insert(npc, Seat(NPC, a["npc"]["detective"], npc_style(a["styles"]), deck, npc=True))
        chief = next(i for i, s in enumerate(seats) if s.name == a["chief"])
        return seats, npc, chief

    def _bid(self, action: Bid) -> list[Event]:
        game = self._started()
        seat = next((i for i, s in enumerate(game.seats) if s.name == action.name), None)
        if seat is None:
            raise RuleError(N_("no player called {word!r} (players: {names})"), word=action.name,
                            names=tuple(s.name for s in game.seats))
        before = len(game.results)
        game.bid(seat, list(action.cards))
        return [Laid(seat, action.cards, game.seats[seat].npc), *self._play_on(game, before)]

    def _play_on(self, game: Game, before: int) -> list[Event]:
        """What follows by itself once a bid is laid or a round turned up: a virtual NPC turns its card
        when it is asked (also in a round only it can bid in), and every round resolved since `before`
        (rounds nobody can bid in pass at once) is told, and the end if it came."""
        events = self._resolved(game, before)
        while (asked := game.need()).kind == Need.NPC and not self.physical:
            top, before = tuple(game.npc_top()), len(game.results)
            game.npc_card(asked.seat, list(top))
            events += [Laid(asked.seat, top, True), *self._resolved(game, before)]
        return events + ([Ended()] if game.is_over() else [])

    def _resolved(self, game: Game, before: int) -> list[Event]:
        return [Resolved(result, result.round < self.data.rounds) for result in game.results[before:]]

    def _adjust(self, action: Adjust) -> list[Event]:
        if self.game is None:
            raise RuleError(N_("scores can be corrected once the game has started"))
        seat = next((i for i, s in enumerate(self.game.seats) if s.name == action.name), None)
        if seat is None:
            raise RuleError(N_("no player called {word!r} (players: {names})"), word=action.name,
                            names=tuple(s.name for s in self.game.seats))
        self.game.adjust(seat, action.vp)
        return [Adjusted(seat, action.vp, self.game.seats[seat].vp)]

    # ---- the end --------------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.game is None or not self.game.is_over():
            return None
        seats = self.game.seats
        # the living before the dead, then VP, then time in front (the winners' rule)
        humans = [(s.name, s.vp, (not s.dead, s.vp, s.time_in_front)) for s in seats if not s.npc]
        return Outcome(Ending.SURVIVORS if any(s.dead for s in seats) else Ending.SCORE, ranked(humans),
                       tuple(seats[i].name for i in self.game.winners()))

    def _with_npc(self) -> bool:
        return len(self.answers.get("players", [])) == self.data.rules.npc_at_players
