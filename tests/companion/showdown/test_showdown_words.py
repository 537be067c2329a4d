"""The companion speaks the language it is run in: `--lang ja` gives Japanese checks, penalties, rolls and
table talk; English stays the default."""
import re

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.showdown.match import HELP_LINES as HELP
from companion.speech import Speech
from showdown_script import GAME, run
from tabletop import catalog

# Words a Japanese table still types or reads in Latin letters: the commands, the item and card ids.
COMMANDS = {"attack", "pass", "buy", "use", "roll", "ready", "reroll", "double", "done", "adjust", "give",
            "board", "help", "undo", "redo", "history", "status", "json", "quit", "resume", "weapon", "backup",
            "escape", "closing", "JOKER", "BLACK", "COLOR", "WEEK", "JSON"}


def showdown_messages():
    template = catalog.extract()
    return sorted(m.id if isinstance(m.id, str) else m.id[0] for m in template
                  if m.id and any(path.startswith("companion/showdown/") for path, _ in m.locations))


@pytest.mark.parametrize("en", showdown_messages())
def test_every_phrase_has_a_japanese_wording(en):
    ja = Speech("ja")._(en)
    words = set(re.findall(r"[a-z]{3,}", re.sub(r"\{[^}]*\}", "", en))) - COMMANDS
    if words and ja == en:
        pytest.fail(f"{en!r}: the Japanese text is the English one")


def test_help_has_both_languages_line_for_line():
    assert [Speech("ja")._(line).count("\n") for line in HELP] == [0] * len(HELP)
    assert len({Speech("ja")._(line) for line in HELP}) == len(HELP)


def test_a_japanese_game_is_japanese_from_start_to_showdown(tmp_path):
    script = "attack ZZ\nattak H3\nroll 7\nhelp\nstatus\n" + GAME
    result = run(["--team", "Ann=blood_diamond", "--team", "Bob=Void Clover", "--lang", "ja",
                  "--game", str(tmp_path / "g.json")], script, tmp_path)
    out = result.stdout
    assert result.returncode == 0 and "Traceback" not in out + result.stderr
    latin = set(re.findall(r"[A-Za-z]{3,}", out.replace(str(tmp_path), ""))) - COMMANDS - {"Ann", "Bob"}
    assert latin == {"attak"}  # only the typo, quoted back
    assert "! 'ZZ' というカードはありません" in out and "! わかりません：'attak H3'" in out
    assert "! '7' はダイスの目ではありません" in out
    assert "Bob：デメリットダイス（1/2 回目）（1d6：出た目を入力、または roll） >" in out
    assert "Ann：+20000金（新しき風）→ 22500金" in out
    assert out.rstrip().endswith("最終所持金：Ann 42500金、Bob 21500金\n勝者：Ann")


def cli(*args):
    return CliRunner().invoke(main, ["showdown", *map(str, args)])


def test_check_explains_in_japanese():
    result = cli("check", "SQ", 4, 4, 4, 1, "--use", "H9 2 1>4", "--lang", "ja")
    assert result.exit_code == 0
    assert result.output.splitlines()[1:] == [
        "  ソルジャー H9：追加ダイスの出目 2", "  ソルジャー H9：1 の目を 4 に変更",
        "  ダイス：4 4 4 4 2  合計 18", "成功：4 の目が 4 つを満たした"]
    duel = cli("check", "hitman", 3, 3, "--versus", "2 4", "--lang", "ja").output
    assert duel.splitlines() == ["攻撃側：3 3  合計 6", "防衛側：2 4  合計 6",
                                 "攻撃側の負け：6 より大きい合計が必要、現在 6（同値は防衛側の勝ち）"]


def test_penalty_and_roll_in_japanese():
    assert cli("penalty", "mafia", "--roll", 4, "--roll", 3, "--lang", "ja").output.strip() == (
        "マフィア敗北時のデメリット：出目 4 → 所持金減少 1d6×1000金（出目 3：3000金）")
    assert cli("penalty", "mafia", "--escape", "--lang", "ja").output.strip() == (
        "マフィア敗北時のデメリット：完璧な逃走経路で無効 — デメリットなし")
    assert re.fullmatch(r"3d6：[1-6] [1-6] [1-6]（合計 \d+）\n",
                        cli("roll", "3d6", "--seed", 1, "--lang", "ja").output)


@pytest.mark.parametrize("args, ja, en", [
    (["check", "ZZ", 1], "'ZZ' というカードはありません", "no card called 'ZZ'"),
    (["penalty", "mafia", "--roll", 3], "減る金額（1d6 × 1000）にもう 1 つ必要です",
     "one more needed for the money lost (1d6 × 1000)"),
    (["roll", "5d8"], "'5d8' はダイスの指定ではありません", "'5d8' is not a dice roll"),
    (["check", "H3", 1, 2, "--week", 7], "WEEK は 1〜6 です", "the game has weeks 1-6"),
])
def test_user_errors_in_both_languages(args, ja, en):
    for lang, message in (("ja", ja), ("en", en)):
        result = cli(*args, "--lang", lang)
        assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output
