"""A play page in a real browser against `companion serve` with short limits (2 s,
tests/companion/web/test_web_limits.py): it polls, redraws as another device plays, and keeps its
connections through idle spells longer than the limits without one request failing (a kept-alive
connection the server closes is one the browser sends again on), and the server says nothing about it."""
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browsing import api, new_game, open_page, phone_browser, version
from serving import SECONDS, Served

pytestmark = pytest.mark.usefixtures("chromium")  # without Chromium: skipped, or failed under CI

# Every fetch the page's scripts make, counted when it fails (the page calls the global fetch each time).
COUNT_FAILURES = """
window.failedFetches = [];
const fetchAsBefore = window.fetch;
window.fetch = (...args) => fetchAsBefore(...args).catch((e) => {
  window.failedFetches.push(String(args[0]));
  throw e;
});
"""


def test_a_play_page_polls_and_redraws_through_the_limits_without_a_failed_request(tmp_path, tmp_path_factory,
                                                                                    chromium):
    served = Served(tmp_path)
    browser = phone_browser(tmp_path_factory, chromium)
    try:
        server = {"url": f"http://127.0.0.1:{served.port}"}
        new_game(server, "showdown", "limits", {"teams": ["Ann=blood_diamond", "Bob=void_clover"], "seed": 1})
        open_page(browser, server, "limits")
        browser.execute_script(COUNT_FAILURES)
        first = version(browser)
        played_until = time.monotonic() + 4 * SECONDS
        lines = 0
        while time.monotonic() < played_until:  # another device plays now and then; the page follows
            assert api(server, "/api/games/limits/lines", {"line": "roll 2d6"})["ok"]
            lines += 1
            time.sleep(0.6 * SECONDS)
        WebDriverWait(browser, 30).until(lambda d: version(d) == first + lines)
        assert browser.execute_script("return window.failedFetches") == []
        assert not browser.find_element(By.ID, "offline").is_displayed()
    finally:
        browser.quit()
        log = served.stop()
    assert log == []  # a browser's idle connections are closed without a word
