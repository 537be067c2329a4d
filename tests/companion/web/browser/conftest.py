"""The companion's server and a phone's browser, shared by the browser tests of the server's pages: one server
and one browser for the whole run."""
import os
import subprocess
import time
import urllib.request

import pytest

from browsing import COMPANION, free_port, phone_browser


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    games = tmp_path_factory.mktemp("games")
    port = free_port()
    env = {**os.environ, "LANG": "C.UTF-8"}
    process = subprocess.Popen(COMPANION + ["serve", "--port", str(port), "--games", str(games)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(url + "/api/games", timeout=1)
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"companion serve did not start: {process.stdout.read().decode()}") from None
            time.sleep(0.1)
    yield {"url": url, "games": games}
    process.terminate()  # Ctrl-C's signal: uvicorn finishes the requests under way and stops
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()
        raise


@pytest.fixture(scope="session")
def browser(tmp_path_factory, server, chromium):  # quits before the server stops
    driver = phone_browser(tmp_path_factory, chromium)
    yield driver
    driver.quit()

