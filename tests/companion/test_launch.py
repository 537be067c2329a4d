"""What every `companion <game> play` shares: the game's language and data folder travel with it."""
import json
import shutil

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.launch import default_lang
from tabletop.data import CARDS_DIR


def test_default_language_follows_the_locale(monkeypatch):
    assert default_lang() == "en"
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert default_lang() == "ja"
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert default_lang() == "en"


def test_a_relative_cards_folder_is_saved_and_used_when_resuming_elsewhere(tmp_path, monkeypatch):
    own = tmp_path / "mine"
    own.mkdir()
    text = (CARDS_DIR / "famiglia.toml").read_text(encoding="utf-8")
    edited = text.replace("vp = [1, 3, 6, 10, 15]", "vp = [2, 3, 6, 10, 16]")
    assert edited != text, "the red VP row moved; update this test"
    (own / "famiglia.toml").write_text(edited, encoding="utf-8")
    game = tmp_path / "g.json"
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    started = runner.invoke(main, ["famiglia", "play", "--game", str(game), "--cards", "mine"],
                            input="R0 B1 Y1 G1 B2 Y2\n")
    assert started.exit_code == 0, started.output
    assert json.loads(game.read_text())["options"]["cards"] == str(own.resolve())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    resumed = runner.invoke(main, ["famiglia", "play", "--game", str(game), "--resume"], input="status --json\n")
    assert resumed.exit_code == 0, resumed.output
    status = json.loads(next(line for line in resumed.output.splitlines() if line.startswith("{")))
    # the start set's red 0 is worth 2 in the user's copy of the data
    assert status["scores"]["player"] == 2 + 0 + 0 + 0


def test_the_language_given_on_resume_replaces_the_saved_one(tmp_path):
    game = tmp_path / "g.json"
    runner = CliRunner()
    runner.invoke(main, ["famiglia", "play", "--game", str(game), "--lang", "en"], input="")
    resumed = runner.invoke(main, ["famiglia", "play", "--game", str(game), "--resume", "--lang", "ja"],
                            input="help\n")
    assert resumed.exit_code == 0, resumed.output
    assert "直前のコマンドを取り消す" in resumed.output


GAMES = [("famiglia", []), ("terror24", []), ("showdown", ["--team", "A=red_heart", "--team", "B=void_clover"])]


@pytest.mark.parametrize("game, args", GAMES)
def test_a_game_file_that_cannot_be_written_is_a_user_error(tmp_path, game, args):
    (tmp_path / "file").write_text("")
    result = CliRunner().invoke(main, [game, "play", "--game", str(tmp_path / "file" / "g.json"), *args],
                                input="")
    assert result.exit_code == 2, result.output
    assert "cannot be saved there" in result.output and result.exception.__class__ is SystemExit


@pytest.mark.parametrize("game, args", GAMES)
def test_resuming_after_the_games_data_folder_went_away_is_a_user_error(tmp_path, game, args):
    own = tmp_path / "mine"
    shutil.copytree(CARDS_DIR, own)
    saved = str(tmp_path / "g.json")
    runner = CliRunner()
    assert runner.invoke(main, [game, "play", "--game", saved, "--cards", str(own), *args], input="").exit_code == 0
    shutil.rmtree(own)
    resumed = runner.invoke(main, [game, "play", "--game", saved, "--resume"], input="")
    assert resumed.exit_code == 2 and "file not found" in resumed.output, resumed.output


@pytest.mark.parametrize("teams", [None, "A", [{"name": "A"}], [{"name": "A", "faction": "no_such"}],
                                   [{"name": "A", "faction": "red_heart"}]])
def test_a_saved_showdown_with_damaged_teams_is_refused(tmp_path, teams):
    saved = tmp_path / "g.json"
    runner = CliRunner()
    runner.invoke(main, ["showdown", "play", "--game", str(saved), *GAMES[2][1]], input="")
    raw = json.loads(saved.read_text())
    raw["options"]["teams"] = teams
    saved.write_text(json.dumps(raw))
    resumed = runner.invoke(main, ["showdown", "play", "--game", str(saved), "--resume"], input="")
    assert resumed.exit_code == 2 and "options are damaged" in resumed.output, resumed.output


@pytest.mark.parametrize("resume", [[], ["--resume"]])
def test_an_empty_game_file_name_is_refused_as_a_folder(tmp_path, monkeypatch, resume):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["famiglia", "play", "--game", "", *resume], input="")
    assert result.exit_code == 2 and "that is a folder" in result.output, result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["famiglia", "simulate"], ["famiglia", "play"], ["terror24", "summary"],
                                     ["terror24", "play"], ["showdown", "check", "SQ", "4"],
                                     ["showdown", "penalty", "mafia"], ["showdown", "play"]])
def test_every_cards_option_refuses_a_folder_that_is_not_there(tmp_path, command):
    result = CliRunner().invoke(main, [*command, "--cards", str(tmp_path / "nowhere")], input="")
    assert result.exit_code == 2 and "does not exist" in result.output, result.output


@pytest.mark.parametrize("game, args", GAMES)
def test_a_saved_data_folder_that_is_not_a_path_is_refused(tmp_path, game, args):
    saved = tmp_path / "g.json"
    runner = CliRunner()
    runner.invoke(main, [game, "play", "--game", str(saved), *args], input="")
    raw = json.loads(saved.read_text())
    raw["options"]["cards"] = 5
    saved.write_text(json.dumps(raw))
    resumed = runner.invoke(main, [game, "play", "--game", str(saved), "--resume"], input="")
    assert resumed.exit_code == 2 and "options are damaged" in resumed.output, resumed.output


@pytest.mark.parametrize("game, args", GAMES)
def test_bytes_that_are_not_utf8_are_a_typo_not_a_crash(tmp_path, game, args):
    result = CliRunner().invoke(main, [game, "play", "--game", str(tmp_path / "g.json"), "--lang", "en", *args],
                                input=b"\xff\xfe\nstatus --json\n")
    assert result.exit_code == 0, result.output
    assert "(type 'help' for the commands)" in result.output and '{"' in result.output


def test_a_team_name_that_is_not_utf8_is_a_user_error(tmp_path):
    name = b"\xff".decode("utf-8", "surrogateescape")  # how Python reads such bytes from the command line
    result = CliRunner().invoke(main, ["showdown", "play", "--game", str(tmp_path / "g.json"),
                                       "--team", f"{name}=red_heart", "--team", "B=void_clover"], input="")
    assert result.exit_code == 2 and "not UTF-8 text" in result.output, result.output


def test_a_bug_outside_the_table_is_one_line_and_exit_1(monkeypatch, capsys):
    import sys

    import pytest

    import companion.showdown.cli as showdown_cli
    from companion.cli import run

    def broken(*args, **kwargs):
        raise RuntimeError("dice fell off the table")

    monkeypatch.setattr(showdown_cli, "roll_notation", broken)
    monkeypatch.setattr(sys, "argv", ["companion", "showdown", "roll", "2d6"])
    with pytest.raises(SystemExit) as info:
        run()
    err = capsys.readouterr().err
    assert info.value.code == 1
    assert err.strip() == "internal error: RuntimeError: dice fell off the table (set PNP_DEBUG=1 for details)"

