"""Famiglia in the conformance run: every level, the player or the robot first; walks that sometimes
type several drawn cards on one line; fuzzed lines from the grammar of `take`, `refresh`, `end` and
card codes."""
from __future__ import annotations

import random
from pathlib import Path

from companion.appfiles import game_data
from companion.famiglia.engine import PLAYER, ROBOT, Rules
from companion.famiglia.repl import FamigliaTable
from companion.numbers import LARGEST
from tabletop.data.famiglia import load_famiglia

FULL_WIDTH = str.maketrans("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ",
                           "０１２３４５６７８９ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ"
                           "ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ\u3000")
GARBAGE = ["x", "?", "こんにちは", "テイク 1", "🂡", "ſ0", "ꓣ0", "ＲＯ", "⓵", "٣", "1.5", "-1", "+2", "0x1", "½",
           "R\u00a00", "take\u20031", "\ufefftake 1", "é", "İ", "ß", "end end", "refresh", "take", "e n d"]


class Famiglia:
    game = "famiglia"

    def __init__(self, cards_dir: Path | None = None):
        """The bundled game, or the one a folder's famiglia.toml describes."""
        loaded = load_famiglia(cards_dir)
        self.data = None if cards_dir is None else game_data(self.game, cards_dir)
        self.rules = {level.level: Rules(loaded, level.level) for level in loaded.levels}

    def option_sets(self) -> list[dict]:
        return [{"level": level, "first": first} for level in sorted(self.rules) for first in (PLAYER, ROBOT)]

    def new_table(self, options: dict, seed: int, lang: str) -> FamigliaTable:
        return FamigliaTable(self.rules[options["level"]], options["first"], lang)

    def engine(self, table: FamigliaTable):
        return table.match

    def walk_line(self, table: FamigliaTable, rng: random.Random) -> str:
        g = table.game
        if g.pending and not g.over and g.draw_count() > 1 and rng.random() < 0.3:
            owed, _ = g.owed()  # several cards on one line, in an order that may be refused
            pool = [table.rules.codes[c] for c, n in enumerate(owed) for _ in range(n)]
            return " ".join(rng.sample(pool, rng.randint(2, min(g.draw_count(), len(pool)))))
        return rng.choice(table.match.legal_actions()).line()

    def fuzz_line(self, table: FamigliaTable, rng: random.Random) -> str:
        codes, size = table.rules.codes, len(table.game.street)
        code = rng.choice(codes + ["R5", "X0", "R", "0", "B-1", "G00", "Y10"])
        code = rng.choice([code, code.lower(), code.translate(FULL_WIDTH)])
        number = str(rng.choice([0, 1, 2, size, size + 1, 9, 10, 99, LARGEST, LARGEST + 1, 10**30]))
        number = rng.choice([number, number.translate(FULL_WIDTH), "0" + number, "+" + number])
        word = rng.choice(["take", "refresh", "end", "TAKE", "Refresh", "ｔａｋｅ", "END"])
        shapes = [f"{word} {number}", f"{word} {code}", word, f"{word} {code} {code}", code,
                  " ".join(rng.choice(codes) for _ in range(rng.randint(1, 8))),
                  f"{code} {rng.choice(GARBAGE)}", rng.choice(GARBAGE), f"{word} {rng.choice(GARBAGE)}",
                  f"  {word}   {number}  ", f"{word}\u3000{number}"]
        return rng.choice(shapes)


ADAPTER = Famiglia()
