"""The 24 table: setup questions, then one line per bid, reveal and check; words out, JSON for scripts.

Randomness (the NPC's detective and deck, a `draw` in the life-or-death check) comes from the seed
saved with the game, one independent stream per purpose, so replaying the journal never deals a
different card.
"""
from __future__ import annotations

import random
import re

from tabletop.data.terror24 import GAME_ID, STYLES, Style, Terror24, provisional_warning
from tabletop.i18n import N_

from ..session import Session
from ..table import TABLE_WORDS, InputError
from .engine import Game, RuleError, Seat, npc_style
from .render import Render

SETUP = ("players", "styles", "npc", "chief", "grid")
HIDDEN = "?"
NPC = "NPC"  # the virtual player's seat name (no player may take it)

# Each setup step: its question, its answer once given (for `status`), and its name as the next step.
ASK = {"players": N_("players, clockwise (NAME=DETECTIVE ...)"),
       "styles": N_("styles in seat order (s=stand c=coop)"),
       "npc": N_("NPC detective (random or a name; optional 'after NAME')"),
       "chief": N_("chief (a player's name)"),
       "grid": N_("events, columns 1-7 top to bottom ({letters}; ? = face down)")}
ANSWERED = {"players": N_("players: {answer}"), "styles": N_("styles: {answer}"), "npc": N_("npc: {answer}"),
            "chief": N_("chief: {answer}")}
NEXT = {"players": N_("next: players"), "styles": N_("next: styles"), "npc": N_("next: npc"),
        "chief": N_("next: chief"), "grid": N_("next: events")}
HELP = N_("""setup (one answer per prompt):
  players   Aki=scotch Ben=wolf Chie=hibachi   clockwise; detectives: {detectives}
  styles    s c s            one per player in seat order (s=stand, c=coop)
  npc       random | lloyd | lloyd after Ben     (3 players only; default seat: after the last)
  chief     Aki
  events    RB YG RR BP ??? GY ???   columns 1-7, top (1st place) first; {letters}
            face-down columns may be left out: RB YG RR BP GY
each round:
  reveal    YGR              the face-down events of rounds 5 and 7, when turned up
  bid       3 5  (or 35)     the two cards each bidder laid, asked player by player;
            Ben 3 4          names the bidder, so bids may come in any order
  NPC card  4                only with --npc-deck physical: the card turned up
end:
  check     2  or  draw      the card drawn in the life-or-death check
any time:  adjust NAME +2    correct a score by hand""")


class Terror24Table:
    def __init__(self, session: Session, data: Terror24, lang: str = "en"):
        self.data, self.lang, self.seed = data, lang, session.seed
        self.physical = session.options.get("npc_deck") == "physical"
        self.answers: dict = {}
        self.game: Game | None = None
        self.render = Render(data, lang)
        self._ = self.render._

    # ----- the TableGame protocol -----
    def prompt(self) -> str:
        if self.game is None:
            return self._(ASK[self.setup_step()], letters=self._letters()) + " >"
        kind, seat = self.game.need()
        r = self.game.round
        if kind == "reveal":
            return self._("round {round}: turn up the {n} face-down events, top to bottom ({letters})", round=r,
                          n=len(self.game.grid[r - 1]), letters=self._letters()) + " >"
        if kind == "over":
            return ">"
        name = self.render.name(self.game, seat)
        if kind == "bid":
            return self._("round {round} · {name}'s {n} cards", round=r, name=name, n=self.data.rules.bid_cards) + " >"
        if kind == "npc":
            return self._("round {round} · {name}: the card turned up", round=r, name=name) + " >"
        return self._("life or death · {name} draws a card from hand (the card, or 'draw')", name=name) + " >"

    def awaiting_answer(self) -> bool:
        return False  # every line is one action; undo takes back exactly one

    def handle(self, line: str) -> list[str]:
        try:
            if line.split()[0].lower() == "adjust":
                return self._adjust(line.split()[1:])
            if self.game is None:
                return self._setup(self.setup_step(), line)
            return self._play(line)
        except RuleError as e:
            raise InputError(e.text(self.lang)) from None

    def _refusal(self, message: str, **values) -> InputError:
        return InputError(self._(message, **values))

    def _letters(self) -> str:
        return " ".join(f"{s.letter}={s.name(self.lang)}" for s in self.data.events.suits)

    def _play(self, line: str) -> list[str]:
        kind, seat = self.game.need()
        before = len(self.game.results)
        if kind == "reveal":
            lines = self._reveal(line)
        elif kind in ("bid", "npc"):
            lines = self._bid(seat, line)
        elif kind == "check":
            return self._check(seat, line)
        else:
            raise InputError(self._("the game is over"))
        while self.game.need()[0] == "npc" and not self.physical:
            npc, top = self.game.need()[1], self.game.npc_top()
            self.game.npc_card(npc, top)
            lines.append(self._("{name} turns up {cards}", name=self.render.name(self.game, npc),
                                cards=self.render.cards(top)))
        for result in self.game.results[before:]:
            lines += self.render.resolution(self.game, result)
        if len(self.game.results) > before:
            lines += self._next()
        return lines

    def status(self) -> dict:
        data = {"game": GAME_ID, "provisional_event_values": self.data.events.provisional}
        if self.game is None:
            return data | {"phase": "setup", "asking": self.setup_step(), "answers": self.answers}
        return data | self.render.state(self.game, self.physical)

    def describe(self) -> list[str]:
        if self.game is None:
            detective = lambda d: self.data.detective(d).name(self.lang)  # noqa: E731
            shown = {"players": lambda v: " ".join(f"{n}={detective(d)}" for n, d in v),
                     "styles": lambda v: " ".join(map(self.render.style, v)),
                     "npc": lambda v: f"{detective(v['detective'])} after {v['after']}", "chief": str}
            # (the grid is the last answer: once given, the game has started)
            done = [self._(ANSWERED[k], answer=shown[k](v)) for k, v in self.answers.items()]
            return done + [self._(NEXT[self.setup_step()])]
        return self.render.table(self.game)

    def help(self) -> list[str]:
        detectives = " ".join(d.id if self.lang == "en" else d.name.ja for d in self.data.detectives)
        return self._(HELP, detectives=detectives, letters=self._letters()).splitlines()

    def is_over(self) -> bool:
        return self.game is not None and self.game.is_over()

    # ----- setup -----
    def setup_step(self) -> str:
        steps = [s for s in SETUP if s != "npc" or self._with_npc()]
        return next(s for s in steps if s not in self.answers)

    def _with_npc(self) -> bool:
        return len(self.answers.get("players", [])) == self.data.rules.npc_at_players

    def _setup(self, step: str, line: str) -> list[str]:
        self.answers[step] = getattr(self, f"_parse_{step}")(line.split())
        if step == "grid":
            return self._start()
        return []

    def _parse_players(self, words: list[str]) -> list[tuple[str, str]]:
        players = []
        for word in words:
            name, eq, detective = word.partition("=")
            if not eq or not name:
                raise self._refusal(N_("write each player as NAME=DETECTIVE, e.g. Aki=scotch (got {word!r})"),
                                    word=word)
            if name.lower() == NPC.lower():
                raise self._refusal(N_("{npc!r} is the virtual player's name; choose another"), npc=NPC)
            if name.isdigit():  # "3 5" must read as a bid, never as player 3 laying a 5
                raise self._refusal(N_("a player's name cannot be a number ({name!r})"), name=name)
            if name.lower() in TABLE_WORDS:  # "Quit 3 5" would end the session, not lay a bid
                raise self._refusal(N_("a player's name cannot be a table command ({name!r}; not {words})"),
                                    name=name, words=", ".join(TABLE_WORDS))
            players.append((name, self._detective(detective)))
        lo, hi = self.data.players.min, self.data.players.max
        if not lo <= len(players) <= hi:
            raise self._refusal(N_("{lo}–{hi} players, got {got}"), lo=lo, hi=hi, got=len(players))
        if len({n.lower() for n, _ in players}) < len(players) or len({d for _, d in players}) < len(players):
            raise InputError(self._("every player needs their own name and detective"))
        return players

    def _detective(self, text: str) -> str:
        key = text.strip().lower()
        exact = [d.id for d in self.data.detectives if key in (d.id, d.name.en.lower(), d.name.ja)]
        found = exact or [d.id for d in self.data.detectives if key and d.id.startswith(key)]
        if len(found) != 1:
            known = ", ".join(d.id if self.lang == "en" else d.name.ja for d in self.data.detectives)
            raise self._refusal(N_("unknown detective {word!r} (one of: {known})"), word=text, known=known)
        return found[0]

    def _parse_styles(self, words: list[str]) -> list[Style]:
        if len(words) == 1 and len(words[0]) == len(self.answers["players"]):
            words = list(words[0])  # "scs"
        if len(words) != len(self.answers["players"]):
            raise self._refusal(N_("one style per player ({n}), e.g. s c s"), n=len(self.answers["players"]))
        return [self._style(w) for w in words]

    def _style(self, word: str) -> Style:
        for style in STYLES:
            info = self.data.styles[style]
            if word.lower() in (style, info.letter, info.name.en.lower(), info.name.ja, info.orientation.ja):
                return style
        raise self._refusal(N_("unknown style {word!r} (s = stand, c = coop)"), word=word)

    def _parse_npc(self, words: list[str]) -> dict:
        names = [n for n, _ in self.answers["players"]]
        after = names[-1]
        if len(words) == 3 and words[1].lower() == "after":
            after = self._player(words[2], names)
            words = words[:1]
        if len(words) != 1:
            raise InputError(self._("answer random, or a detective, optionally followed by 'after NAME'"))
        used = {d for _, d in self.answers["players"]}
        unused = [d.id for d in self.data.detectives if d.id not in used]
        if words[0].lower() in ("random", "ランダム"):
            detective = random.Random(f"{self.seed}:npc-detective").choice(unused)
        else:
            detective = self._detective(words[0])
            if detective in used:
                raise self._refusal(N_("{detective} is a player's detective; the NPC takes an unused one: {unused}"),
                                    detective=self.data.detective(detective).name,
                                    unused=", ".join(self.data.detective(d).name(self.lang) for d in unused))
        return {"detective": detective, "after": after}

    def _player(self, word: str, names: list[str]) -> str:
        found = [n for n in names if n.lower() == word.lower()]
        if not found:
            raise self._refusal(N_("no player called {word!r} (players: {names})"), word=word, names=", ".join(names))
        return found[0]

    def _parse_chief(self, words: list[str]) -> str:
        if len(words) != 1:
            raise InputError(self._("the chief's name"))
        return self._player(words[0], [n for n, _ in self.answers["players"]])

    def _parse_grid(self, words: list[str]) -> list[list[str | None]]:
        columns = self.data.grid
        if len(words) == len([c for c in columns if not c.face_down]):
            given = iter(words)
            words = [HIDDEN * c.places if c.face_down else next(given) for c in columns]
        if len(words) != len(columns):
            raise self._refusal(N_("{n} columns, e.g. RB YG RR BP ??? GY ??? (got {got})"),
                                n=len(columns), got=len(words))
        grid = []
        for column, word in zip(columns, words):
            if column.face_down and set(word) <= {HIDDEN, "-"}:
                grid.append([None] * column.places)
            else:
                grid.append(self._suits(word))
        return grid

    def _suits(self, word: str) -> list[str]:
        suits = []
        for letter in word:
            suit = self.data.suit_by_letter(letter)
            if suit is None:
                known = ", ".join(s.letter for s in self.data.events.suits)
                raise self._refusal(N_("unknown event letter {letter!r} (known: {known})"), letter=letter, known=known)
            suits.append(suit.id)
        return suits

    def _start(self) -> list[str]:
        a = self.answers
        seats = [Seat(name, det, style, list(self.data.time_cards.values))
                 for (name, det), style in zip(a["players"], a["styles"])]
        lines = []
        if "npc" in a:
            npc = a["npc"]
            deck = self.data.npc_cards()
            if not self.physical:
                random.Random(f"{self.seed}:npc-deck").shuffle(deck)
            style = npc_style(a["styles"])
            name = self.data.detective(npc["detective"]).name(self.lang)
            where = next(i for i, s in enumerate(seats) if s.name == npc["after"]) + 1
            seats.insert(where, Seat(NPC, npc["detective"], style, deck, npc=True))
            cards = " ".join(map(str, sorted(deck)))
            deck_said = (self._("shuffle its real cards ({cards}) face down; type each card you turn up", cards=cards)
                         if self.physical else
                         self._("its deck ({cards}) is shuffled by the companion (seed {seed})",
                                cards=cards, seed=self.seed))
            lines += [self._("NPC: {detective} plays {style} (the minority style), seated after {after}",
                             detective=name, style=self.render.style(style), after=npc["after"]), deck_said]
        chief = next(i for i, s in enumerate(seats) if s.name == a["chief"])
        try:
            self.game = Game(self.data, seats, chief, a["grid"])
        except RuleError:
            del self.answers["grid"]
            raise
        seating = " · ".join(self.render.seat_label(self.game, i) for i in range(len(seats)))
        lines.insert(0, self._("seats clockwise: {seats}", seats=seating))
        warning = provisional_warning(self.data, self.lang)
        return lines + ([warning] if warning else []) + self.render.round_start(self.game)

    # ----- rounds -----
    def _reveal(self, line: str) -> list[str]:
        self.game.reveal(self._suits("".join(line.split())))
        r = self.game.round
        events = " · ".join(self.render.event(s) for s in self.game.grid[r - 1])
        return [self._("round {round}'s events: {events}", round=r, events=events)]

    def _bid(self, seat: int, line: str) -> list[str]:
        first = line.split()[0].rstrip(":")
        named = [i for i, s in enumerate(self.game.seats) if s.name.lower() == first.lower()]
        if named:  # "Ben 3 4": bids may come in any order
            seat, line = named[0], line.split(None, 1)[1] if len(line.split()) > 1 else ""
        elif line.split()[0].rstrip(":").isalpha():
            names = ", ".join(s.name for s in self.game.seats)
            raise self._refusal(N_("no player called {word!r}; type the cards (e.g. 3 5) or NAME 3 5 (players: "
                                   "{names})"), word=line.split()[0], names=names)
        cards = self._cards(line)
        self.game.bid(seat, cards)
        said = N_("{name} turns up {cards}") if self.game.seats[seat].npc else N_("{name} lays {cards} face down")
        return [self._(said, name=self.render.name(self.game, seat), cards=self.render.cards(cards))]

    def _cards(self, line: str) -> list[int]:
        text = line.replace(",", " ").replace("+", " ")
        words = text.split()
        if len(words) == 1 and words[0].isdigit():
            words = list(words[0])  # "35" = 3 and 5 (every card is one digit)
        if not words or not all(w.isdigit() for w in words):
            raise self._refusal(N_("type the cards as numbers, e.g. 3 5 (got {line!r})"), line=line)
        return [int(w) for w in words]

    def _next(self) -> list[str]:
        """After a round: the next round's header, or the start (and perhaps the end) of the checks."""
        if self.game.round <= self.data.rounds:
            return self.render.round_start(self.game)
        lines = self.render.check_start(self.game)
        return lines + (self.render.final(self.game) if self.game.is_over() else [])

    # ----- the end -----
    def _check(self, seat: int, line: str) -> list[str]:
        word = line.strip().lower()
        if word in ("draw", "引く"):
            hand = sorted(self.game.seats[seat].hand)
            card = random.Random(f"{self.seed}:check:{seat}").choice(hand)
        elif word.isdigit():
            card = int(word)
        else:
            raise InputError(self._("type the card drawn (e.g. 3), or 'draw' to let the companion pick one"))
        done = len(self.game.checks)
        self.game.check(card)
        lines = self.render.checks(self.game, self.game.checks[done:])
        if self.game.is_over():
            lines += self.render.final(self.game)
        return lines

    def _adjust(self, words: list[str]) -> list[str]:
        if self.game is None:
            raise InputError(self._("scores can be corrected once the game has started"))
        if len(words) != 2 or not re.fullmatch(r"[+-]\d+", words[1]):
            raise InputError(self._("adjust NAME +N  or  adjust NAME -N"))
        name = self._player(words[0], [s.name for s in self.game.seats])
        seat = next(i for i, s in enumerate(self.game.seats) if s.name == name)
        self.game.adjust(seat, int(words[1]))
        return [self._("{name} {vp} VP ({reason}) → {total}",
                       name=name, vp=words[1], reason=self._("manual correction"),
                                total=self.game.seats[seat].vp)]
