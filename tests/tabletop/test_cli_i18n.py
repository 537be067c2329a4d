"""Both commands in the user's language: every --help, usage errors, data errors and click's own
words in Japanese under a Japanese locale or TABLETOP_KIT_LANG=ja, English under LANG=C; the exit
codes are the same in both."""
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from companion.cli import main as companion
from pnp.cli.main import main as pnp
from tabletop import i18n
from tabletop.data import CARDS_DIR
from tabletop.text_width import display_width, has_wide

JAPANESE = {"LANG": "ja_JP.UTF-8"}
ENGLISH = {"LANG": "C"}
JA = i18n.translator("ja")


def run(command, args, env):
    name = "pnp" if command is pnp else "companion"
    return CliRunner().invoke(command, [str(a) for a in args], env=env, prog_name=name)


def commands(group: click.Group, path=()):
    """Every command path under `group`, the group itself first: the lazily loaded commands too, whichever
    modules happen to be imported already."""
    yield path, group
    context = click.Context(group)
    for name in group.list_commands(context):
        sub = group.get_command(context, name)
        if isinstance(sub, click.Group):
            yield from commands(sub, path + (name,))
        else:
            yield path + (name,), sub


def every_help():
    return [pytest.param(root, path, command, id=" ".join((name,) + path))
            for name, root in (("pnp", pnp), ("companion", companion)) for path, command in commands(root)]


def first_words(text: str) -> str:
    """The start of a help text as shown (line breaks fall anywhere after it)."""
    return text.split("\n")[0][:12]


@pytest.mark.parametrize("env", [JAPANESE, {"TABLETOP_KIT_LANG": "ja", "LANG": "C"}], ids=["LANG", "TABLETOP_KIT_LANG"])
@pytest.mark.parametrize("root, path, command", every_help())
def test_every_help_is_japanese(root, path, command, env):
    assert command.help, "every command has a help text"
    result = run(root, [*path, "--help"], env)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith(f"使い方：{' '.join(('pnp' if root is pnp else 'companion',) + path)} ")
    assert "オプション：" in out and "このヘルプを表示して終了します。" in out
    assert JA(command.help) != command.help and first_words(JA(command.help)) in out
    for param in command.params:
        if getattr(param, "help", None) and not getattr(param, "hidden", False):
            assert first_words(JA(param.help)) in out, param.name
    assert "Usage" not in out and "Show this message" not in out


@pytest.mark.parametrize("root, path, command", every_help())
def test_every_help_is_english_under_lang_c(root, path, command):
    out = run(root, [*path, "--help"], ENGLISH).output
    assert out.startswith("Usage: ") and "Options:" in out and "Show this message and exit." in out
    assert first_words(command.help) in out
    assert "使い方" not in out and "オプション" not in out


def test_help_is_translated_when_shown_so_one_process_shows_both_languages():
    ja = run(pnp, ["build", "--help"], {"TABLETOP_KIT_LANG": "ja"}).output
    en = run(pnp, ["build", "--help"], {"TABLETOP_KIT_LANG": "en"}).output
    assert "出力先フォルダー" in ja and "Output folder" in en and "出力先" not in en


def test_japanese_help_fits_the_terminal_and_breaks_lines_the_japanese_way():
    out = run(pnp, ["build", "--help"], JAPANESE).output
    lines = out.splitlines()
    assert max(display_width(line) for line in lines) <= 80
    continued = [line.strip() for line in lines if line.startswith(" " * 34)]
    assert continued and not any(line[0] in "、。）」：" for line in continued)


@pytest.mark.parametrize("root, args, japanese, english", [
    (pnp, ["bild"], "'bild' というコマンドはありません。'build' のことですか？", "No such command 'bild'."),
    (pnp, ["build"], "引数 'GAMES...' を指定してください。\n", "Missing argument 'GAMES...'"),
    (pnp, ["build", "famiglia", "--style", "wide"],
     "'--style' の値が正しくありません：'wide' は使えません。'full'、'overlay' から選んでください。",
     "Invalid value for '--style': 'wide' is not one of 'full', 'overlay'."),
    (pnp, ["preview", "famiglia", "cards", "--dpi", "5"],
     "'--dpi' の値が正しくありません：5.0 は使えません（範囲：30～600）。",
     "Invalid value for '--dpi': 5.0 is not in the range 30<=x<=600."),
    (companion, ["famiglia", "simulate", "--games", "0"], "'--games' の値が正しくありません",
     "Invalid value for '--games'"),
])
def test_a_usage_error_is_japanese_with_the_same_exit_code(root, args, japanese, english):
    ja, en = run(root, args, JAPANESE), run(root, args, ENGLISH)
    assert ja.exit_code == en.exit_code == 2
    assert f"エラー：{japanese}" in ja.output and "でヘルプを表示できます。" in ja.output
    assert f"Error: {english}" in en.output and "for help." in en.output
    assert not has_wide(en.output)


@pytest.mark.parametrize("lang, env, expected", [
    ("ja", ENGLISH, "エラー：'--bogus' というオプションはありません。"),
    ("en", JAPANESE, "Error: No such option '--bogus'."),
])
def test_companion_lang_option_decides_the_language_of_its_usage_errors(lang, env, expected):
    result = run(companion, ["terror24", "summary", "--lang", lang, "--bogus"], env)
    assert result.exit_code == 2 and expected in result.output


def test_unknown_game_is_a_japanese_user_error():
    ja, en = run(pnp, ["build", "hitmans"], JAPANESE), run(pnp, ["build", "hitmans"], ENGLISH)
    assert ja.exit_code == en.exit_code == 2
    assert ja.output.startswith("エラー：'hitmans' というゲームはありません（あるもの：hitmans-showdown、liar-mafia、")
    assert en.output.startswith("error: unknown game 'hitmans' (known: hitmans-showdown, ")


@pytest.fixture
def broken_famiglia(tmp_path):
    text = (CARDS_DIR / "famiglia.toml").read_text(encoding="utf-8")
    assert "street_size = 6" in text
    (tmp_path / "famiglia.toml").write_text(text.replace("street_size = 6", 'street_size = "six"'), encoding="utf-8")
    return tmp_path


def test_a_data_error_names_file_line_and_field_and_is_japanese(broken_famiglia, tmp_path):
    args = ["build", "famiglia", "--cards", broken_famiglia, "--out", tmp_path / "out"]
    ja, en = run(pnp, args, JAPANESE), run(pnp, args, ENGLISH)
    assert ja.exit_code == en.exit_code == 2
    path = broken_famiglia / "famiglia.toml"
    assert ja.output == f"エラー：{path}、7行目、項目 street_size：整数にしてください。指定された値：文字列\n"
    assert en.output == f"error: {path}, line 7 [street_size]: must be a whole number, got text\n"
    assert not (tmp_path / "out").exists()


def test_a_toml_syntax_error_is_japanese(tmp_path):
    (tmp_path / "famiglia.toml").write_text('game = "famiglia"\nstreet_size = = 6\n', encoding="utf-8")
    result = run(pnp, ["build", "famiglia", "--cards", tmp_path], JAPANESE)
    assert result.exit_code == 2
    assert result.output == (f"エラー：{tmp_path / 'famiglia.toml'}、2行目：TOML の文法エラー（15文字目）："
                             '値が正しくありません（文字列は "…" で囲みます）\n')


@pytest.mark.parametrize("env, expected", [
    ({"LANG": "ja_JP.UTF-8"}, "使い方：pnp"),
    ({"LANG": "C", "TABLETOP_KIT_LANG": "ja"}, "使い方：pnp"),
    ({"LANG": "C"}, "Usage: pnp"),
    ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "Usage: pnp"),
])
def test_a_real_process_chooses_its_language_from_the_environment(env, expected):
    environ = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", i18n.ENV)}
    command = Path(sys.executable).with_name("pnp")
    result = subprocess.run([str(command), "--help"], env={**environ, **env}, capture_output=True, text=True,
                            encoding="utf-8")
    assert result.returncode == 0 and result.stdout.startswith(expected), result.stderr


def test_build_messages_follow_the_user_s_language_not_the_pdf_s(tmp_path):
    """--lang chooses the printed language; progress and warnings are said in the user's."""
    args = ["build", "terror24", "--asset", "summary", "--lang", "en", "--out", tmp_path]
    result = run(pnp, args, JAPANESE)
    assert result.exit_code == 0
    progress, warning = result.output.splitlines()
    assert re.fullmatch(r"\[1/1\] terror24 summary \(en\)："
                        r"\S+summary-a4-en\.pdf（\d+ページ、\d+ KB、[\d.]+ 秒）", progress)
    assert warning.startswith("警告：") and "暫定" in warning
    again = run(pnp, args, ENGLISH).output.splitlines()
    assert again[0].endswith("summary-a4-en.pdf  (up to date)") and again[1].startswith("warning: ")


def test_a_file_error_names_the_path_and_the_cause_in_the_user_s_language(tmp_path):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    args = ["build", "famiglia", "--asset", "robot", "--out", tmp_path / "a-file" / "sub"]
    ja, en = run(pnp, args, JAPANESE), run(pnp, args, ENGLISH)
    assert ja.exit_code == en.exit_code == 2
    path = tmp_path / "a-file" / "sub" / "famiglia"
    assert ja.output == f"エラー：{path}：パスの途中がフォルダーではありません\n"
    assert en.output == f"error: {path}: part of the path is not a folder\n"
