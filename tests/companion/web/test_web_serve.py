"""`companion serve` as a user runs it: a real server process on a free port, stopped with Ctrl-C."""
import http.cookiejar
import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from serving import start, stop
from web_helpers import famiglia_script, terminal


def fetch(url, data=None, headers=None):
    request = urllib.request.Request(url, data=json.dumps(data).encode() if data is not None else None,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_serve_lists_the_games_play_saved_by_default_and_stops_cleanly_on_ctrl_c(tmp_path):
    script = famiglia_script()
    default = tmp_path / ".local" / "share" / "tabletop-kit" / "famiglia.game.json"
    assert terminal("famiglia", default, script[0] + "\n", tmp_path, "--level", "2", resume=False).returncode == 0
    server, url, _ = start(tmp_path)
    try:
        assert url.startswith("http://127.0.0.1:")
        status, body = fetch(url + "api/games")
        assert status == 200 and [g["name"] for g in json.loads(body)["games"]] == ["famiglia"]
        status, body = fetch(url + "api/games/famiglia/lines", {"line": script[1]})
        assert status == 200 and json.loads(body)["ok"]
        assert fetch(url)[0] == 200
    finally:
        code, out, err = stop(server)
    assert code == 0 and "Stopped; every game is saved." in out and "Traceback" not in err
    lines = [line for entry in json.loads(default.read_text())["entries"] for line in entry]
    assert lines == script[:2]


def test_lan_prints_a_token_address_and_a_qr_code_and_refuses_requests_without_it(tmp_path):
    server, url, printed = start(tmp_path, "--lan", "--host", "127.0.0.1", "--games", str(tmp_path / "g"))
    try:
        token = re.search(r"\?token=([\w-]+)", url).group(1)
        assert len(token) >= 20
        base = url.split("?")[0]
        assert fetch(base)[0] == 403
        assert fetch(base + "api/games")[0] == 403
        assert fetch(base + "api/games", headers={"Authorization": f"Bearer {token}"})[0] == 200
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with browser.open(url, timeout=30) as page:  # the link itself: a pass, then the page, a key in its fragment
            assert page.status == 200 and page.url.startswith(base + "#key=")
            key = page.url.partition("#key=")[2]
        with browser.open(base, timeout=30) as again:  # the pass lets the pages in…
            assert again.status == 200
        with pytest.raises(urllib.error.HTTPError):  # …not the API
            browser.open(base + "api/games", timeout=30)
        asked = urllib.request.Request(base + "api/games", headers={"Authorization": f"Bearer {key}"})
        with browser.open(asked, timeout=30) as listed:
            assert listed.status == 200
    finally:
        code, out, _ = stop(server)
    qr = "".join(printed) + out
    assert code == 0 and qr.count("█") > 100  # the code a phone scans, drawn in the terminal


def test_open_opens_the_printed_address_in_the_browser(tmp_path):
    opened = tmp_path / "opened"
    browser = f"{sys.executable} -c \"import sys; open('{opened}', 'w').write(sys.argv[1])\" %s"
    server, url, _ = start(tmp_path, "--open", "--games", str(tmp_path / "g"), BROWSER=browser)
    try:
        for _ in range(200):
            if opened.exists() and opened.read_text():
                break
            time.sleep(0.05)
    finally:
        stop(server)
    assert opened.read_text() == url


def test_a_busy_port_is_a_user_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-c", "from companion.cli import run; run()", "serve", "--port",
                                 str(port), "--games", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args", [["--port", "70000"], ["--games", "/dev/null/x"], ["--host", "0.0.0.0"]])
def test_bad_options_are_user_errors(tmp_path, args):
    result = subprocess.run([sys.executable, "-c", "from companion.cli import run; run()", "serve", *args],
                            capture_output=True, text=True, timeout=60, env={"PATH": "/usr/bin:/bin",
                                                                             "HOME": str(tmp_path)})
    assert result.returncode == 2 and "Traceback" not in result.stderr
