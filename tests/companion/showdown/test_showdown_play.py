"""`companion showdown play` through a real pipe: a scripted two-team game to the showdown, with the
money and bonuses worked out by hand; refusals, undo, resume and the saved file."""
import json

import pytest

from companion.session import Session
from companion.showdown.repl import ShowdownTable
from companion.table import replay
from showdown_script import GAME, TEAMS, run

# Ann (Blood Diamond): 1000 +1000 H3 = 2000; weapon -500, H8 3500 doubled +7000 = 8500;
#   week 2: HK advance -2000, weapons -500 -1000, escape -3500 = 1500 (lost HK, escape: no penalty);
#   week 3: closing -1000, wins against Bob (11 vs 9), takes C3 and 4x500 = +2000 -> 2500;
#   week 4: CK advance -2000 = 500 (loses, penalty row 2: next total -3), H6 Mob (3+3+1-3 = 4 >= 3)
#   1000 doubled +2000 -> 2500.
# Bob (Void Clover): 1000 +1000 C3 = 2000; loses SJ: two penalty rolls (1: next total -3, 5: skip);
#   week 2: D3 fails (1+2-3 = 0); D4 +1000 = 3000; week 3: defends with a weapon -500 = 2500, robbed
#   -2000 = 500; attacks Ann 1+1+1+2 = 5 vs 6, penalty twice (1: next total -3; 6: may not attack Ann);
#   H4 fails (2+2-3); week 4: S3 +1000 = 1500.
# Showdown: Ann holds H3 H8 H6 (A familiA 3) and C3 (The Slum 1); Bob holds D4 (1) and S3 (1).
#   Most A familiA: Ann +20000. Most The Slum: tie 1-1, both +20000. Nobody holds a joker.
#   Ann 2500 + 40000 = 42500; Bob 1500 + 20000 = 21500. Winner: Ann.


def status(path, tmp_path):
    out = run(["--game", str(path), "--resume"], "status --json\n", tmp_path)
    line = next(line for line in out.stdout.splitlines() if line.startswith("{"))
    return json.loads(line)


def final_state(path):
    """A finished game ends the loop, so read it by replaying the saved journal."""
    table = replay(Session.open(path, "hitmans-showdown"), ShowdownTable)
    return json.loads(json.dumps(table.status()))


def test_scripted_game_reaches_the_showdown(tmp_path):
    path = tmp_path / "g.json"
    result = run([*TEAMS, "--game", str(path)], GAME, tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "— week 6" in out and "winner: Ann" in out
    assert "final money: Ann 42,500 gold, Bob 21,500 gold" in out
    # refused lines are answered and re-prompted, and never saved
    assert "! Bob may not attack Ann again until the week changes" in out
    assert "! Ann cannot pay 5,000 gold for the advance on JOKER-BLACK" in out
    entries = json.loads(path.read_text())["entries"]
    assert ["attack JOKER-BLACK"] not in entries
    assert entries.count(["attack Ann"]) == 1
    assert ["done", "1", "5"] in entries and ["done", "C3", "4"] in entries


def test_showdown_state_and_ledger(tmp_path):
    path = tmp_path / "g.json"
    run([*TEAMS, "--game", str(path)], GAME, tmp_path)
    st = status(path, tmp_path)
    assert st.pop("outcome")["ranking"] == [{"who": "Ann", "place": 1, "score": 42500},
                                           {"who": "Bob", "place": 2, "score": 21500}]
    assert st == final_state(path)  # status --json: the game's status with its outcome
    assert st["over"] and st["week"] == 6
    assert st["showdown"]["winners"] == ["Ann"]
    assert st["showdown"]["money"] == {"Ann": 42500, "Bob": 21500}
    assert sorted((b["bonus"], b["team"], b["amount"]) for b in st["showdown"]["bonuses"]) == [
        ("breeder", "Ann", 20000), ("breeder", "Bob", 20000), ("new_wind", "Ann", 20000)]
    ann, bob = st["teams"]
    assert sorted(ann["cards"]) == ["C3", "D2", "H3", "H6", "H8"] and ann["doublings_used"] == 2
    assert sorted(bob["cards"]) == ["C2", "D4", "S3"]
    # every change of money is booked with a reason, and the bookings add up
    for team in st["teams"]:
        rows = [b for b in st["ledger"] if b["team"] == team["name"]]
        assert sum(b["amount"] for b in rows) == team["money"] == rows[-1]["balance"]
    bob_reasons = [b["reason"] for b in st["ledger"] if b["team"] == "Bob"]
    assert "robbed by Ann (rolled 4)" in bob_reasons and "Extra weapon" in bob_reasons


def test_bad_input_reprompts_and_is_not_saved(tmp_path):
    path = tmp_path / "g.json"
    script = ("attack ZZ\nbuy weapon\nattak H3\nattack H3\nbuy laser\nroll 7\nroll 1 2 3\nroll 1 2\n"
              "use H4\ndone\n")
    result = run([*TEAMS, "--game", str(path)], script, tmp_path)
    out = result.stdout
    for message in ["! no card called 'ZZ'", "! no action under way", "! not understood: 'attak H3'",
                    "! no preparation item 'laser'", "! '7' is not a die face",
                    "! Ann: this roll is 2 dice, got 3 faces", "! H4 Mob is not held by any team"]:
        assert message in out, message
    assert out.count("(type 'help' for the commands)") == 7
    assert "Traceback" not in out + result.stderr and result.returncode == 0
    assert json.loads(path.read_text())["entries"] == [["attack H3"], ["roll 1 2"], ["done"]]


def test_penalty_questions_join_the_command_and_undo_takes_them_back(tmp_path):
    path = tmp_path / "g.json"
    out = run([*TEAMS, "--game", str(path)], "attack SJ\nroll 1 2\ndone\nx\n5\n", tmp_path).stdout
    assert "! 'x' is not a die face" in out
    assert json.loads(path.read_text())["entries"] == [["attack SJ"], ["roll 1 2"], ["done", "5"]]
    st = status(path, tmp_path)
    assert st["teams"][0]["pending"]["skip_next_turn"] is True and st["turn"] == "Bob"
    run(["--game", str(path), "--resume"], "undo\n", tmp_path)
    assert json.loads(path.read_text())["entries"] == [["attack SJ"], ["roll 1 2"]]
    st = status(path, tmp_path)
    assert st["action"]["stage"] == "after" and st["teams"][0]["pending"]["skip_next_turn"] is False


def test_a_loss_can_knock_a_team_out_and_end_the_game(tmp_path):
    path = tmp_path / "g.json"
    out = run([*TEAMS, "--game", str(path)], "attack SJ\nroll 1 2\ndone\n3\n2\n", tmp_path).stdout
    assert "Ann: −1,000 gold (penalty (Losing to the mafia)) → 0 gold" in out
    assert "Ann has no money left and is out of the game" in out and "winner: Bob" in out


def test_companion_rolls_are_the_same_after_undo(tmp_path):
    path = tmp_path / "g.json"
    first = run([*TEAMS, "--game", str(path), "--seed", "9"], "attack H9\nroll\nundo\nroll\n", tmp_path).stdout
    rolls = [line for line in first.splitlines() if line.startswith("Ann rolled")]
    assert len(rolls) == 2 and rolls[0] == rolls[1]


def test_resume_refuses_new_teams_and_start_refuses_to_overwrite(tmp_path):
    path = tmp_path / "g.json"
    run([*TEAMS, "--game", str(path)], "pass\n", tmp_path)
    again = run([*TEAMS, "--game", str(path)], "", tmp_path)
    assert again.returncode == 2 and "a game is saved there" in again.stderr and "--new" in again.stderr
    assert status(path, tmp_path)["turn"] == "Bob"


@pytest.mark.parametrize("args, message", [
    (["--team", "Ann=red_heart"], "name 2-4 teams"),
    (["--team", "Ann=red_heart", "--team", "Bob=red_heart"], "its own faction"),
    (["--team", "Ann", "--team", "Bob=red_heart"], "NAME=FACTION"),
    (["--team", "Ann=pink", "--team", "Bob=red_heart"], "no faction 'pink'"),
])
def test_bad_team_options(tmp_path, args, message):
    result = run([*args, "--game", str(tmp_path / "g.json")], "", tmp_path)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_a_finished_game_resumed_shows_the_result_and_can_be_undone(tmp_path):
    path = tmp_path / "g.json"
    run([*TEAMS, "--game", str(path)], GAME, tmp_path)
    out = run(["--game", str(path), "--resume"], "pass\nundo\nstatus --json\n", tmp_path).stdout
    assert "A New Wind: Ann +20,000 gold" in out and "winner: Ann" in out
    assert "! the game is over" in out and "undone: pass" in out
    line = next(line for line in out.splitlines() if line.startswith("{"))
    st = json.loads(line)
    assert st["over"] is False and st["week"] == 5 and st["turn"] == "Bob"
    assert st["teams"][0]["money"] == 2500  # the bonuses are taken back with the showdown
