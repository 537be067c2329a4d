"""What the Famiglia table is told: setup, the board, each robot step and why, draws, the result."""
from __future__ import annotations

from companion.speech import Speech
from tabletop.i18n import N_

from ..choices import Choice, Form
from ..protocol import CHANCE, Action, Event
from .engine import PLAYER, ROBOT, Game, Rules
from .match import Match
from .moves import (
    BetterInStack,
    Drawn,
    End,
    Enough,
    GameOver,
    NewStreet,
    NextStep,
    NoneBetter,
    NoRefresh,
    Nothing,
    Passed,
    Refresh,
    Refreshed,
    Reshuffled,
    StackOut,
    Take,
    Taken,
    TurnBegan,
)

ANSI = {"red": "31", "blue": "34", "yellow": "33", "green": "32"}  # family colours on a terminal
COLOURS = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "green": N_("green")}

SETUP = (N_("Setup: you take start set {you} ({you_cards}), the robot takes set {robot} ({robot_cards}) "
            "and lays it open in its area."),
         N_("Shuffle the other {deck} cards into the stack, draw {n} and lay them out left to right: "
            "that is the Street. New cards always go to the right end."))
HELP = (N_("refresh N|CODE  you discarded that Street card (only while no 0 shows); type the drawn cards next"),
        N_("take N|CODE     you recruited that Street card; your turn ends and the robot plays"),
        N_("end             your turn ends without a recruit"),
        N_("CODES           when asked, the drawn cards on one line, e.g. R0 b2 G1 (R/B/Y/G + rank)"))


class Talk:
    def __init__(self, rules: Rules, lang: str = "en", color: bool = False):
        self.rules = rules
        self.lang = lang
        self.speech = Speech(lang)
        self._ = self.speech._
        ansi = [ANSI.get(f.color) if color else None for f in rules.data.families]
        self.painted = [f"\033[{ansi[c // rules.ranks]}m{code}\033[0m" if ansi[c // rules.ranks] else code
                        for c, code in enumerate(rules.codes)]
        self.step_names = {s.number: s.name(lang) for s in rules.data.robot.steps}
        self._why = ""

    def describe(self, g: Game) -> list[str]:
        top = self._(" (top {card})", card=self.rules.codes[g.discard[-1]]) if g.discard else ""
        turn = "" if g.over or g.setting_up else (self._(" · the robot's turn") if g.turn == ROBOT
                                                  else self._(" · your turn"))
        first = self._("robot") if g.first == ROBOT else self._("you")
        line = self._("Level {level} ({first} first){turn} · pass {passno} · stack {stack} · "
                      "discard pile {pile}{top}",
                      level=self.rules.level, first=first, turn=turn, passno=g.passno, stack=g.stack_n,
                      pile=len(g.discard), top=top)
        if g.bottom:
            line += self._(" · under the stack: {cards}", cards=" ".join(self.rules.codes[c] for c in g.bottom))
        return [line] + self.board(g) + self.next_lines(g, brief=True)

    def help(self) -> list[str]:
        """The commands, then the robot's program at this level (the same texts as the printed card)."""
        robot, lang = self.rules.data.robot, self.lang
        lines = self.speech.help_lines(HELP)
        lines += ["", self._("The robot's program (level {level}):", level=self.rules.level)]
        for s in robot.steps:
            target = self.rules.targets[s.collect_rank] if s.collect_rank is not None else ""
            lines.append(f"  {s.number}. {s.text(lang).format(target=target)}")
        return lines + [f"  * {robot.refresh_rule(lang)}", f"  * {robot.refresh_action(lang)}", ""]

    def opening(self) -> list[str]:
        """Setup instructions for a new game."""
        r = self.rules
        sets = {s.holder: s for s in r.data.start_sets}
        return [self._(text, you=sets[PLAYER].id, you_cards=" ".join(sets[PLAYER].cards), robot=sets[ROBOT].id,
                       robot_cards=" ".join(sets[ROBOT].cards), deck=sum(r.deck), n=r.street_size) for text in SETUP]

    def board(self, g: Game) -> list[str]:
        r = self.rules
        paint = self.painted
        held = self._sorted(g.robot)
        targets = " · ".join(self._("{rank}s {have}/{target}", rank=rank, target=target,
                                    have=sum(1 for c in held if r.rank[c] == rank))
                             for rank, target in enumerate(r.targets))
        robot = self._("Robot {vp:>3} VP", vp=g.score(ROBOT))
        lines = [self._street_line(g.street), f"{robot} | {targets}"]
        for rank in range(r.ranks):  # the robot's area: one row per rank it holds, as the cards lie
            cards = [c for c in held if r.rank[c] == rank]
            if cards:
                label = self._("{rank}s", rank=rank) + self._(" ({vp} VP)", vp=sum(r.vp[c] for c in cards))
                lines.append("  " + self.speech.label(label, " ".join(paint[c] for c in cards)))
        mine = " ".join(paint[c] for c in self._sorted(g.player))
        you = self._("You   {vp:>3} VP", vp=g.score(PLAYER))
        return lines + [f"{you} | {mine}"]

    def next_lines(self, g: Game, brief: bool = False) -> list[str]:
        if g.over:
            return self._result(g) if not brief else [self._("The game is over.")] + self._result(g)
        if not g.pending:
            return [self._("Your turn.")] if brief else []
        n = g.draw_count()
        lines = [self._("→ Type the {n} card(s) drawn, in order: on one line (e.g. {example}), or a few at a time.",
                        n=n, example=" ".join(self.rules.example(n)))]
        hidden = g.hidden_n
        if g.passno == 1 and n > hidden:
            lines.append(self._("  The stack holds only {left}: draw those, shuffle the discard pile ({pile}) into a "
                                "new stack, then draw the other {rest} from it. One line for all {n}.",
                                left=hidden, pile=len(g.discard), rest=n - hidden, n=n))
        elif g.passno == 2 and g.pending > g.stack_n:
            lines.append(self._("  Only {left} card(s) are left in the stack: draw them all; the stack then runs out.",
                                left=g.stack_n))
        if g.passno == 2 and n > hidden and g.bottom:
            known = g.bottom[:n - hidden]
            lines.append(self._("  The last of them are the card(s) you put under the stack, in this order: {cards}.",
                                cards=" ".join(self.rules.codes[c] for c in known)))
        return lines

    def _result(self, g: Game) -> list[str]:
        robot, player = g.score(ROBOT), g.score(PLAYER)
        winner, achievement = g.result()
        lines = [self._("Game over. Robot {robot} VP, you {player} VP.", robot=robot, player=player)]
        if robot == player:
            lines.append(self._("Equal VP: the single card worth most decides."))
        if winner == PLAYER:
            lines.append(self._("You win! Achievement: {factor} × {player} − {robot} = {score}.",
                                factor=self.rules.achievement_factor, player=player, robot=robot, score=achievement))
        else:
            lines.append(self._("The robot wins.") if winner == ROBOT else self._("A draw."))
        return lines

    def _sorted(self, cards: list[int]) -> list[int]:
        rank = self.rules.rank
        return sorted(cards, key=lambda c: (rank[c], c))


    def _family_name(self, card: int) -> str:
        """The name of the family a fallback card (a family's 0) belongs to; '' for none."""
        if card < 0:
            return ""
        family = self.rules.data.families[card // self.rules.ranks]
        colour = self._(COLOURS[family.color]) if family.color in COLOURS else family.color
        return self._("{color} ({name})", color=colour, name=family.name(self.lang))

    # ---- choices --------------------------------------------------------------------------------

    def choice(self, g: Game, action: Action) -> Choice:
        """A legal action in `g` as the table names it, and the group it is shown in."""
        codes = self.rules.codes
        if isinstance(action, Take):
            return Choice(action.line(), self._("Take {card} (position {pos})", card=codes[g.street[action.pos]],
                                                pos=action.pos + 1), "take")
        if isinstance(action, Refresh):
            return Choice(action.line(), self._("Refresh {card} (position {pos})",
                                                card=codes[g.street[action.pos]], pos=action.pos + 1), "refresh")
        if isinstance(action, End):
            return Choice(action.line(), self._("End my turn without a recruit"), "end")
        return Choice(action.line(), self._("Drawn: {cards}", cards=action.line()), "draw")

    def choices(self, match: Match) -> list[Choice]:
        """Every legal action as a choice; while several cards are owed, the form for them all."""
        g = match.game
        listed = [self.choice(g, action) for action in match.legal_actions()]
        if match.to_move().kind == CHANCE and g.draw_count() > 1:
            owed, _ = g.owed()
            form = Form("cards", g.draw_count(), tuple(self.rules.codes[c] for c, n in enumerate(owed) if n))
            listed.append(Choice("", self._("The {n} cards drawn, in order", n=g.draw_count()), "draw", form))
        return listed

    # ---- narration -----------------------------------------------------------------------------

    def _street_line(self, cards) -> str:
        street = "  ".join(f"{i}:{self.painted[c]}" for i, c in enumerate(cards, 1)) or "-"
        return self._("Street: {cards}", cards=street)

    def narrate(self, events: list[Event]) -> list[str]:
        lines: list[str] = []
        enough: list[Enough] = []  # steps skipped in a row are said in one line
        # The Street right after a draw is shown when the robot acts on it next, so that its
        # choice ("3rd from left") can be checked against a Street the user has seen.
        robot_acts = [i for i, e in enumerate(events) if isinstance(e, (Taken, Refreshed)) and e.who == ROBOT]
        for i, event in enumerate(events):
            if isinstance(event, Drawn):
                if robot_acts and i < robot_acts[-1]:
                    lines.append(self._street_line(event.street))
                continue
            if isinstance(event, Enough):
                enough.append(event)
                continue
            if enough:
                lines.append(self._enough(enough))
                enough = []
            lines.extend(self._event(event))
        return lines

    def recap(self, events: list[Event]) -> str:
        """One short line for `history`: what the robot did and how the stack fared."""
        codes, said = self.rules.codes, []
        for e in events:
            if isinstance(e, Taken) and e.who == ROBOT:
                said.append(self._("robot takes {card} (step {step})", card=codes[e.card], step=e.step))
            elif isinstance(e, Refreshed) and e.who == ROBOT:
                said.append(self._("robot discards {card}", card=codes[e.card]))
            elif isinstance(e, Reshuffled):
                said.append(self._("discard pile reshuffled"))
            elif isinstance(e, StackOut):
                said.append(self._("stack out again"))
            elif isinstance(e, GameOver):
                said.append(self._("game over"))
        return self._("; ").join(said)

    def _enough(self, skipped: list[Enough]) -> str:
        first, last = skipped[0].step, skipped[-1].step
        steps = self._("step {a}", a=first) if first == last else self._("steps {a}–{b}", a=first, b=last)
        counts = self.speech.listing(self._("{rank}s {have}/{target}", rank=e.rank, have=e.have, target=e.target)
                                     for e in skipped)
        return self._("{steps}: the robot has enough ({counts}): on to the next step.", steps=steps, counts=counts)

    def _step(self, number: int) -> str:
        return self._("step {number} ({name})", number=number, name=self.step_names[number])

    def _why_no_refresh(self, why: str) -> str:
        return {"zero": self._("a 0 is on the Street"), "empty": self._("the stack is empty"),
                "once": self._("second pass: this turn's one refresh is used")}[why]

    def _wanted(self, step: int) -> str:
        """Why the robot refreshes at `step`: the rank it looks for is missing, or a better card waits."""
        collect = self.rules.steps[step - 1][1]
        return self._("no {rank} on the Street", rank=collect) if collect is not None else self._why

    def _event(self, e: Event) -> list[str]:
        codes, r = self.rules.codes, self.rules
        if isinstance(e, TurnBegan):
            return [self._("— Robot's turn (level {level}) —", level=r.level) if e.who == ROBOT
                    else self._("— Your turn: refresh N|CODE, take N|CODE or end —")]
        if isinstance(e, Refreshed):
            where = self._("UNDER the stack") if e.to_bottom else self._("to the discard pile")
            if e.who == PLAYER:
                return [self._("You discard {card} (position {pos}) {where}; draw {n} onto the right end.",
                               card=codes[e.card], pos=e.pos + 1, where=where, n=r.rank[e.card])]
            return [self._("{step}: {why} → discard the leftmost card, {card}, {where}; draw {n} onto the right end.",
                           step=self._step(e.step), why=self._wanted(e.step), card=codes[e.card], where=where,
                           n=r.rank[e.card])]
        if isinstance(e, NoRefresh):
            return [self._("{step}: {what}, but no refresh is allowed ({why}).",
                           step=self._step(e.step), what=self._wanted(e.step), why=self._why_no_refresh(e.why))]
        if isinstance(e, NextStep):
            return [self._("{step}: nothing to take here: on to the next step.", step=self._step(e.step))]
        if isinstance(e, BetterInStack):
            self._why = self._("the stack still holds a card worth {stack} VP, more than the Street's best ({best})",
                               stack=e.stack_best, best=e.street_best)  # said with the refresh that follows
            return []
        if isinstance(e, NoneBetter):
            return [self._("{step}: nothing left in the stack beats the Street's best ({best} VP).",
                           step=self._step(e.step), best=e.best)]
        if isinstance(e, Taken):
            return self._taken(e)
        if isinstance(e, Passed):
            return [self._("Your turn ends without a recruit.")]
        if isinstance(e, Nothing):
            return [self._("{step}: the Street is empty: the robot takes nothing.", step=self._step(e.step))]
        if isinstance(e, Reshuffled):
            return [self._("The stack is used up: shuffle the discard pile ({n} cards) into a new stack. Second "
                           "pass: one refresh a turn, and refreshed cards go under the stack.", n=e.cards)]
        if isinstance(e, StackOut):
            return [self._("The stack has run out for the second time: the game ends when this round is complete.")]
        if isinstance(e, NewStreet):
            return [self._("The Street is empty: lay out {n} new card(s).", n=e.cards)]
        return []  # GameOver: the result follows the board

    def _taken(self, e: Taken) -> list[str]:
        r = self.rules
        if e.who == PLAYER:
            return [self._("You recruit {card} (position {pos}).", card=r.codes[e.card], pos=e.pos + 1)]
        collect = r.steps[e.step - 1][1]
        family = self._family_name(r.steps[e.step - 1][3])
        reason = {"collect": self._("the leftmost {rank}", rank=collect),
                  "family_zero": self._("no {rank} to take: a {family} 0 instead", rank=collect, family=family),
                  "zero": self._("no {rank} and no {family} 0: the leftmost 0", rank=collect, family=family),
                  "best": self._("the card worth most (leftmost on ties)"),
                  "best_lower": self._("no {rank} to take: the lower-rank card worth most (leftmost on ties)",
                                       rank=collect)}[e.why]
        return [self._("{step}: {why}.", step=self._step(e.step), why=reason),
                self._("Robot takes {card} ({ordinal} from left).", card=self.painted[e.card],
                       ordinal=self._(ORDINALS[ordinal_ending(e.pos + 1)], n=e.pos + 1))]


# English ordinals by their ending; a translation may say every one the same way (3番目).
ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def ordinal_ending(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
