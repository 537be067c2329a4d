"""A game of Famiglia on the one protocol: whose move it is, the legal actions, a line → its action,
applying one whole or not at all, and the outcome.

`Game` (engine.py) is the rules: the table's state, the player's verbs and the robot's program. `apply`
carries an action out on a copy and keeps the copy only if the rules accept all of it; its events are
what the rules' steps told while they ran (they are returned, the game keeps none).
"""
from __future__ import annotations

from tabletop.i18n import N_

from .. import protocol
from ..numbers import whole
from ..protocol import CHANCE, NOBODY, Action, Ending, Event, Mover, Outcome, RuleError, ranked
from .engine import DRAW_FIRST, NO_DRAW, OVER, PLAYER, ROBOT, Game
from .moves import Draw, End, Refresh, Take


class Match:
    def __init__(self, game: Game):
        self.game = game

    def clone(self) -> Match:
        """An independent copy to try an action on."""
        return Match(self.game.clone())

    # ---- whose move, what is legal ------------------------------------------------------------------

    def to_move(self) -> Mover:
        g = self.game
        if g.over:
            return Mover(NOBODY)
        if g.pending:
            return Mover(CHANCE, "card")
        return Mover(protocol.PLAYER, g.turn)  # the robot plays at once: only draws keep it waiting

    def legal_actions(self) -> list[Action]:
        g = self.game
        mover = self.to_move()
        if mover.kind == NOBODY:
            return []
        if mover.kind == CHANCE:
            return [Draw((g.rules.codes[c],)) for c in g.may_come_up()]
        positions = range(len(g.street))
        refreshes = [Refresh(pos) for pos in positions] if g.refresh_block() is None else []
        return [*(Take(pos) for pos in positions), *refreshes, End()]

    # ---- a line → its action --------------------------------------------------------------------------

    def parse(self, line: str) -> Action:
        g = self.game
        words = line.split()
        if g.over:
            raise RuleError(OVER)
        if g.pending:
            if words[0].lower() in ("take", "refresh", "end"):
                raise RuleError(DRAW_FIRST, n=g.draw_count())
            return Draw(tuple(g.rules.codes[self._card(word)] for word in words))  # apply counts them
        word, arg = words[0].lower(), " ".join(words[1:])
        if word == "end" and not arg:
            return End()
        if word in ("take", "refresh"):
            g.check_player_turn()
            pos = self._position(word, arg)
            return Take(pos) if word == "take" else Refresh(pos)
        raise RuleError(N_("unknown command {word!r}; on your turn: refresh N|CODE, take N|CODE, end"), word=line)

    def _card(self, token: str) -> int:
        rules = self.game.rules
        card = rules.card(token)
        if card is None:
            raise RuleError(N_("{token!r} is not a card code: a family letter ({families}) and a rank 0–{top}, "
                               "e.g. {example}"), token=token,
                            families="/".join(f.code for f in rules.data.families), top=rules.ranks - 1,
                            example=rules.example(2)[1])
        return card

    def _position(self, word: str, arg: str) -> int:
        """The Street position a take or refresh names, by number (from 1) or by card code."""
        number = whole(arg)
        if number is not None:
            return number - 1
        g = self.game
        codes = g.rules.codes
        if not arg or " " in arg:
            example = codes[g.street[0]] if g.street else g.rules.example(1)[0]
            raise RuleError(N_("say which Street card: {word} N (position 1–{size}) or {word} CODE (e.g. "
                               "{example})"), word=word, size=len(g.street), example=example)
        card = self._card(arg)
        found = [i for i, c in enumerate(g.street) if c == card]
        if not found:
            raise RuleError(N_("{card} is not on the Street"), card=codes[card])
        if len(found) > 1:
            raise RuleError(N_("{card} is on the Street more than once (positions {positions}): say which "
                               "position"), card=codes[card], positions=tuple(i + 1 for i in found))
        return found[0]

    # ---- apply ------------------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action` whole or not at all: on a copy, kept only if the rules accept all of it.
        Returns the events it brought about (the game keeps none)."""
        trial = self.clone()
        said = trial.carry_out(action)
        self.game = trial.game
        return said

    def carry_out(self, action: Action) -> list[Event]:
        """`apply` without the copy: what the rules' steps told while they carried `action` out."""
        g = self.game
        said = g.listen()
        if isinstance(action, Draw):
            if not g.pending or g.over:
                raise RuleError(NO_DRAW)
            if len(action.codes) > g.draw_count():
                raise RuleError(N_("{n} card(s) were to be drawn, you typed {got}"), n=g.draw_count(),
                                got=len(action.codes))
            for code in action.codes:
                g.draw(self._card(code))
        elif isinstance(action, Take):
            g.player_take(action.pos)
        elif isinstance(action, Refresh):
            g.player_refresh(action.pos)
        elif isinstance(action, End):
            g.player_end()
        else:
            raise TypeError(f"not a Famiglia action: {action!r}")
        g.stop_listening()
        return said

    # ---- the end ----------------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        g = self.game
        if not g.over:
            return None
        winner, achievement = g.result()
        vp = g.rules.vp
        keys = [(who, g.score(who), (g.score(who), max((vp[c] for c in cards), default=0)))
                for who, cards in ((PLAYER, g.player), (ROBOT, g.robot))]
        return Outcome(Ending.SCORE, ranked(keys), () if winner == "draw" else (winner,),
                       {} if achievement is None else {"achievement": achievement})
