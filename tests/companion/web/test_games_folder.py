"""A folder of many saved games: the list replays a game only when its file changed since it last looked
(kept between runs too, so `companion games` and a restarted server replay nothing that did not change),
the server keeps a bounded number of games open, and a request that makes a game, sent twice, makes one."""
import pytest

from companion import games as games_command
from companion.web import store as store_module
from web_helpers import client, create, famiglia_script, post


@pytest.fixture
def opened(monkeypatch):
    """The names of the games the store replays (opens) from their files, in order."""
    names = []
    really_open = store_module.Store._open

    def counted(self, path, name, kind, lang):
        names.append(name)
        return really_open(self, path, name, kind, lang)

    monkeypatch.setattr(store_module.Store, "_open", counted)
    return names


def test_the_list_replays_a_game_only_when_its_file_changed(tmp_path, opened):
    first = client(tmp_path)
    for name in ("a", "b", "c"):
        create(first, "famiglia", name, level=2)
    assert post(first, "b", famiglia_script()[0]).json()["ok"]
    listed = first.get("/api/games").json()["games"]
    restarted = client(tmp_path)  # another server, or `companion games`: the list kept between runs
    opened.clear()
    assert restarted.get("/api/games").json()["games"] == listed and opened == []
    assert post(first, "a", famiglia_script()[0]).json()["ok"]  # a changes
    again = restarted.get("/api/games").json()["games"]
    assert opened == ["a"] and {row["name"]: row["version"] for row in again}["a"] == 2
    restarted.get("/api/games")
    assert opened == ["a"]


def test_companion_games_replays_only_what_changed_since_it_last_looked(tmp_path, opened):
    c = client(tmp_path)
    for name in ("x", "y"):
        create(c, "famiglia", name, level=2)
    opened.clear()
    first = games_command.rows(tmp_path, "en")
    assert sorted(opened) == ["x", "y"]  # never listed before
    opened.clear()
    assert games_command.rows(tmp_path, "en") == first and opened == []
    assert {row["name"]: row["damaged"] for row in first} == {"x": False, "y": False}


def test_a_damaged_file_is_listed_as_damaged_in_the_viewer_s_language(tmp_path):
    (tmp_path / "broken.game.json").write_text("{", encoding="utf-8")
    c = client(tmp_path)
    problem = c.get("/api/games").json()["games"][0]["problem"]
    assert problem == "broken: the game file is damaged; it was left untouched."
    ja = c.get("/api/games", headers={"Accept-Language": "ja"}).json()["games"][0]["problem"]
    assert ja.startswith("broken") and ja.isascii() is False


def test_the_server_keeps_a_bounded_number_of_games_open(tmp_path, opened, monkeypatch):
    monkeypatch.setattr(store_module, "OPEN_TABLES", 2)
    c = client(tmp_path)
    for name in ("g1", "g2", "g3"):
        create(c, "famiglia", name, level=2)
    opened.clear()  # open now, the last two made: g2 and g3
    for name in ("g3", "g1", "g3", "g2", "g3"):  # g1 puts g2 away; g2 then puts g1 away (g3 was used since)
        assert c.get(f"/api/games/{name}").status_code == 200
    assert opened == ["g1", "g2"]


def test_a_new_game_sent_twice_with_its_request_id_is_made_once(tmp_path):
    c = client(tmp_path)
    body = {"game": "famiglia", "name": "twice", "options": {"level": 2}, "request": "tap-1"}
    first, second = c.post("/api/games", json=body), c.post("/api/games", json=body)
    assert first.status_code == second.status_code == 201 and first.json() == second.json()
    other = c.post("/api/games", json=body | {"request": "tap-2"})
    assert other.status_code == 409  # another request for the same name: the name is taken
    assert [p.name for p in tmp_path.glob("*.game.json")] == ["twice.game.json"]


def test_a_rematch_tapped_twice_makes_one_game(tmp_path):
    c = client(tmp_path)
    create(c, "famiglia", "done", level=2)
    for line in famiglia_script():  # a whole game
        post(c, "done", line)
    assert c.get("/api/games/done").json()["over"]
    taps = [c.post("/api/games/done/rematch", json={"request": "rematch-1"}) for _ in range(2)]
    assert [t.status_code for t in taps] == [201, 201] and taps[0].json() == taps[1].json() == {"name": "done-2"}
    assert sorted(p.name for p in tmp_path.glob("*.game.json")) == ["done-2.game.json", "done.game.json"]
    assert c.post("/api/games/done/rematch").json() == {"name": "done-3"}  # a script without an id: a new one
