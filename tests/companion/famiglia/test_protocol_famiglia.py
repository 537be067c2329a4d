"""Famiglia on the one protocol: whose move it is, the legal actions, lines that round-trip, typed
events and one outcome — checked in fixed positions and over seeded random walks."""
import json
import random
import subprocess
import sys

import pytest

from companion.famiglia.engine import PLAYER, ROBOT, Game
from companion.famiglia.match import Match
from companion.famiglia.moves import Draw, End, Refresh, Take
from companion.protocol import CHANCE, NOBODY, Event, Mover, Outcome, Place, RuleError
from famiglia_helpers import position, rules
from protocol_helpers import accepted

LEVELS = [(level, first) for level in (1, 2, 3, 4) for first in (PLAYER, ROBOT)]


def lines_of(match):
    return [action.line() for action in match.legal_actions()]


def turn_of(street, robot=(), **position_of):
    """A match at the start of a turn in the position `famiglia_helpers.position` builds."""
    g = position(street, robot, **position_of)
    g.begin_turn()
    return Match(g)


def walk(level, first, seed, steps=5000):
    """Random legal actions until the game ends; yields each position before its action."""
    game, rng = Match(Game(rules(level), first)), random.Random(seed)
    for _ in range(steps):
        if game.to_move().kind == NOBODY:
            return
        yield game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"level {level}, {first} first, seed {seed}: no end after {steps} actions")


# ---- fixed positions --------------------------------------------------------------------------------

def test_a_street_of_six_with_a_zero_offers_six_takes_no_refresh_and_end():
    g = turn_of(["B2", "Y0", "R3", "G1", "B1", "Y2"], turn=PLAYER)
    assert g.to_move() == Mover("player", PLAYER)
    assert lines_of(g) == [f"take {n}" for n in range(1, 7)] + ["end"]


def test_a_street_without_a_zero_offers_refreshes_too():
    g = turn_of(["B2", "Y1", "R3"], turn=PLAYER)
    assert lines_of(g) == ["take 1", "take 2", "take 3", "refresh 1", "refresh 2", "refresh 3", "end"]


def test_the_second_pass_offers_one_refresh_a_turn():
    g = turn_of(["B2", "Y1", "R3"], passno=2, stack=["G1", "G2", "G3", "G4", "B3"], turn=PLAYER)
    g.apply(Refresh(0))  # B2 under the stack: two cards owed
    g.apply(Draw(("G1", "G2")))
    assert [a for a in g.legal_actions() if isinstance(a, Refresh)] == []


def test_a_draw_lists_exactly_the_cards_the_stack_can_still_hold():
    # step 2: no 1 shows, so R2 goes under the stack; two cards owed
    g = turn_of(["R2", "G3"], ["B0", "Y0", "G0"], passno=2, stack=["B1"])
    assert g.to_move() == Mover("chance", "card")
    assert lines_of(g) == ["B1"]  # the one unknown card left
    g.apply(Draw(("B1",)))
    assert lines_of(g) == ["R2"]  # then the card put under the stack, and nothing else


def test_a_new_game_waits_for_the_first_street_and_lists_every_card_in_the_stack():
    g = Match(Game(rules(3), PLAYER))
    assert g.to_move() == Mover(CHANCE, "card")
    stack = {g.game.rules.codes[c] for c, n in enumerate(g.game.hidden) if n}
    assert set(lines_of(g)) == stack and len(lines_of(g)) == len(stack)


def test_lines_name_actions_by_position_or_by_code_and_an_action_has_one_line():
    g = turn_of(["B2", "Y1", "R3"], turn=PLAYER)
    assert g.parse("take Y1") == g.parse("TAKE 2") == g.parse("take y1") == Take(1)
    assert g.parse("refresh 3") == Refresh(2) and g.parse("end") == End()
    assert Take(1).line() == "take 2"


@pytest.mark.parametrize("line, key", [
    ("take 9", "there is no position {pos}"),
    ("jump", "unknown command"),
    ("take B4", "is not on the Street"),
    ("take Q7", "is not a card code"),
])
def test_a_refusal_is_a_message_key_with_its_arguments(line, key):
    g = turn_of(["B2", "Y1", "R3"], turn=PLAYER)
    with pytest.raises(RuleError) as refused:
        g.apply(g.parse(line))
    assert key in refused.value.key
    assert "{" not in refused.value.text("ja") and "{" not in refused.value.text("en")


def test_a_refused_action_changes_nothing():
    g = Match(Game(rules(3), PLAYER))
    before = json.dumps(vars(g.game), default=repr, sort_keys=True)
    with pytest.raises(RuleError):
        g.apply(Draw(("R1", "R1", "R1", "R1", "R1", "R1")))  # three R1 exist: the fourth is refused
    assert json.dumps(vars(g.game), default=repr, sort_keys=True) == before


def test_the_outcome_ranks_both_sides_and_reports_the_achievement():
    g = Match(position(["B2"], ["B3", "G4"], turn=PLAYER, stack=[]))
    assert g.outcome() is None
    g.game.over = True
    outcome = g.outcome()
    winner, achievement = g.game.result()
    assert isinstance(outcome, Outcome) and outcome.how == "score"
    assert outcome.winners == ((winner,) if winner != "draw" else ())
    assert {p.who for p in outcome.ranking} == {PLAYER, ROBOT}
    assert outcome.ranking[0] == Place(winner, 1, g.game.score(winner))
    assert outcome.figures == ({"achievement": achievement} if achievement is not None else {})


# ---- random walks -------------------------------------------------------------------------------------

@pytest.mark.parametrize("level, first", LEVELS)
def test_every_listed_action_applies_round_trips_and_a_walk_of_listed_actions_ends(level, first):
    for seed in range(6):
        game = None
        for game in walk(level, first, seed):
            actions = game.legal_actions()
            assert actions and len(set(a.line() for a in actions)) == len(actions)
            for action in actions:
                assert game.parse(action.line()) == action
            for action in random.Random(seed).sample(actions, min(4, len(actions))):
                assert all(isinstance(e, Event) for e in game.clone().apply(action))
        assert game.to_move() == Mover(NOBODY) and game.legal_actions() == [] and game.outcome() is not None


WORDS = ["take", "refresh", "end", "TAKE", "undo", "jump", "", "x"]


def fuzzed(game, rng):
    """A line as a player might type it: command words, positions, card codes, junk."""
    codes = game.game.rules.codes
    parts = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.random()
        if kind < 0.3:
            parts.append(rng.choice(WORDS))
        elif kind < 0.55:
            parts.append(str(rng.randint(0, 8)))
        elif kind < 0.95:
            parts.append(rng.choice(codes).lower() if rng.random() < 0.2 else rng.choice(codes))
        else:
            parts.append(rng.choice(["R9", "Q1", "!", "1.5"]))
    return " ".join(p for p in parts if p) or "end"


@pytest.mark.parametrize("level, first", [(1, PLAYER), (3, ROBOT), (4, PLAYER)])
def test_a_fuzzed_line_is_accepted_exactly_when_it_names_a_listed_action_or_fills_the_draw_form(level, first):
    rng = random.Random(level)
    checked = 0
    for game in walk(level, first, seed=level + 10):
        legal = set(game.legal_actions())
        for _ in range(8):
            line = fuzzed(game, rng)
            action = accepted(game, line)
            if action is None:
                continue
            checked += 1
            if isinstance(action, Draw) and len(action.codes) > 1:  # the form: several cards in order
                assert Draw(action.codes[:1]) in legal and len(action.codes) <= game.game.draw_count(), line
            else:
                assert action in legal, line
    assert checked > 30  # of some 800 lines a walk is fuzzed with


# ---- portability ----------------------------------------------------------------------------------------

def test_the_engine_and_its_narration_load_nothing_but_the_standard_library_msgspec_and_the_kit():
    code = ("import sys; import companion.famiglia.match, companion.famiglia.talk, companion.protocol; "
            "print('\\n'.join(sorted(sys.modules)))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    stdlib = set(sys.stdlib_module_names)
    # msgspec brings typing_extensions; setuptools and an editable install add their import hooks
    kit = {"msgspec", "typing_extensions", "tabletop", "companion", "__main__", "_distutils_hack"}
    foreign = sorted({m.split(".")[0] for m in loaded if not m.startswith("__editable__")} - stdlib - kit)
    assert foreign == [], foreign
    assert not [m for m in loaded
                if m.startswith("companion.") and m.split(".")[1] in ("web", "cli", "launch", "kinds")]
