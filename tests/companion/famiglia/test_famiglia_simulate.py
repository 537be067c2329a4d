"""`companion famiglia simulate`: whole games on the same engine, reproducible by seed."""
import json
import random

from click.testing import CliRunner

from companion.cli import main
from companion.famiglia.engine import PLAYER, ROBOT
from companion.famiglia.simulate import play_one
from famiglia_helpers import rules


def test_simulated_games_keep_every_card_and_complete_the_round():
    for level in (1, 4):
        for first in (ROBOT, PLAYER):
            r = rules(level)
            rng = random.Random(level)
            for _ in range(30):
                g = play_one(r, first, rng)
                assert g.over and g.passno == 2 and g.stack_n == 0 and g.ending
                assert len(g.street) + len(g.robot) + len(g.player) + len(g.discard) == 60
                assert g.turns[ROBOT] == g.turns[PLAYER]
                # the robot takes exactly one card a turn unless the Street was empty
                assert len(g.robot) - 4 <= g.turns[ROBOT]


def simulate(*args):
    result = CliRunner().invoke(main, ["famiglia", "simulate", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_json_report_is_reproducible_by_seed():
    a = json.loads(simulate("--level", "2", "--first", "robot", "--games", "50", "--seed", "9", "--json"))
    b = json.loads(simulate("--level", "2", "--first", "robot", "--games", "50", "--seed", "9", "--json"))
    c = json.loads(simulate("--level", "2", "--first", "robot", "--games", "50", "--seed", "10", "--json"))
    assert a == b and a != c
    assert a["games"] == 50 and a["seed"] == 9 and a["level"] == 2 and a["first"] == "robot"
    for who in ("robot", "player"):
        s = a[who]
        assert s["min"] <= s["q1"] <= s["median"] <= s["q3"] <= s["max"] and s["min"] <= s["mean"] <= s["max"]
    assert 0 <= a["player_win_rate"] <= 1


def test_higher_levels_score_more_for_the_robot():
    # Lower targets send the robot to the valuable high ranks sooner.
    means = [json.loads(simulate("--level", str(n), "--games", "300", "--seed", "1", "--json"))["robot"]["mean"]
             for n in (1, 2, 3, 4)]
    assert means == sorted(means) and means[0] < means[-1]


def test_the_default_level_is_the_rulebooks_from_the_data(tmp_path):
    from tabletop.data import CARDS_DIR

    (tmp_path / "famiglia.toml").write_text((CARDS_DIR / "famiglia.toml").read_text(encoding="utf-8")
                                            .replace("rulebook_level = 3", "rulebook_level = 1"), encoding="utf-8")
    assert json.loads(simulate("--games", "5", "--seed", "1", "--json"))["level"] == 3
    assert json.loads(simulate("--games", "5", "--seed", "1", "--json", "--cards", str(tmp_path)))["level"] == 1


def test_text_report():
    out = simulate("--games", "20", "--seed", "3")
    assert "level 3, player first: 20 games (seed 3)" in out and "player wins" in out


def test_bad_options_exit_2():
    assert CliRunner().invoke(main, ["famiglia", "simulate", "--games", "0"]).exit_code == 2
    result = CliRunner().invoke(main, ["famiglia", "simulate", "--level", "9"])
    assert result.exit_code == 2 and "no level 9" in result.output


def player_with(hand):
    from companion.famiglia.simulate import SimplePlayer

    r = rules()
    p = SimplePlayer(r)
    p.hand = [0] * len(r.codes)
    for code in hand:
        p.hand[r.index[code]] += 1
    return p, r


def test_simple_player_pays_by_the_recruiting_rules():
    cases = [
        (["R0", "B0", "Y0", "G0"], "B1", None),          # one B0 is not a pair
        (["B0", "B0"], "B1", ("B0",)),                    # a pair: one of them leaves the hand
        (["B0", "G1"], "B1", ("G1",)),                    # a Mercenary of higher rank stands in
        (["B0", "G0"], "B1", None),                       # ... but not one of the same rank
        (["Y2"], "R2", ("Y2",)),                          # a Brute lowers R2 to 0: free
        (["Y1", "R0", "R0"], "R2", ("Y1", "R0")),         # a Brute lowers R2 to 1: pair of R0s
        (["R1", "R1", "Y1"], "R2", ("R1",)),              # no ability needed: none spent
    ]
    for hand, card, paid in cases:
        p, r = player_with(hand)
        payment = p._payment(r.index[card])
        assert (None if payment is None else tuple(r.codes[c] for c in payment)) == paid, (hand, card)
