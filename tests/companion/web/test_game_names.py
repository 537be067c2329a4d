"""What a game may be called (companion/web/names.py): every script's letters, marks and numbers and the
marks Japanese names use; no Windows device name; no Latin mixed with look-alike Cyrillic or Greek; and
two names a player would take for one are one game."""
import pytest

from companion.web.names import key, refusal
from web_helpers import client, create


@pytest.mark.parametrize("name", ["खेल", "テロル・卓", "ゲーム－２", "ゲームー", "клуб", "Αθήνα", "club_2", "Ünïcødé",
                                  "ห้อง", "한국어", "会-7"])
def test_names_in_any_script_are_games(tmp_path, name):
    c = client(tmp_path)
    assert create(c, "famiglia", name).status_code == 201
    assert c.get(f"/api/games/{name}").status_code == 200
    assert name in [row["name"] for row in c.get("/api/games").json()["games"]]


@pytest.mark.parametrize("name", ["CON", "nul", "Com1", "lpt9", "LPT¹", "ＣＯＮ", "aux"])
def test_a_windows_device_name_is_refused_on_every_system(tmp_path, name):
    r = create(client(tmp_path), "famiglia", name)
    assert r.status_code == 400
    assert r.json()["error"] == f"{name!r} is a name Windows keeps for a device; choose another."
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("name", ["сlub", "clubα", "Рython"])
def test_latin_mixed_with_look_alike_letters_is_refused(tmp_path, name):
    r = create(client(tmp_path), "famiglia", name)
    assert r.status_code == 400 and "mixes Latin letters with Cyrillic or Greek ones" in r.json()["error"]


@pytest.mark.parametrize("twin", ["Club", "CLUB", "ｃｌｕｂ", "Ｃｌｕｂ"])
def test_a_name_a_player_takes_for_another_game_s_is_that_game_s(tmp_path, twin):
    c = client(tmp_path)
    assert create(c, "famiglia", "club").status_code == 201
    r = create(c, "famiglia", twin)
    assert r.status_code == 409 and r.json()["error"] == "A game called 'club' already exists."
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".game.json")] == ["club.game.json"]


def test_the_rule_in_one_place():
    assert key("ｆｕｌｌ") == key("Full") == "full" and key("сlub") != key("club")
    assert refusal("a b") and refusal("../x") and refusal(".hidden") and refusal("") and refusal("x" * 65)
    assert refusal("・x") and refusal("-x")  # a name starts with a letter or a number
    assert refusal("e\u0301") and not refusal("\u00e9")  # NFC only: one name, one file
