"""The Famiglia table: a typed line → an engine action (refused lines change nothing); state as JSON."""
from __future__ import annotations

from collections import Counter

from companion.table import InputError

from .engine import PLAYER, ROBOT, Game, RuleError, Rules
from .talk import Talk


class FamigliaTable:
    def __init__(self, rules: Rules, first: str, lang: str = "en", color: bool = False):
        self.rules = rules
        self.game = Game(rules, first)
        self.talk = Talk(rules, lang, color)
        self.w = self.talk.w
        self.notes: list[str] = []  # what each accepted line brought about, for `history`

    # ---- TableGame protocol --------------------------------------------------------------------

    def prompt(self) -> str:
        g = self.game
        if g.pending:
            return self.w["prompt_draw"].format(n=g.draw_count())
        return self.w["prompt_player"]

    def awaiting_answer(self) -> bool:
        return bool(self.game.pending) and not self.game.over

    def handle(self, line: str) -> list[str]:
        g = self.game
        if g.over:
            raise InputError(self.w["e_over"])
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
            raise InputError(self.w["e_draw_first"].format(n=g.draw_count()))
        cards = [self._code(token) for token in line.split()]
        n = g.draw_count()
        if len(cards) != n:
            raise InputError(self.w["e_count"].format(n=n, got=len(cards)))
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
            raise InputError(self.w["e_unknown"].format(word=line))

    def _position(self, g: Game, word: str, arg: str) -> int:
        g.check_player_turn()
        if arg.isdecimal():
            return int(arg) - 1
        if not arg or " " in arg:
            example = self.rules.codes[g.street[0]] if g.street else self.talk.example(1)[0]
            raise InputError(self.w["e_need_arg"].format(word=word, size=len(g.street), example=example))
        card = self._code(arg)
        found = [i for i, c in enumerate(g.street) if c == card]
        if not found:
            raise InputError(self.w["e_not_on_street"].format(card=self.rules.codes[card]))
        if len(found) > 1:
            raise InputError(self.w["e_ambiguous"].format(card=self.rules.codes[card],
                                                           positions=", ".join(str(i + 1) for i in found)))
        return found[0]

    def _code(self, token: str) -> int:
        card = self.rules.card(token)
        if card is None:
            families = "/".join(f.code for f in self.rules.data.families)
            raise InputError(self.w["e_code"].format(token=token, families=families, top=self.rules.ranks - 1,
                                                     example=self.talk.example(2)[1]))
        return card

    def _rule_error(self, e: RuleError, g: Game) -> str:
        w, a, codes = self.w, e.args_, self.rules.codes
        if e.key == "gone":
            return w["e_gone"].format(card=codes[a["card"]], copies=self.rules.copies[a["card"]],
                                      where=self._whereabouts(g, a["card"]))
        if e.key == "bottom":
            return w["e_bottom"].format(expected=codes[a["expected"]])
        if e.key == "position":
            return w["e_position"].format(pos=a["pos"] + 1, size=a["size"])
        return w["e_" + e.key].format(**a)

    def _whereabouts(self, g: Game, card: int) -> str:
        places = [("in_robot", g.robot), ("in_player", g.player), ("in_street", g.street),
                  ("in_pile", g.discard), ("in_bottom", g.bottom)]
        return ", ".join(self.w[key].format(n=n) for key, cards in places if (n := Counter(cards)[card]))
