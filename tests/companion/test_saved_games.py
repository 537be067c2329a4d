"""Saved games at the terminal: `companion games` lists them, `play` replaces a game
with nothing entered, asks at a terminal before touching one in progress, `--new` keeps the old file
under a name it prints, and every refusal is one line whose cure works."""
import json
import shlex

import pytest
from click.testing import CliRunner

from companion import launch
from companion.cli import main
from web_helpers import famiglia_script

FOLDER = "tabletop-kit"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty data home: the default game files go to tmp/tabletop-kit/."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("TABLETOP_KIT_LANG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    return tmp_path / FOLDER


def run(*args, input=""):
    return CliRunner().invoke(main, list(args), input=input, prog_name="companion")


def one_line_error(result) -> str:
    """The refusal: exit 2, one line, no usage text."""
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    error = [line for line in lines if line.startswith(("Error:", "エラー："))]
    assert len(error) == 1 and "Usage" not in result.output and "Try " not in result.output, result.output
    return error[0]


def test_the_issue_flow_an_empty_game_is_replaced_by_the_next_play(home):
    assert run("terror24", "play", "--lang", "ja", input="quit\n").exit_code == 0
    again = run("terror24", "play", "--npc-deck", "physical", input="quit\n")
    assert again.exit_code == 0, again.output
    saved = json.loads((home / "terror24.game.json").read_text())
    assert saved["options"]["npc_deck"] == "physical" and saved["options"]["lang"] == "en"
    assert sorted(p.name for p in home.glob("*.json")) == ["terror24.game.json"]  # replaced, nothing else made


def test_a_game_in_progress_is_refused_in_one_line_and_both_cures_work(home):
    assert run("terror24", "play", input="A=scotch B=wolf C=hibachi\n").exit_code == 0
    error = one_line_error(run("terror24", "play", "--npc-deck", "physical"))
    assert "--resume" in error and "--new" in error
    resumed = run("terror24", "play", "--resume", input="status --json\n")
    assert resumed.exit_code == 0 and '"Aki"' not in resumed.output and "scotch" in resumed.output.lower()
    new = run("terror24", "play", "--new", "--npc-deck", "physical", input="quit\n")
    assert new.exit_code == 0, new.output
    kept = home / "terror24-2.game.json"
    assert json.loads(kept.read_text())["entries"] == [["A=scotch B=wolf C=hibachi"]]
    assert json.loads((home / "terror24.game.json").read_text())["entries"] == []
    said = next(line for line in new.output.splitlines() if str(kept) in line)
    command = shlex.split(said[said.index("companion"):].rstrip(")"))
    assert command[:3] == ["companion", "terror24", "play"]  # the command it prints continues the old game
    resumed = run(*command[1:], input="status --json\n")
    assert resumed.exit_code == 0 and "scotch" in resumed.output.lower(), resumed.output


def test_new_never_replaces_a_file_already_named_like_the_kept_one(home):
    for n in range(2):
        assert run("famiglia", "play", *(["--new"] if n else []), input="R0 B1 Y1 G1 B2 Y2\n").exit_code == 0
    assert run("famiglia", "play", "--new", input="R0 B1 Y1 G1 B2 Y3\n").exit_code == 0
    names = sorted(p.name for p in home.glob("*.game.json"))
    assert names == ["famiglia-2.game.json", "famiglia-3.game.json", "famiglia.game.json"]
    entries = [json.loads((home / n).read_text())["entries"] for n in names]
    assert entries[0] == entries[1] == [["R0 B1 Y1 G1 B2 Y2"]] and entries[2] == [["R0 B1 Y1 G1 B2 Y3"]]


@pytest.mark.parametrize("content", ["{broken", json.dumps({"format": "tabletop-kit game", "version": 99,
                                                            "game": "famiglia", "options": {}, "seed": 1,
                                                            "entries": []})])
def test_a_damaged_file_names_the_cure_that_works(home, content):
    home.mkdir(parents=True)
    path = home / "famiglia.game.json"
    path.write_text(content)
    for args in ([], ["--resume"]):
        error = one_line_error(run("famiglia", "play", *args))
        assert "--new" in error and "--resume" not in error.split("damaged")[-1]
        assert path.read_text() == content  # untouched
    cured = run("famiglia", "play", "--new", input="R0 B1 Y1 G1 B2 Y2\n")
    assert cured.exit_code == 0, cured.output
    assert (home / "famiglia-2.game.json").read_text() == content  # kept, not deleted
    assert json.loads(path.read_text())["entries"] == [["R0 B1 Y1 G1 B2 Y2"]]


def test_damaged_options_name_the_same_cure(home):
    assert run("famiglia", "play", input="R0 B1 Y1 G1 B2 Y2\n").exit_code == 0
    path = home / "famiglia.game.json"
    raw = json.loads(path.read_text())
    raw["options"]["level"] = "high"
    path.write_text(json.dumps(raw))
    assert "--new" in one_line_error(run("famiglia", "play", "--resume"))
    assert run("famiglia", "play", "--new", input="quit\n").exit_code == 0


def test_resume_and_new_together_are_refused(home):
    assert "--new" in one_line_error(run("terror24", "play", "--resume", "--new"))


@pytest.mark.parametrize("answer, resumed, kept", [("c", True, False), ("n", False, True), ("q", None, False)])
def test_at_a_terminal_play_asks_what_to_do_with_a_saved_game(home, monkeypatch, answer, resumed, kept):
    assert run("famiglia", "play", input="R0 B1 Y1 G1 B2 Y2\n").exit_code == 0
    monkeypatch.setattr(launch, "at_terminal", lambda: True)
    result = run("famiglia", "play", "--lang", "ja", input=f"{answer}\nstatus --json\n")
    assert result.exit_code == 0, result.output
    assert "保存されたゲーム" in result.output and "(c)" not in result.output.replace("（c）", "")
    statuses = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    if resumed is None:
        assert statuses == []
    else:
        assert len(statuses) == 1 and bool(statuses[0]["street"] and statuses[0]["scores"]["player"]) is resumed
    assert (home / "famiglia-2.game.json").exists() is kept


def test_piped_lines_are_never_asked(home):
    assert run("famiglia", "play", input="R0 B1 Y1 G1 B2 Y2\n").exit_code == 0
    one_line_error(run("famiglia", "play", input="c\n"))  # CliRunner's input is no terminal


def test_games_lists_every_saved_game_with_its_state_and_the_command_that_continues_it(home):
    assert run("games").output.startswith("No saved games in")
    script = "".join(f"{line}\n" for line in famiglia_script())
    assert run("famiglia", "play", "--level", "2", input=script).exit_code == 0
    assert run("famiglia", "play", "--new", input="R0 B1 Y1 G1 B2 Y2\n").exit_code == 0  # the finished one → -2
    assert run("terror24", "play", input="A=scotch B=wolf C=hibachi\n").exit_code == 0
    (home / "hitmans-showdown.game.json").write_text("{broken")
    rows = {row["name"]: row for row in json.loads(run("games", "--json").output)}
    assert set(rows) == {"famiglia", "famiglia-2", "terror24", "hitmans-showdown"}
    assert rows["famiglia-2"]["over"] is True and rows["famiglia"]["over"] is False
    assert rows["famiglia"]["progress"] == {"pass": 1}
    assert rows["hitmans-showdown"]["damaged"]
    assert rows["hitmans-showdown"]["command"] == "companion showdown play --new"
    assert rows["terror24"]["command"] == "companion terror24 play --resume"
    assert rows["famiglia-2"]["command"].endswith(f"--game {home / 'famiglia-2.game.json'}")
    table = run("games").output.splitlines()
    assert table[1].split() == ["game", "name", "last", "change", "progress", "state", "to", "continue"]
    words = {line.split()[1]: line for line in table[2:]}
    assert "finished" in words["famiglia-2"] and "in play" in words["famiglia"] and "pass 1" in words["famiglia"]
    assert "damaged" in words["hitmans-showdown"]
    ja = run("games", "--lang", "ja").output
    assert "終了" in ja and "破損" in ja and "進行中" in ja


def test_games_reads_another_folder(tmp_path, home):
    played = run("famiglia", "play", "--game", str(tmp_path / "club.game.json"), input="R0 B1 Y1 G1 B2 Y2\n")
    assert played.exit_code == 0
    rows = json.loads(run("games", "--games", str(tmp_path), "--json").output)
    assert [(r["name"], r["game"]) for r in rows] == [("club", "famiglia")]
