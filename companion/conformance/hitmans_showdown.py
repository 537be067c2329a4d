"""Hitman's Showdown in the conformance run: 2, 3 and 4 teams under every version of the rulings; walks
over the listed actions with the forms filled as the rules allow (several items bought at once, the
action's faces typed, a card used with its choices or as a pair, a backup plan's reroll, answers typed
as faces or runs of faces, money and card corrections, dice just rolled), the listed lines often written
another way (a card by its corner index or in lower case, a team in capitals, an item by its name);
fuzzed lines from every command's grammar (every card code, role and faction name, every team and item,
numbers and faces around the limits, full-width digits, garbage).

The table applies a line whole (the match's `apply`): the terminal rebuilds the game from its journal
after a refused line, which is the same."""
from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from companion.appfiles import game_data
from companion.conformance import WalkedTable
from companion.numbers import LARGEST
from companion.showdown.dice import MAX_DICE, SIDES
from companion.showdown.engine import MAX_PURCHASE, RULES_VERSION
from companion.showdown.repl import ShowdownTable
from tabletop.data.hitmans_load import load_game

NAMES = ["Aki", "Ben", "Chie", "Dan", "Ann Marie", "ゆき", "Jo-Jo", "Straße", "İpek", "Li Na Wu", "board", "Mob"]
FULL_WIDTH = str.maketrans("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ",
                           "０１２３４５６７８９ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ"
                           "ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ\u3000")
WORDS = ["attack", "pass", "buy", "use", "roll", "reroll", "ready", "double", "done", "adjust", "give",
         "ATTACK", "Buy", "ｕｓｅ", "questions", "choices", "attack-", "rol"]
GARBAGE = ["?", "-", ">", "1>", ">6", "3>", "3>0", "3>7", "6>1", "1>1", "0", "7", "-1", "+0", "±2", "３", "⓵", "²",
           "٣", "3.5", "1e2", "d6", "0d6", "D6", "5D6", "d", "6d", "2d4", "d66", "roll", "ROLL", "board", "BOARD",
           "JOKER", "joker-red", "joker-colour", "♥13", "♤1", "c1", "h 3", "Ｈ３", "HA", "H2", "H1", "H14", "X9",
           "ß", "İ", "\u00a0x", "\ufeffattack", "🎲", "a\u0301", "モブ", "ラットキング", "escape", "完璧な逃走経路",
           "precise_closing", "weapon 0", "s q"]


class WholeLinesTable(WalkedTable):
    """The terminal's Showdown table with each line applied whole, as the terminal's rebuild after a
    refused line leaves it."""

    def __init__(self, table: ShowdownTable):
        super().__init__(table)
        match = table.match
        match.carry_out = lambda action: match.apply(action)


class HitmansShowdown:
    game = "hitmans-showdown"

    def __init__(self, cards_dir: Path | None = None):
        """The bundled game, or the one a folder's hitmans_showdown.toml describes."""
        self.cards_dir = cards_dir
        self.rules = load_game(cards_dir)
        self.data = None if cards_dir is None else game_data(self.game, cards_dir)

    def option_sets(self) -> list[dict]:
        """Every count of teams the data allows, each under every version of the rulings; the teams'
        names and factions are the walk's (by its seed)."""
        rules = self.rules.rules
        factions = list(self.rules.factions)
        sets = []
        for version in range(RULES_VERSION, 0, -1):
            for n in range(rules.players_min, rules.players_max + 1):
                picked = random.Random(f"{n}:{version}")
                names = picked.sample(NAMES, n)
                sets.append({"teams": [{"name": name, "faction": faction}
                                       for name, faction in zip(names, picked.sample(factions, n))],
                             "rules": version})
        return sets

    def new_table(self, options: dict, seed: int, lang: str) -> WholeLinesTable:
        options = {**options, "lang": lang}
        if self.cards_dir is not None:
            options["cards"] = str(self.cards_dir)
        return WholeLinesTable(ShowdownTable(SimpleNamespace(seed=seed, options=options)))  # type: ignore[arg-type]

    def engine(self, table: WholeLinesTable) -> Any:
        return table.match

    # ---- a walk's line --------------------------------------------------------------------------

    def walk_line(self, table: WholeLinesTable, rng: random.Random) -> str:
        """A line that plays on: mostly a listed action (often written another way), else a form filled
        as the rules allow."""
        e, m = table.engine, table.match
        legal = m.legal_actions()
        action = e.action
        roll = rng.random()
        if action is None or action.question is None:
            if roll < 0.02:
                team = rng.choice(e.alive()).name
                amount = f"{rng.choice(['+', '-'])}{rng.choice([100, 500, 1000, 2500])}"
                return f"adjust {team} {amount} {rng.choice(['tip', 'miscount', '数え間違い'])}"
            if roll < 0.03:
                card = rng.choice([c.id for c in self.rules.deck() if c.role.category != "faction"])
                return f"give {card} {rng.choice([t.name for t in e.alive() if ' ' not in t.name] + ['board'])}"
            if roll < 0.05:
                return f"roll {rng.randint(1, 6)}d6"
        if action is not None and action.question is not None and roll < 0.4 and not (
                action.winner and len(action.stolen) < e.cards_to_steal(action)):
            faces = [rng.randint(1, SIDES) for _ in range(action.asked)]
            return rng.choice([" ".join(map(str, faces)), "".join(map(str, faces)), ",".join(map(str, faces))])
        if action is not None and action.question is None and roll < 0.35:
            filled = self._form(table, rng, legal)
            if filled is not None:
                return filled
        if action is None and rng.random() < 0.4:  # a hitman attack takes more lines than a mafia one
            legal = [a for a in legal if getattr(a, "target", None) in e.teams] or legal
        line = rng.choice(legal).line()
        return self._respelt(line, rng) if rng.random() < 0.25 else line

    def _form(self, table: WholeLinesTable, rng: random.Random, legal: list) -> str | None:
        """A form's line filled as the rules allow now, or None when no form suits the stage."""
        e = table.engine
        action = e.action
        lines = [a.line() for a in legal]
        forms = []
        if "roll" in lines:
            side = next(s for s in action.sides if not s.pool.rolled)
            faces = [str(rng.randint(1, SIDES)) for _ in range(side.pool.count)]
            forms.append("roll " + rng.choice([" ".join(faces), "".join(faces), ",".join(faces)]))
        buys = [line for line in lines if line.startswith("buy ")]
        if buys:
            forms.append(f"{rng.choice(buys)} {rng.choice([1, 2, 3, 4])}")
        uses = self._uses(table, rng)
        if uses:
            forms.append(rng.choice(uses))
        if action.stage == "after":
            for side in action.sides:
                if side.backups:
                    old = rng.sample(side.pool.faces, rng.randint(1, len(side.pool.faces)))
                    new = [str(rng.randint(1, SIDES)) for _ in old]
                    team = f"{side.team} " if rng.random() < 0.5 and " " not in side.team else ""
                    tail = f" > {' '.join(new)}" if rng.random() < 0.6 else ""
                    forms.append(f"reroll {team}{' '.join(map(str, old))}{tail}")
        return rng.choice(forms) if forms else None

    def _uses(self, table: WholeLinesTable, rng: random.Random) -> list[str]:
        """`use` lines for the held cards of the teams in the action, with their choices filled from
        the dice as they stand (a second card of the same role makes a pair)."""
        e = table.engine
        action = e.action
        lines = []
        for side in action.sides:
            held = e.teams[side.team].cards
            for card_id in held:
                card = self.rules.card(card_id)
                effect = card.role.effect
                if effect is None or effect.when == "always":
                    continue
                tokens = [card_id]
                ops = effect.ops_in_week(e.week)
                twins = [c for c in held if c != card_id and self.rules.card(c).role_id == card.role_id]
                if twins and effect.pair is not None and rng.random() < 0.5:
                    tokens.append(rng.choice(twins))
                    ops = effect.pair.ops
                choices = self._choices(ops, side.pool, rng)
                if rng.random() < 0.15:  # a choice left out, or one too many
                    choices = choices[:-1] if choices and rng.random() < 0.5 else choices + [str(rng.randint(1, SIDES))]
                tokens += choices
                lines.append("use " + " ".join(tokens))
        return lines

    @staticmethod
    def _choices(ops: Any, pool: Any, rng: random.Random) -> list[str]:
        faces = pool.faces or [rng.randint(1, SIDES)]
        out = []
        for op in ops:
            if op.KIND == "add_dice" and pool.rolled:
                out += [rng.choice([str(rng.randint(1, SIDES)), "?"]) for _ in range(op.count)]
            elif op.KIND == "set_die":
                out += [f"{rng.choice(faces)}>{rng.randint(1, SIDES)}" for _ in range(op.count)]
            elif op.KIND == "add_dice_of_face":
                out += [str(rng.randint(1, SIDES)) for _ in range(op.count)]
            elif op.KIND == "copy_die":
                out.append(str(rng.choice(faces)))
        return out

    def _respelt(self, line: str, rng: random.Random) -> str:
        """A listed line as a player might type it: a card by its index or in lower case, a word in
        capitals, an item by its name."""
        word, _, rest = line.partition(" ")
        if word in ("attack", "use", "give") and rest:
            first, _, more = rest.partition(" ")
            card = next((c for c in self.rules.deck() if c.id == first), None)
            if card is not None:
                first = rng.choice([card.index, card.id.lower(), card.id])
            else:
                first = rng.choice([first.upper(), first.lower(), first])
            return " ".join(x for x in (rng.choice([word, word.upper()]), first, more) if x)
        if word == "buy" and rest:
            item_id, _, times = rest.partition(" ")
            item = self.rules.prep(item_id)
            name = rng.choice([item.name.en, item.name.ja, item_id.split("_")[0]])
            return " ".join(x for x in ("buy", name, times) if x) if " " not in name else line
        return rng.choice([line, line.upper(), f"  {line} "])

    # ---- a fuzzed line --------------------------------------------------------------------------

    def fuzz_line(self, table: WholeLinesTable, rng: random.Random) -> str:
        """A line from the grammar of any command, often wrong."""
        e, data = table.engine, self.rules
        teams = list(e.order) + rng.sample(NAMES, 2)
        cards = [c.id for c in data.deck()]

        def card() -> str:
            c = data.card(rng.choice(cards))
            role = data.roles[c.role_id]
            return rng.choice([c.id, c.id.lower(), c.index, c.index.translate(FULL_WIDTH), role.name.en,
                               role.name.ja, c.faction.name.en if c.faction else c.id, rng.choice(GARBAGE)])

        def item() -> str:
            i = rng.choice(data.preparation)
            return rng.choice([i.id, i.id.upper(), i.name.en.replace(" ", ""), i.name.ja, i.id.split("_")[-1],
                               rng.choice(GARBAGE)])

        def number() -> str:
            n = str(rng.choice([0, 1, 2, 3, 6, 7, 10, MAX_PURCHASE, MAX_PURCHASE + 1, MAX_DICE, MAX_DICE + 1, 1000,
                                LARGEST, LARGEST + 1, 10**30]))
            return rng.choice([n, n.translate(FULL_WIDTH), "0" + n, "+" + n, "-" + n])

        def face() -> str:
            f = str(rng.randint(0, 7))
            return rng.choice([f, f.translate(FULL_WIDTH), f"{rng.randint(0, 7)}>{rng.randint(0, 8)}", "?",
                               f * rng.randint(1, 4), rng.choice(GARBAGE)])

        def word() -> str:
            return rng.choice(WORDS)

        shapes = [
            lambda: f"attack {rng.choice([card(), rng.choice(teams), rng.choice(teams).upper()])}",
            lambda: f"buy {item()}" + rng.choice(["", f" {number()}", f" {number()} {number()}"]),
            lambda: f"use {card()} " + " ".join(face() for _ in range(rng.randint(0, 3))),
            lambda: f"use {card()} {card()} " + " ".join(face() for _ in range(rng.randint(0, 2))),
            lambda: "roll " + " ".join(face() for _ in range(rng.randint(0, 6))),
            lambda: f"roll {rng.choice([number(), ''])}{rng.choice(['d6', 'D6', 'd 6', 'd4', 'd'])}",
            lambda: ("reroll " + rng.choice(["", f"{rng.choice(teams)} "])
                     + " ".join(face() for _ in range(rng.randint(0, 4)))),
            lambda: f"reroll {face()} > {face()}",
            lambda: f"adjust {rng.choice(teams)} {number()} {rng.choice(['', 'why', 'なぜ'])}",
            lambda: f"give {card()} {rng.choice(teams + ['board', 'BOARD'])}",
            lambda: " ".join(face() for _ in range(rng.randint(1, 3))),
            lambda: rng.choice([word(), f"{word()} {rng.choice(GARBAGE)}", f"{word()} {word()}"]),
            card,
            lambda: rng.choice(GARBAGE),
        ]
        return rng.choice(shapes)()


ADAPTER = HitmansShowdown()
