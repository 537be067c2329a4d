"""The 24 table: a typed line → the engine's action (`match.py`) → its events in words; the prompt, the
table for `status`, and JSON for scripts."""
from __future__ import annotations

from tabletop.data.terror24 import GAME_ID, STYLES, Terror24
from tabletop.i18n import N_

from ..choices import Choice, Form
from ..protocol import Action, Event, Outcome, RuleError
from ..session import Session
from ..table import InputError, TableGame
from .engine import Game
from .match import NPC, Match
from .moves import Adjusted, Bid, Checked, Chief, Ended, Laid, NpcSeat, Resolved, Revealed, Started
from .talk import Render

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


REMATCH_KEEPS = ("players", "styles", "npc")


class Terror24Table(TableGame):
    def __init__(self, session: Session, data: Terror24, lang: str = "en"):
        self.data, self.lang = data, lang
        self.match = Match(data, session.seed, session.options.get("npc_deck") == "physical")
        self.render = Render(data, lang)
        self._ = self.render._

    @property
    def game(self) -> Game | None:
        return self.match.game

    @property
    def answers(self) -> dict:
        return self.match.answers

    @property
    def physical(self) -> bool:
        return self.match.physical

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
        asked = self.setup_step() if self.game is None else None
        try:
            events = self.match.apply(self.match.parse(line))
        except RuleError as e:
            raise InputError(e.text(self.lang)) from None
        return (self._answered([asked]) if asked else []) + self.narrate(events)

    def setup_step(self) -> str:
        return self.match.setup_step()

    def _letters(self) -> str:
        return " ".join(f"{s.letter}={s.name(self.lang)}" for s in self.data.events.suits)

    def status(self) -> dict:
        data = {"game": GAME_ID, "provisional_event_values": self.data.events.provisional}
        if self.game is None:
            return data | {"phase": "setup", "asking": self.setup_step(), "answers": self.answers}
        return data | self.render.state(self.game, self.physical)

    def describe(self) -> list[str]:
        if self.game is None:
            # (the grid is the last answer: once given, the game has started)
            return self._answered(list(self.answers)) + [self._(NEXT[self.setup_step()])]
        return self.render.table(self.game)

    def _answered(self, steps: list[str]) -> list[str]:
        """The setup answers given for `steps`, in the table's words."""
        def detective(d: str) -> str:
            return self.data.detective(d).name(self.lang)

        shown = {"players": lambda v: self.render.speech.listing(self._("{name} ({detective})", name=n,
                                                                         detective=detective(d)) for n, d in v),
                 "styles": lambda v: " ".join(map(self.render.style, v)),
                 "npc": lambda v: self._("{detective}, after {name}", detective=detective(v["detective"]),
                                         name=v["after"]),
                 "chief": str}
        return [self._(ANSWERED[k], answer=shown[k](self.answers[k])) for k in steps if k in ANSWERED]

    def help(self) -> list[str]:
        detectives = " ".join(d.id if self.lang == "en" else d.name.ja for d in self.data.detectives)
        return self.render.speech.help_lines((HELP,), detectives=detectives, letters=self._letters())

    def is_over(self) -> bool:
        return self.game is not None and self.game.is_over()

    def outcome(self) -> Outcome | None:
        return self.match.outcome()

    def rematch_entries(self) -> int:
        """The journal's first entries a rematch plays again: who sits where, their styles, the NPC's
        seat (each one entry, answered in that order); the chief and the event grid are new."""
        return sum(1 for step in REMATCH_KEEPS if step in self.match.answers)

    # ----- what may be sent -----
    def choices(self) -> list[Choice]:
        """The legal actions as the table names them; forms for the answers too many to list."""
        m, game = self.match, self.game
        step = m.setup_step()
        if step == "players":
            return [Choice("", self._("Players, clockwise: NAME=DETECTIVE each"), "setup",
                           Form("players", self.data.players.max, tuple(d.id for d in self.data.detectives),
                                least=self.data.players.min))]
        if step == "styles":
            styles = tuple(self.data.styles[style].letter for style in STYLES)
            players = len(self.answers["players"])
            return [Choice("", self._("A style for each player, in seat order"), "setup",
                           Form("styles", players, styles, least=players))]
        if step == "grid":
            face_up = tuple(column.places for column in self.data.grid if not column.face_down)
            return [Choice("", self._("The face-up events, column by column, top first"), "setup",
                           Form("grid", sum(face_up), tuple(m.events_left()), least=sum(face_up), shape=face_up))]
        listed = [self._choice(action) for action in m.legal_actions()]
        if step == "npc":
            listed.append(Choice("random", self._("A detective at random"), "npc"))
        if step is not None:
            return listed
        kind, seat = game.need()
        if kind == "reveal":
            places = len(game.grid[game.round - 1])
            listed.append(Choice("", self._("The {n} events turned up, top to bottom", n=places), "reveal",
                                 Form("events", places, tuple(m.events_left()), least=places)))
        elif kind == "check":
            listed.append(Choice("draw", self._("Draw one at random"), "check"))
        if kind != "over":
            listed.append(Choice("", self._("Correct a score"), "adjust",
                                 Form("adjust", 1, tuple(s.name for s in game.seats))))
        return listed

    def _choice(self, action: Action) -> Choice:
        render, game = self.render, self.game
        if isinstance(action, NpcSeat):
            return Choice(action.line(), self._("{detective}, seated after {name}", name=action.after,
                                                detective=self.data.detective(action.detective).name(self.lang)),
                          "npc")
        if isinstance(action, Chief):
            return Choice(action.line(), action.name, "chief")
        if isinstance(action, Bid) and action.name == NPC:
            return Choice(action.line(), self._("The NPC turns up {cards}", cards=render.cards(action.cards)), "npc")
        if isinstance(action, Bid):
            return Choice(action.line(), self._("{name} lays {cards}", name=action.name,
                                                cards=render.cards(action.cards)), "bid")
        seat = game.need()[1]
        return Choice(action.line(), self._("{name} draws {card}", name=render.name(game, seat), card=action.card),
                      "check")

    # ----- the events in words -----
    def narrate(self, events: list[Event]) -> list[str]:
        game, render, lines = self.game, self.render, []
        resolved = False
        for e in events:
            if isinstance(e, Started):
                lines += self._started(e)
            elif isinstance(e, Revealed):
                shown = " · ".join(render.event(s) for s in e.suits)
                lines.append(self._("round {round}'s events: {events}", round=e.round, events=shown))
            elif isinstance(e, Laid) and e.npc:
                lines.append(self._("{name} turns up {cards}", name=render.name(game, e.seat),
                                    cards=render.cards(e.cards)))
            elif isinstance(e, Laid):  # face down: its cards are told when the round is resolved
                lines.append(render.speech.ngettext("{name} lays {n} card face down", "{name} lays {n} cards face down",
                                                  len(e.cards), name=render.name(game, e.seat)))
            elif isinstance(e, Resolved):
                lines += render.resolution(game, e.result)
                resolved = True
            elif isinstance(e, Checked):
                lines += render.checks(game, [e.check])
            elif isinstance(e, Adjusted):
                lines.append(self._("{name} {vp} VP ({reason}) → {total}", name=game.seats[e.seat].name,
                                    vp=f"{e.vp:+d}", reason=self._("manual correction"), total=e.total))
        if resolved:  # the next round's header, or the start of the checks
            lines += render.round_start(game) if game.round <= self.data.rounds else render.check_start(game)
        if any(isinstance(e, Ended) for e in events):
            lines += render.final(game)
        return lines

    def _started(self, e: Started) -> list[str]:
        game = self.game
        seating = " · ".join(self.render.seat_label(game, i) for i in range(len(game.seats)))
        lines = [self._("seats clockwise: {seats}", seats=seating)]
        if e.npc is not None:
            npc = game.seats[e.npc]
            cards = " ".join(map(str, sorted(npc.hand)))
            deck_said = (self._("shuffle its real cards ({cards}) face down; type each card you turn up", cards=cards)
                         if self.physical else
                         self._("its deck ({cards}) is shuffled by the companion (seed {seed})",
                                cards=cards, seed=self.match.seed))
            lines += [self._("NPC: {detective} plays {style} (the minority style), seated after {after}",
                             detective=self.data.detective(npc.detective).name(self.lang),
                             style=self.render.style(npc.style), after=game.seats[e.npc - 1].name), deck_said]
        # The provisional-values warning is the command's, printed once before the first prompt (and the
        # pages show their own mark): said here as well, a terminal game showed it twice.
        return lines + self.render.round_start(game)
