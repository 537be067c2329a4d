"""Small and lasting properties of the server's answers: a link preview's HEAD or OPTIONS never uses up a
pairing code; every answer carries the security headers, a bug's 500 too; the Host check takes only what
RFC 3986 calls a host and port; under --lan the manifest is asked for with the cookie and a refusal is a
styled page without the stylesheet it would be refused."""
from urllib.parse import urlsplit

import pytest
from starlette.testclient import TestClient

from companion.famiglia.repl import FamigliaTable
from companion.web.app import create_app
from companion.web.security import HEADER_DICT
from web_helpers import create, lan_app, lan_client


@pytest.mark.parametrize("method", ["HEAD", "OPTIONS"])
def test_a_link_preview_does_not_use_up_a_pairing_code(tmp_path, method):
    app = lan_app(tmp_path)
    c = lan_client(app)
    create(c, name="table")
    url = urlsplit(c.post("/api/games/table/share").json()["url"])
    preview = TestClient(app).request(method, f"{url.path}?{url.query}", follow_redirects=False)
    assert preview.status_code != 303 and "set-cookie" not in preview.headers
    phone = TestClient(app)
    opened = phone.get(f"{url.path}?{url.query}", follow_redirects=False)
    assert opened.status_code == 303 and phone.cookies.get("tabletop_pass")


@pytest.mark.parametrize("path", ["/api/games/g", "/games/g"])
def test_a_bug_s_500_carries_the_security_headers(tmp_path, monkeypatch, path):
    c = TestClient(create_app(tmp_path), raise_server_exceptions=False)
    create(c, "famiglia", "g")

    def broken(self):
        raise RuntimeError("boom")

    monkeypatch.setattr(FamigliaTable, "status", broken)
    r = c.get(path)
    assert r.status_code == 500
    assert {name: r.headers.get(name) for name in HEADER_DICT} == HEADER_DICT


@pytest.mark.parametrize("host, served", [
    ("127.0.0.1:8765", True), ("localhost", True), ("[::1]:8765", True), ("LOCALHOST:1", True),
    ("[::1]]:8765", False), ("user@127.0.0.1:8765", False), ("127.0.0.1:87a5", False), ("127.0.0.1 :1", False),
    ("evil.example", False), ("", False), ("[::1", False),
])
def test_the_host_check_takes_only_a_host_and_a_port(tmp_path, host, served):
    c = TestClient(create_app(tmp_path, allowed_hosts=["127.0.0.1", "localhost", "::1"]))
    r = c.get("/api/games", headers={"host": host})
    assert (r.status_code == 200) is served, (host, r.status_code)


def test_under_lan_the_manifest_goes_with_the_cookie_and_a_refusal_is_styled_without_the_stylesheet(tmp_path):
    app = lan_app(tmp_path)
    page = lan_client(app).get("/").text
    assert '<link rel="manifest" href="manifest.webmanifest" crossorigin="use-credentials">' in page
    assert lan_client(app).get("/manifest.webmanifest").status_code == 200
    refused = TestClient(app).get("/")
    assert refused.status_code == 403
    assert "<style>" in refused.text and "--" in refused.text.split("<style>")[1]  # the stylesheet's own rules
    assert '<link rel="stylesheet"' not in refused.text
