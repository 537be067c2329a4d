"""`companion serve` serves the app at its root and keeps each game's journal for the app's replicas: the app's
files, the journal, lines sent with the version they were made on and a request id."""
import json
import os
import ssl
import subprocess
import sys
import time
import urllib.request

import pytest

from companion.appexport import app_files, built
from companion.web.app import API_META
from companion.web.security import HEADER_DICT
from web_helpers import client, create


@pytest.fixture
def c(tmp_path):
    return client(tmp_path)


def send(c, name, line, version=None, request=None, **headers):
    body = {"line": line, "journal": True} | ({"version": version} if version is not None else {}) \
        | ({"request": request} if request else {})
    return c.post(f"/api/games/{name}/lines", json=body, headers=headers)


def on_disk(tmp_path, name="g"):
    return json.loads((tmp_path / f"{name}.game.json").read_text())


# ---- the app's files ---------------------------------------------------------------------------------

def test_the_server_serves_the_exported_app_and_tells_it_where_the_api_is(c):
    exported = built(app_files())
    page = c.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    # the exported page, with the API's address for the app (the one difference)
    assert page.text.count(API_META) == 1 and page.text.replace(API_META + "\n", "") == exported["index.html"].decode()
    assert API_META not in exported["index.html"].decode()
    assert c.get("/index.html").content == page.content
    for name in ("ui/main.js", "lib/journal.js", "data/famiglia.json", "locale/ja.json", "icons/icon-192.png"):
        answer = c.get("/" + name)
        assert answer.status_code == 200 and answer.content == exported[name], name
    assert c.get("/ui/main.js").headers["content-type"].startswith("text/javascript")
    manifest = c.get("/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    assert manifest.json()["start_url"] == "./" and manifest.json()["scope"] == "./"  # the root: one app, one scope
    # the worker keeps this page, so the app knows its server with the network gone
    worker = c.get("/sw.js")
    assert worker.headers["cache-control"] == "no-cache"
    assert '"index.html"' in worker.text and '"ui/main.js"' in worker.text and '"ui/sync.js"' in worker.text
    assert c.get("/replay.mjs").status_code == 404  # Node's scripts stay out, as in the export
    assert c.get("/../../etc/passwd").status_code == 404


def test_the_former_pages_are_gone_and_their_addresses_lead_to_the_app(c):
    create(c, "famiglia", "日本の卓")
    # a link to a game (a bookmark, a pairing code's target): the game in the app, named in the query so a
    # key in the fragment comes along through the redirect
    game = c.get("/games/日本の卓", follow_redirects=False)
    assert game.status_code == 303 and game.headers["location"] == "/?game=%E6%97%A5%E6%9C%AC%E3%81%AE%E5%8D%93"
    assert c.get("/games/日本の卓").text == c.get("/").text
    # the app's address before it took the root, its query kept (the printed link with its token)
    moved = c.get("/app/?token=t", follow_redirects=False)
    assert moved.status_code == 308 and moved.headers["location"] == "/?token=t"
    assert c.get("/app/ui/main.js", follow_redirects=False).headers["location"] == "/ui/main.js"
    assert c.get("/app", follow_redirects=False).headers["location"] == "/"
    for elsewhere in ("/app//evil.example/x", "/app/%2F%2Fevil.example"):  # never to another site
        location = c.get(elsewhere, follow_redirects=False).headers["location"]
        assert location.startswith("/") and not location.startswith("//"), (elsewhere, location)
    for gone in ("/static/style.css", "/static/table.js", "/lang/ja?next=/"):
        assert c.get(gone).status_code == 404, gone


def test_every_app_answer_carries_the_security_headers(c):
    for path in ("/", "/ui/main.js", "/sw.js", "/nothing-here"):
        answer = c.get(path)
        for header, value in HEADER_DICT.items():
            assert answer.headers[header] == value, (path, header)


def test_under_lan_the_app_needs_the_pass_and_the_api_the_key(tmp_path):
    c = client(tmp_path, token="s3cret")
    refused = c.get("/")
    assert refused.status_code == 403
    assert "<style" in refused.text and 'rel="stylesheet"' not in refused.text  # styled without a second request
    assert c.get("/ui/main.js").status_code == 403
    first = c.get("/?token=s3cret", follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"].startswith("/#key=")
    assert c.get("/").status_code == 200 and c.get("/ui/main.js").status_code == 200
    assert c.get("/manifest.webmanifest").status_code == 200  # the manifest, asked for with the cookie
    assert c.get("/api/games").status_code == 403  # the pass opens the app's files, not the games
    key = first.headers["location"].partition("#key=")[2]
    assert c.get("/api/games", headers={"Authorization": f"Bearer {key}"}).status_code == 200


# ---- the journal ---------------------------------------------------------------------------------------

def test_the_journal_is_the_game_files_header_and_journal(c, tmp_path):
    create(c, "famiglia", "g", seed=11)
    for line in ("R1", "R2"):
        assert send(c, "g", line).json()["ok"]
    journal = c.get("/api/games/g/journal").json()
    file = on_disk(tmp_path)
    assert journal == {"name": "g", "game": "famiglia", "options": file["options"], "seed": 11,
                       "revision": file["revision"], "entries": file["entries"], "undone": []}
    assert journal["entries"] == [["R1", "R2"]] or journal["entries"] == [["R1"], ["R2"]]
    assert send(c, "g", "undo").json()["journal"]["undone"] == file["entries"][-1:]
    assert c.get("/api/games/nope/journal").status_code == 404


def test_a_journal_asked_since_a_revision_is_a_few_bytes_until_the_game_moves_on(c, tmp_path):
    create(c, "famiglia", "g", seed=11)
    version = on_disk(tmp_path)["revision"]
    assert c.get(f"/api/games/g/journal?since={version}").json() == {"name": "g", "revision": version}
    send(c, "g", "R1")
    moved = c.get(f"/api/games/g/journal?since={version}").json()
    assert moved["revision"] == version + 1 and moved["entries"] == [["R1"]]
    for odd in ("", "-1", "x", "１"):  # not a revision: the whole journal
        assert c.get(f"/api/games/g/journal?since={odd}").json()["entries"] == [["R1"]]
    assert c.get("/api/games/nope/journal?since=1").status_code == 404


def test_a_showdown_saved_under_older_rules_keeps_them_in_its_journal(c, tmp_path):
    create(c, "showdown", "s", teams=["Ann=blood_diamond", "Bob=void_clover"], seed=3)
    file = on_disk(tmp_path, "s")
    file["options"]["rules"] = file["options"]["rules"] - 1
    (tmp_path / "s.game.json").write_text(json.dumps(file))
    assert c.get("/api/games/s/journal").json()["options"]["rules"] == file["options"]["rules"]
    assert send(c, "s", "pass").json()["journal"]["options"]["rules"] == file["options"]["rules"]


# ---- lines with their version and request id ------------------------------------------------------------

def test_an_accepted_line_answers_the_new_version_and_the_journal(c, tmp_path):
    create(c, "famiglia", "g", seed=11)
    version = c.get("/api/games/g/version").json()["version"]
    answer = send(c, "g", "R1", version, request="tap-1").json()
    assert answer["ok"] and answer["journal"]["revision"] == version + 1 == answer["status"]["version"]
    assert answer["journal"]["entries"] == on_disk(tmp_path)["entries"]


def test_a_refused_line_answers_the_servers_words_and_the_journal_unchanged(c, tmp_path):
    create(c, "famiglia", "g", seed=11)
    before = on_disk(tmp_path)
    answer = send(c, "g", "take 9", before["revision"], request="tap-1", **{"Accept-Language": "ja"}).json()
    assert not answer["ok"] and answer["messages"] and all(m.isascii() is False for m in answer["messages"])
    assert answer["journal"]["revision"] == before["revision"] and answer["journal"]["entries"] == before["entries"]
    assert on_disk(tmp_path) == before


def test_a_line_made_on_an_old_version_is_refused_with_the_journal_as_it_stands(c, tmp_path):
    create(c, "famiglia", "g", seed=11)
    version = on_disk(tmp_path)["revision"]
    assert send(c, "g", "R1", version, request="phone-a").json()["ok"]
    late = send(c, "g", "B2", version, request="phone-b")
    assert late.status_code == 409 and late.json()["messages"] == ["The game changed; here it is now."]
    assert late.json()["journal"] == {k: v for k, v in c.get("/api/games/g/journal").json().items() if k != "name"}
    assert "B2" not in json.dumps(on_disk(tmp_path)["entries"])


def test_a_line_sent_again_with_its_request_id_is_played_once_and_answered_as_the_first(c, tmp_path):
    create(c, "famiglia", "g", seed=11)
    version = on_disk(tmp_path)["revision"]
    first = send(c, "g", "R1", version, request="tap-1")
    again = send(c, "g", "R1", version, request="tap-1")  # the first answer was lost on the way
    assert first.status_code == again.status_code == 200
    assert again.json()["ok"] and again.json()["messages"] == first.json()["messages"]
    assert again.json()["journal"] == first.json()["journal"]
    assert on_disk(tmp_path)["entries"] == [["R1"]] and on_disk(tmp_path)["revision"] == version + 1
    # another id is another tap: made on the old version, it is refused
    assert send(c, "g", "R1", version, request="tap-2").status_code == 409
    # a refusal is remembered too: sent again, it is refused again with the same words
    refused = send(c, "g", "take 9", version + 1, request="tap-3").json()
    assert send(c, "g", "take 9", version + 1, request="tap-3").json()["messages"] == refused["messages"]


def test_a_request_id_is_checked(c):
    create(c, "famiglia", "g")
    for bad in ("", "x" * 65, "日本", "a\nb", 5):
        answer = c.post("/api/games/g/lines", json={"line": "R1", "request": bad})
        assert answer.status_code == 400 and "request" in answer.json()["error"]


def test_serve_https_serves_the_app_and_prints_its_address(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "LANG": "C.UTF-8"}
    process = subprocess.Popen([sys.executable, "-c", "from companion.cli import run; run()", "serve", "--https",
                                "--port", "0", "--games", str(tmp_path / "games")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    try:
        app = next(line for line in process.stdout if "https://" in line).split()[1]
        assert app.startswith("https://") and app.endswith("/")
        context = ssl.create_default_context(cafile=str(tmp_path / "data" / "tabletop-kit" / "tls" / "ca.crt"))
        for _ in range(50):
            try:
                page = urllib.request.urlopen(app, context=context, timeout=5)
                break
            except OSError:
                time.sleep(0.1)
        assert API_META in page.read().decode() and page.headers["x-frame-options"] == "DENY"
        worker = urllib.request.urlopen(app + "sw.js", context=context, timeout=5)
        assert worker.headers["content-type"].startswith("text/javascript") and b'"ui/sync.js"' in worker.read()
    finally:
        process.terminate()
        process.wait(15)
