"""Opening a game on another phone and serving the LAN over HTTPS: the share link and its QR code, the
pairing code that works once and for minutes (the long-lived token never in a page or a link shown),
and the certificate authority of `--https`, whose server certificate follows the addresses."""
import datetime
import json
import os
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pytest
from cryptography import x509
from starlette.testclient import TestClient

from companion.web.pairing import Pairing
from companion.web.tls import server_certificate
from web_helpers import TOKEN, client, create, lan_app, lan_client


def test_a_local_only_server_says_how_to_reach_it_from_another_phone(tmp_path):
    c = client(tmp_path)
    create(c, name="solo")
    answer = c.post("/api/games/solo/share").json()
    assert answer["url"] is None and "--lan" in answer["why"]
    assert c.post("/api/games/nothing/share").status_code == 404


def test_a_share_link_opens_the_game_once_through_a_pairing_code_never_the_token(tmp_path):
    app = lan_app(tmp_path)
    c = lan_client(app)
    create(c, name="table")
    answer = c.post("/api/games/table/share").json()
    assert TOKEN not in json.dumps(answer) and TOKEN not in c.get("/").text and TOKEN not in c.get("/games/table").text
    url = urlsplit(answer["url"])
    assert url.netloc == "192.168.1.20:8765" and url.path.startswith("/pair/")
    assert parse_qs(url.query)["next"] == ["/games/table"] and answer["qr"].startswith("data:image/svg+xml")
    phone = TestClient(app)  # another phone: no cookie yet
    assert phone.get("/games/table", follow_redirects=False).status_code == 403
    first = phone.get(f"{url.path}?{url.query}", follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"].startswith("/games/table#key=")
    assert phone.cookies.get("tabletop_pass") and TOKEN not in first.headers["set-cookie"]
    led = phone.get("/games/table", follow_redirects=False)  # on to the app, the game named in the query:
    assert led.status_code == 303 and led.headers["location"] == "/?game=table"  # the browser keeps the #key
    assert phone.get("/games/table").status_code == 200
    stranger = TestClient(app)
    again = stranger.get(f"{url.path}?{url.query}", follow_redirects=False)
    assert again.status_code == 403 and "used already" in again.text


def test_a_pairing_code_expires_and_the_next_address_stays_on_this_server(tmp_path):
    now = [0.0]
    codes = Pairing(lifetime=300, clock=lambda: now[0])
    late, fresh = codes.issue(), codes.issue()
    now[0] = 301
    assert not codes.redeem(late) and not codes.redeem("made-up")
    now[0] = 0
    assert codes.redeem(fresh) and not codes.redeem(fresh)
    app = lan_app(tmp_path)
    c = lan_client(app)
    create(c, name="g")
    url = urlsplit(c.post("/api/games/g/share").json()["url"])
    phone = TestClient(app)
    away = phone.get(url.path + "?next=//evil.example/", follow_redirects=False)
    assert away.status_code == 303 and away.headers["location"].partition("#")[0] == "/"


def test_the_certificate_follows_the_addresses_and_is_signed_by_the_kits_own_authority(tmp_path):
    cert_path, _key, _new = server_certificate(tmp_path, ["192.168.1.20", "localhost", "127.0.0.1"])
    first = x509.load_pem_x509_certificate(cert_path.read_bytes())
    names = first.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert {str(n.value) for n in names} == {"192.168.1.20", "localhost", "127.0.0.1"}
    assert first.not_valid_after_utc - first.not_valid_before_utc <= datetime.timedelta(days=398)
    assert oct((tmp_path / "ca.key").stat().st_mode)[-3:] == "600"
    server_certificate(tmp_path, ["192.168.1.20", "localhost", "127.0.0.1"])
    assert x509.load_pem_x509_certificate(cert_path.read_bytes()).serial_number == first.serial_number  # kept
    server_certificate(tmp_path, ["192.168.1.35", "localhost", "127.0.0.1"])  # the laptop moved network
    moved = x509.load_pem_x509_certificate(cert_path.read_bytes())
    assert moved.serial_number != first.serial_number and moved.issuer == first.issuer
    ca = x509.load_pem_x509_certificate((tmp_path / "ca.crt").read_bytes())
    moved.verify_directly_issued_by(ca)


def test_serve_https_answers_a_client_that_trusts_the_authority(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "LANG": "C.UTF-8"}
    process = subprocess.Popen([sys.executable, "-c", "from companion.cli import run; run()", "serve", "--https",
                                "--port", "0", "--games", str(tmp_path / "games")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        out = b""
        while b"ca.crt" not in out:  # the address, then where a phone downloads the certificate
            chunk = process.stdout.read1(4096)
            assert chunk, out.decode()
            out += chunk
        url = out.split(b"Open ")[1].split()[0].decode()
        ca = tmp_path / "data" / "tabletop-kit" / "tls" / "ca.crt"
        context = ssl.create_default_context(cafile=str(ca))
        for _ in range(50):
            try:
                page = urllib.request.urlopen(url, context=context, timeout=5).read().decode()
                break
            except OSError:
                time.sleep(0.1)
        assert 'name="tabletop-api"' in page  # the app, its API on this server
        certificate = urllib.request.urlopen(url + "ca.crt", context=context, timeout=5)
        assert certificate.read() == ca.read_bytes()
        with pytest.raises(urllib.error.URLError) as refused:  # and a client that does not trust it is not fooled
            urllib.request.urlopen(url, context=ssl.create_default_context(), timeout=5)
        assert isinstance(refused.value.reason, ssl.SSLCertVerificationError)
    finally:
        process.terminate()
        process.wait(15)


def test_a_damaged_authority_is_one_line_with_its_cure_and_is_not_remade(tmp_path):
    tls = tmp_path / "data" / "tabletop-kit" / "tls"
    server_certificate(tls, ["127.0.0.1"])
    (tls / "ca.key").write_text("not a key", encoding="utf-8")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "LANG": "C.UTF-8", "TABLETOP_KIT_LANG": "en"}
    result = subprocess.run([sys.executable, "-c", "from companion.cli import run; run()", "serve", "--https",
                             "--port", "0", "--games", str(tmp_path / "games")], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"{tls / 'ca.key'}: not a key this server can read" in result.stderr and "remove the folder" in result.stderr
    assert (tls / "ca.key").read_text(encoding="utf-8") == "not a key"
