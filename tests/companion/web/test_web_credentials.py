"""Under --lan a browser holds a pass (a cookie: pages and static files, for an evening) and a key (the
API, kept by the page in its origin's storage, handed over in the address's fragment); the token the
server printed is never stored in a browser. A cookie is not kept apart by port, so another server on the
same computer may receive the pass: it can read pages for a while, never change a game."""
from starlette.testclient import TestClient

from companion.web.app import create_app
from companion.web.security import PASS_LIFETIME, Credentials
from web_helpers import TOKEN, lan_app

NEW_GAME = {"game": "famiglia", "name": "g", "options": {}}


def opened_with_the_link(app) -> tuple[TestClient, str]:
    """A browser that opened the printed link: its pass in its cookie jar, and the key from the fragment."""
    browser = TestClient(app)
    first = browser.get(f"/?token={TOKEN}", follow_redirects=False)
    assert first.status_code == 303
    return browser, first.headers["location"].partition("#key=")[2]


def test_the_pass_is_a_cookie_for_an_evening_that_never_holds_the_token(tmp_path):
    first = TestClient(lan_app(tmp_path)).get(f"/games/x?token={TOKEN}", follow_redirects=False)
    cookie = first.headers["set-cookie"]
    assert cookie.startswith("tabletop_pass=") and TOKEN not in cookie
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and f"Max-Age={PASS_LIFETIME}" in cookie
    assert "Secure" not in cookie
    secure = TestClient(create_app(tmp_path, token=TOKEN, public_url="https://192.168.1.20:8765/"))
    assert "Secure" in secure.get(f"/?token={TOKEN}", follow_redirects=False).headers["set-cookie"]


def test_the_pass_lets_pages_in_and_only_the_key_lets_the_api_in(tmp_path):
    app = lan_app(tmp_path)
    browser, key = opened_with_the_link(app)
    assert all(browser.get(path).status_code == 200 for path in ("/", "/ui/app.css", "/manifest.webmanifest"))
    assert browser.get("/api/games").status_code == 403
    assert browser.post("/api/games", json=NEW_GAME).status_code == 403
    with_key = {"Authorization": f"Bearer {key}"}
    assert browser.post("/api/games", json=NEW_GAME, headers=with_key).status_code == 201
    assert TestClient(app).get("/api/games", headers=with_key).status_code == 200  # the key alone: the API
    forged = key.split(".")[0] + "." + "0" * 32
    assert TestClient(app).get("/api/games", headers={"Authorization": f"Bearer {forged}"}).status_code == 403


def test_another_server_given_the_cookie_can_read_pages_and_change_nothing(tmp_path):
    app = lan_app(tmp_path)
    browser, key = opened_with_the_link(app)
    browser.post("/api/games", json=NEW_GAME, headers={"Authorization": f"Bearer {key}"})
    stolen = TestClient(app)
    stolen.cookies.set("tabletop_pass", browser.cookies.get("tabletop_pass"))
    assert stolen.get("/games/g").status_code == 200
    assert stolen.post("/api/games/g/lines", json={"line": "end"}).status_code == 403
    assert stolen.post("/api/games/g/share").status_code == 403


def test_a_pass_ends_after_its_evening_and_a_key_or_pass_of_another_token_is_nothing():
    now = [1_000_000.0]
    mine = Credentials("token-a", clock=lambda: now[0])
    given = mine.new_pass()
    assert mine.is_pass(given)
    now[0] += PASS_LIFETIME + 1
    assert not mine.is_pass(given)
    other = Credentials("token-b", clock=lambda: now[0])
    assert not other.is_key(mine.new_key()) and not other.is_pass(mine.new_pass())
    assert not mine.is_pass("") and not mine.is_pass("9" * 40) and not mine.is_key("x.y") and not mine.is_key("秘密.鍵")
