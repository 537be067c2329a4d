"""What an attack run against `companion serve` found, each closed: bodies too deep, too long or too slow,
names too long for the file system or holding what no file or terminal should, framing, off-site
redirects, leftover temporary files, server paths in answers."""
import asyncio
import json
import os
import socket

import pytest

from companion.session import Session
from companion.showdown.engine import check_teams
from companion.web.app import MAX_BODY, create_app
from companion.web.store import NAME_BYTES, Store
from serving import start, stop
from tabletop.fileio import remove_leftover_writes
from web_helpers import client, create, famiglia_script, post, terminal

TEAMS = [{"name": "Ann", "faction": "blood_diamond"}, {"name": "Bob", "faction": "void_clover"}]


@pytest.fixture
def c(tmp_path):
    return client(tmp_path)


def raw_post(c, url, body: bytes):
    return c.post(url, content=body, headers={"Content-Type": "application/json"})


def test_json_nested_thousands_deep_is_a_400_not_a_recursion_error(c, tmp_path):
    create(c, "famiglia", "g")
    deep = b'{"line": ' + b"[" * 30000 + b"]" * 30000 + b"}"
    assert len(deep) < MAX_BODY
    for url in ("/api/games/g/lines", "/api/games"):
        r = raw_post(c, url, deep)
        assert r.status_code == 400 and "nested too deeply" in r.json()["error"]


# ---- names ------------------------------------------------------------------------------------------

def test_a_name_is_limited_by_the_bytes_a_file_name_holds_not_only_by_letters(c, tmp_path):
    rare = "\U00020000" * 64  # 64 letters, 256 bytes: more than a file name can hold
    r = create(c, "famiglia", rare)
    assert r.status_code == 400 and f"{NAME_BYTES} bytes" in r.json()["error"]
    assert list(tmp_path.iterdir()) == []
    assert c.get(f"/api/games/{rare}").status_code == 404
    assert c.get(f"/games/{rare}").status_code == 404
    assert c.post(f"/api/games/{rare}/lines", json={"line": "end"}).status_code == 404
    # 64 letters of the common Japanese range (3 bytes each) still fit, and the game saves and plays
    japanese = "遊" * 64
    assert create(c, "famiglia", japanese).status_code == 201
    assert post(c, japanese, famiglia_script()[0]).json()["ok"]


def test_a_lone_surrogate_is_refused_before_any_file_is_made(c, tmp_path):
    body = json.dumps({"game": "showdown", "name": "s",
                       "options": {"teams": [{"name": "A\ud800", "faction": "blood_diamond"},
                                             {"name": "Bob", "faction": "void_clover"}]}}).encode()
    r = raw_post(c, "/api/games", body)
    assert r.status_code == 400 and "not valid Unicode" in r.json()["error"]
    assert list(tmp_path.iterdir()) == []  # neither a game nor a lock file
    create(c, "famiglia", "g")
    r = raw_post(c, "/api/games/g/lines", b'{"line": "take \\udc00"}')
    assert r.status_code == 400 and "not valid Unicode" in r.json()["error"]


@pytest.mark.parametrize("name", ["A\x1b[2J", "A\x07", "A\u2028B", "A\x85B", "A\tB"])
def test_team_names_with_control_characters_or_line_breaks_are_refused(c, tmp_path, name):
    r = create(c, "showdown", "s", teams=[{"name": name, "faction": "blood_diamond"}, TEAMS[1]])
    assert r.status_code == 400 and "control character" in r.json()["error"]
    assert list(tmp_path.iterdir()) == []


def test_the_terminal_refuses_a_team_name_with_an_escape(tmp_path):
    cmd = ["showdown", tmp_path / "s.game.json", "", tmp_path, "--team", "A\x1b[2J=blood_diamond",
           "--team", "Bob=void_clover"]
    done = terminal(*cmd, resume=False)
    assert done.returncode == 2 and "control character" in done.stderr
    assert not (tmp_path / "s.game.json").exists()


def test_a_players_name_with_an_escape_never_reaches_the_journal(tmp_path):
    """24's players are named in a setup line: the terminal refuses the escape as the server does."""
    game = tmp_path / "t.game.json"
    done = terminal("terror24", game, "Aki\x1b[2J=scotch Bo=lloyd Cy=hibachi\nquit\n", tmp_path, resume=False)
    assert "control character (U+001B)" in done.stdout
    assert json.loads(game.read_text())["entries"] == []


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x0b", "\x1c"])
def test_a_line_broken_by_any_unicode_line_separator_is_a_400(c, tmp_path, separator):
    create(c, "famiglia", "g")
    r = post(c, "g", f"take 1{separator}undo")
    assert r.status_code == 400 and "One line" in r.json()["error"]


def test_the_showdown_engine_itself_refuses_such_a_name():
    from companion.kinds import bundled
    from companion.showdown.state import RuleError

    with pytest.raises(RuleError) as refused:
        check_teams(bundled("showdown").rules, [("A\x1b]0;x\x07", "blood_diamond"), ("Bob", "void_clover")])
    assert refused.value.fields["character"] == "U+001B"


# ---- a rematch's name ----------------------------------------------------------------------------------

def test_a_thousand_games_of_one_kind_still_leave_a_name_for_a_rematch(tmp_path):
    for n in range(1, 1000):
        name = "famiglia" if n == 1 else f"famiglia-{n}"
        (tmp_path / f"{name}.game.json").write_text("{}")
    assert Store(tmp_path).free_name("famiglia") == "famiglia-1000"


# ---- bodies --------------------------------------------------------------------------------------------

def call(app, method, path, receive_messages, headers=(), query=b""):
    """One request straight through the ASGI app: the answer's status and how many body messages the
    app asked for (what a client streaming a body without end would have had read)."""
    asked = 0
    answer = {"headers": {}}

    async def receive():
        nonlocal asked
        asked += 1
        return receive_messages(asked)

    async def send(message):
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
            answer["headers"] = {k.decode(): v.decode() for k, v in message["headers"]}
        elif message["type"] == "http.response.body":
            answer["body"] = answer.get("body", b"") + message.get("body", b"")

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": query, "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8765"), (b"content-type", b"application/json"), *headers],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8765)}
    asyncio.run(app(scope, receive, send))
    return answer, asked


def test_a_chunked_body_is_read_no_further_than_the_limit(tmp_path):
    chunk = b" " * 4096  # whitespace: valid JSON padding, so only the size can stop it

    def endless(n):  # a client that would go on for 4 MB (ending there, so a regression fails, not hangs)
        return {"type": "http.request", "body": chunk, "more_body": n < 1000}

    answer, asked = call(create_app(tmp_path), "POST", "/api/games", endless)
    assert answer["status"] == 400 and b"too large" in answer["body"]
    assert asked * len(chunk) <= MAX_BODY + len(chunk)


def test_a_chunked_body_within_the_limit_is_read_whole(c, tmp_path):
    parts = [b'{"game": "famiglia", ', b'"name": "g", ', b'"options": {}}']
    r = c.post("/api/games", content=iter(parts), headers={"Content-Type": "application/json"})
    assert r.status_code == 201 and (tmp_path / "g.game.json").exists()


def test_a_client_that_leaves_mid_body_is_not_an_internal_error(tmp_path, capfd):
    def leaves(n):
        return ({"type": "http.request", "body": b'{"game": "fam', "more_body": True} if n == 1
                else {"type": "http.disconnect"})

    answer, _ = call(create_app(tmp_path), "POST", "/api/games", leaves, headers=[(b"content-length", b"200")])
    assert answer["status"] == 400
    assert "internal error" not in capfd.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_real_server_does_not_log_a_short_body_as_an_internal_error(tmp_path):
    server, url, _ = start(tmp_path, "--games", str(tmp_path / "games"))
    try:
        port = int(url.split(":")[2].split("/")[0])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 500\r\n\r\n{\"game\": \"fam")
            s.shutdown(socket.SHUT_WR)
            while s.recv(1000):  # whatever it answers: the server has read the request once it closes
                pass
    finally:
        code, _, err = stop(server)
    # Ctrl-C stops uvicorn once every request under way has finished: whatever it would log is in `err`
    assert code == 0 and "internal error" not in err


# ---- headers and redirects ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/games/g", "/api/games", "/api/games/g", "/static/style.css",
                                  "/games/nothing", "/lang/ja?next=/"])
def test_every_answer_forbids_framing_and_sniffing_and_keeps_its_address_to_itself(c, path):
    create(c, "famiglia", "g")
    r = c.get(path, follow_redirects=False)
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_a_refused_request_carries_the_same_headers(tmp_path):
    c = client(tmp_path, token="T0K3N")
    r = c.get("/")
    assert r.status_code == 403 and r.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize("path", ["//evil.example/", "///evil.example/", "/\\evil.example/"])
def test_the_token_link_redirects_only_to_a_path_on_this_server(tmp_path, path):
    """The path as the browser sends it (a client library would read `//evil.example` as a host)."""
    answer, _ = call(create_app(tmp_path, token="T0K3N"), "GET", path,
                     lambda n: {"type": "http.request", "body": b"", "more_body": False}, query=b"token=T0K3N")
    assert answer["status"] == 303 and "tabletop_pass=" in answer["headers"]["set-cookie"]
    location = answer["headers"]["location"]
    assert location.startswith("/") and not location.startswith("//") and "\\" not in location


# ---- files -----------------------------------------------------------------------------------------------

def test_temporary_files_left_by_a_killed_write_are_removed_when_the_game_is_opened(c, tmp_path):
    create(c, "famiglia", "g")
    server = client(tmp_path)  # started before the kill: it has not opened the game yet
    left = [tmp_path / ".g.game.json.k3x9_a2z.tmp", tmp_path / ".g.game.json.0pqrs7tu.tmp"]
    for path in left:
        path.write_text('{"half": ')
    other = tmp_path / ".other.game.json.k3x9_a2z.tmp"  # another game's: not this opening's to touch
    other.write_text("{")
    assert server.get("/api/games/g").status_code == 200
    assert not any(path.exists() for path in left) and other.exists()


def test_what_killed_writes_left_is_put_away_when_the_server_starts(tmp_path):
    c = client(tmp_path)
    create(c, "famiglia", "g")
    left = [tmp_path / ".g.game.json.k3x9_a2z.tmp",  # a save of g killed mid-way
            tmp_path / ".new.game.json.0pqrs7tu.tmp", tmp_path / ".new.game.json.lock"]  # a create killed
    for path in left:
        path.write_text("{")
    kept = [tmp_path / "g.game.json", tmp_path / ".g.game.json.lock", tmp_path / "notes.txt"]
    kept[-1].write_text("mine")
    client(tmp_path)
    assert not any(path.exists() for path in left) and all(path.exists() for path in kept)


def test_the_terminal_removes_them_too_when_it_resumes(tmp_path):
    game = tmp_path / "g.game.json"
    assert terminal("famiglia", game, "quit\n", tmp_path, "--level", "2", resume=False).returncode == 0
    left = tmp_path / ".g.game.json.zzzzzzzz.tmp"
    left.write_text("{")
    terminal("famiglia", game, "quit\n", tmp_path)
    assert not left.exists()


def test_only_the_temporary_files_of_that_game_are_removed(tmp_path):
    game = tmp_path / "g.game.json"
    kept = [tmp_path / ".g.game.json.lock", tmp_path / "g.game.json.abcdefgh.tmp",
            tmp_path / ".g.game.json.2.game.json.abcdefgh.tmp"]
    for path in kept:
        path.write_text("")
    assert remove_leftover_writes(game) == []
    assert all(path.exists() for path in kept)


def test_no_answer_names_where_the_server_keeps_its_games(c, tmp_path, monkeypatch):
    create(c, "famiglia", "g")

    def refuse(path, data):
        raise PermissionError(13, "Permission denied", str(tmp_path / ".g.game.json.abcdefgh.tmp"))
    monkeypatch.setattr("companion.session.write_atomic", refuse)
    r = post(c, "g", famiglia_script()[0])
    assert r.status_code == 200 and not r.json()["ok"]
    said = " ".join(r.json()["messages"])
    assert "cannot be saved" in said and "g.game.json" in said and str(tmp_path) not in said
    r = create(c, "famiglia", "h")
    assert r.status_code == 500 and "h.game.json" in r.json()["error"] and str(tmp_path) not in r.json()["error"]


def test_the_version_of_an_unsupported_file_format_is_a_409_like_everything_else(c, tmp_path):
    create(c, "famiglia", "g")
    saved = json.loads((tmp_path / "g.game.json").read_text())
    (tmp_path / "g.game.json").write_text(json.dumps({**saved, "version": 99}))
    fresh = client(tmp_path)
    answers = [fresh.get("/api/games/g/version"), fresh.get("/api/games/g"), post(fresh, "g", "end")]
    assert [r.status_code for r in answers] == [409, 409, 409]
    assert json.loads((tmp_path / "g.game.json").read_text())["version"] == 99


def test_a_game_file_a_session_opens_is_the_one_saved(tmp_path):
    """The clean-up never touches the game file itself, nor its saved revision."""
    c = client(tmp_path)
    create(c, "famiglia", "g")
    post(c, "g", famiglia_script()[0])
    before = Session.open(tmp_path / "g.game.json", "famiglia")
    remove_leftover_writes(tmp_path / "g.game.json")
    assert Session.open(tmp_path / "g.game.json", "famiglia") == before
    assert sorted(os.listdir(tmp_path)) == [".g.game.json.lock", "g.game.json"]


def test_a_purchase_of_a_billion_items_is_refused_at_once_and_changes_nothing(c, tmp_path):
    """A phone could send it: the count is checked before anything is priced or built."""
    create(c, "showdown", "s", teams=TEAMS, seed=5)
    for line in ("adjust Bob +100000 x", "attack H3"):
        assert post(c, "s", line).json()["ok"], line
    before = (tmp_path / "s.game.json").read_text()
    answer = post(c, "s", "buy weapon 999999999").json()
    assert not answer["ok"] and "buy 1 to 99 at a time" in answer["messages"][0]
    assert (tmp_path / "s.game.json").read_text() == before
    assert post(c, "s", "buy weapon 1").json()["ok"]
