"""`companion terror24 play` at the table and through a pipe: setup, rounds, the end, undo, resume."""
import io
import json
import subprocess
import sys

from click.testing import CliRunner

from companion.cli import main
from companion.session import Session
from companion.table import Table, replay
from companion.terror24.repl import Terror24Table
from tabletop.data.terror24 import load_terror24
from terror24_script import GAME, ROUNDS, SETUP


def run(args, lines, env=None):
    return CliRunner().invoke(main, ["terror24", "play", *args], input="\n".join(lines) + "\n", env=env)


def final_status(path):
    session = Session.open(path, "terror24")
    return replay(session, lambda s: Terror24Table(s, load_terror24())).status()


def scores(status):
    return {s["name"]: s["vp"] for s in status["seats"]}


def test_whole_three_player_game_through_a_pipe(tmp_path):
    path = tmp_path / "g.json"
    proc = subprocess.run([sys.executable, "-c", "from companion.cli import main; main()", "terror24", "play",
                           "--game", str(path), "--npc-deck", "physical"],
                          input="\n".join(GAME) + "\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Traceback" not in out + proc.stderr and "! " not in out
    assert "provisional" in proc.stderr  # the run warns that the event values are provisional
    assert "standings: Aki 22 · Ben 9 · Chie 23 · NPC(Lloyd) 14" in out
    assert "life-or-death order: Aki (24) → Chie (24) → Ben (22)" in out  # tie: the NPC is chief
    assert "Aki holds only the 0: dies" in out and out.rstrip().endswith("winner: Chie")
    status = final_status(path)
    assert status["phase"] == "over" and status["winners"] == ["Chie"]
    assert scores(status) == {"Aki": 22, "Ben": 9, "Chie": 23, "NPC": 14}
    assert [s["dead"] for s in status["seats"]] == [True, False, False, False]


def test_round_resolution_lists_every_award_with_its_reason(tmp_path):
    result = run(["--game", str(tmp_path / "g.json"), "--npc-deck", "physical"], SETUP + ROUNDS[0] + ROUNDS[1])
    out = result.output
    assert "times: Aki 3+5 = 8 · Chie 0+6 = 6 · NPC(Lloyd) 4 +2 coop = 6 · Ben 1+2 +2 coop = 5" in out
    assert "NPC(Lloyd): 4 to the bottom of its deck" in out
    assert "VP NPC(Lloyd) +1: coop sub VP for Ben's Street shootout" in out
    assert "VP Ben +2: coop sub VP for NPC(Lloyd)'s Bioterror" in out
    assert "NPC(Lloyd): 5 stays out with the event" in out
    assert "style switch: Aki → Coop" in out and "style switch: Chie → Coop" in out
    assert "new chief: Ben" in out


def test_bad_lines_are_refused_with_a_reason_and_never_saved(tmp_path):
    path = tmp_path / "g.json"
    bad = ["Aki=nobody Ben=wolf Chie=hibachi", "Aki=scotch Ben=scotch Chie=wolf", "3=scotch Ben=wolf Chie=hibachi",
           *SETUP[:1],
           "s c", "s x s", *SETUP[1:3], "Zed", *SETUP[3:4], "RB YG RX BP ??? GY ???", "PP PP RR BP ??? GY ???",
           *SETUP[4:], "adjust", "9 9", "6 6", "three five", "3x", "Ben 1 2", "Ben 1 1", "3 5"]
    result = run(["--game", str(path), "--npc-deck", "physical"], bad)
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out
    for reason in ["unknown detective 'nobody'", "own name and detective", "name cannot be a number ('3')",
                   "one style per player",
                   "unknown style 'x'", "no player called 'Zed'", "unknown event letter 'X'",
                   "only 2 Hostage siege (P) events", "adjust NAME +N", "cannot lay 9 9: the hand holds",
                   "cannot lay 6 6: the hand holds 0 1 1 2 2 3 4 5 6", "type the cards as numbers",
                   "no player called 'three'", "Ben has already bid"]:
        assert reason in out, reason
    assert out.count("(type 'help' for the commands)") == 14
    assert Session.open(path, "terror24").lines() == SETUP + ["Ben 1 2", "3 5"]


def test_undo_and_resume_round_trip_exactly(tmp_path):
    whole, split = tmp_path / "whole.json", tmp_path / "split.json"
    run(["--game", str(whole), "--npc-deck", "physical"], GAME)
    cut = len(SETUP) + 9
    first = GAME[:cut] + ["5 5", "undo", "undo", "undo"] + GAME[cut - 3:cut]
    out = run(["--game", str(split), "--npc-deck", "physical"], first).output
    assert "undone: 5 5" not in out  # "5 5" was refused: undo takes back accepted lines only
    assert out.count("undone:") == 3 and "nothing to undo" not in out
    assert Session.open(split, "terror24").lines() == GAME[:cut]
    again = run(["--game", str(split), "--resume"], GAME[cut:])
    assert again.exit_code == 0 and "winner: Chie" in again.output
    assert Session.open(split, "terror24").entries == Session.open(whole, "terror24").entries
    assert final_status(split) == final_status(whole)


def test_virtual_npc_deck_is_dealt_from_the_saved_seed(tmp_path):
    lines = ["Aki=scotch Ben=wolf Chie=hibachi", "s c s", "random", "Aki", "RB YG RR BP GY", "3 5", "1 2", "0 6"]
    a = run(["--game", str(tmp_path / "a.json"), "--seed", "11"], lines).output
    b = run(["--game", str(tmp_path / "b.json"), "--seed", "11"], lines).output
    turned = [line for line in a.splitlines() if "turns up" in line]
    assert len(turned) == 1 and turned == [line for line in b.splitlines() if "turns up" in line]
    # undo the bid that made the NPC turn its card, enter it again: the same card comes up
    c = run(["--game", str(tmp_path / "a.json"), "--resume"], ["undo", "0 6", "status --json"]).output
    assert [line for line in c.splitlines() if "turns up" in line] == turned
    status = json.loads(next(line for line in c.splitlines() if line.startswith("{")))
    npc = next(s for s in status["seats"] if s["npc"])
    assert len(npc["deck_left"]) + len(npc["in_front"]) == 8 and 0 not in npc["deck_left"]
    assert "order" not in json.dumps(npc)  # the deck's order is never shown
    assert Session.open(tmp_path / "a.json", "terror24").seed == 11


def test_npc_detective_and_style_come_from_the_setup(tmp_path):
    out = run(["--game", str(tmp_path / "g.json"), "--seed", "3"],
              ["Aki=scotch Ben=wolf Chie=hibachi", "c c c", "status", "random", "Ben", "RB YG RR BP GY"]).output
    assert "players: Aki (Scotch), Ben (Wolf), Chie (Hibachi)" in out and "styles: Coop Coop Coop" in out
    assert "next: npc" in out
    assert "plays Stand (the minority style), seated after Chie" in out
    assert any(f"NPC: {name} plays" in out for name in ("Lloyd", "Dokaben"))


def test_four_players_need_no_npc_and_the_check_can_be_drawn_by_the_companion(tmp_path):
    """A whole 4-player game, each bidder laying their two lowest cards, every check drawn by the companion."""
    session = Session.create("terror24", {"npc_deck": "virtual"}, tmp_path / "g.json", seed=5)
    out = io.StringIO()
    table = Table(session, lambda s: Terror24Table(s, load_terror24()), out=out, color=False)
    setup = iter(["A=scotch B=wolf C=hibachi D=lloyd", "s s c c", "A", "RB YG RR BP GY"])

    def read(prompt):
        game = table.game.game
        if game is None:
            return next(setup)
        kind, seat = game.need()
        if kind == "reveal":
            return "YGR" if game.round == 5 else "BRP"
        if kind == "check":
            return "引く" if game.checks else "draw"  # the Japanese word works too
        return " ".join(map(str, sorted(game.seats[seat].hand)[:2]))

    assert table.run(read) == 0
    text = out.getvalue()
    assert "NPC" not in text and "! " not in text and "game over" in text
    assert "── round 7 ──" in text and "life-or-death order" in text and " draws " in text
    status = final_status(tmp_path / "g.json")
    assert status["phase"] == "over" and len(status["seats"]) == 4
    assert sum(len(s["events"]) for s in status["seats"]) == 16  # every event was taken
    # `status` tells who has already survived the check (and who died)
    game, shown = table.game.game, table.game.describe()
    assert len([c for c in game.checks if c.card is not None]) >= 2  # both words were used
    for check in game.checks:
        line = next(x for x in shown if x.startswith(f"  {game.seats[check.seat].name} "))
        assert line.endswith(" · dead" if check.dead else " · survives"), line


def test_adjust_corrects_a_score_and_undo_takes_it_back(tmp_path):
    path = tmp_path / "g.json"
    out = run(["--game", str(path), "--npc-deck", "physical"], SETUP + ["adjust Ben +3", "adjust npc -1"]).output
    assert "Ben +3 VP" in out and "NPC -1 VP" in out
    status = run(["--game", str(path), "--resume"], ["undo", "status --json"]).output
    assert '"name":"Ben","npc":false,"detective":"wolf","style":"coop","vp":3' in status
    assert '"name":"NPC","npc":true,"detective":"lloyd","style":"coop","vp":0' in status


def test_japanese_table_texts(tmp_path):
    out = run(["--game", str(tmp_path / "g.json"), "--lang", "ja", "--npc-deck", "physical"],
              SETUP + ROUNDS[0]).output
    assert "ラウンド1 · Akiの2枚" in out and "NPC（ロイド）" in out and "スタンドVP" in out
    assert "（事件の得点は暫定値）" in out


def test_user_errors_exit_2_without_traceback(tmp_path):
    missing = run(["--game", str(tmp_path / "none.json"), "--resume"], [])
    assert missing.exit_code == 2 and "no saved game" in missing.output
    path = tmp_path / "g.json"
    run(["--game", str(path)], SETUP[:1])
    taken = run(["--game", str(path)], [])
    assert taken.exit_code == 2 and "--resume" in taken.output
    switch = run(["--game", str(path), "--resume", "--npc-deck", "physical"], [])
    assert switch.exit_code == 2 and "cannot change" in switch.output
    for args, text in [([], "保存されたゲームがあります"),
                       (["--resume", "--npc-deck", "physical"], "途中では変更できません")]:
        ja = run(["--game", str(path), "--lang", "ja", *args], [])
        assert ja.exit_code == 2 and text in ja.output, ja.output
    ja = run(["--game", str(tmp_path / "none.json"), "--resume", "--lang", "ja"], [])
    assert ja.exit_code == 2 and "保存されたゲームがありません" in ja.output
    cards = tmp_path / "cards"
    cards.mkdir()
    text = (load_terror24.__globals__["game_file"]("terror24")).read_text(encoding="utf-8")
    (cards / "terror24.toml").write_text(text.replace('schedule = "〇〇×××〇〇"', 'schedule = "〇〇×"'),
                                         encoding="utf-8")
    bad = run(["--game", str(tmp_path / "h.json"), "--cards", str(cards)], [])
    assert bad.exit_code == 2 and "detectives[wolf].schedule" in bad.output
    assert "Traceback" not in bad.output


def test_summary_prints_schedules_and_flags_provisional_values():
    result = CliRunner().invoke(main, ["terror24", "summary", "--lang", "ja"])
    assert result.exit_code == 0
    assert "ウルフ：〇 〇 × × × 〇 〇" in result.stdout and "stand" not in result.stdout
    assert "事件（スタンド / コープ・メイン / コープ・サブVP）" in result.stdout
    assert "暫定値" in result.stderr


def test_under_lang_ja_help_refusals_and_the_table_talk_japanese(tmp_path):
    path = tmp_path / "g.json"
    lines = ["help", "アキ スコッチ", "アキ=スコッチ ベン=ウルフ チエ=ヒバチ", "s x s", "ｓ ｃ ｓ", "status",
             "ランダム", "ゾロ", "アキ", "ＲＢ　ＹＧ　ＲＲ　ＢＰ　ＧＹ", "9 9", "ゾロ 1 2", "３ ５",
             "undo", "undo", "undo", "undo", "undo", "undo", "undo", "undo", "history", "quit"]
    out = run(["--game", str(path), "--lang", "ja", "--seed", "4"], lines).output
    for text in ["準備（プロンプトごとに1つ答える）", "直前のコマンドを取り消す", "プレイヤーは 名前=刑事 の形で",
                 "スタイル 'x' は不明です", "'ゾロ' というプレイヤーはいません",
                 "アキは 9 9 を出せません。手札：0 1 1 2 2 3 4 5 6",
                 "（コマンドは help で表示）", "取り消し：3 5", "取り消すものがありません", "（まだ何もありません）",
                 "ゲームファイル", "保存しました", "プレイヤー：アキ（スコッチ）、ベン（ウルフ）、チエ（ヒバチ）",
                 "スタイル：スタンド コープ スタンド", "次：NPC"]:
        assert text in out, text
    # full-width letters, digits and spaces from a Japanese keyboard are read like ASCII ones
    assert "アキ：2 枚を伏せた" in out and "NPC：" in out
    for english in ["type 'help'", "undone", "nothing to undo", "cannot lay", "unknown", "setup (one answer",
                    "(saved", "game file", "next:"]:
        assert english not in out, english
    assert "Traceback" not in out


def test_who_sits_out_is_said_when_the_round_starts(tmp_path):
    # Chie is placed four times running with non-zero cards and keeps only the 0 for round 5.
    rounds = [[f"Aki {low}", f"Ben {low}", f"Chie {high}", "1"]
              for low, high in [("0 1", "5 6"), ("0 1", "3 4"), ("0 2", "2 2"), ("0 2", "1 1")]]
    out = run(["--game", str(tmp_path / "g.json"), "--npc-deck", "physical"],
              SETUP + [line for r in rounds for line in r] + ["YBR", "status --json"]).output
    status = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
    assert next(s for s in status["seats"] if s["name"] == "Chie")["hand"] == [0]
    header = out[out.index("── round 5 ──"):].splitlines()
    assert header[1] == "sitting out this round (one card left): Chie"


def test_the_npc_sits_where_the_table_says_and_wins_ties_from_that_seat(tmp_path):
    # Seats: Aki, NPC, Ben, Chie. Ben (stand 1+2) and the NPC (coop 2+1) tie at 3: the NPC sits nearer
    # the chief Aki, so it takes second place.
    setup = ["Aki=scotch Ben=wolf Chie=hibachi", "s s s", "dokaben after Aki", "Aki", "RB YG RR BP GY"]
    out = run(["--game", str(tmp_path / "g.json"), "--npc-deck", "physical"], setup + ["5 6", "1 2", "0 1", "2"]).output
    assert "seats clockwise: Aki Scotch Stand [chief] · NPC(Dokaben) Coop · Ben Wolf Stand · Chie Hibachi Stand" in out
    assert "times: Aki 5+6 = 11 · NPC(Dokaben) 2 +1 coop = 3 · Ben 1+2 = 3 · Chie 0+1 = 1" in out
    assert "  2. NPC(Dokaben) → B Airliner hijack(blue)" in out


def test_a_game_with_its_own_cards_folder_resumes_from_another_folder(tmp_path, monkeypatch):
    cards = tmp_path / "mine"
    cards.mkdir()
    text = load_terror24.__globals__["game_file"]("terror24").read_text(encoding="utf-8")
    (cards / "terror24.toml").write_text(text.replace("stand_vp = 2", "stand_vp = 20"), encoding="utf-8")
    path = tmp_path / "g.json"
    monkeypatch.chdir(tmp_path)
    run(["--game", str(path), "--cards", "mine", "--npc-deck", "physical"], SETUP)
    monkeypatch.chdir(cards)
    out = run(["--game", str(path), "--resume"], ["3 5", "1 2", "0 6", "4"]).output
    assert "VP Aki +20: stand VP for Bombing" in out, out


def test_a_player_cannot_be_named_like_a_table_command(tmp_path):
    # "Quit 3 5" would end the session instead of laying Quit's bid
    result = run(["--game", str(tmp_path / "g.json")], ["Quit=scotch Ben=wolf Chie=hibachi", "status --json"])
    assert result.exit_code == 0 and "cannot be a table command ('Quit'" in result.output
    assert Session.open(tmp_path / "g.json", "terror24").entries == []
