"""Bad input at the Famiglia table: a clear message, a re-prompt, the state and the file unchanged."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from companion.famiglia.match import Match
from companion.famiglia.repl import FamigliaTable
from companion.table import InputError
from famiglia_helpers import journal, last_status, play, position, rules, scripted_game

STREET = "R2 B1 G3 Y2 R1 G1"


@pytest.mark.parametrize("lines, message", [
    ([STREET, "jump 3"], "unknown command 'jump 3'"),
    (["R2 B1 G3 Y2 R1 X1"], "'X1' is not a card code"),
    (["R2 B1 G3 Y2 R1 R5"], "'R5' is not a card code"),
    ([STREET, "take Q7"], "'Q7' is not a card code"),
    ([STREET, "take 7"], "there is no position 7: the Street has 6 card(s)"),
    ([STREET, "take 0"], "there is no position 0"),
    ([STREET, "take"], "say which Street card: take N (position 1–6)"),
    ([STREET, "take B3"], "B3 is not on the Street"),
    (["R2 B1 G3 Y2 R1 B1 G2"], "6 card(s) were to be drawn, you typed 7"),
    ([STREET, "refresh 1", "B3 Y3 R3"], "2 card(s) were to be drawn, you typed 3"),
    (["R4 B1 G3 Y2 R1 R4"], "no R4 can be in the stack: all 1 are accounted for (Street 1)"),
    (["R0 R0 R0 R0 B1 G3"], "no R0 can be in the stack: all 5 are accounted for (robot 1, you 1, Street 3)"),
    ([STREET, "refresh 1", "end"], "first type the 2 drawn card(s)"),
    (["R0 B1 G3 Y2 R1 G1", "refresh 2"], "no refresh while a 0 is on the Street"),
])
def test_bad_input_is_refused_and_changes_nothing(tmp_path, lines, message):
    path = tmp_path / "g.json"
    good = lines[:-1]
    out = play(path, good + ["status --json", lines[-1], "status --json"]).output
    assert f"! {message}" in out
    before, after = [json.loads(s) for s in out.splitlines() if s.startswith("{")][-2:]
    assert before == after
    assert [line for e in journal(path) for line in e] == [x for x in good if x != "status --json"]


def test_ambiguous_code_asks_for_the_position(tmp_path):
    out = play(tmp_path / "g.json", ["G1 B1 G3 Y2 R1 G1", "take G1"]).output
    assert "! G1 is on the Street more than once (positions 1, 6): say which position" in out


def test_codes_are_case_insensitive(tmp_path):
    out = play(tmp_path / "g.json", ["r2 b1 g3 y2 r1 g1", "take r1", "status --json"]).output
    assert last_status(out)["player"][-1] == "R1"


def test_second_refresh_in_the_second_pass_is_refused():
    table = FamigliaTable(rules(), "player")
    g = position(["R2", "G3"], passno=2, turn="player")
    g.begin_turn()
    table.match = Match(g)
    out = table.handle("refresh 1")
    assert any("UNDER the stack" in line for line in out)
    table.handle("B2 Y3")
    with pytest.raises(InputError, match="second pass: only one refresh a turn"):
        table.handle("refresh 1")


def test_a_wrong_card_for_the_known_bottom_is_refused():
    table = FamigliaTable(rules(), "player")
    g = position(["R2", "G3"], passno=2, stack=["B1"], turn="player")
    g.begin_turn()
    table.match = Match(g)
    lines = table.handle("refresh 1")
    assert any("you put under the stack, in this order: R2" in line for line in lines)
    with pytest.raises(InputError, match="the next card is the one put under it: R2"):
        table.handle("B1 Y2")
    table.handle("B1 R2")


def test_corrupt_and_foreign_game_files_are_refused(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("{broken")
    result = play(path, [], resume=True)
    assert result.exit_code == 2 and "not a readable game file" in result.output
    assert path.read_text() == "{broken"
    result = play(path, [])
    assert result.exit_code == 2 and "not a readable game file" in result.output and "--new" in result.output
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "tabletop-kit game", "version": 1, "game": "terror24",
                                 "options": {}, "seed": 1, "entries": []}))
    result = play(other, [], resume=True)
    assert result.exit_code == 2 and "holds a 'terror24' game" in result.output


def test_saved_line_that_no_longer_applies_is_reported(tmp_path):
    path = tmp_path / "g.json"
    play(path, [STREET])
    raw = json.loads(path.read_text())
    raw["entries"].append(["take 9"])
    path.write_text(json.dumps(raw))
    result = play(path, [], resume=True)
    assert result.exit_code == 2 and "saved line 2 ('take 9') no longer applies" in result.output


def test_bad_options_exit_2(tmp_path):
    assert play(tmp_path / "a.json", [], "--level", "7").exit_code == 2
    bad = tmp_path / "cards"
    bad.mkdir()
    (bad / "famiglia.toml").write_text('game = "famiglia"\nstreet_size = "six"\n')
    result = play(tmp_path / "b.json", [], "--cards", str(bad))
    assert result.exit_code == 2 and "famiglia.toml" in result.output and "Traceback" not in result.output
    path = tmp_path / "c.json"
    play(path, [STREET], "--level", "2")
    result = play(path, [], "--level", "4", resume=True)
    assert result.exit_code == 2 and "started with level 2" in result.output
    result = play(path, [], "--level", "7")  # a bad level is named before the file already there
    assert result.exit_code == 2 and "--level: no level 7" in result.output
    raw = json.loads(path.read_text())
    raw["options"]["level"] = 9  # e.g. saved with other --cards data
    path.write_text(json.dumps(raw))
    result = play(path, [], resume=True)
    assert result.exit_code == 2 and "the saved game's level: no level 9 (levels: 1, 2, 3, 4)" in result.output


def _companion():
    return [sys.executable, "-c", "from companion.cli import main; main()"]


def test_killed_mid_game_resumes_with_every_accepted_line(tmp_path):
    lines, _ = scripted_game(seed=3)
    path = tmp_path / "g.json"
    cmd = _companion() + ["famiglia", "play", "--game", str(path), "--lang", "en"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            text=True)
    sent = lines[:15]
    for line in sent:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # wait until all 15 lines are saved, then kill hard
        try:
            if sum(len(e) for e in json.loads(path.read_text())["entries"]) == len(sent):
                break
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert [line for e in journal(path) for line in e] == sent
    resumed = subprocess.run(cmd + ["--resume"], input="status --json\n" + "\n".join(lines[15:20]) + "\n",
                             capture_output=True, text=True, timeout=60)
    assert resumed.returncode == 0 and "Traceback" not in resumed.stderr
    fresh = play(tmp_path / "fresh.json", sent + ["status --json"]).output
    first_status = json.loads(next(s for s in resumed.stdout.splitlines() if s.startswith("{")))
    assert first_status == last_status(fresh)
    assert [line for e in journal(path) for line in e] == lines[:20]


def test_full_width_input_from_a_japanese_ime_is_read_as_ascii(tmp_path):
    # Full-width letters, digits and ideographic spaces, as a Japanese IME types them.
    path = tmp_path / "g.json"
    out = play(path, ["Ｒ２　ｂ１　G3　Y2 R1 G1", "ｔａｋｅ　５", "status --json"], lang="ja").output
    status = last_status(out)
    assert status["player"][-1] == "R1"
    # the robot then finds no 0 and refreshes the leftmost card, R2
    assert status["street"] == ["B1", "G3", "Y2", "G1"] and status["discard"] == ["R2"]
    assert "!" not in out


def test_japanese_table_talks_japanese_around_a_refusal(tmp_path):
    out = play(tmp_path / "g.json", [STREET, "take 9", "undo", "undo"], lang="ja").output
    assert "! 9番目はありません。ストリートは6枚です" in out and "（コマンドは help で表示）" in out
    assert "取り消し：R2 B1 G3 Y2 R1 G1" in out and "取り消すものがありません" in out
    assert "type 'help'" not in out and "undone" not in out


def test_the_cards_owed_may_come_one_line_at_a_time(tmp_path):
    """A draw is a chance action of one card or more: typing the six cards of the Street in two lines
    lays the same Street, and the prompt counts down; undo takes the whole setup back together."""
    path = tmp_path / "g.json"
    out = play(path, ["R2 B1", "G3 Y2 R1 B1", "status --json"]).output
    assert "cards drawn (4)>" in out
    status = [json.loads(s) for s in out.splitlines() if s.startswith("{")][-1]
    assert status["street"] == ["R2", "B1", "G3", "Y2", "R1", "B1"] and status["awaiting_cards"] == 0
    assert json.loads(path.read_text())["entries"] == [["R2 B1", "G3 Y2 R1 B1"]]
