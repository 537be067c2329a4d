"""`companion showdown penalty --json`: every row of every table, and every faction twist."""
import json

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.session import Session
from companion.showdown.repl import ShowdownTable
from hitmans_broken import write_edited_copy


def penalty(*args):
    result = CliRunner().invoke(main, ["showdown", "penalty", *map(str, args), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def ids(out):
    return [e["id"] for e in out["effects"]]


@pytest.mark.parametrize("face, effect", [(1, "total_minus_3"), (2, "total_minus_3"),
                                          (5, "skip_next_turn"), (6, "skip_next_turn")])
def test_mafia_loss_rows(face, effect):
    out = penalty("mafia", "--roll", face)
    assert out["rolls"] == [face] and ids(out) == [effect] and out["table"] == "mafia_loss"


@pytest.mark.parametrize("face, money_roll, amount", [(3, 1, 1000), (4, 6, 6000), (3, 4, 4000)])
def test_mafia_loss_money_shows_its_own_roll(face, money_roll, amount):
    out = penalty("mafia", "--roll", face, "--roll", money_roll)
    assert out["rolls"] == [face]
    assert out["effects"] == [{"id": "lose_money", "roll": face, "amount": amount, "money_roll": [money_roll],
                               "text": "Lose 1d6×1,000 gold."}]


@pytest.mark.parametrize("face, effect, amount", [(1, "total_minus_3", None), (2, "total_minus_3", None),
                                                  (3, "lose_money", 3000), (4, "lose_money", 3000),
                                                  (5, "lose_money", 3000), (6, "no_attack_same_target", None)])
def test_hitman_loss_rows(face, effect, amount):
    out = penalty("hitman", "--roll", face)
    assert ids(out) == [effect] and out["effects"][0].get("amount") == amount


@pytest.mark.parametrize("face, effect, amount", [(1, "nothing", None), (2, "nothing", None), (3, "nothing", None),
                                                  (4, "lose_money", 1000), (5, "lose_money", 1000),
                                                  (6, "plus_one_die", None)])
def test_darkness_speed_has_its_own_mafia_table(face, effect, amount):
    out = penalty("mafia", "--faction", "Darkness Speed", "--roll", face)
    assert out["table"] == "darkness_speed_mafia_loss"
    assert ids(out) == [effect] and out["effects"][0].get("amount") == amount


def test_darkness_speed_uses_the_common_table_for_a_lost_hitman_attack():
    out = penalty("hitman", "--faction", "darkness_speed", "--roll", 6)
    assert out["table"] == "hitman_loss" and ids(out) == ["no_attack_same_target"]


def test_void_clover_rolls_twice_and_suffers_both():
    out = penalty("mafia", "--faction", "ヴォイドクローバー", "--roll", 3, "--roll", 2, "--roll", 5)
    assert out["rolls"] == [3, 5] and ids(out) == ["lose_money", "skip_next_turn"]
    assert out["effects"][0]["amount"] == 2000 and out["effects"][0]["money_roll"] == [2]
    out = penalty("hitman", "--faction", "void_clover", "--roll", 1, "--roll", 4)
    assert ids(out) == ["total_minus_3", "lose_money"] and out["effects"][1]["amount"] == 3000


@pytest.mark.parametrize("faction", ["red_heart", "blood_diamond"])
def test_other_factions_use_the_common_tables_once(faction):
    assert ids(penalty("mafia", "--faction", faction, "--roll", 5)) == ["skip_next_turn"]
    assert ids(penalty("hitman", "--faction", faction, "--roll", 3)) == ["lose_money"]


@pytest.mark.parametrize("faction", ["void_clover", "darkness_speed", "red_heart"])
def test_escape_route_cancels_without_a_roll(faction):
    out = penalty("mafia", "--faction", faction, "--escape")
    assert out["cancelled"] is True and out["rolls"] == [] and out["effects"] == []


def test_virtual_rolls_are_seeded():
    a = penalty("mafia", "--faction", "void_clover", "--seed", 11)
    assert a == penalty("mafia", "--faction", "void_clover", "--seed", 11) and len(a["rolls"]) == 2


@pytest.mark.parametrize("args, message", [
    (["mafia", "--roll", "3"], "one more needed for the money lost"),
    (["mafia", "--roll", "1", "--roll", "2"], "too many faces"),
    (["mafia", "--roll", "9"], "not a die face"),
    (["mafia", "--faction", "nobody"], "no faction 'nobody'"),
])
def test_bad_rolls_are_clear_errors(args, message):
    result = CliRunner().invoke(main, ["showdown", "penalty", *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_text_output_names_the_table_and_the_money_roll():
    result = CliRunner().invoke(main, ["showdown", "penalty", "mafia", "--roll", "4", "--roll", "3"])
    assert result.output.strip() == "Losing to the mafia: rolled 4 → Lose 1d6×1,000 gold. (rolled 3: 3,000 gold)"


def test_penalty_values_and_the_default_table_come_from_the_data(tmp_path):
    folder = write_edited_copy(tmp_path, ("value = -3", "value = -4"), ("value = 1\n", "value = 2\n"),
                        ('mafia_loss_table = "mafia_loss"  #', 'mafia_loss_table = "hitman_loss"  #'))
    out = penalty("mafia", "--roll", 1, "--cards", folder)
    assert out["table"] == "hitman_loss" and out["effects"][0]["value"] == -4
    out = penalty("mafia", "--faction", "darkness_speed", "--roll", 6, "--cards", folder)
    assert out["effects"][0] == {"id": "plus_one_die", "roll": 6, "value": 2, "text": "Your next action: +1 die."}
    t = ShowdownTable(Session.create("hitmans-showdown", {
        "teams": [{"name": "Ann", "faction": "darkness_speed"}, {"name": "Bob", "faction": "red_heart"}],
        "lang": "en", "cards": str(folder)}, None, 1))
    for line in ("attack HJ", "roll 2 2", "done", "6", "pass", "attack HJ"):
        t.handle(line)
    assert t.status()["action"]["sides"][0]["dice"] == 4  # 2 + the penalty's 2


def test_a_next_action_row_without_its_value_is_a_data_error(tmp_path):
    folder = write_edited_copy(tmp_path, ("value = 1\n", ""))
    result = CliRunner().invoke(main, ["showdown", "penalty", "mafia", "--cards", str(folder)])
    assert result.exit_code == 2 and "needs 'value'" in result.output and "rows[2]" in result.output


def test_an_empty_faction_is_refused_not_read_as_no_faction():
    result = CliRunner().invoke(main, ["showdown", "penalty", "hitman", "--faction", "", "--roll", "5"])
    assert result.exit_code == 2 and "no faction ''" in result.output
