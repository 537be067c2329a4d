"""Building Famiglia positions by card code for the tests."""
import json
import random
from collections import Counter

from click.testing import CliRunner

from companion.cli import main
from companion.famiglia.engine import PLAYER, ROBOT, Game, Rules
from companion.famiglia.moves import Taken
from companion.famiglia.simulate import table_lines
from tabletop.data.famiglia import load_famiglia

DATA = load_famiglia()
START = ["R0", "B0", "Y0", "G0"]


def rules(level=3):
    return Rules(DATA, level)


def ids(r, codes):
    return [r.index[c] for c in codes]


def codes(r, cards):
    return [r.codes[c] for c in cards]


def position(street, robot=(), *, level=3, discard=(), bottom=(), passno=1, stack=None,
             turn=ROBOT, first=PLAYER, player=None):
    """A game at the start of `turn`. The robot holds its start set plus `robot`. With `stack`
    given, the stack holds exactly those cards and the player holds everything else."""
    r = rules(level)
    robot_cards = START + list(robot)
    if stack is not None:
        rest = Counter({c: n for c, n in zip(r.codes, r.copies)})
        rest.subtract(Counter(list(street) + robot_cards + list(discard) + list(bottom) + list(stack)))
        assert min(rest.values()) >= 0, rest
        player = list(rest.elements())
    g = Game.position(r, ids(r, street), ids(r, robot_cards), None if player is None else ids(r, player),
                      ids(r, discard), ids(r, bottom), passno, turn, first)
    g.events = g.listen()  # the tests drive the robot's steps one by one and read what they told
    return g


def run(g, draws=()):
    """Begin the turn and feed the drawn cards; returns the codes the robot took this turn."""
    g.begin_turn()
    feed(g, draws)
    return taken(g)


def feed(g, draws):
    for code in draws:
        g.draw(g.rules.index[code])


def taken(g, who=ROBOT):
    return [(g.rules.codes[e.card], e.pos + 1, e.why) for e in g.events if isinstance(e, Taken) and e.who == who]


def kinds(g):
    return [type(e).__name__ for e in g.events]


def of_rank(rank, n, families="RBYG"):
    return [f"{families[i % len(families)]}{rank}" for i in range(n)]


def scripted_game(level=3, first=PLAYER, seed=1):
    """The lines a table would type for one whole game: the simulator's draws and player's moves."""
    return table_lines(rules(level), first, random.Random(seed))


def play(path, lines, *args, resume=False, lang="en"):
    argv = ["famiglia", "play", "--game", str(path), "--lang", lang, *args] + (["--resume"] if resume else [])
    result = CliRunner().invoke(main, argv, input="".join(line + "\n" for line in lines))
    assert "Traceback" not in result.output
    return result


def last_status(output):
    return json.loads([line for line in output.splitlines() if line.startswith("{")][-1])


def journal(path):
    return json.loads(path.read_text())["entries"]
