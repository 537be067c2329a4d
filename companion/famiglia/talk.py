"""What the Famiglia table is told: setup, the board, each robot step and why, draws, the result."""
from __future__ import annotations

from .engine import PLAYER, ROBOT, Game, Rules
from .words import WORDS, ordinal_suffix

ANSI = {"red": "31", "blue": "34", "yellow": "33", "green": "32"}  # family colours on a terminal


class Talk:
    def __init__(self, rules: Rules, lang: str = "en", color: bool = False):
        self.rules = rules
        self.lang = lang
        self.w = WORDS[lang]
        ansi = [ANSI.get(f.color) if color else None for f in rules.data.families]
        self.painted = [f"\033[{ansi[c // rules.ranks]}m{code}\033[0m" if ansi[c // rules.ranks] else code
                        for c, code in enumerate(rules.codes)]
        self.step_names = {s.number: s.name(lang) for s in rules.data.robot.steps}
        self._why = ""

    def describe(self, g: Game) -> list[str]:
        w = self.w
        top = w["top"].format(card=self.rules.codes[g.discard[-1]]) if g.discard else ""
        turn = "" if g.over or g.setting_up else w["turn_of_" + g.turn]
        line = w["table"].format(level=self.rules.level, first=w["first_" + g.first], turn=turn, passno=g.passno,
                                 stack=g.stack_n, pile=len(g.discard), top=top)
        if g.bottom:
            line += w["under"].format(cards=" ".join(self.rules.codes[c] for c in g.bottom))
        return [line] + self.board(g) + self.next_lines(g, brief=True)

    def help(self) -> list[str]:
        """The commands, then the robot's program at this level (the same texts as the printed card)."""
        robot, lang = self.rules.data.robot, self.lang
        lines = list(self.w["help"]) + ["", self.w["program"].format(level=self.rules.level)]
        for s in robot.steps:
            target = self.rules.targets[s.collect_rank] if s.collect_rank is not None else ""
            lines.append(f"  {s.number}. {s.text(lang).format(target=target)}")
        return lines + [f"  * {robot.refresh_rule(lang)}", f"  * {robot.refresh_action(lang)}", ""]

    def opening(self) -> list[str]:
        """Setup instructions for a new game."""
        r, w = self.rules, self.w
        sets = {s.holder: s for s in r.data.start_sets}
        return [text.format(you=sets[PLAYER].id, you_cards=" ".join(sets[PLAYER].cards),
                            robot=sets[ROBOT].id, robot_cards=" ".join(sets[ROBOT].cards),
                            deck=sum(r.deck), n=r.street_size) for text in w["setup"]]

    def board(self, g: Game) -> list[str]:
        r, w = self.rules, self.w
        paint = self.painted
        street = self._street(g.street)
        held = self._sorted(g.robot)
        targets = " · ".join(w["rank_group"].format(rank=rank, have=sum(1 for c in held if r.rank[c] == rank),
                                                   target=target) for rank, target in enumerate(r.targets))
        lines = [f"{w['street']} {street}", f"{w['robot_area'].format(vp=g.score(ROBOT))} | {targets}"]
        for rank in range(r.ranks):  # the robot's area: one row per rank it holds, as the cards lie
            cards = [c for c in held if r.rank[c] == rank]
            if cards:
                label = w["rank_label"].format(rank=rank) + w["group_vp"].format(vp=sum(r.vp[c] for c in cards))
                lines.append(f"  {label}: {' '.join(paint[c] for c in cards)}")
        mine = " ".join(paint[c] for c in self._sorted(g.player))
        return lines + [f"{w['you_area'].format(vp=g.score(PLAYER))} | {mine}"]

    def next_lines(self, g: Game, brief: bool = False) -> list[str]:
        w = self.w
        if g.over:
            return self._result(g) if not brief else [w["now_over"]] + self._result(g)
        if not g.pending:
            return [w["now_player"]] if brief else []
        n = g.draw_count()
        lines = [w["draw"].format(n=n, example=" ".join(self.example(n)))]
        hidden = g.hidden_n
        if g.passno == 1 and n > hidden:
            lines.append(w["draw_short_pass1"].format(left=hidden, pile=len(g.discard), rest=n - hidden, n=n))
        elif g.passno == 2 and g.pending > g.stack_n:
            lines.append(w["draw_short_pass2"].format(left=g.stack_n))
        if g.passno == 2 and n > hidden and g.bottom:
            known = g.bottom[:n - hidden]
            lines.append(w["draw_bottom"].format(cards=" ".join(self.rules.codes[c] for c in known)))
        return lines

    def _result(self, g: Game) -> list[str]:
        w = self.w
        robot, player = g.score(ROBOT), g.score(PLAYER)
        winner, achievement = g.result()
        lines = [w["over"].format(robot=robot, player=player)]
        if robot == player:
            lines.append(w["tie"])
        if winner == PLAYER:
            lines.append(w["won_player"].format(factor=self.rules.achievement_factor, player=player, robot=robot,
                                                   score=achievement))
        else:
            lines.append(w["won_robot" if winner == ROBOT else "won_draw"])
        return lines

    def _sorted(self, cards: list[int]) -> list[int]:
        rank = self.rules.rank
        return sorted(cards, key=lambda c: (rank[c], c))

    def example(self, n: int) -> list[str]:
        """A few card codes, spread over the families and ranks, to show the format."""
        codes = self.rules.codes
        return [codes[i * (self.rules.ranks + 2) % len(codes)] for i in range(min(n, 3))]

    def _family_name(self, card: int) -> str:
        """The name of the family a fallback card (a family's 0) belongs to; '' for none."""
        if card < 0:
            return ""
        family = self.rules.data.families[card // self.rules.ranks]
        return self.w["family"].format(color=self.w["colors"].get(family.color, family.color), name=family.name(self.lang))

    # ---- narration -----------------------------------------------------------------------------

    def _street(self, cards) -> str:
        return "  ".join(f"{i}:{self.painted[c]}" for i, c in enumerate(cards, 1)) or "-"

    def narrate(self, events: list[tuple]) -> list[str]:
        lines: list[str] = []
        enough: list[tuple] = []  # steps skipped in a row are said in one line
        # The Street right after a draw is shown when the robot acts on it next, so that its
        # choice ("3rd from left") can be checked against a Street the user has seen.
        robot_acts = [i for i, e in enumerate(events) if e[0] in ("take", "refresh") and e[1] == ROBOT]
        for i, (kind, *a) in enumerate(events):
            if kind == "drawn":
                if robot_acts and i < robot_acts[-1]:
                    lines.append(f"{self.w['street']} {self._street(a[0])}")
                continue
            if kind == "enough":
                enough.append(a)
                continue
            if enough:
                lines.append(self._enough(enough))
                enough = []
            lines.extend(self._event(kind, a))
        return lines

    def recap(self, events: list[tuple]) -> str:
        """One short line for `history`: what the robot did and how the stack fared."""
        w, codes, said = self.w, self.rules.codes, []
        for kind, *a in events:
            if kind == "take" and a[0] == ROBOT:
                said.append(w["recap_take"].format(card=codes[a[3]], step=a[1]))
            elif kind == "refresh" and a[0] == ROBOT:
                said.append(w["recap_refresh"].format(card=codes[a[3]]))
            elif kind in ("reshuffle", "stack_out", "over"):
                said.append(w["recap_" + kind])
        return "; ".join(said)

    def _enough(self, skipped: list[tuple]) -> str:
        w = self.w
        first, last = skipped[0][0], skipped[-1][0]
        steps = w["one_step"].format(a=first) if first == last else w["steps"].format(a=first, b=last)
        counts = ", ".join(w["rank_group"].format(rank=rank, have=have, target=target)
                           for _, rank, have, target in skipped)
        return w["enough"].format(steps=steps, counts=counts)

    def _step(self, number: int) -> str:
        return self.w["step"].format(number=number, name=self.step_names[number])

    def _event(self, kind: str, a: list) -> list[str]:
        w, codes, r = self.w, self.rules.codes, self.rules
        if kind == "turn":
            return [w["turn_robot"].format(level=r.level) if a[0] == ROBOT else w["turn_player"]]
        if kind == "refresh":
            who, number, pos, card, to_bottom = a
            where = w["to_bottom" if to_bottom else "to_pile"]
            if who == PLAYER:
                return [w["refresh_player"].format(card=codes[card], pos=pos + 1, where=where, n=r.rank[card])]
            collect = r.steps[number - 1][1]
            why = w["no_rank"].format(rank=collect) if collect is not None else self._why
            return [w["refresh_robot"].format(step=self._step(number), why=why, card=codes[card],
                                              where=where, n=r.rank[card])]
        if kind == "no_refresh":
            collect = r.steps[a[0] - 1][1]
            what = w["no_rank"].format(rank=collect) if collect is not None else self._why
            return [w["no_refresh"].format(step=self._step(a[0]), what=what, why=w["why_" + a[1]])]
        if kind == "next_step":
            return [w["next_step"].format(step=self._step(a[0]))]
        if kind == "better_in_stack":
            self._why = w["better"].format(stack=a[1], best=a[2])  # said with the refresh that follows
            return []
        if kind == "none_better":
            return [w["none_better"].format(step=self._step(a[0]), best=a[1])]
        if kind == "take":
            who, number, pos, card, why = a
            if who == PLAYER:
                return [w["take_player"].format(card=codes[card], pos=pos + 1)]
            collect = r.steps[number - 1][1]
            family = self._family_name(r.steps[number - 1][3])
            reason = {"collect": w["why_collect"].format(rank=collect),
                      "family_zero": w["why_family_zero"].format(rank=collect, family=family),
                      "zero": w["why_zero_take"].format(rank=collect, family=family), "best": w["why_best"],
                      "best_lower": w["why_best_lower"].format(rank=collect)}[why]
            ordinal = w["ordinal"].format(n=pos + 1, suffix=ordinal_suffix(pos + 1))
            return [w["take_robot"].format(step=self._step(number), why=reason),
                    w["take_final"].format(card=self.painted[card], ordinal=ordinal)]
        if kind == "pass":
            return [w["pass_player"]]
        if kind == "nothing":
            return [w["nothing"].format(step=self._step(a[0]))]
        if kind == "reshuffle":
            return [w["reshuffle"].format(n=a[0])]
        if kind == "stack_out":
            return [w["stack_out"]]
        if kind == "new_street":
            return [w["new_street"].format(n=a[0])]
        return []  # "over": the result follows the board
