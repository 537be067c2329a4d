"""`companion serve`'s HTTP API and pages at the HTTP level: every endpoint, every refusal."""
import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from companion.web.app import create_app
from web_helpers import client, create, famiglia_script, post, terminal, terminal_status


@pytest.fixture
def c(tmp_path):
    return client(tmp_path)


def saved(tmp_path, name="g"):
    return json.loads((tmp_path / f"{name}.game.json").read_text())


# ---- create, list, status ---------------------------------------------------------------------

def test_a_new_game_is_saved_where_the_terminal_resumes_it(c, tmp_path):
    r = create(c, "famiglia", "g", level=2, first="robot")
    assert r.status_code == 201
    assert r.json()["status"]["level"] == 2 and r.json()["status"]["first"] == "robot"
    file = saved(tmp_path)
    assert file["game"] == "famiglia" and file["options"]["level"] == 2 and file["entries"] == []
    # the terminal resumes it and sees what the API sees
    api = c.get("/api/games/g").json()
    assert api.pop("version") == file["revision"]
    assert len(api.pop("actions")) == 20 + 1  # a card of each code may come up, or all six as a form
    assert terminal_status("famiglia", tmp_path / "g.game.json", tmp_path) == api


def test_status_is_what_status_json_prints_plus_a_version_and_the_actions(c, tmp_path):
    create(c, "showdown", "s", teams=["Ann=blood_diamond", "Bob=Void Clover"], seed=5)
    for line in ("attack H3", "roll 1 2"):
        assert post(c, "s", line).json()["ok"]
    api = c.get("/api/games/s").json()
    assert api.pop("version") == saved(tmp_path, "s")["revision"]
    assert {"line": "undo", "label": "Undo", "group": "table"} in api.pop("actions")
    assert terminal_status("showdown", tmp_path / "s.game.json", tmp_path) == api


def test_the_list_shows_every_game_with_its_progress(c, tmp_path):
    create(c, "famiglia", "f")
    create(c, "terror24", "t")
    create(c, "showdown", "s", teams=[{"name": "Ann", "faction": "blood_diamond"},
                                      {"name": "Bob", "faction": "void_clover"}])
    rows = {row["name"]: row for row in c.get("/api/games").json()["games"]}
    assert {name: row["game"] for name, row in rows.items()} == {"f": "famiglia", "t": "terror24", "s": "showdown"}
    assert rows["s"]["progress"] == {"week": 1} and rows["f"]["progress"] == {"pass": 1}
    assert all(row["version"] == 1 and not row["over"] for row in rows.values())


def test_a_game_started_in_the_terminal_is_listed_and_continues(c, tmp_path):
    path = tmp_path / "famiglia.game.json"
    script = famiglia_script()
    result = terminal("famiglia", path, "\n".join(script[:2]) + "\n", tmp_path, "--level", "2", resume=False)
    assert result.returncode == 0, result.stderr
    assert [row["name"] for row in c.get("/api/games").json()["games"]] == ["famiglia"]
    version = c.get("/api/games/famiglia").json()["version"]
    r = post(c, "famiglia", script[2], version)
    assert r.json()["ok"] and r.json()["status"]["version"] == version + 1
    assert [line for entry in saved(tmp_path, "famiglia")["entries"] for line in entry] == script[:3]


@pytest.mark.parametrize("body, message", [
    ({"game": "chess", "name": "x", "options": {}}, "Unknown game 'chess'"),
    ({"game": "famiglia", "name": "x", "options": {"level": 99}}, "level 99"),
    ({"game": "famiglia", "name": "x", "options": {"level": "2"}}, "level must be a whole number"),
    ({"game": "famiglia", "name": "x", "options": {"first": "cat"}}, "first must be robot or player"),
    ({"game": "terror24", "name": "x", "options": {"npc_deck": "tarot"}}, "npc_deck must be virtual or physical"),
    ({"game": "showdown", "name": "x", "options": {}}, "teams must be a list"),
    ({"game": "showdown", "name": "x", "options": {"teams": ["Ann=nobody", "Bob=void_clover"]}}, "nobody"),
    ({"game": "showdown", "name": "x", "options": {"teams": ["Ann=blood_diamond"]}}, "2"),
    ({"game": "showdown", "name": "x", "options": {"teams": [{"name": " "}]}}, "each team needs a name"),
    ({"game": "famiglia", "name": "x", "options": {"seed": "abc"}}, "seed must be a whole number"),
    ({"game": "famiglia", "name": "x", "options": {"levle": 2}}, "unknown option levle; this game takes level, first"),
    ({"game": "terror24", "name": "x", "options": {"teams": []}}, "unknown option teams; this game takes npc_deck"),
    ({"game": "famiglia", "name": "x", "options": []}, 'Send {"game"'),
    ({"game": "famiglia"}, 'Send {"game"'),
])
def test_a_new_game_that_play_would_refuse_is_a_400_and_saves_nothing(c, tmp_path, body, message):
    r = c.post("/api/games", json=body)
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert list(tmp_path.iterdir()) == []


def test_a_game_deleted_and_started_again_under_its_name_is_the_new_game(c, tmp_path):
    create(c, "famiglia", "g", level=2)
    assert c.get("/api/games/g").json()["level"] == 2  # cached by the server
    (tmp_path / "g.game.json").unlink()
    create(c, "famiglia", "g", level=1)
    assert terminal("famiglia", tmp_path / "h.game.json", "quit\n", tmp_path, "--level", "3",
                    resume=False).returncode == 0
    (tmp_path / "h.game.json").replace(tmp_path / "g.game.json")  # and again, from the terminal
    assert c.get("/api/games/g").json()["level"] == 3


def test_an_existing_name_is_refused_and_left_as_it_was(c, tmp_path):
    create(c, "famiglia", "g")
    before = (tmp_path / "g.game.json").read_bytes()
    r = create(c, "showdown", "g", teams=["Ann=blood_diamond", "Bob=void_clover"])
    assert r.status_code == 409 and "already exists" in r.json()["error"]
    assert (tmp_path / "g.game.json").read_bytes() == before


# ---- lines --------------------------------------------------------------------------------------

def test_a_line_is_applied_journalled_and_answered_as_the_terminal_would(c, tmp_path):
    create(c, "famiglia", "g", level=2)
    script = famiglia_script()
    r = post(c, "g", script[0], version=1).json()
    assert r["ok"] and r["status"]["version"] == 2
    assert r["status"]["street"] == script[0].split()
    assert any("Street" in m for m in r["messages"])
    assert saved(tmp_path)["entries"] == [[script[0]]]


def test_a_refused_line_gives_the_terminals_message_and_changes_nothing(c, tmp_path):
    create(c, "famiglia", "g", level=2)
    before = (tmp_path / "g.game.json").read_bytes()
    r = post(c, "g", "take 3", version=1)
    assert r.status_code == 200
    answer = r.json()
    assert answer["ok"] is False and answer["status"]["version"] == 1
    typed = terminal("famiglia", tmp_path / "g.game.json", "take 3\n", tmp_path).stdout
    assert f"! {answer['messages'][0]}" in typed
    assert (tmp_path / "g.game.json").read_bytes() == before


def test_undo_history_and_status_lines(c, tmp_path):
    create(c, "famiglia", "g", level=2)
    script = famiglia_script()
    for line in script[:3]:
        assert post(c, "g", line).json()["ok"]
    history = post(c, "g", "history").json()
    # the drawn cards a take asks for join its entry, as in the terminal
    assert history["ok"] and [m.split(". ", 1)[1].split("  →")[0] for m in history["messages"]] == [
        script[0], f"{script[1]} | {script[2]}"]
    undone = post(c, "g", "undo").json()
    assert undone["ok"] and undone["messages"][0].startswith("undone:")
    assert undone["status"]["version"] == 5  # created 1, three lines, one undo
    assert [line for e in saved(tmp_path)["entries"] for line in e] == script[:1]
    # another line after the undo: the same number of entries, never the same version
    again = post(c, "g", script[1]).json()
    assert again["ok"] and again["status"]["version"] == 6
    assert post(c, "g", "undo 0").json()["ok"] is False
    assert post(c, "g", "status").json()["messages"]
    quit_ = post(c, "g", "quit").json()
    assert quit_["ok"] and quit_["status"]["version"] == 6


def test_a_line_made_on_an_older_version_is_refused_with_the_game_as_it_is(c, tmp_path):
    create(c, "famiglia", "g", level=2)
    script = famiglia_script()
    assert post(c, "g", script[0], version=1).json()["ok"]
    before = (tmp_path / "g.game.json").read_bytes()
    r = post(c, "g", script[1], version=1)
    assert r.status_code == 409
    answer = r.json()
    assert answer["ok"] is False and answer["messages"] == ["The game changed; here it is now."]
    assert answer["status"]["version"] == 2 and answer["status"]["street"] == script[0].split()
    assert (tmp_path / "g.game.json").read_bytes() == before


def test_the_version_endpoint_follows_every_save(c, tmp_path):
    create(c, "famiglia", "g", level=2)
    assert c.get("/api/games/g/version").json() == {"version": 1}
    post(c, "g", famiglia_script()[0])
    assert c.get("/api/games/g/version").json() == {"version": 2}


@pytest.mark.parametrize("content, body, message", [
    ("text/plain", "take 1", "Send the request as JSON"),
    ("application/json", "{not json", "not valid JSON"),
    ("application/json", "[1, 2]", "must be a JSON object"),
    ("application/json", '{"version": 1}', 'Send {"line": "..."}'),
    ("application/json", '{"line": "  "}', 'Send {"line": "..."}'),
    ("application/json", '{"line": 3}', 'Send {"line": "..."}'),
    ("application/json", '{"line": "take 1\\nundo"}', "One line"),
    ("application/json", '{"line": "take 1\\u0000"}', "control character"),
    ("application/json", '{"line": "take 1\\u001b[2J"}', "control character"),
    ("application/json", '{"line": "\\u3000\\u2003"}', 'Send {"line": "..."}'),
    ("application/json", json.dumps({"line": "x" * 501}), "One line"),
    ("application/json", '{"line": "take 1", "version": "2"}', "version must be a whole number"),
    ("application/json", '{"line": "take 1", "version": true}', "version must be a whole number"),
    ("application/json", b'{"line": "\xff"}', "not valid JSON"),
    ("application/json", json.dumps({"line": "end", "pad": "x" * 70000}), "too large"),
])
def test_a_malformed_line_request_is_a_400_and_changes_nothing(c, tmp_path, content, body, message):
    create(c, "famiglia", "g")
    before = (tmp_path / "g.game.json").read_bytes()
    r = c.post("/api/games/g/lines", content=body, headers={"Content-Type": content})
    assert r.status_code == 400
    assert message in r.json()["error"]
    assert (tmp_path / "g.game.json").read_bytes() == before


# ---- names, damaged files -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["../g", "..", ".", ".hidden", "a.b", "/etc/passwd", "a\x00b", "a/b",
                                  "a\\b", " g", "g ", "-g", "_g", "x" * 65, "ge\u0301"])  # the last: not NFC
def test_a_name_never_reaches_a_file_outside_the_games_folder(tmp_path, name):
    folder = tmp_path / "games"
    folder.mkdir()
    (tmp_path / "g.game.json").write_text("outside")  # what '../g' would name
    c = client(folder)
    r = create(c, "famiglia", name)
    assert r.status_code == 400
    assert list(folder.iterdir()) == [] and (tmp_path / "g.game.json").read_text() == "outside"
    quoted = quote(name, safe="").replace(".", "%2E")  # sent as typed, not tidied by the client
    for path in (f"/api/games/{quoted}", f"/api/games/{quoted}/version", f"/games/{quoted}"):
        assert c.get(path).status_code in (404, 400)
    assert c.post(f"/api/games/{quoted}/lines", json={"line": "end"}).status_code in (404, 400, 405)
    assert (tmp_path / "g.game.json").read_text() == "outside"


def test_names_may_be_japanese(c, tmp_path):
    assert create(c, "famiglia", "日曜日の対戦").status_code == 201
    assert c.get("/api/games/日曜日の対戦").status_code == 200
    assert (tmp_path / "日曜日の対戦.game.json").exists()


def test_an_unknown_game_is_a_404_page_and_a_404_answer(c):
    page = c.get("/games/nothing")
    assert page.status_code == 404 and "text/html" in page.headers["content-type"]
    assert "No game is called" in page.text
    assert c.get("/api/games/nothing").status_code == 404
    assert post(c, "nothing", "end").status_code == 404
    assert c.get("/no/such/page").status_code == 404


@pytest.mark.parametrize("content, problem", [
    (b"{not json", "damaged"),
    (b"\xff\xfe", "damaged"),
    (b'{"format": "something else"}', "not a game file"),
    (b'{"format": "tabletop-kit game", "version": 1, "game": "kill-shot", "options": {}, "seed": 1, "entries": []}',
     "not a game file"),
    (b'{"format": "tabletop-kit game", "version": 1, "game": "famiglia", "options": {"level": "x", "first": "player"},'
     b' "seed": 1, "entries": []}', "damaged"),
    (b'{"format": "tabletop-kit game", "version": 1, "game": "famiglia", "options": {"level": 2, "first": "player"},'
     b' "seed": 1, "entries": [["take 9"]]}', "damaged"),
    (b'{"format": "tabletop-kit game", "version": 1, "game": "famiglia", "options": {"level": 2, "first": "player"},'
     b' "seed": 1, "revision": "x", "entries": []}', "damaged"),
])
def test_a_damaged_or_foreign_file_is_shown_as_such_and_left_untouched(c, tmp_path, content, problem):
    path = tmp_path / "bad.game.json"
    path.write_bytes(content)
    create(c, "famiglia", "good")
    rows = {row["name"]: row for row in c.get("/api/games").json()["games"]}
    assert problem in rows["bad"]["problem"] and "problem" not in rows["good"]
    assert c.get("/api/games/bad").status_code == 409
    assert problem in c.get("/api/games/bad").json()["error"]
    assert post(c, "bad", "undo").status_code == 409
    assert post(c, "bad", "end").status_code == 409
    page = c.get("/games/bad")  # a link to it: a page saying so, not the app
    assert page.status_code == 409 and problem in page.text and "text/html" in page.headers["content-type"]
    assert path.read_bytes() == content


def test_a_file_damaged_while_served_is_reported_not_overwritten(c, tmp_path):
    create(c, "famiglia", "g")
    assert c.get("/api/games/g").status_code == 200  # now cached by the server
    path = tmp_path / "g.game.json"
    path.write_text("{broken")
    r = post(c, "g", famiglia_script()[0])
    assert r.status_code == 409 and "damaged" in r.json()["error"]
    assert path.read_text() == "{broken"


# ---- safety --------------------------------------------------------------------------------------

def test_html_in_names_and_lines_is_shown_as_text(c, tmp_path):
    evil = "<script>alert(1)</script>"
    create(c, "showdown", "s", teams=[{"name": evil, "faction": "blood_diamond"}, "Bob=void_clover"])
    assert c.get("/api/games/s").json()["teams"][0]["name"] == evil  # JSON: the text as typed; the app shows
    # it as text (ui/dom.js never parses text as HTML: tests/companion/app/test_app_server_browser.py)
    answer = post(c, "s", "attack <img src=x onerror=alert(1)>").json()
    assert answer["ok"] is False
    missing = c.get("/games/%3Cb%3Ex")  # the error page puts the name in as text
    assert missing.status_code == 404 and "<b>x" not in missing.text and "&lt;b&gt;x" in missing.text


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "http://testserver.evil.example", "Sec-Fetch-Site": "same-origin"},
    {"Origin": "http://[testserver"},
])
def test_a_state_changing_request_from_another_site_is_refused(c, tmp_path, headers):
    create(c, "famiglia", "g")
    before = (tmp_path / "g.game.json").read_bytes()
    r = post(c, "g", famiglia_script()[0], **headers)
    assert r.status_code == 403 and "another site" in r.json()["error"]
    r = c.post("/api/games", json={"game": "famiglia", "name": "h", "options": {}}, headers=headers)
    assert r.status_code == 403
    assert (tmp_path / "g.game.json").read_bytes() == before and not (tmp_path / "h.game.json").exists()


def test_the_same_site_may_post(c):
    create(c, "famiglia", "g")
    r = post(c, "g", famiglia_script()[0], Origin="http://testserver", **{"Sec-Fetch-Site": "same-origin"})
    assert r.json()["ok"]


def test_only_local_names_reach_the_default_server(tmp_path):
    c = client(tmp_path, allowed_hosts=["127.0.0.1", "localhost", "::1"])
    assert c.get("/", headers={"Host": "127.0.0.1:8765"}).status_code == 200
    assert c.get("/", headers={"Host": "localhost:8765"}).status_code == 200
    assert c.get("/api/games", headers={"Host": "[::1]:8765"}).status_code == 200
    refused = c.get("/api/games", headers={"Host": "rebound.evil.example"})
    assert refused.status_code == 400 and "own address" in refused.json()["error"]
    for host in ("[::1", "", "a:b:c"):
        assert c.get("/api/games", headers={"Host": host}).status_code == 400


def test_with_a_token_every_request_needs_it(tmp_path):
    c = client(tmp_path, token="s3cret")
    assert c.get("/").status_code == 403
    assert c.get("/api/games").status_code == 403
    assert c.get("/?token=wrong").status_code == 403
    assert c.get("/?token=秘密").status_code == 403
    assert c.get("/api/games", headers={"Authorization": "Bearer 秘密".encode()}).status_code == 403
    assert create(c, "famiglia", "g").status_code == 403
    assert list(tmp_path.iterdir()) == []
    # the printed link sets a pass and leads on to the page without the token, a key in the fragment
    first = c.get("/?token=s3cret", follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"].startswith("/#key=")
    assert "HttpOnly" in first.headers["set-cookie"] and "s3cret" not in first.headers["set-cookie"]
    assert c.get("/").status_code == 200
    assert create(c, "famiglia", "g").status_code == 403  # the pass alone: pages, not the API
    key = first.headers["location"].partition("#key=")[2]
    assert c.post("/api/games", json={"game": "famiglia", "name": "g", "options": {}},
                  headers={"Authorization": f"Bearer {key}"}).status_code == 201
    other = client(tmp_path, token="s3cret")
    assert other.get("/api/games", headers={"Authorization": "Bearer s3cret"}).status_code == 200
    assert other.get("/api/games", headers={"Authorization": "Bearer nope"}).status_code == 403


# ---- the app's page and language -------------------------------------------------------------------

def test_the_apps_page_asks_nothing_of_the_internet(c):
    page = c.get("/").text
    assert "http://" not in page and "https://" not in page
    assert 'src="ui/main.js"' in page and 'href="ui/app.css"' in page  # its own files, beside it


def test_the_language_follows_the_browser(c):
    """The app sends its own language setting as Accept-Language; a page the server draws (an error)
    follows the browser's."""
    create(c, "famiglia", "g")
    assert "No game is called" in c.get("/games/x", headers={"Accept-Language": "en-GB,ja;q=0.5"}).text
    japanese = c.get("/games/x", headers={"Accept-Language": "fr-FR,ja;q=0.8,en;q=0.5"}).text
    assert '<html lang="ja">' in japanese and japanese.isascii() is False
    # the game's own messages are the viewer's too
    refused = post(c, "g", "take 3", **{"Accept-Language": "ja"}).json()
    assert refused["ok"] is False and not refused["messages"][0].isascii()
    # the former pages' language cookie is no longer read: the app's setting alone decides
    assert post(c, "g", "take 3", Cookie="lang=ja").json()["messages"][0].isascii()


def test_the_error_answers_speak_japanese_too(c):
    r = c.post("/api/games", json={"game": "chess", "name": "x"}, headers={"Accept-Language": "ja"})
    assert r.status_code == 400 and not r.json()["error"].isascii()


def test_html_in_a_journalled_line_is_shown_as_text(c):
    create(c, "showdown", "s", teams=["Ann=blood_diamond", "Bob=void_clover"])
    evil = "<img src=x onerror=alert(1)>"
    assert post(c, "s", f"adjust Ann +1 {evil}").json()["ok"]
    history = post(c, "s", "history").json()["messages"]
    assert any(evil in line for line in history)  # JSON carries the text as it was typed; the app shows it as text


GAMES = {"famiglia": {}, "terror24": {}, "showdown": {"teams": ["Ann=blood_diamond", "Bob=void_clover"]}}


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.one_of(
    st.text(min_size=1, max_size=40),
    st.sampled_from(["undo", "undo 3", "history", "status", "status --json", "help", "quit", "take 1", "refresh 9",
                     "end", "attack H3", "roll 1 2", "done", "pass", "buy weapon", "3 5", "R0 B1 Y2 G3 R1 B2",
                     "Aki=scotch Ben=wolf Chie=hibachi", "s c s", "random", "Aki", "RB YG RR BP GY"])),
    min_size=1, max_size=8))
def test_no_line_is_ever_answered_with_a_500(tmp_path, game, lines):
    folder = tmp_path / f"g{abs(hash(tuple(lines)))}"
    folder.mkdir()
    c = client(folder)
    assert create(c, game, "g", **GAMES[game]).status_code == 201
    for line in lines:
        r = c.post("/api/games/g/lines", json={"line": line})
        assert r.status_code in (200, 400), (line, r.status_code, r.text)
        if r.status_code == 200:
            assert isinstance(r.json()["ok"], bool)
    assert c.get("/api/games/g").status_code == 200
    assert c.get("/games/g", follow_redirects=False).status_code == 303


def test_a_method_the_route_does_not_take_is_a_405_with_words(c):
    create(c, "famiglia", "g")
    assert c.delete("/api/games/g").status_code == 405
    r = c.get("/api/games/g/lines")
    assert r.status_code == 405 and r.json()["error"] == "That method is not allowed here."


def test_a_bug_is_a_500_with_one_line_and_the_game_is_untouched(tmp_path, monkeypatch, capfd):
    from companion.famiglia.repl import FamigliaTable

    c = TestClient(create_app(tmp_path), raise_server_exceptions=False)
    create(c, "famiglia", "g")
    before = (tmp_path / "g.game.json").read_bytes()

    def broken(self):
        raise RuntimeError("boom")

    monkeypatch.setattr(FamigliaTable, "status", broken)
    r = c.get("/api/games/g")
    assert r.status_code == 500 and r.json()["error"] == "Internal error (RuntimeError); nothing was changed."
    page = c.get("/games/g")  # a link to the game, which the server opens to say it is sound
    assert page.status_code == 500 and "Internal error" in page.text and "Traceback" not in page.text
    assert "<style>" in page.text  # the error page, styled in itself
    assert "internal error on GET /games/g: RuntimeError: boom" in capfd.readouterr().err
    assert (tmp_path / "g.game.json").read_bytes() == before


HEADER_TEXT = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=30)


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    app = create_app(tmp_path_factory.mktemp("headers"), token="s3cret", allowed_hosts=["127.0.0.1", "localhost"])
    return TestClient(app, raise_server_exceptions=False)


@settings(max_examples=150, deadline=None)
@given(host=st.one_of(HEADER_TEXT, st.sampled_from(["127.0.0.1:8765", "localhost"])),
       origin=st.one_of(HEADER_TEXT, st.just("http://127.0.0.1:8765")), language=HEADER_TEXT,
       site=st.one_of(HEADER_TEXT, st.just("same-origin")), cookie=st.one_of(HEADER_TEXT, st.just("s3cret")),
       token=st.one_of(HEADER_TEXT, st.just("s3cret")))
def test_no_header_is_ever_answered_with_a_500(guarded, host, origin, language, site, cookie, token):
    c = guarded
    headers = {"Host": host, "Origin": origin, "Accept-Language": language, "Sec-Fetch-Site": site,
               "Cookie": f"lang={cookie}; tabletop_pass={cookie}", "Authorization": f"Bearer {token}"}
    for method, path in (("GET", f"/?token={token}"), ("GET", "/api/games"), ("POST", "/api/games/g/lines")):
        r = c.request(method, path, headers=headers, json={"line": "end"} if method == "POST" else None)
        assert r.status_code < 500, (method, path, headers, r.text)


def test_a_refusal_on_a_page_is_the_sentence_alone_without_pointing_to_typed_help(c):
    create(c, "famiglia", "g")
    answer = c.post("/api/games/g/lines", json={"line": "take 9"}).json()
    assert answer["ok"] is False and answer["messages"] and not any("help" in m for m in answer["messages"])
