"""The Famiglia table: a typed line → the engine's action → its events in words (a refused line
changes nothing); the state as JSON."""
from __future__ import annotations

from companion.table import InputError, TableGame

from ..choices import Choice
from ..protocol import Event, Outcome, RuleError
from .engine import PLAYER, ROBOT, Game, Rules
from .match import Match
from .moves import TurnBegan
from .talk import Talk


class FamigliaTable(TableGame):
    def __init__(self, rules: Rules, first: str, lang: str = "en", color: bool = False):
        self.rules = rules
        self.match = Match(Game(rules, first))
        self.talk = Talk(rules, lang, color)
        self._ = self.talk._
        self._notes: list[str] = []  # what each accepted line brought about, for `history`
        self.robot_told: list[Event] = []  # the events since the robot's latest turn began, for the page

    @property
    def game(self) -> Game:
        """The rules' state as it stands (the match keeps the latest copy)."""
        return self.match.game

    # ---- TableGame protocol --------------------------------------------------------------------

    def prompt(self) -> str:
        g = self.game
        if g.pending:
            return self._("cards drawn ({n})>", n=g.draw_count())
        return self._("your turn>")

    def awaiting_answer(self) -> bool:
        return bool(self.game.pending) and not self.game.over

    def handle(self, line: str) -> list[str]:
        try:
            events = self.match.apply(self.match.parse(line))
        except RuleError as e:
            raise InputError(e.text(self.talk.lang)) from None
        g = self.game
        self._notes.append(self.talk.recap(events))
        for event in events:
            if isinstance(event, TurnBegan) and event.who == ROBOT:
                self.robot_told = []
            self.robot_told.append(event)
        return self.talk.narrate(events) + self.talk.board(g) + self.talk.next_lines(g)

    def choices(self) -> list[Choice]:
        return self.talk.choices(self.match)

    def notes(self) -> list[str] | None:
        return self._notes

    def outcome(self) -> Outcome | None:
        return self.match.outcome()

    def status(self) -> dict:
        g, codes = self.game, self.rules.codes
        winner, achievement = g.result() if g.over else (None, None)
        return {"street": [codes[c] for c in g.street], "robot": [codes[c] for c in g.robot],
                "player": [codes[c] for c in g.player], "discard": [codes[c] for c in g.discard],
                "draw_stack": g.stack_n, "under_stack": [codes[c] for c in g.bottom],
                "pass": g.passno, "turn": g.turn, "first": g.first, "level": self.rules.level,
                "awaiting_cards": g.draw_count() if g.pending and not g.over else 0,
                "scores": {"robot": g.score(ROBOT), "player": g.score(PLAYER)},
                "over": g.over, "ending": g.ending, "winner": winner, "achievement": achievement}

    def describe(self) -> list[str]:
        return self.talk.describe(self.game)

    def help(self) -> list[str]:
        return self.talk.help()

    def is_over(self) -> bool:
        return self.game.over

    def opening(self) -> list[str]:
        """Setup instructions for a new game, then what is asked first."""
        return self.talk.opening() + self.talk.next_lines(self.game)
