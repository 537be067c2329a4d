"""`companion famiglia play` driven through its real command line, as a pipe would."""
import json
import re
import tomllib

from companion.famiglia.engine import PLAYER, ROBOT, Rules
from companion.famiglia.repl import FamigliaTable
from companion.famiglia.talk import Talk
from companion.session import Session
from companion.table import replay
from famiglia_helpers import journal, last_status, of_rank, play, position, scripted_game
from tabletop.data import CARDS_DIR
from tabletop.data.famiglia import load_famiglia

TOML = (CARDS_DIR / "famiglia.toml").read_text(encoding="utf-8")


def saved_status(path):
    """The state the saved game file rebuilds to (a finished game takes no more commands)."""
    session = Session.open(path, "famiglia")
    rules = Rules(load_famiglia(), session.options["level"])
    return replay(session, lambda s: FamigliaTable(rules, s.options["first"])).status()


def vp_table():
    raw = tomllib.loads(TOML)
    return {f"{f['code']}{rank}": vp for f in raw["families"] for rank, vp in enumerate(f["vp"])}


def test_a_whole_scripted_game_ends_with_the_right_scores(tmp_path):
    lines, engine = scripted_game(level=3, first=PLAYER, seed=11)
    path = tmp_path / "g.json"
    result = play(path, lines, "--level", "3", "--first", "player")
    assert result.exit_code == 0
    status = saved_status(path)
    vp = vp_table()
    assert status["over"] is True and status["draw_stack"] == 0 and status["pass"] == 2
    robot = sum(vp[c] for c in status["robot"])
    player = sum(vp[c] for c in status["player"])
    assert status["scores"] == {"robot": robot, "player": player}
    assert f"Game over. Robot {robot} VP, you {player} VP." in result.output
    # every card is somewhere: Street, areas, discard pile (the stack is empty)
    assert len(status["street"] + status["robot"] + status["player"] + status["discard"]) == 60
    assert status["robot"] == [engine.rules.codes[c] for c in engine.robot]


def tiny_cards(tmp_path):
    """A 6-card stack (R0 B0 R1 B1 R2 B2) and a 3-card Street: a whole game fits in a few lines."""
    text = TOML.replace("street_size = 6", "street_size = 3")
    text = text.replace("targets = [7, 5, 4, 2]", "targets = [5, 1, 1, 1]")
    for copies in ("[3, 1, 1, 0, 0]", "[3, 1, 1, 0, 0]", "[2, 0, 0, 0, 0]", "[2, 0, 0, 0, 0]"):
        text = text.replace("copies = [5, 4, 3, 2, 1]", f"copies = {copies}", 1)
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "famiglia.toml").write_text(text, encoding="utf-8")
    return folder


def test_hand_derived_tiny_game(tmp_path):
    # You take R1. Robot, step 1 (4 of 5 zeros): the leftmost 0, R0. You refresh B2 (no 0 shows):
    # draw B0 R2, and take R2. Robot: 5 zeros, step 2 wants a 1, none shows and the 0 forbids a
    # refresh: no red 0, so the leftmost 0, B0. The Street is empty: 3 new cards, but only B1 is
    # left, then the discard pile (B2) is reshuffled and drawn: the stack runs out the second time
    # in the robot's turn, which completes the round. Robot 1+1+0 = 2, you 1+3+6 = 10.
    lines = ["R1 B2 R0", "take 1", "refresh 1", "B0 R2", "take 2", "B1 B2"]
    result = play(tmp_path / "g.json", lines, "--cards", str(tiny_cards(tmp_path)))
    out = result.output
    assert "Robot takes R0 (2nd from left)." in out
    assert "no 1 and no red (La Famiglia) 0: the leftmost 0" in out and "Robot takes B0 (1st from left)." in out
    assert "The stack holds only 1: draw those, shuffle the discard pile (1) into a new stack" in out
    assert "The stack has run out for the second time" in out
    assert out.rstrip().endswith("You win! Achievement: 2 × 10 − 2 = 18.")
    assert journal(tmp_path / "g.json") == [["R1 B2 R0"], ["take 1"], ["refresh 1", "B0 R2"],
                                             ["take 2", "B1 B2"]]


def test_the_achievement_of_a_win_follows_the_data(tmp_path):
    folder = tiny_cards(tmp_path)
    toml = folder / "famiglia.toml"
    text = toml.read_text(encoding="utf-8")
    assert "achievement_factor = 2" in text
    toml.write_text(text.replace("achievement_factor = 2", "achievement_factor = 3"), encoding="utf-8")
    lines = ["R1 B2 R0", "take 1", "refresh 1", "B0 R2", "take 2", "B1 B2"]  # the tiny game above
    result = play(tmp_path / "g.json", lines, "--cards", str(folder))
    assert result.output.rstrip().endswith("You win! Achievement: 3 × 10 − 2 = 28.")


def test_tiny_game_with_the_robot_first(tmp_path):
    # Robot: R0 (step 1). You take R1. Robot, step 2: no 1 and no 0, so it refreshes B2 and draws
    # B0 R2; now a 0 forbids refreshing: the leftmost 0, B0. You take R2, emptying the Street; the
    # new Street runs the stack out for good in your turn, the second of the round: game over.
    path = tmp_path / "g.json"
    lines = ["R1 B2 R0", "take 1", "B0 R2", "take 1", "B1 B2"]
    out = play(path, lines, "--first", "robot", "--cards", str(tiny_cards(tmp_path))).output
    assert "step 2 (collect 1s): no 1 on the Street → discard the leftmost card, B2, to the discard pile" in out
    assert out.rstrip().endswith("You win! Achievement: 2 × 10 − 2 = 18.")
    assert journal(path) == [["R1 B2 R0"], ["take 1", "B0 R2"], ["take 1", "B1 B2"]]


def test_undo_walks_back_to_identical_states_and_resume_matches(tmp_path):
    lines, _ = scripted_game(level=2, first=ROBOT, seed=5)
    lines = lines[:40]
    path = tmp_path / "g.json"
    out = play(path, [x for line in lines for x in (line, "status --json")], "--level", "2", "--first", "robot").output
    states = [json.loads(s) for s in out.splitlines() if s.startswith("{")]
    entries = journal(path)
    # each entry's last line is where a state was printed; undo k entries returns to that state
    ends = [sum(len(e) for e in entries[:k]) for k in range(1, len(entries) + 1)]
    for k in (len(entries) - 1, len(entries) - 5, 1):
        undone = play(path, ["undo"] * (len(entries) - k) + ["status --json"], resume=True).output
        assert last_status(undone) == states[ends[k - 1] - 1]
        assert journal(path) == entries[:k]
        # redo the rest and land on the final state again
        rest = [line for e in entries[k:] for line in e]
        assert last_status(play(path, rest + ["status --json"], resume=True).output) == states[-1]


def test_robot_turn_with_its_draws_is_one_undo(tmp_path):
    path = tmp_path / "g.json"
    # Robot first: no 0 on the Street, so it refreshes R2 and asks for 2 cards.
    out = play(path, ["R2 B1 G3 Y2 R1 G1", "B3 Y3", "Y0", "status --json"], "--first", "robot").output
    assert "discard the leftmost card, R2, to the discard pile; draw 2 onto the right end" in out
    assert journal(path) == [["R2 B1 G3 Y2 R1 G1", "B3 Y3", "Y0"]]
    assert last_status(out)["robot"][-1] == "Y0"
    out = play(path, ["undo", "status --json"], resume=True).output
    assert journal(path) == [] and last_status(out)["street"] == [] and last_status(out)["awaiting_cards"] == 6


def test_history_lists_entries(tmp_path):
    path = tmp_path / "g.json"
    out = play(path, ["R2 B1 G3 Y2 R1 G1", "refresh G3", "B3 Y3 R3", "end", "B2 Y0", "history"]).output
    # after `end` the robot finds no 0, refreshes R2, and takes the Y0 drawn for it
    assert re.search(r"1\. R2 B1 G3 Y2 R1 G1\n\s+2\. refresh G3 \| B3 Y3 R3\n"
                     r"\s+3\. end \| B2 Y0  → robot discards R2; robot takes Y0 \(step 1\)\n", out)


def test_help_shows_the_robot_program_with_the_levels_targets(tmp_path):
    out = play(tmp_path / "g.json", ["help"], "--level", "1").output
    assert "1. Fewer than 9 rank-0 cards" in out and "4. Fewer than 3 rank-3 cards" in out
    out = play(tmp_path / "j.json", ["help"], "--level", "4", "--lang", "ja").output
    assert "ランク1が4枚未満なら" in out and "refresh N|コード" in out


def test_a_finished_game_resumed_shows_the_result_once_and_can_be_undone(tmp_path):
    path = tmp_path / "g.json"
    cards = str(tiny_cards(tmp_path))
    play(path, ["R1 B2 R0", "take 1", "refresh 1", "B0 R2", "take 2", "B1 B2"], "--cards", cards)
    out = play(path, ["undo", "status --json"], "--cards", cards, resume=True).output
    assert out.count("You win! Achievement: 2 × 10 − 2 = 18.") == 1
    status = last_status(out)
    assert status["over"] is False and status["turn"] == "player" and status["street"] == ["B0", "R2"]
    assert journal(path)[-1] == ["refresh 1", "B0 R2"]


def test_board_shows_the_street_and_the_robots_area_by_rank_with_vp():
    g = position(["B2", "Y0", "R4"], ["R3", "B1", "R1"])
    assert Talk(g.rules, "en").board(g) == [
        "Street: 1:B2  2:Y0  3:R4",
        "Robot  15 VP | 0s 4/7 · 1s 2/5 · 2s 0/4 · 3s 1/2",
        "  0s (1 VP): R0 B0 Y0 G0",
        "  1s (4 VP): R1 B1",
        "  3s (10 VP): R3",
        "You     1 VP | R0 B0 Y0 G0"]
    assert Talk(g.rules, "ja").board(g)[1:3] == [
        "ロボット  15点 | ランク0 4/7 · ランク1 2/5 · ランク2 0/4 · ランク3 1/2", "  ランク0（1点）：R0 B0 Y0 G0"]


def test_status_json_is_one_line_with_the_contract_fields(tmp_path):
    # You take R1; the robot finds no 0, refreshes R2 (draws B3 Y0) and takes Y0.
    out = play(tmp_path / "g.json", ["R2 B1 G3 Y2 R1 G1", "take 5", "B3 Y0", "status --json"]).output
    status = last_status(out)
    assert {k: status[k] for k in ("street", "robot", "player", "discard", "draw_stack", "pass", "turn",
                                   "scores", "over")} == {
        "street": ["B1", "G3", "Y2", "G1", "B3"], "robot": ["R0", "B0", "Y0", "G0", "Y0"],
        "player": ["R0", "B0", "Y0", "G0", "R1"], "discard": ["R2"], "draw_stack": 44, "pass": 1,
        "turn": "player", "scores": {"robot": 1, "player": 4}, "over": False}
    assert "Robot takes Y0 (6th from left)." in out


def test_status_says_whose_turn_a_pending_draw_belongs_to(tmp_path):
    path = tmp_path / "g.json"
    play(path, ["R2 B1 G3 Y2 R1 G1", "take 5"])  # the robot refreshes R2 and waits for 2 cards
    out = play(path, ["status"], resume=True).output
    assert "Level 3 (you first) · the robot's turn · pass 1 · stack 46 · discard pile 1 (top R2)" in out
    out = play(tmp_path / "new.json", ["status"]).output  # setup: nobody's turn has begun
    assert "Level 3 (you first) · pass 1 · stack 52 · discard pile 0" in out


def test_robot_fallback_is_told_with_the_family_from_the_data():
    g = position(["B0", "G2", "R0", "Y0"], of_rank(0, 3))  # step 2: no 1 and a 0 shows: the red 0
    g.begin_turn()
    assert "step 2 (collect 1s): no 1 to take: a red (La Famiglia) 0 instead." in Talk(g.rules, "en").narrate(g.events)
    said = Talk(g.rules, "ja").narrate(g.events)
    assert "ステップ2（ランク1を集める）：ランク1がないので赤の名門（ファミリア）の0。" in said


def test_the_street_after_a_draw_is_shown_before_the_robot_acts_on_it(tmp_path):
    out = play(tmp_path / "g.json", ["R2 B1 G3 Y2 R1 G1", "B3 Y3", "Y0"], "--first", "robot").output
    assert ("Street: 1:G3  2:Y2  3:R1  4:G1  5:B3  6:Y3  7:Y0\nstep 1 (collect 0s): the leftmost 0.\n"
            "Robot takes Y0 (7th from left).") in out
    # after your own refresh nothing acts on the new Street: the board alone shows it
    out = play(tmp_path / "h.json", ["R2 B1 G3 Y2 R1 G1", "refresh 1", "B3 Y3"]).output
    assert out.count("Street: 1:B1  2:G3  3:Y2  4:R1  5:G1  6:B3  7:Y3") == 1
