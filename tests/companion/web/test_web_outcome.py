"""The end of a game, the same for the three games: the status's `over` and `outcome`, the list's `over`
(the app's end screen and its home list's "Game over" are drawn from them: tests/companion/app/), and a
rematch with the same setup."""
import json
from pathlib import Path

import pytest

from repo_paths import JOURNALS
from web_helpers import client


def saved_game(folder: Path, fixture: str, name: str) -> dict:
    """A game file recorded to its end (tests/fixtures/journals/), saved under `name`."""
    game = json.loads((JOURNALS / f"{fixture}.json").read_text(encoding="utf-8"))["file"]
    (folder / f"{name}.game.json").write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    return game


@pytest.mark.parametrize("fixture, how, places", [
    ("famiglia-level1-player-first", "score", 2),
    ("terror24-3p-virtual", None, 3),
    ("showdown-2teams", "showdown", 2),
])
def test_a_finished_game_says_so_with_its_ranking_and_the_list_marks_it(tmp_path, fixture, how, places):
    c = client(tmp_path)
    saved_game(tmp_path, fixture, "done")
    status = c.get("/api/games/done").json()
    assert status["over"] is True and len(status["outcome"]["ranking"]) == places
    if how:
        assert status["outcome"]["how"] == how
    places_seen = [p["place"] for p in status["outcome"]["ranking"]]
    assert places_seen == sorted(places_seen) and places_seen[0] == 1
    listed = c.get("/api/games").json()["games"]
    assert [g["over"] for g in listed if g["name"] == "done"] == [True]


def test_a_game_under_way_has_no_outcome_and_no_rematch(tmp_path):
    c = client(tmp_path)
    saved_game(tmp_path, "terror24-3p-midround", "mid")
    status = c.get("/api/games/mid").json()
    assert status["over"] is False and status["outcome"] is None
    assert [g["over"] for g in c.get("/api/games").json()["games"]] == [False]
    answer = c.post("/api/games/mid/rematch")
    assert answer.status_code == 409 and "not over" in answer.json()["error"]


def test_a_famiglia_rematch_is_a_new_game_with_the_same_options_and_a_new_seed(tmp_path):
    c = client(tmp_path)
    old = saved_game(tmp_path, "famiglia-level4-robot-first", "solo")
    answer = c.post("/api/games/solo/rematch")
    assert answer.status_code == 201 and answer.json() == {"name": "solo-2"}
    new = json.loads((tmp_path / "solo-2.game.json").read_text(encoding="utf-8"))
    assert new["options"] == old["options"] and new["entries"] == [] and new["game"] == old["game"]
    assert c.post("/api/games/solo-2/rematch").status_code == 409  # not over: nothing to rematch
    assert c.post("/api/games/solo/rematch").json() == {"name": "solo-3"}  # the next free number


def test_a_24_rematch_keeps_the_seats_styles_and_npc_and_asks_for_a_new_chief(tmp_path):
    c = client(tmp_path)
    old = saved_game(tmp_path, "terror24-3p-virtual", "table")
    assert c.post("/api/games/table/rematch").json() == {"name": "table-2"}
    new = json.loads((tmp_path / "table-2.game.json").read_text(encoding="utf-8"))
    assert new["entries"] == old["entries"][:3] and new["seed"] != old["seed"]
    status = c.get("/api/games/table-2").json()
    assert status["over"] is False
    assert [a["group"] for a in status["actions"] if a["group"] != "table"] == ["chief"] * 3
