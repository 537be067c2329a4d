"""The robot's choice in hand-built positions, each derived from the rule text (seed + rulings)."""
import pytest

from companion.famiglia.engine import PLAYER, ROBOT
from companion.famiglia.moves import BetterInStack, Enough, NextStep, NoneBetter, NoRefresh, Reshuffled
from companion.protocol import RuleError
from famiglia_helpers import DATA, codes, feed, kinds, of_rank, position, run, taken

# Level 3 (the rulebook's own): 7 zeros, 5 ones, 4 twos, 2 threes before moving on.
ZEROS_DONE = of_rank(0, 3)            # start set 4 + 3 = 7 rank-0 cards
ONES_DONE = ZEROS_DONE + of_rank(1, 5)
TWOS_DONE = ONES_DONE + of_rank(2, 4)
ALL_DONE = TWOS_DONE + ["B3", "Y3"]


def test_step1_takes_the_leftmost_zero():
    g = position(["B2", "Y0", "R0", "G1"])
    assert run(g) == [("Y0", 2, "collect")]
    assert codes(g.rules, g.street) == ["B2", "R0", "G1"]


def test_step1_refreshes_while_allowed_in_the_first_pass_then_takes_the_new_zero():
    # No 0: discard the leftmost (R2) to the discard pile, draw 2; still no 0: discard the
    # leftmost again (B1), draw 1; a 0 shows: take it.
    g = position(["R2", "B1", "G3"])
    g.begin_turn()
    assert g.pending == 2 and codes(g.rules, g.discard) == ["R2"]
    feed(g, ["B3", "Y2"])
    assert g.pending == 1 and codes(g.rules, g.discard) == ["R2", "B1"]
    feed(g, ["G0"])
    assert taken(g) == [("G0", 4, "collect")]
    assert codes(g.rules, g.street) == ["G3", "B3", "Y2"]
    assert kinds(g).count("Refreshed") == 2 and g.bottom == []


def test_step1_gives_up_when_no_refresh_is_allowed_and_moves_on():
    # Second pass: one refresh only, and the card goes under the stack. After it no 0 shows and
    # step 1 has no fallback, so step 2 takes the leftmost 1.
    g = position(["R2", "G3"], passno=2)
    g.begin_turn()
    assert codes(g.rules, g.bottom) == ["R2"] and g.discard == [] and g.pending == 2
    feed(g, ["B1", "Y1"])
    assert taken(g) == [("B1", 2, "collect")]
    assert NoRefresh(1, "once") in g.events


def test_step1_skipped_once_the_robot_has_its_zeros():
    g = position(["B0", "G2", "Y1", "R1"], ZEROS_DONE)
    assert run(g) == [("Y1", 3, "collect")]
    assert Enough(1, 0, 7, 7) in g.events


def test_step2_fallback_prefers_a_red_zero():
    # Rank 1 still wanted but none shows; a 0 on the Street forbids refreshing.
    g = position(["B0", "G2", "R0", "Y0"], ZEROS_DONE)
    assert run(g) == [("R0", 3, "family_zero")]
    assert NoRefresh(2, "zero") in g.events


def test_step2_fallback_else_the_leftmost_zero():
    g = position(["G2", "Y0", "B0"], ZEROS_DONE)
    assert run(g) == [("Y0", 2, "zero")]


def test_step2_refresh_loop_then_take_the_new_one():
    g = position(["G2", "R3"], ZEROS_DONE)
    g.begin_turn()
    feed(g, ["B2", "Y3"])          # for G2: still no 1 and no 0: refresh R3
    feed(g, ["G3", "B4", "R1"])
    assert taken(g) == [("R1", 5, "collect")]
    assert codes(g.rules, g.discard) == ["G2", "R3"]


def test_step2_with_no_one_and_no_zero_moves_to_step3():
    # Second pass, refresh already used by an earlier step of this turn: nothing to take in step 2.
    g = position(["G3", "B2", "R2"], ZEROS_DONE, passno=2)
    g.refreshed_pass2 = True
    g.events.clear()
    g.rstep = 1
    g._robot_run()
    assert taken(g) == [("B2", 2, "collect")]
    assert NextStep(2, 1) in g.events


def test_step3_takes_the_leftmost_two():
    g = position(["B0", "G1", "Y2", "R2"], ONES_DONE)
    assert run(g) == [("Y2", 3, "collect")]


def test_step3_fallback_best_vp_of_rank_0_or_1_leftmost_on_ties():
    # G1 and R0 are both worth 1 VP; G1 is further left. Y3 and B4 are not lower ranks.
    g = position(["B0", "G1", "R0", "Y3", "B4"], ONES_DONE)
    assert run(g) == [("G1", 2, "best_lower")]


def test_step3_fallback_red_one_is_worth_more():
    g = position(["B1", "Y0", "R1"], ONES_DONE)
    assert run(g) == [("R1", 3, "best_lower")]


def test_step4_takes_the_leftmost_three_then_falls_back_to_ranks_0_to_2():
    g = position(["B4", "G3", "R3"], TWOS_DONE)
    assert run(g) == [("G3", 2, "collect")]
    g = position(["G0", "B2", "R1", "Y2", "R4"], TWOS_DONE)
    assert run(g) == [("B2", 2, "best_lower")]


def test_step5_refreshes_once_when_the_stack_holds_a_better_card():
    # Best on the Street: Y4 (10). R4 (15) is still in the stack, no 0 shows: refresh once.
    g = position(["B2", "Y4", "G1"], ALL_DONE)
    g.begin_turn()
    assert BetterInStack(5, 15, 10) in g.events and g.pending == 2
    feed(g, ["R2", "B3"])
    assert taken(g) == [("Y4", 1, "best")]


def test_step5_takes_the_best_at_once_when_nothing_better_is_left():
    g = position(["B2", "Y4", "G4"], ALL_DONE + ["R4"])
    assert run(g) == [("Y4", 2, "best")]
    assert NoneBetter(5, 10) in g.events and "Refreshed" not in kinds(g)


def test_step5_no_refresh_when_a_zero_shows():
    g = position(["B0", "G2", "Y3"], ALL_DONE)
    assert run(g) == [("Y3", 3, "best")]
    assert NoRefresh(5, "zero") in g.events


def test_step5_discards_the_leftmost_even_if_it_is_the_best_and_refreshes_only_once():
    g = position(["Y4", "B1"], ALL_DONE)
    g.begin_turn()
    assert codes(g.rules, g.discard) == ["Y4"] and g.pending == 4
    feed(g, ["G1", "B2", "Y2", "B3"])  # still nothing better than the R4 left, but only once
    assert taken(g) == [("B3", 5, "best")]


def test_step5_looks_at_a_card_put_under_the_stack_in_the_second_pass():
    # The only card better than the Street's best is the R4 under the stack: it still counts.
    g = position(["G2", "B3"], ALL_DONE, passno=2, bottom=["R4"], stack=["Y1"])
    g.refreshed_pass2 = False
    g.begin_turn()
    assert BetterInStack(5, 15, 6) in g.events
    assert codes(g.rules, g.bottom) == ["R4", "G2"]
    feed(g, ["Y1", "R4"])  # the hidden card first, then the known ones in order
    assert taken(g) == [("R4", 3, "best")]
    assert codes(g.rules, g.bottom) == ["G2"] and not g.ending


def test_second_pass_bottom_card_must_come_back_in_order():
    g = position(["R2", "G3"], ZEROS_DONE, passno=2, stack=["B1"])
    g.begin_turn()  # step 2: no 1 shows, refresh R2 under the stack, draw 2
    assert codes(g.rules, g.bottom) == ["R2"]
    with pytest.raises(RuleError) as e:
        g.draw(g.rules.index["B2"])     # a card that is not in the stack at all
    assert "can be in the stack" in e.value.key and e.value.fields["card"] == "B2"
    feed(g, ["B1"])
    with pytest.raises(RuleError) as e:
        g.draw(g.rules.index["Y2"])
    assert "put under it" in e.value.key and e.value.fields["expected"] == "R2"
    feed(g, ["R2"])
    assert taken(g) == [("B1", 2, "collect")]


def test_first_pass_draw_longer_than_the_stack_reshuffles_mid_draw():
    g = position(["R3"], stack=["B1"], discard=["Y2", "G2"])
    g.begin_turn()  # step 1: no 0, refresh R3 (to the discard pile): draw 3, only 1 left
    assert g.draw_count() == 3
    feed(g, ["B1"])
    assert g.passno == 2 and Reshuffled(3) in g.events and g.discard == []
    feed(g, ["R3", "Y2"])
    # Street B1 Y2? no: B1 R3 Y2, no 0. The pass-1 refresh does not use up the second pass's one:
    # refresh B1 under the stack, draw 1 (the G2 still hidden).
    assert codes(g.rules, g.bottom) == ["B1"]
    feed(g, ["G2"])
    # Still no 0 and the second-pass refresh is used: step 1 has no fallback; step 2 has no 1
    # and no 0; step 3 takes the leftmost 2.
    assert taken(g) == [("Y2", 2, "collect")]


@pytest.mark.parametrize("robot_first, over_after", [(False, True), (True, False)])
def test_stack_running_out_in_the_second_pass_ends_the_game_after_the_round(robot_first, over_after):
    g = position(["R2", "G3"], ZEROS_DONE, passno=2, stack=["B2"],
                 first=ROBOT if robot_first else PLAYER)
    g.begin_turn()
    feed(g, ["B2", "R2"])
    # Step 2: no 1 and no 0, refresh R2 under the stack and draw both cards left: the stack is out.
    assert g.ending and taken(g) == [("B2", 2, "collect")]
    assert g.over is over_after
    if not over_after:  # the human still has their turn, without a stack to refresh from
        assert g.turn == PLAYER and g.refresh_block() == "empty"
        g.player_end()
        assert g.over


@pytest.mark.parametrize("level", [1, 2, 3, 4])
@pytest.mark.parametrize("rank", [0, 1, 2, 3])
@pytest.mark.parametrize("short", [True, False])
def test_level_thresholds(level, rank, short):
    targets = DATA.level(level).targets
    robot = []
    for lower in range(rank):
        robot += of_rank(lower, targets[lower] - (4 if lower == 0 else 0))
    have = targets[rank] - (1 if short else 0)
    robot += of_rank(rank, have - (4 if rank == 0 else 0), families="BYG" if rank < 3 else "RBYG")
    street = ["R4", "G3", "R2", "Y1", "R0"]
    took = run(position(street, robot, level=level))
    # Below the target the step takes its rank; at the target the next step acts instead.
    expected = street[-1 - rank] if short else (street[-2 - rank] if rank < 3 else "R4")
    assert took == [(expected, street.index(expected) + 1, "collect" if short or rank < 3 else "best")]
