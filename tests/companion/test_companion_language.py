"""A game speaks the language it was saved with, whatever language the process speaks (one process
may hold games in both, as a web server will); reports without --lang follow TABLETOP_KIT_LANG, then
the locale."""
import io
import json
import os
import re
import subprocess
import sys

from click.testing import CliRunner

from companion.cli import main
from companion.famiglia.repl import FamigliaTable
from companion.session import Session
from companion.table import Table
from famiglia_helpers import rules
from tabletop import i18n
from tabletop.text_width import display_width as columns


def _table(lang: str, out: io.StringIO) -> Table:
    level3 = rules(3)
    session = Session.create("famiglia", {"level": 3, "first": "player", "lang": lang}, None, seed=1)
    return Table(session, lambda s: FamigliaTable(level3, "player", s.options["lang"]), out=out, color=False,
                 lang=lang)


def _run(table: Table, lines: list[str]) -> None:
    answers = iter(lines)

    def read(prompt: str) -> str:
        table.out.write(prompt + "\n")
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    table.run(read)


def test_two_games_in_one_process_each_speak_their_own_language_whatever_the_process_speaks():
    for process in ("en", "ja"):
        i18n.set_language(process)
        ja_out, en_out = io.StringIO(), io.StringIO()
        ja, en = _table("ja", ja_out), _table("en", en_out)
        # interleaved, as two requests to one server would be
        for line in ("help", "take 9", "undo", "history"):
            ja.step(line)
            en.step(line)
        _run(ja, [])
        _run(en, [])
        ja_text, en_text = ja_out.getvalue(), en_out.getvalue()
        assert "take N|CODE     you recruited" in en_text and "コード" not in en_text, process
        assert "take N|コード     そのカードを獲得した" in ja_text, process
        assert "! 先に引いた6枚を入力してください" in ja_text and "! first type the 6 drawn card(s)" in en_text
        assert "! 取り消すものがありません" in ja_text and "! nothing to undo" in en_text
        assert "（まだ何もありません）" in ja_text and "(nothing yet)" in en_text
        assert ja_text.rstrip().endswith("（保存しました）") and en_text.rstrip().endswith("(saved)")
        assert i18n.current() == process  # a game's language never leaks into the process's


def _play(path, args, lines, env_lang):
    runner = CliRunner(env={"TABLETOP_KIT_LANG": env_lang})
    return runner.invoke(main, ["famiglia", "play", "--game", str(path), *args], input="\n".join(lines) + "\n")


def test_a_game_saved_in_japanese_talks_japanese_when_resumed_under_english_and_vice_versa(tmp_path):
    saved_ja, saved_en = tmp_path / "ja.json", tmp_path / "en.json"
    assert _play(saved_ja, ["--lang", "ja"], [], "en").exit_code == 0
    assert _play(saved_en, ["--lang", "en"], [], "ja").exit_code == 0
    ja = _play(saved_ja, ["--resume"], ["status", "R0 X9"], "en").output
    en = _play(saved_en, ["--resume"], ["status", "R0 X9"], "ja").output
    assert "レベル3（あなた先攻）" in ja and "! 'X9' はカードのコードではありません" in ja
    assert "Level 3 (you first)" in en and "! 'X9' is not a card code" in en
    assert "Level" not in ja and "レベル" not in en
    assert json.loads(saved_ja.read_text(encoding="utf-8"))["options"]["lang"] == "ja"


def _simulate(env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", i18n.ENV)}
    return subprocess.run([sys.executable, "-c", "from companion.cli import run; run()", "famiglia", "simulate",
                           "--games", "20", "--seed", "3"], env={**clean, **env}, capture_output=True, text=True,
                          timeout=120)


def test_simulate_reports_in_japanese_under_a_japanese_language_and_in_english_under_lang_c():
    ja = _simulate({"TABLETOP_KIT_LANG": "ja", "LANG": "C"})
    assert ja.returncode == 0, ja.stderr
    lines = ja.stdout.splitlines()
    assert lines[0] == "ファミリア ソロ、レベル3、プレイヤー先攻：20ゲーム（シード 3）"
    assert lines[1].split() == ["平均", "最小", "第1四分位", "中央値", "第3四分位", "最大"]
    assert lines[2].startswith("ロボット") and lines[3].startswith("プレイヤー")
    assert lines[4].startswith("プレイヤーの勝率")
    en = _simulate({"LANG": "C"})
    assert en.returncode == 0, en.stderr
    assert en.stdout.splitlines()[0] == "Famiglia solo, level 3, player first: 20 games (seed 3)"
    assert en.stdout.splitlines()[1].split() == ["mean", "min", "q1", "median", "q3", "max"]
    assert not any("\u3040" <= c <= "\u30ff" for c in en.stdout)
    # the same figures in both: only the words differ
    assert [line.split()[1:] for line in lines[2:4]] == [line.split()[1:] for line in en.stdout.splitlines()[2:4]]


def test_simulate_follows_a_japanese_locale_and_the_japanese_columns_line_up():
    out = _simulate({"LANG": "ja_JP.UTF-8"}).stdout.splitlines()
    assert out[0].startswith("ファミリア ソロ")
    widths = {columns(line) for line in out[1:4]}
    assert len(widths) == 1, out[1:4]  # every figure right-aligned under its heading


def test_the_companions_japanese_uses_full_width_punctuation():
    """（）：！ in Japanese table talk (docs/companion-words.md); fields and what players type are left alone."""
    from babel.messages.pofile import read_po

    from tabletop import catalog

    with catalog.catalogs()[0].open("rb") as f:
        po = read_po(f)
    half_width = []
    for message in po:
        if not message.id or not any(path.startswith("companion/") for path, _ in message.locations):
            continue
        for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
            outside_fields = re.sub(r"\{[^}]*\}|%\(\w+\)[sd]", "", text)  # str.format and {% trans %} fields
            if re.search(r"[()!]|: |:$", outside_fields):
                half_width.append(text)
    assert half_width == []
