"""Table rules line by line: hitman attacks, thefts, faction twists, limits on items and card uses,
pending effects and the week changes."""
import re

import msgspec
import pytest

from companion.session import Session
from companion.showdown.engine import MAX_MONEY
from companion.showdown.events import GameEnded
from companion.showdown.repl import ShowdownTable
from companion.showdown.state import Finish
from companion.table import InputError
from hitmans_broken import write_edited_copy


def table(*teams, seed=1):
    teams = teams or ("Ann=red_heart", "Bob=void_clover")
    options = {"teams": [{"name": t.split("=")[0], "faction": t.split("=")[1]} for t in teams], "lang": "en"}
    return ShowdownTable(Session.create("hitmans-showdown", options, None, seed))


def feed(t, script):
    out = []
    for line in script.strip().splitlines():
        out += t.handle(line.strip())
    return out


def team(t, name):
    return next(x for x in t.status()["teams"] if x["name"] == name)


def refused(t, line, message):
    with pytest.raises(InputError, match=message):
        t.handle(line)


def to_week(t, week):
    while t.engine.week < week:
        t.handle("pass")


def test_hitman_attacks_open_in_week_three():
    t = table()
    refused(t, "attack Bob", "from week 3")
    to_week(t, 3)
    assert t.handle("attack Bob")[0].startswith("Ann attacks Bob")


def test_tie_goes_to_the_defender_and_void_clover_attacks_with_plus_one_die_plus_two():
    t = table("Ann=void_clover", "Bob=blood_diamond")
    to_week(t, 3)
    feed(t, "attack Bob\nready\nready")
    assert t.status()["action"]["sides"][0]["dice"] == 3
    refused(t, "roll 1 1", "3 dice")
    out = feed(t, "roll 1 1 1\nroll 2 3\ndone")  # 3 + 2 = 5 vs 5
    assert "Bob holds" in " ".join(out)
    assert t.awaiting_answer()


def test_red_heart_defender_loses_two_cards_and_godfather_costs_its_holder():
    t = table("Ann=darkness_speed", "Bob=red_heart")
    t.engine.give("JOKER-COLOR", "Bob")
    t.engine.give("H3", "Bob")
    t.engine.give("C5", "Bob")
    t.engine.adjust("Bob", 20000, "test money")  # 21,000
    to_week(t, 3)
    feed(t, "attack Bob\nready\nready\nroll 6 6\nroll 1 1 1\ndone")
    assert "takes a card from Bob" in t.prompt()
    refused(t, "D2", "not a card Bob can lose")  # scouts cannot be taken
    out = feed(t, "JOKER-COLOR\nH3\n6")
    assert "Ann takes JOKER-COLOR Godfather from Bob" in out
    bob, ann = team(t, "Bob"), team(t, "Ann")
    assert sorted(bob["cards"]) == ["C5", "H2"] and sorted(ann["cards"]) == ["H3", "JOKER-COLOR", "S2"]
    assert bob["money"] == 21000 - 10000 - 3000 and ann["money"] == 1000 + 3000


def test_theft_cannot_take_more_money_than_the_defender_has():
    t = table("Ann=blood_diamond", "Bob=darkness_speed")
    to_week(t, 3)
    t.engine.adjust("Bob", -500, "spent")
    feed(t, "attack Bob\nready\nready\nroll 6 6\nroll 1 1\ndone\n6")  # Bob has no card to lose
    assert team(t, "Bob")["money"] == 0 and team(t, "Bob")["out"] and t.status()["over"]
    assert team(t, "Ann")["money"] == 1500


def test_bird_against_a_rolled_opponent_and_stray_lowering_their_total():
    t = table("Ann=blood_diamond", "Bob=red_heart")
    t.engine.give("SJ", "Ann")
    t.engine.give("C3", "Bob")
    to_week(t, 3)
    feed(t, "attack Bob\nready\nready\nroll 2 2\nroll 6 5 1")
    out = feed(t, "use SJ 2")  # Bob gives up his lowest die, his highest drops by 3; Ann copies a 2 twice
    sides = t.status()["action"]["sides"]
    assert sorted(sides[0]["faces"]) == [2, 2, 2, 2] and sorted(sides[1]["faces"]) == [3, 5]
    assert "Bob: Bird, the Messenger SJ (against): highest die 6 -> 3" in out
    assert out[-1] == "  Ann 2 2 2 2 = 8 vs Bob 3 5 = 8"
    assert feed(t, "use C3") == ["Ann: Stray C3 (against): total -2",  # Bob's Stray: Ann's total −2
                                 "  Ann 2 2 2 2 (total -2) = 6 vs Bob 3 5 = 8"]
    assert t.status()["action"]["sides"][0]["total"] == 6
    assert "Ann 6 vs Bob 8: Bob holds" in t.handle("done")[0]


def test_mob_only_when_attacking_and_weekly_limits():
    t = table("Ann=blood_diamond", "Bob=darkness_speed")
    t.engine.give("H3", "Bob")
    t.engine.give("HK", "Ann")
    to_week(t, 3)
    feed(t, "attack Bob\nready\nready\nroll 1 1\nroll 1 1")
    refused(t, "use H3", "only when attacking")
    feed(t, "use HK 1 6 6")
    feed(t, "use HK 1 6 6")  # the Underboss works twice a week
    refused(t, "use HK 1 6 6", "limit 2")


def test_weapon_prices_rise_within_a_turn_and_reset_next_turn_closing_capped():
    t = table("Ann=blood_diamond", "Bob=darkness_speed")
    t.engine.adjust("Ann", 10000, "test money")
    out = feed(t, "attack H3\nbuy weapon 3")
    paid = [line.split(" (")[0] for line in out if "Extra weapon" in line]
    assert paid == ["Ann: −500 gold", "Ann: −1,000 gold", "Ann: −1,000 gold"]
    refused(t, "buy closing", "hitman attacks only")
    feed(t, "roll 1 1 1 1 1\ndone\npass")
    out = feed(t, "attack H4\nbuy weapon")
    assert out[-2].startswith("Ann: −500 gold")
    feed(t, "roll 1 1 1\ndone")
    to_week(t, 3)
    feed(t, "attack Bob\nbuy closing 3")
    refused(t, "buy closing", "at most 3")
    assert t.status()["action"]["sides"][1]["bonus"] == -9


def test_scout_once_per_turn_and_stronger_from_week_four():
    t = table("Ann=blood_diamond", "Bob=darkness_speed")
    to_week(t, 2)
    feed(t, "attack H3\nuse D2")
    refused(t, "use D2", "already used this turn")
    assert t.status()["action"]["sides"][0]["dice"] == 3
    feed(t, "roll 1 1 1\ndone")
    to_week(t, 4)
    feed(t, "attack H4\nuse D2")
    assert t.status()["action"]["sides"][0]["dice"] == 4


def test_week_change_resets_uses_and_the_barred_target():
    t = table("Ann=void_clover", "Bob=darkness_speed")
    t.engine.give("H9", "Ann")
    to_week(t, 3)
    feed(t, "attack Bob\nready\nready\nroll 1 1 1\nroll 6 6\nuse H9 1 1>6\ndone\n6\n1")
    ann = team(t, "Ann")
    assert ann["pending"]["barred"] == ["Bob"] and ann["pending"]["total"] == -3
    assert t.status()["used_this_week"] == {"H9": 1}
    assert t.engine.current.name == "Bob"
    t.handle("pass")
    refused(t, "attack Bob", "until the week changes")
    to_week(t, 4)
    assert team(t, "Ann")["pending"]["barred"] == [] and t.status()["used_this_week"] == {}


def test_skip_does_not_stack_and_the_skipped_turn_counts():
    t = table("Ann=void_clover", "Bob=darkness_speed")
    out = feed(t, "attack SJ\nroll 1 1\ndone\n5\n6")  # Void Clover: two rolls, both "skip"
    assert sum("Skip your next turn" in line for line in out) == 2
    assert feed(t, "pass") == ["Bob passes", "Ann skips this turn (penalty)"]
    assert t.engine.current.name == "Bob" and team(t, "Ann")["acted"] == 2
    feed(t, "pass")
    assert t.engine.current.name == "Ann" and team(t, "Ann")["pending"]["skip_next_turn"] is False


def test_darkness_speed_gets_a_die_on_its_next_action_after_a_six():
    t = table("Ann=darkness_speed", "Bob=blood_diamond")
    feed(t, "attack SJ\nroll 1 1\ndone\n6\npass")
    assert team(t, "Ann")["pending"]["dice"] == 1
    feed(t, "attack H3")
    assert t.status()["action"]["sides"][0]["dice"] == 3 and team(t, "Ann")["pending"]["dice"] == 0


def test_escape_route_means_no_penalty_question():
    t = table("Ann=blood_diamond", "Bob=darkness_speed")
    t.engine.adjust("Ann", 5000, "test money")
    out = feed(t, "attack SJ\nbuy escape\nroll 1 1\ndone")
    assert "cancels the penalty" in out[-1] and not t.awaiting_answer() and t.engine.current.name == "Bob"


def test_reward_is_paid_only_to_the_first_team_to_take_a_card():
    t = table("Ann=blood_diamond", "Bob=darkness_speed")
    feed(t, "attack H3\nroll 1 2\ndone")
    assert team(t, "Ann")["money"] == 2000
    t.engine.give("H3", "board")
    feed(t, "attack H3\nroll 1 2\ndone")
    assert team(t, "Bob")["money"] == 1000 and "H3" in team(t, "Bob")["cards"]


def test_japanese_names_at_the_table():
    options = {"teams": [{"name": "A", "faction": "red_heart"}, {"name": "B", "faction": "void_clover"}],
               "lang": "ja"}
    t = ShowdownTable(Session.create("hitmans-showdown", options, None, 1))
    assert "バード、伝達者" in t.handle("attack SQ")[0]
    assert "1000金" in "".join(t.describe())


def test_corrections_are_booked_and_can_put_a_team_out():
    t = table("Ann=blood_diamond", "Bob=darkness_speed", "Cy=red_heart")
    out = t.handle("adjust Bob +250 forgot a reward")
    assert out == ["Bob: +250 gold (correction: forgot a reward) → 1,250 gold"]
    t.handle("attack H3")
    refused(t, "adjust Cy -1000 typo", "until the action is settled")
    feed(t, "roll 1 2\ndone")
    out = t.handle("adjust Bob -1250 left the table")
    assert "Bob has no money left and is out of the game" in out and t.engine.current.name == "Cy"
    out = t.handle("adjust Cy -1000 left too")
    assert t.status()["over"] and t.status()["showdown"]["winners"] == ["Ann"]


def test_a_correction_keeps_a_teams_money_within_what_both_implementations_count_exactly():
    t = table()
    t.handle(f"adjust Ann +{MAX_MONEY - 1000} a fortune")
    assert team(t, "Ann")["money"] == MAX_MONEY
    refused(t, "adjust Ann +1 one more", "above 1,000,000,000,000 gold")
    refused(t, "adjust Bob +9007199254740991 the largest number a line holds", "above 1,000,000,000,000 gold")
    assert team(t, "Bob")["money"] == 1000


def test_an_attack_says_what_is_at_stake_and_a_stray_command_says_how_to_go_on():
    t = table()
    t.engine.adjust("Ann", 5000, "test money")
    out = t.handle("attack HK")
    assert out[2] == "  Reward: 12,000 gold · Advance: 2,000 gold · Penalty if you fail"
    refused(t, "pass", r"still preparing: buy, use, then roll\), or undo to take it back")
    feed(t, "roll 1 1 1\ndone")
    refused(t, "pass", r"not a die face.*penalty roll")  # a question takes the next line as its answer
    assert table().handle("attack H9")[1] == "  Reward: 3,500 gold"


def test_a_team_cannot_attack_itself():
    t = table()
    to_week(t, 3)
    refused(t, "attack Ann", "a team cannot attack itself")


def test_the_week_hitman_attacks_open_comes_from_the_data(tmp_path):
    write_edited_copy(tmp_path, ('events = ["deal_scouts"]', 'events = ["deal_scouts", "open_hitman_attacks"]'),
                      ('events = ["open_hitman_attacks"]', "events = []"))
    options = {"teams": [{"name": "Ann", "faction": "red_heart"}, {"name": "Bob", "faction": "void_clover"}],
               "lang": "en", "cards": str(tmp_path)}
    t = ShowdownTable(Session.create("hitmans-showdown", options, None, 1))
    assert "or a team (week 2 on)" in t.help()[0]
    refused(t, "attack Bob", "from week 2")
    to_week(t, 2)
    assert t.handle("attack Bob")[0].startswith("Ann attacks Bob")


def test_blood_diamond_doubles_two_rewards_only_and_a_failed_attack_keeps_its_doubling():
    t = table("Ann=blood_diamond", "Bob=red_heart")
    refused(t, "double", "no action under way")
    feed(t, "attack H3\ndouble\nroll 1 1\ndone")  # fails: the doubling is not spent
    assert team(t, "Ann")["doublings_used"] == 0
    feed(t, "pass\nattack H3\ndouble\nroll 2 2\ndone\npass\nattack H4\ndouble\nroll 2 2\ndone\npass")
    assert team(t, "Ann")["doublings_used"] == 2 and team(t, "Ann")["money"] == 1000 + 2000 + 2000
    feed(t, "attack H5")
    refused(t, "double", "Ann has used all 2 doublings")
    feed(t, "roll 2 2\ndone\nattack H6")
    refused(t, "double", "Blood Diamond's")


def showdown_of(t):
    to_week(t, 6)
    return sorted((b["bonus"], b["team"], b["amount"]) for b in t.status()["showdown"]["bonuses"])


def test_showdown_bonuses_for_the_jokers_and_the_most_cards():
    t = table()
    for card, holder in (("JOKER-COLOR", "Ann"), ("JOKER-BLACK", "Bob"), ("C3", "Bob"), ("S3", "Ann"),
                         ("H3", "Ann"), ("D3", "Ann"), ("H4", "Bob")):
        t.engine.give(card, holder)
    # A familiA: Ann H3 D3 + the Godfather = 3, Bob H4 = 1; The Slum: Ann S3 = 1, Bob C3 + the Rat King = 2
    assert showdown_of(t) == [("breeder", "Bob", 20000), ("new_wind", "Ann", 20000),
                              ("rat_catcher", "Bob", 15000), ("topple_the_top", "Ann", 15000)]
    assert t.status()["showdown"]["money"] == {"Ann": 36000, "Bob": 36000}
    assert t.describe()[-1] == "shared victory: Ann and Bob"


def test_a_most_cards_tie_can_give_the_bonus_to_nobody(tmp_path):
    write_edited_copy(tmp_path, ('organisation = "slum", ties = "all_tied"', 'organisation = "slum", ties = "nobody"'))
    options = {"teams": [{"name": "Ann", "faction": "red_heart"}, {"name": "Bob", "faction": "void_clover"}],
               "lang": "en", "cards": str(tmp_path)}
    t = ShowdownTable(Session.create("hitmans-showdown", options, None, 1))
    t.engine.give("C3", "Ann")
    t.engine.give("C4", "Bob")
    assert showdown_of(t) == []
    assert table().status()["showdown"] is None


@pytest.mark.parametrize("line, usage", [("use", "use CARD [CARD] [CHOICES]"), ("buy", "buy ITEM [N]"),
                                         ("buy weapon x", "buy ITEM [N]"),
                                         ("give H3", "adjust TEAM ±N WHY correct a team's money; give CARD TEAM|board"),
                                         ("pass now", "pass let the turn go")])
def test_a_command_written_wrong_shows_how_to_write_it(line, usage):
    t = table()
    t.handle("attack H9")
    refused(t, line, re.escape(f"write it like this: {usage}"))


def test_a_team_name_with_spaces_can_be_attacked():
    t = table("Ann Lee=red_heart", "Bob=void_clover")
    to_week(t, 3)
    t.handle("pass")
    assert t.handle("attack ann lee")[0].startswith("Bob attacks Ann Lee")


def test_a_card_used_before_the_roll_shows_whose_dice_it_changed():
    t = table("Ann=red_heart", "Bob=void_clover")
    t.engine.give("C3", "Bob")
    to_week(t, 3)
    feed(t, "attack Bob\nready")
    assert feed(t, "use C3") == ["Ann: Stray C3 (against): total -2", "  Ann: 3 dice to roll (total -2)"]


def test_status_lists_the_latest_bookings_one_a_line():
    t = table()
    assert not any("latest money" in line for line in t.describe())  # the starting money is not news
    t.handle("adjust Ann 500 found it")
    t.handle("adjust Bob -200 lost it")
    assert t.describe()[-3:] == ["  latest money:", "    Ann +500 gold correction: found it",
                                 "    Bob −200 gold correction: lost it"]


def test_the_card_under_attack_cannot_be_moved_until_the_attack_is_settled():
    t = table()
    feed(t, "attack C5\nroll 1 5 6")  # Red Heart rolls 3 dice; a 1 takes the Stray
    refused(t, "give C5 Bob", "under attack")
    feed(t, "done")
    assert "C5" in team(t, "Ann")["cards"] and "C5" not in t.status()["board"]
    feed(t, "give C5 Bob")
    assert "C5" in team(t, "Bob")["cards"]


def test_the_game_ends_by_the_showdown_or_with_one_team_left_its_json_the_documented_word():
    def endings(t, line):
        events = []
        while not t.engine.over:
            events += t.match.apply(t.match.parse(line))
        return [e for e in events if isinstance(e, GameEnded)]

    alone = endings(table(), "adjust Bob -1000 gone")
    assert alone == [GameEnded(Finish.ONE_LEFT)] and msgspec.json.encode(alone[0]) == b'{"why":"one_left"}'
    assert endings(table(), "pass") == [GameEnded(Finish("showdown"))]
    assert table().talk.narrate([GameEnded(Finish.ONE_LEFT)]) == ["— one team is left: bonuses"]
