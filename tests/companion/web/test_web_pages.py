"""The play pages rendered at every step of whole games, in both languages: each renders, offers only
lines the game accepts at that point, and shows names as text, never as markup."""
import random
import re
from html import unescape

import pytest
from starlette.testclient import TestClient

from companion.famiglia.engine import Rules
from companion.famiglia.simulate import table_lines
from companion.web.app import create_app
from tabletop.data.famiglia import load_famiglia
from terror24_script import GAME as TERROR24_GAME

TABLE_WORDS = {"undo", "history", "help"}


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(tmp_path))


def page(client, name, lang):
    client.cookies.set("lang", lang)  # the page's language switch
    response = client.get(f"/games/{name}")
    assert response.status_code == 200, response.text[-2000:]
    return response.text


def offered(html):
    return {unescape(line) for line in re.findall(r'data-(?:line|try)="([^"]*)"', html)} - TABLE_WORDS


def play_through(client, name, lines):
    """Apply each line from its page, checking every page on the way; returns the last page."""
    for n, line in enumerate(lines):
        html = page(client, name, ("en", "ja")[n % 2])
        text = re.sub(r"<[^>]*>", "", html)
        assert "Undefined" not in html and not re.search(r"\bNone\b(?!:)", text)  # "None:" is the robot's words
        answer = client.post(f"/api/games/{name}/lines", json={"line": line}).json()
        assert answer["ok"], (line, answer["messages"])
    return page(client, name, "en")


def test_a_whole_famiglia_game_renders_at_every_step_and_ends_with_the_result(client):
    lines, game = table_lines(Rules(load_famiglia(), 3), "player", random.Random(5))
    client.post("/api/games", json={"game": "famiglia", "name": "f", "options": {"level": 3}})
    html = play_through(client, "f", lines)
    assert "Game over" in html and offered(html) == set()


def test_famiglia_page_offers_exactly_the_take_and_refresh_lines_of_the_street(client):
    client.post("/api/games", json={"game": "famiglia", "name": "f", "options": {}})
    client.post("/api/games/f/lines", json={"line": "R1 B2 Y3 G1 R2 B1"})
    expected = {f"{word} {n}" for word in ("take", "refresh") for n in range(1, 7)} | {"end"}
    assert offered(page(client, "f", "en")) == expected


def test_a_whole_24_game_renders_at_every_step_and_ends_with_the_winner(client):
    client.post("/api/games", json={"game": "terror24", "name": "t", "options": {"npc_deck": "physical"}})
    html = play_through(client, "t", TERROR24_GAME)
    assert "winner: Chie" in html


def test_showdown_names_are_shown_as_text_and_attack_lines_are_offered(client):
    teams = [{"name": "<b>Ann</b>", "faction": "red_heart"}, {"name": "Bob", "faction": "void_clover"}]
    made = client.post("/api/games", json={"game": "showdown", "name": "s", "options": {"teams": teams}})
    assert made.status_code == 201
    html = page(client, "s", "ja")
    assert "<b>Ann</b>" not in html and "&lt;b&gt;Ann&lt;/b&gt;" in html
    lines = offered(html)
    assert "pass" in lines and "attack SQ" in lines
    html = play_through(client, "s", ["attack SQ", "buy weapon", "roll 4 4 4 4", "done"])
    assert "attack SQ" not in offered(html)  # Ann holds it now


def test_a_showdown_passed_to_its_end_shows_the_verdict_and_offers_no_action(client):
    teams = [{"name": "Ann", "faction": "red_heart"}, {"name": "Bob", "faction": "void_clover"}]
    client.post("/api/games", json={"game": "showdown", "name": "s", "options": {"teams": teams}})
    for _ in range(100):
        if client.get("/api/games/s").json()["over"]:
            break
        assert client.post("/api/games/s/lines", json={"line": "pass"}).json()["ok"]
    html = page(client, "s", "en")
    assert "The showdown" in html and ("wins" in html or "shared" in html.lower())
    assert offered(html) == set()
    assert "ショーダウン" in page(client, "s", "ja")


def test_a_japanese_play_page_says_its_own_words_in_japanese(client):
    """Every page word is in the catalog: a Japanese viewer sees none of the English headings."""
    client.post("/api/games", json={"game": "famiglia", "name": "f", "options": {"first": "robot"}})
    client.post("/api/games/f/lines", json={"line": "R1 B2 Y3 G4 R0 B1"})
    html = page(client, "f", "ja")
    assert "ロボットの手番" in html and "ストリート" in html
    for english in ("The robot's turn", "The robot takes", "your turn", "discard pile", "Undo"):
        assert english not in html
