"""A game of Hitman's Showdown on the one protocol: whose move it is, the legal actions, a line → its
action, applying one whole or not at all, and the outcome.

`apply` returns the engine's typed events (events.py); the narration (talk.py) words them.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from tabletop.i18n import N_

from ..numbers import signed, whole
from ..protocol import CHANCE, NOBODY, PLAYER, Action, Ending, Event, Mover, Outcome, RuleError, ranked
from ..speech import Said
from .cards import NotFound, find_card, find_item
from .dice import SIDES, parse_faces, parse_notation, roll
from .engine import Game
from .events import JustRolled
from .moves import Adjust, Answer, Attack, Buy, Dice, Done, Double, Give, Pass, Ready, Reroll, Roll, Use
from .state import Stage


class Match:
    def __init__(self, engine: Game):
        self.engine = engine

    def clone(self) -> Match:
        """An independent copy to try an action on."""
        return Match(self.engine.clone())

    # ---- whose move ----------------------------------------------------------------------------------

    def question(self) -> Said | None:
        action = self.engine.action
        return action.question if action is not None else None

    def to_move(self) -> Mover:
        e = self.engine
        if e.over:
            return Mover(NOBODY)
        action = e.action
        if action is None:
            return Mover(PLAYER, e.current.name)
        if action.question is not None:
            if action.winner and len(action.stolen) < e.cards_to_steal(action):
                return Mover(PLAYER, action.winner)  # the winner picks the card taken
            return Mover(CHANCE, "dice")
        if action.stage == Stage.ROLL:
            return Mover(CHANCE, "dice")
        if action.stage == Stage.DEFEND:
            return Mover(PLAYER, action.sides[1].team)
        return Mover(PLAYER, action.attacker.team)

    # ---- the legal actions ---------------------------------------------------------------------------

    def candidates(self) -> Sequence[Action]:
        """Every action worth trying now, each named once (the rules then decide which are legal)."""
        e = self.engine
        if e.over:
            return []
        action = e.action
        if action is None:
            return ([Attack(card) for card in e.board]
                    + [Attack(t.name) for t in e.alive() if t is not e.current] + [Pass()])
        if action.question is not None:
            if action.winner and len(action.stolen) < e.cards_to_steal(action):
                return [Answer(card) for card in e.teams[action.target].cards]
            return [Answer(str(face)) for face in range(1, SIDES + 1)] + [Answer("roll")]
        held = [card for side in action.sides for card in e.teams[side.team].cards]
        uses: list[Action] = [Use((card,)) for card in held]
        buys = [Buy(item.id) for item in e.game.preparation]
        steps: list[Action] = {Stage.PREPARE: [*buys, Ready(), Roll(), Double()],
                               Stage.DEFEND: [*buys, Ready()],
                               Stage.ROLL: [Roll(), Double()],
                               Stage.AFTER: [Done(), Double()]}[action.stage]
        return steps + uses

    def legal_actions(self) -> list[Action]:
        """The candidates the rules accept now, found by trying each on a copy: no rule is written twice."""
        return [action for action in self.candidates() if self.accepts(action)]

    def accepts(self, action: Action) -> bool:
        return self.refusal(action) is None

    def refusal(self, action: Action) -> RuleError | None:
        """Why the rules refuse `action` now (None: they accept it), found on a copy thrown away."""
        try:
            self.clone().carry_out(action)
        except RuleError as refused:
            return refused
        return None

    # ---- a line → its action ----------------------------------------------------------------------------

    def parse(self, line: str) -> Action:
        e = self.engine
        if self.question() is not None:
            return Answer(line.strip())
        word, *args = line.split()
        word = word.lower()
        if word == "attack" and args:
            return Attack(self._target(" ".join(args)))  # a team name may have spaces
        if word == "pass" and not args:
            return Pass()
        if word == "buy" and 1 <= len(args) <= 2:
            times = whole(args[1]) if len(args) == 2 else 1
            if times is not None:
                return Buy(self._item(args[0]), times)
        if word == "use" and args:
            return Use((self._card(args[0]), *args[1:]))
        if word == "roll":
            if len(args) == 1 and re.search(r"[dD]", args[0]):
                return Dice(args[0].lower())
            return Roll(tuple(parse_faces(args)))
        if word == "reroll" and args:
            return Reroll(tuple(args))
        if word in ("ready", "double", "done") and not args:
            return {"ready": Ready(), "double": Double(), "done": Done()}[word]
        if word == "adjust" and len(args) >= 3 and (amount := signed(args[1])) is not None:
            return Adjust(args[0], amount, " ".join(args[2:]))
        if word == "give" and len(args) == 2:
            return Give(args[0], args[1])
        usage = next((h for h in HELP_LINES if word in h.split()), None)
        if usage:
            week = e.first_week_with("open_hitman_attacks")
            raise RuleError(N_("write it like this: {usage}"), usage=Usage(usage, week=week))
        raise RuleError(N_("not understood: {line!r}"), line=line)

    def _target(self, text: str) -> str:
        """A team's name or a card's id as the engine writes it; anything else as typed (refused later,
        in the order the rules ask: an attack first needs the turn)."""
        team = next((t.name for t in self.engine.teams.values() if t.name.casefold() == text.casefold()), None)
        return team or self._card(text)

    def _card(self, text: str) -> str:
        try:
            return find_card(self.engine.game, text).id
        except NotFound:
            return text

    def _item(self, text: str) -> str:
        try:
            return find_item(self.engine.game, text).id
        except NotFound:
            return text

    # ---- apply ------------------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry `action` out on a copy, kept only if the rules accept all of it; its events."""
        trial = self.clone()
        said = trial.carry_out(action)
        self.engine = trial.engine
        return said

    def carry_out(self, action: Action) -> list[Event]:
        """`apply` without the copy, for a caller that discards the game when a line is refused (the
        table rebuilds it from the journal) or only replays lines accepted before."""
        e = self.engine
        if isinstance(action, Answer):
            return e.answer(action.text)
        if isinstance(action, Attack):
            return e.attack(action.target)
        if isinstance(action, Pass):
            return e.pass_turn()
        if isinstance(action, Buy):
            return e.buy(action.item, action.times)
        if isinstance(action, Use):
            return e.use(list(action.tokens))
        if isinstance(action, Dice):
            return [JustRolled(action.notation, tuple(roll(e.rng, parse_notation(action.notation))))]
        if isinstance(action, Roll):
            return e.roll_action(list(action.faces) or None)
        if isinstance(action, Reroll):
            return e.reroll(list(action.tokens))
        if isinstance(action, (Ready, Double, Done)):
            return {Ready: e.ready, Double: e.double, Done: e.done}[type(action)]()
        if isinstance(action, Adjust):
            return e.adjust(action.team, action.amount, action.why)
        if isinstance(action, Give):
            return e.give(action.card, action.to)
        raise TypeError(f"not a Hitman's Showdown action: {action!r}")

    # ---- the end ----------------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        e = self.engine
        if not e.over:
            return None
        teams = [e.teams[name] for name in e.order]
        places = ranked([(t.name, t.money, (not t.out, t.money)) for t in teams])
        return Outcome(Ending.SHOWDOWN, places, tuple(e.showdown["winners"]) if e.showdown else ())


class Usage(Said):
    """A help line as a refusal quotes it: its columns' padding squeezed to single spaces."""

    def text(self, lang: str | None) -> str:
        return " ".join(super().text(lang).split())


# The usage lines a refused command is answered with (the table's help, translated when shown).
HELP_LINES = (
    N_("attack CARD|TEAM     attack a mafia card on the board (SQ, ♡K, JOKER-BLACK) or a team (week {week} on)"),
    N_("pass                 let the turn go"),
    N_("buy ITEM [N]         weapon, backup, escape, closing (N times); while preparing"),
    N_("use CARD [CARD] [CHOICES]  a held card's effect; two cards at once for a pair (use H3 D4)"),
    N_("                     choices, in the card's order: extra die rolled after the roll: a face or ?;"),
    N_("                     set a die: OLD>NEW; add a die of a face / copy a die: the face"),
    N_("roll [FACES]         roll the action's dice: type your faces, or nothing to let the companion roll"),
    N_("roll 5d6             just roll dice"),
    N_("ready                hitman attack: the attacker, then the defender, is done preparing"),
    N_("reroll [TEAM] FACES [> NEW]  spend a backup plan on the dice showing FACES"),
    N_("double               Blood Diamond: double this reward"),
    N_("done                 settle the action (the companion then asks for any penalty or theft roll)"),
    N_("adjust TEAM ±N WHY   correct a team's money;  give CARD TEAM|board  correct who holds a card"),
    N_("questions            answer with the face you rolled, 'roll' to let the companion roll, or a card id"))

