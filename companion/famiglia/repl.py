"""The Famiglia table: a typed line → an engine action (refused lines change nothing); state as JSON."""
from __future__ import annotations

from collections import Counter

from companion.table import InputError
from tabletop.i18n import N_

from .engine import PLAYER, ROBOT, Game, RuleError, Rules
from .talk import Talk


class FamigliaTable:
    def __init__(self, rules: Rules, first: str, lang: str = "en", color: bool = False):
        self.rules = rules
        self.game = Game(rules, first)
        self.talk = Talk(rules, lang, color)
        self._ = self.talk._
        self.notes: list[str] = []  # what each accepted line brought about, for `history`

    # ---- TableGame protocol --------------------------------------------------------------------

    def prompt(self) -> str:
        g = self.game
        if g.pending:
            return self._("cards drawn ({n})>", n=g.draw_count())
        return self._("your turn>")

    def awaiting_answer(self) -> bool:
        return bool(self.game.pending) and not self.game.over

    def handle(self, line: str) -> list[str]:
        g = self.game
        if g.over:
            raise InputError(self._("the game is over (undo to go back, quit to leave)"))
        start = len(g.events)
        trial = g.clone()
        try:
            if g.pending:
                self._draws(trial, line)
            else:
                self._command(trial, line)
        except RuleError as e:
            raise InputError(self._rule_error(e, trial)) from None
        self.game = trial
        self.notes.append(self.talk.recap(trial.events[start:]))
        return self.talk.narrate(trial.events[start:]) + self.talk.board(trial) + self.talk.next_lines(trial)

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

    # ---- parsing -------------------------------------------------------------------------------

    def _draws(self, g: Game, line: str) -> None:
        if line.split()[0].lower() in ("take", "refresh", "end"):
            raise InputError(self._("first type the {n} drawn card(s)", n=g.draw_count()))
        cards = [self._code(token) for token in line.split()]
        n = g.draw_count()
        if len(cards) != n:
            raise InputError(self._("{n} card(s) were to be drawn, you typed {got}", n=n, got=len(cards)))
        for c in cards:
            g.draw(c)

    def _command(self, g: Game, line: str) -> None:
        word, _, arg = line.partition(" ")
        word, arg = word.lower(), arg.strip()
        if word == "end" and not arg:
            g.player_end()
        elif word in ("take", "refresh"):
            pos = self._position(g, word, arg)
            (g.player_take if word == "take" else g.player_refresh)(pos)
        else:
            raise InputError(self._("unknown command {word!r}; on your turn: refresh N|CODE, take N|CODE, end",
                                    word=line))

    def _position(self, g: Game, word: str, arg: str) -> int:
        g.check_player_turn()
        if arg.isdecimal():
            return int(arg) - 1
        if not arg or " " in arg:
            example = self.rules.codes[g.street[0]] if g.street else self.talk.example(1)[0]
            raise InputError(self._("say which Street card: {word} N (position 1–{size}) or {word} CODE (e.g. "
                                    "{example})", word=word, size=len(g.street), example=example))
        card = self._code(arg)
        found = [i for i, c in enumerate(g.street) if c == card]
        if not found:
            raise InputError(self._("{card} is not on the Street", card=self.rules.codes[card]))
        if len(found) > 1:
            raise InputError(self._("{card} is on the Street more than once (positions {positions}): say which "
                                    "position", card=self.rules.codes[card],
                                                           positions=", ".join(str(i + 1) for i in found)))
        return found[0]

    def _code(self, token: str) -> int:
        card = self.rules.card(token)
        if card is None:
            families = "/".join(f.code for f in self.rules.data.families)
            raise InputError(self._("{token!r} is not a card code: a family letter ({families}) and a rank 0–{top}, "
                                    "e.g. {example}", token=token, families=families, top=self.rules.ranks - 1,
                                                     example=self.talk.example(2)[1]))
        return card

    def _rule_error(self, e: RuleError, g: Game) -> str:
        _, a, codes = self._, e.args_, self.rules.codes
        if e.key == "gone":
            return _("no {card} can be in the stack: all {copies} are accounted for ({where})",
                     card=codes[a["card"]], copies=self.rules.copies[a["card"]], where=self._whereabouts(g, a["card"]))
        if e.key == "bottom":
            return _("the stack's unknown cards are used up; the next card is the one put under it: {expected}",
                     expected=codes[a["expected"]])
        if e.key == "position":
            return _("there is no position {pos}: the Street has {size} card(s)", pos=a["pos"] + 1, size=a["size"])
        if e.key == "draw_first":
            return _("first type the {n} drawn card(s)", n=a["n"])
        return {"no_draw": _("no card is to be drawn now"),
                "over": _("the game is over (undo to go back, quit to leave)"),
                "not_your_turn": _("it is not your turn"),
                "refresh_zero": _("no refresh while a 0 is on the Street"),
                "refresh_empty": _("no refresh: the stack is empty"),
                "refresh_once": _("second pass: only one refresh a turn")}[e.key]

    def _whereabouts(self, g: Game, card: int) -> str:
        places = [(N_("robot {n}"), g.robot), (N_("you {n}"), g.player), (N_("Street {n}"), g.street),
                  (N_("discard pile {n}"), g.discard), (N_("under the stack {n}"), g.bottom)]
        return ", ".join(self._(place, n=n) for place, cards in places if (n := Counter(cards)[card]))
