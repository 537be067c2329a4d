"""`GET /api/games/NAME` lists the legal moves as `actions`; a game played through HTTP with nothing but
lines taken from that list runs to its end, every post accepted."""
import random

import pytest

from web_helpers import client, create, post


@pytest.fixture
def c(tmp_path):
    return client(tmp_path)


def walk(c, name, seed, limit=3000):
    """Post a random listed line (now and then undo) until the game is over."""
    rng = random.Random(seed)
    status = c.get(f"/api/games/{name}").json()
    for _ in range(limit):
        if status["over"]:
            return status
        playable = [a for a in status["actions"] if a["line"] not in ("", "undo")]
        if rng.random() < 0.03 and any(a["line"] == "undo" for a in status["actions"]):
            line = "undo"
        else:
            line = rng.choice(playable)["line"]
        answer = post(c, name, line, status["version"]).json()
        assert answer["ok"], (line, answer["messages"])
        status = answer["status"]
    raise AssertionError(f"{name}: not over after {limit} posts")


@pytest.mark.parametrize("level, first, seed", [(1, "player", 1), (2, "robot", 2), (3, "player", 3),
                                                (4, "robot", 4)])
def test_a_famiglia_game_played_only_from_the_listed_actions_reaches_its_end(c, level, first, seed):
    assert create(c, "famiglia", "g", level=level, first=first, seed=seed).status_code == 201
    final = walk(c, "g", seed)
    assert final["winner"] in ("robot", "player", "draw")
    assert [a["line"] for a in final["actions"]] == ["undo"]  # a finished game offers only undo


def test_each_action_has_a_line_a_label_and_a_group_in_the_viewers_language(c):
    create(c, "famiglia", "g", seed=3)
    first = c.get("/api/games/g").json()["actions"]
    draws = [a for a in first if a["group"] == "draw"]
    assert all(a["line"] and a["label"].startswith("Drawn: ") for a in draws if "form" not in a)
    form = next(a for a in draws if "form" in a)
    assert form["line"] == "" and form["form"]["kind"] == "cards" and form["form"]["count"] == 6
    assert sorted(form["form"]["choices"]) == sorted(a["line"] for a in draws if "form" not in a)
    ja = c.get("/api/games/g", headers={"Accept-Language": "ja"}).json()["actions"]
    assert [a["line"] for a in ja] == [a["line"] for a in first]
    assert next(a for a in ja if "form" in a)["label"] == "引いた6枚のカード（順に）"


def test_a_filled_form_is_accepted_and_the_players_turn_lists_takes_refreshes_and_end(c):
    create(c, "famiglia", "g", first="player", seed=3)
    assert post(c, "g", "R1 B1 Y1 G1 B2 Y2").json()["ok"]
    actions = c.get("/api/games/g").json()["actions"]
    assert [a["line"] for a in actions] == (
        [f"take {n}" for n in range(1, 7)] + [f"refresh {n}" for n in range(1, 7)] + ["end", "undo"])
    assert actions[0]["label"] == "Take R1 (position 1)" and actions[0]["group"] == "take"


def fill(form, rng, players=None):
    """A line that fills `form` from its choices, as a page's form would (with `players` players)."""
    kind, choices, count = form["kind"], form["choices"], form["count"]
    if kind == "players":
        assert players is None or form["least"] <= players <= count
        detectives = rng.sample(choices, players or rng.randint(form["least"], count))
        return " ".join(f"P{n}={detective}" for n, detective in enumerate(detectives, 1))
    if kind == "styles":
        return " ".join(rng.choice(choices) for _ in range(count))
    if kind in ("grid", "events"):
        letters = iter(rng.sample(choices, count))
        return " ".join("".join(next(letters) for _ in range(size)) for size in form["shape"] or [count])
    if kind == "cards":
        return rng.choice(choices)
    return f"adjust {rng.choice(choices)} +1"


def play_out(c, name, seed, players=None, limit=400):
    """Listed lines where there are any, else the first form filled; now and then a correction."""
    rng = random.Random(seed)
    status = c.get(f"/api/games/{name}").json()
    for _ in range(limit):
        if status.get("phase") == "over":
            return status
        actions = status["actions"]
        lines = [a["line"] for a in actions if a["line"] and a["line"] != "undo"]
        forms = [a["form"] for a in actions if "form" in a and a["form"]["kind"] != "adjust"]
        adjust = [a["form"] for a in actions if "form" in a and a["form"]["kind"] == "adjust"]
        if adjust and rng.random() < 0.05:
            line = fill(adjust[0], rng)
        else:
            line = rng.choice(lines) if lines else fill(forms[0], rng, players)
        answer = post(c, name, line, status["version"]).json()
        assert answer["ok"], (line, answer["messages"])
        status = answer["status"]
    raise AssertionError(f"{name}: not over after {limit} posts")


@pytest.mark.parametrize("players, deck, seed", [(3, "virtual", 1), (3, "physical", 2), (4, "virtual", 3),
                                                 (4, "physical", 4), (5, "virtual", 5), (5, "virtual", 6)])
def test_a_24_game_played_only_from_the_listed_actions_and_forms_reaches_its_end(c, players, deck, seed):
    assert create(c, "terror24", "t", npc_deck=deck, seed=seed).status_code == 201
    final = play_out(c, "t", seed, players)
    assert len([s for s in final["seats"] if not s["npc"]]) == players
    assert final["winners"] is not None
    humans = [s for s in final["seats"] if not s["npc"]]
    assert set(final["winners"]) <= {s["name"] for s in humans if not s["dead"]}


def test_24_lists_each_pair_a_bidder_may_lay_with_its_name(c):
    create(c, "terror24", "t", seed=1)
    for line in ("Aki=scotch Ben=wolf Chie=hibachi Dai=lloyd", "s c s c", "Aki", "RB YG RR BP GY"):
        assert post(c, "t", line).json()["ok"], line
    actions = c.get("/api/games/t").json()["actions"]
    bids = [a for a in actions if a["group"] == "bid"]
    hand = c.get("/api/games/t").json()["seats"][0]["hand"]
    pairs = {tuple(sorted((a, b))) for i, a in enumerate(hand) for b in hand[i + 1:]}
    assert {a["line"] for a in bids if a["line"].startswith("Aki ")} == {f"Aki {a} {b}" for a, b in pairs}
    assert {a["line"].split()[0] for a in bids} == {"Aki", "Ben", "Chie", "Dai"}
    assert next(a for a in actions if a["line"] == "Aki 0 1")["label"] == "Aki lays 0 1"


TEAMS = [{"name": "Ann", "faction": "blood_diamond"}, {"name": "Bob", "faction": "void_clover"},
         {"name": "Cy", "faction": "red_heart"}, {"name": "Di", "faction": "darkness_speed"}]


@pytest.mark.parametrize("teams, seed", [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)])
def test_a_showdown_played_only_from_the_listed_actions_reaches_its_end(c, teams, seed):
    assert create(c, "showdown", "s", teams=TEAMS[:teams], seed=seed).status_code == 201
    rng = random.Random(seed)
    status = c.get("/api/games/s").json()
    for _ in range(2000):
        if status["over"]:
            break
        lines = [a["line"] for a in status["actions"] if a["line"] and a["line"] != "undo"]
        answer = post(c, "s", rng.choice(lines), status["version"]).json()
        assert answer["ok"], answer["messages"]
        status = answer["status"]
    assert status["over"] and status["showdown"]["winners"]
    assert [a["line"] for a in status["actions"] if a["line"]] == ["undo"]


def test_showdown_lists_only_the_attacks_the_team_can_make(c):
    create(c, "showdown", "s", teams=TEAMS[:2], seed=5)
    status = c.get("/api/games/s").json()
    attacks = {a["line"] for a in status["actions"] if a["group"] == "attack"}
    board = {f"attack {card}" for card in status["board"]}
    assert "attack H3" in attacks and attacks < board  # week 1: no team may be attacked yet
    for line in sorted(board - attacks):  # the kings' and jokers' advances are more than Ann holds
        refused = post(c, "s", line).json()
        assert not refused["ok"] and "cannot pay" in refused["messages"][0]
    assert {"line": "pass", "label": "Pass", "group": "pass"} in status["actions"]
    first = next(a for a in status["actions"] if a["line"] == "attack H3")
    assert first["label"].startswith("Attack H3 ")
