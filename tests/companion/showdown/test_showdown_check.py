"""`companion showdown check`: every mafia card's condition just passing and just failing, and card
effects / preparation items changing the outcome as the card text says."""
import json

import pytest
from click.testing import CliRunner

from companion.cli import main
from tabletop.data.hitmans_load import load_game

GAME = load_game()

# role -> (faces that just pass, [(faces that just fail, what the explanation must say)])
EDGES = {
    "mob": ([1, 2], [([1, 1], "needs total ≥ 3, have 2")]),
    "soldier": ([6, 6, 2], [([6, 6, 1], "needs total ≥ 14, have 13")]),
    "capo": ([1, 6, 6, 6, 6], [([2, 6, 6, 6, 6], "needs one 1, have zero"),
                               ([1, 6, 6, 6, 5], "needs total ≥ 25, have 24")]),
    "underboss": ([6] * 9 + [1], [([6] * 9, "needs total ≥ 55, have 54")]),
    "godfather": ([6] * 15, [([6] * 14 + [5], "needs total ≥ 90, have 89")]),
    "stray": ([2, 3], [([2, 4], "needs total exactly 5, have 6 — or — needs one 1, have zero"),
                       ([6, 6], "needs total exactly 5, have 12 — or — needs one 1, have zero")]),
    "dog": ([5, 4], [([5, 5], "needs total exactly 9, have 10"), ([6, 3], "needs one 5, have zero"),
                     ([5, 3], "needs total exactly 9, have 8")]),
    "bird": ([4, 4, 4, 4], [([4, 4, 4, 6, 6, 6], "needs four 4s, have three")]),
    "cat": ([2, 2, 2, 2, 6, 6, 5], [([2, 2, 2, 2, 6, 6, 4], "needs total ≥ 25, have 24"),
                                    ([2, 2, 2, 6, 6, 6, 6], "needs four 2s, have three")]),
    "rat_king": ([1] * 6 + [6, 6, 6, 6], [([1] * 6 + [6, 6, 6, 5], "needs total ≥ 30, have 29"),
                                          ([1] * 5 + [6] * 5, "needs six 1s, have five")]),
}
MAFIA = [c for c in GAME.deck() if c.role.category == "mafia"]


def check(*args):
    result = CliRunner().invoke(main, ["showdown", "check", *map(str, args), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_every_mafia_role_has_edges():
    assert {c.role_id for c in MAFIA} == set(EDGES) and len(MAFIA) == 46


@pytest.mark.parametrize("card", MAFIA, ids=lambda c: c.id)
def test_condition_just_passes_and_just_fails(card):
    passing, failing = EDGES[card.role_id]
    assert check(card.id, *passing)["success"] is True
    for faces, missing in failing:
        out = check(card.id, *faces)
        assert out["success"] is False and out["card"] == card.id
        assert out["explanation"] == f"fails: {missing}"


def test_stray_also_passes_on_a_single_one():
    assert check("C3", 1, 6, 6)["success"] is True


@pytest.mark.parametrize("card, faces, steps, before_fails", [
    ("H9", [6, 6, 1], ["H3"], "have 13"),                           # Mob: total +1
    ("H9", [6, 5], ["H3 D4"], "have 11"),                           # two Mobs at once: +3
    ("SQ", [4, 4, 4, 1], ["H9 2 1>4"], "have three"),               # Soldier: +1 die, set one die
    ("HJ", [6, 6, 6, 6], ["DJ 3 1"], "needs one 1"),                # Capo: +1 die, add a die of any face
    ("HK", [6] * 8, ["DK 1 6 6"], "have 48"),                       # Underboss: +1 die, add two dice
    ("C9", [5, 5], ["C3 C4 5>4"], "have 10"),                       # two Strays: set one die
    ("CJ", [4, 4, 4, 1], ["S8 4 1>6"], "have three"),               # Dog: copy a die, then set one
    ("CK", [2, 2, 6, 6, 6, 6], ["SJ 2"], "have two"),               # Bird: two dice copying one
    ("JOKER-BLACK", [1, 1, 1, 6, 6, 6, 6, 6], ["SK 1"], "have three"),  # Cat: three dice copying one
    ("H10", [6, 6], ["H2 2"], "have 12"),                           # scout: +1 die
    ("H10", [6, 6], ["weapon 2"], "have 12"),                        # weapon: +1 die
    ("H10", [6, 6, 1], ["backup 1>2"], "have 13"),                   # backup plan: reroll
])
def test_effects_change_the_outcome(card, faces, steps, before_fails):
    before = check(card, *faces)
    assert before["success"] is False and before_fails in before["explanation"]
    args = [a for step in steps for a in ("--use", step)]
    after = check(card, *faces, *args)
    assert after["success"] is True, after
    assert len(after["steps"]) >= 1


def test_each_step_is_explained_in_order():
    out = check("SQ", 4, 4, 4, 1, "--use", "H9 2 1>4")
    assert out["steps"] == ["Soldier H9: extra die rolled 2", "Soldier H9: a 1 set to 4"]
    assert out["faces"] == [4, 4, 4, 4, 2]


def test_mob_needs_a_second_mob_for_the_pair_bonus_and_counts_once_alone():
    assert check("H9", 6, 5, "--use", "H3")["total"] == 12
    assert check("H9", 6, 5, "--use", "H3 D4")["total"] == 14


def test_scouts_grow_stronger_in_week_four():
    assert check("H10", 6, 6, "--use", "H2 1 1", "--week", "4")["total"] == 14
    result = CliRunner().invoke(main, ["showdown", "check", "H10", "6", "6", "--use", "H2 1"])
    assert result.exit_code == 0  # week 1: one extra die
    result = CliRunner().invoke(main, ["showdown", "check", "H10", "6", "6", "--use", "H2 1", "--week", "4"])
    assert result.exit_code == 2 and "extra die 2" in result.output


def test_extra_die_can_be_rolled_by_the_companion_with_a_seed():
    a = check("H10", 6, 6, "--use", "H2 ?", "--seed", "5")
    assert a == check("H10", 6, 6, "--use", "H2 ?", "--seed", "5") and len(a["faces"]) == 3


def test_bonus_from_a_penalty_lowers_the_total():
    out = check("H9", 6, 6, 2, "--bonus", "-3")
    assert out["success"] is False and out["explanation"] == "fails: needs total ≥ 14, have 11"


@pytest.mark.parametrize("typed", ["♡K", "hk", "Underboss", "アンダーボス"])
def test_card_by_symbol_or_name(typed):
    assert check(typed, *[6] * 10)["card"] in ("HK", "DK")


@pytest.mark.parametrize("args, message", [
    (["XX", "3"], "no card called 'XX'"),
    (["HA", "3"], "not a mafia card"),
    (["HK", "7"], "not a die face"),
    (["H9", "1", "--use", "JOKER-COLOR"], "cannot be used"),
    (["H9", "2", "--use", "H9 4 3>6"], "no die shows 3"),
    (["H9", "2", "--use", "H9"], "missing"),
    (["SQ", "4", "4", "1", "--use", "H9 3"], "missing: Soldier H9: die to set (type after the card: "
                                             "<extra die: face or ?> <OLD>NEW>)"),
])
def test_bad_input_is_a_clear_error(args, message):
    result = CliRunner().invoke(main, ["showdown", "check", *args])
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_japanese_text():
    out = json.loads(CliRunner().invoke(main, ["showdown", "check", "SQ", "4", "4", "--json", "--lang", "ja"]).output)
    assert out["name"] == "バード、伝達者" and "4 の目が 4 つ必要（現在 2 つ）" in out["explanation"]


def duel(*args):
    return check("hitman", *args)


def test_hitman_check_tie_goes_to_the_defender():
    out = duel(5, 6, "--versus", "5 6")
    assert out["success"] is False
    assert out["explanation"] == "the attacker fails: needs more than 11, have 11 (a tie goes to the defender)"


@pytest.mark.parametrize("step, defender_total", [
    ("C3", 9),         # Stray: opponent's total −2
    ("C3 C4 1>6", 7),  # two Strays: −4 (and one of your dice set)
    ("S8 1 1>1", 7),   # Dog: opponent's total −4
    ("closing", 8),    # precise closing: −3
])
def test_opponent_effects_flip_a_hitman_attack(step, defender_total):
    assert duel(5, 6, 1, "--versus", "6 6")["success"] is False  # 12 vs 12
    out = duel(5, 6, 1, "--versus", "6 5", "--use", step)
    assert out["versus"]["total"] == defender_total and out["success"] is True


def test_bird_takes_a_die_and_lowers_the_highest_after_the_defenders_roll():
    out = duel(2, 2, "--versus", "6 5 1", "--use", "SJ 2")
    assert sorted(out["versus"]["faces"]) == [3, 5] and out["total"] == 8 and out["versus"]["total"] == 8
    assert out["success"] is False


def test_cat_takes_two_dice_and_the_defender_answers_with_a_stray():
    out = duel(1, 1, "--versus", "6 5 4 1", "--use", "SK 1", "--their-use", "C5")
    assert out["versus"]["faces"] == [6, 5] and out["total"] == 5 - 2 and out["versus"]["total"] == 11


def test_hitman_check_needs_the_defenders_faces():
    result = CliRunner().invoke(main, ["showdown", "check", "hitman", "3", "4"])
    assert result.exit_code == 2 and "--versus" in result.output
