"""Hitman's Showdown keeps the rulings a game was started under: a new game saves the latest `"rules"`; a
game saved before has none and plays by version 1, so every saved line does what it did."""
import json

import pytest

from companion.session import Session
from companion.showdown.engine import RULES_VERSION
from companion.showdown.repl import ShowdownTable
from companion.table import InputError
from web_helpers import client, create, post, terminal

TEAMS = [{"name": "Ann", "faction": "blood_diamond"}, {"name": "Bob", "faction": "void_clover"}]


def table(rules=None, seed=5):
    options = {"teams": TEAMS, "lang": "en"} | ({"rules": rules} if rules else {})
    return ShowdownTable(Session.create("hitmans-showdown", options, None, seed))


def play(t, *lines):
    return [said for line in lines for said in t.handle(line)]


def test_a_new_game_saves_the_rules_it_plays_by(tmp_path):
    c = client(tmp_path)
    create(c, "showdown", "s", teams=TEAMS)
    assert json.loads((tmp_path / "s.game.json").read_text())["options"]["rules"] == RULES_VERSION == 3
    game = tmp_path / "t.game.json"
    terminal("showdown", game, "quit\n", tmp_path, "--team", "Ann=blood_diamond", "--team", "Bob=void_clover",
             resume=False)
    assert json.loads(game.read_text())["options"]["rules"] == 3


@pytest.mark.parametrize("line, why", [
    ("attack H3", "carries no penalty"),  # a Mob: losing costs nothing
])
def test_an_escape_route_that_could_do_nothing_is_refused_before_it_is_paid(line, why):
    t = table(rules=2)
    play(t, "adjust Ann +10000 test", line)
    with pytest.raises(InputError, match=why):
        t.handle("buy escape")
    assert t.engine.teams["Ann"].money == 11000
    old = table()  # a game saved before version 2 bought it, paid, and goes on doing so
    play(old, "adjust Ann +10000 test", line, "buy escape")
    assert old.engine.teams["Ann"].money < 11000


def test_a_second_escape_route_for_one_action_is_refused():
    t = table(rules=2)
    play(t, "adjust Ann +10000 test", "attack HJ", "buy escape")
    with pytest.raises(InputError, match="one already cancels"):
        t.handle("buy escape")


def test_a_penalty_answer_gives_exactly_the_faces_asked():
    t = table(rules=2)
    play(t, "attack HJ", "roll 2 2", "done")
    assert t.engine.action.question and t.engine.action.asked == 1
    with pytest.raises(InputError, match="answer with 1 face"):
        t.handle("3 4")
    assert t.engine.action.answers == []
    old = table()
    play(old, "attack HJ", "roll 2 2", "done", "3 4")  # version 1 kept the 4 for a later question


def test_a_use_that_could_do_nothing_is_refused_and_not_offered():
    t = table(rules=3)
    play(t, "give C3 Ann", "attack H3")  # a Stray's only effect is on opposing dice: a mafia attack has none
    assert "use C3" not in [c.line for c in t.choices()]
    with pytest.raises(InputError, match="would do nothing"):
        t.handle("use C3")
    assert t.engine.uses["C3"] == 0
    old = table(rules=2)  # before version 3 the use was taken and spent the card's week
    play(old, "give C3 Ann", "attack H3", "use C3")
    assert old.engine.uses["C3"] == 1


def won_hitman_attack(rules):
    """Ann beats Bob in week 3, Bob holding the Godfather and less than the 10,000 it costs to lose it."""
    t = table(rules=rules)
    while t.engine.week < 3:
        play(t, "pass")
    play(t, "give JOKER-COLOR Bob", "attack Bob", "ready", "ready")
    for faces in ("6", "1"):
        side = next(s for s in t.engine.action.sides if not s.pool.rolled)
        play(t, "roll " + " ".join([faces] * side.pool.count))
    play(t, "done", "JOKER-COLOR")  # the card the winner takes
    return t


def test_no_robbery_roll_is_asked_of_a_victim_left_with_nothing():
    t = won_hitman_attack(rules=3)
    assert t.engine.action is None and t.engine.teams["Bob"].money == 0  # the Godfather took it all
    reasons = [getattr(b.reason, "message", "") for b in t.engine.ledger]
    assert "{card} taken" in reasons and "robbed by {team} (rolled {faces})" not in reasons
    old = won_hitman_attack(rules=2)
    assert old.engine.action.question is not None  # the roll was asked, for nothing to take


def test_a_rules_version_from_a_later_kit_is_a_damaged_file(tmp_path):
    c = client(tmp_path)
    create(c, "showdown", "s", teams=TEAMS)
    saved = json.loads((tmp_path / "s.game.json").read_text())
    saved["options"]["rules"] = 99
    (tmp_path / "s.game.json").write_text(json.dumps(saved))
    r = client(tmp_path).get("/api/games/s")
    assert r.status_code == 409 and "damaged" in r.json()["error"]
    assert post(client(tmp_path), "s", "pass").status_code == 409


def test_the_advance_is_paid_by_default_and_received_where_the_data_says_so():
    from companion.kinds import bundled
    from companion.showdown.engine import Game
    from tabletop.record import replace

    game = bundled("showdown")
    assert game.rules.advance == "paid"
    teams = [("Ann", "blood_diamond"), ("Bob", "void_clover")]
    for advance, money in (("paid", 11000 - 2000), ("received", 11000 + 2000)):
        engine = Game(replace(game, rules=replace(game.rules, advance=advance)), teams, 1)
        engine.adjust("Ann", 10000, "test")
        engine.attack("HK")  # an Underboss: 2,000 up front
        assert engine.teams["Ann"].money == money
