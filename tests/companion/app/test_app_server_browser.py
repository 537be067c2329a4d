"""The app as `companion serve`'s one page, in Debian's chromium at 360 × 640: its home list follows the
games started elsewhere (every setup fitting the width, nothing to tap under 44 px), a link to a game
opens it in the app, "Open on another phone" says how when only this computer can reach the server, the
theme switch cycles and is kept, names are shown as text and the server's error page reads at 4.5:1 in
both themes; the app installs on localhost and opens from its cache with the server away, a tap made
meanwhile applied once when it is back; under --lan over plain HTTP it says what it cannot do, keeps
the screen on, and opens a game on another phone through a pairing code, never the token; and it polls
through the connection limits without a failed request.
(Two phones on one game, refusals and offline taps: test_app_sync_browser.py.)"""
from __future__ import annotations

import json
import time
import urllib.parse

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import app_browsing as app
import browsing
from serving import SECONDS, Served
from tabletop.i18n import translator

pytestmark = pytest.mark.usefixtures("chromium")

SEEDED = {"level": 2, "first": "player", "seed": 7}


def ready_at(browser, url: str) -> None:
    browser.get(url)
    app.ready(browser)


def theme(browser) -> str:
    return browser.execute_script("return document.documentElement.dataset.theme ?? 'auto'")


def drawable(browser) -> list[str]:
    return browser.execute_script("return [...document.querySelectorAll('section.draw button.key')]"
                                  ".filter((key) => !key.disabled).map((key) => key.dataset.line)")


def on_disk(games, name) -> list:
    return json.loads((games / f"{name}.game.json").read_text(encoding="utf-8"))["entries"]


def test_the_home_list_follows_the_server_and_a_link_opens_the_game_in_the_app(tmp_path, tmp_path_factory, chromium):
    with browsing.companion_serve(tmp_path) as server:
        base = server["url"]
        browser = browsing.phone_browser(tmp_path_factory, chromium)
        try:
            ready_at(browser, base + "/")
            browser.execute_script("window.sameDocument = true")  # gone if the page were loaded again
            # a game started elsewhere (another phone, a script) shows in the open list
            evil = "<img src=x onerror=window.hacked=1>"
            teams = [{"name": evil, "faction": "red_heart"}, "Bob=void_clover"]
            app.make_game(base, "showdown", "よそで始めた卓", {"teams": teams})
            link = f'#games a[href="#{urllib.parse.urlencode({"game": "よそで始めた卓"})}"]'
            WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, link))
            assert browser.execute_script("return window.sameDocument") is True
            # every setup open, at 360 px: nothing sideways, nothing to tap under 44 px
            browser.execute_script("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
            assert browser.execute_script("return document.documentElement.scrollWidth") <= browsing.WIDTH
            assert app.small_targets(browser) == []
            # the theme switch cycles and is kept on the device
            seen = []
            for _ in range(3):
                app.press(browser, browser.find_element(By.CSS_SELECTOR, ".theme-switch"))
                seen.append(theme(browser))
            assert seen == ["light", "dark", "auto"]
            app.press(browser, browser.find_element(By.CSS_SELECTOR, ".theme-switch"))
            # a link to the game (a bookmark, the pairing code's target) opens it in the app
            ready_at(browser, base + "/games/" + urllib.parse.quote("よそで始めた卓"))
            WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
            route = urllib.parse.urlsplit(browser.current_url)
            assert route.path == "/" and route.fragment == urllib.parse.urlencode({"game": "よそで始めた卓"})
            assert theme(browser) == "light"
            # a name holding HTML is shown as text
            assert evil in browser.find_element(By.ID, "board").text
            assert browser.execute_script("return window.hacked === undefined && !document.querySelector('img[src=x]')")
            # only this computer can reach the server: the sheet says how to change that, and shows no code
            app.press(browser, browser.find_element(By.CSS_SELECTOR, "[data-tool=pair]"))
            why = WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "pair-why"))[0]
            assert "--lan" in why.text and not browser.find_elements(By.ID, "pair-qr")
            app.shot(browser, "server-pair-local")
            # the server's own page (an unknown game) reads at 4.5:1 in both themes, styled in itself
            browser.get(base + "/games/nothing")
            for scheme in ("light", "dark"):
                browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                assert browser.execute_script(browsing.CONTRAST) == [], scheme
                app.shot(browser, f"server-error-{scheme}")
        finally:
            browser.quit()


def test_installed_on_localhost_it_opens_from_its_cache_with_the_server_away_and_a_tap_waits_to_be_applied_once(
        tmp_path, tmp_path_factory, chromium):
    process, printed = browsing.serve(tmp_path)
    port = urllib.parse.urlsplit(printed).port
    base = f"http://localhost:{port}"
    browser = browsing.phone_browser(tmp_path_factory, chromium)
    try:
        app.make_game(base, "famiglia", "away", SEEDED)
        ready_at(browser, base + "/games/away")
        WebDriverWait(browser, 60).until(app.controlled)
        assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
        # one entry a page whatever its query (a link from a QR code or a chat), none with a query
        for query in ("?from=qr", "?from=chat"):
            ready_at(browser, base + "/" + query)
        cached = app.cached_urls(browser)
        assert [url for url in cached if urllib.parse.urlsplit(url).path == "/"] == [base + "/"]
        assert not [url for url in cached if "?" in url or "/api/" in url or "/games/" in url], cached
        ready_at(browser, base + "/#game=away")
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
        browsing.stop_serving(process)
        browser.refresh()  # the page from the cache, the server gone
        app.ready(browser)
        card = WebDriverWait(browser, 10).until(lambda d: drawable(d))[0]
        app.tap(browser, browser.find_element(By.CSS_SELECTOR, f'section.draw button.key[data-line="{card}"]'))
        assert app.kept_game(browser, "away")["sync"]["pending"]  # it waits on the phone
        process, _ = browsing.serve(tmp_path, port=port)  # where the installed app knows it
        WebDriverWait(browser, 30).until(lambda d: not app.kept_game(d, "away")["sync"]["pending"])
        assert on_disk(tmp_path, "away") == [[card]]
        time.sleep(2)  # four more polls: each would have sent the tap again, were it still waiting
        assert on_disk(tmp_path, "away") == [[card]]
    finally:
        browser.quit()
        browsing.stop_serving(process)


def test_over_plain_http_under_lan_it_says_what_it_cannot_do_and_pairs_another_phone_never_with_the_token(
        tmp_path_factory, chromium):
    binary, driver_path = chromium

    def phone():
        """A phone's browser of its own (its own cookies and storage), reaching the server as table.test."""
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--host-resolver-rules=MAP table.test 127.0.0.1",
                     f"--user-data-dir={tmp_path_factory.mktemp('chromium-lan')}",
                     f"--window-size={browsing.WIDTH},{browsing.HEIGHT}"):
            options.add_argument(flag)
        return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))

    games = tmp_path_factory.mktemp("lan-games")
    process, printed = browsing.serve(games, "--lan", "--host", "127.0.0.1")
    port = urllib.parse.urlsplit(printed).port
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(printed).query)["token"][0]
    first = phone()
    try:
        app.make_game(f"http://127.0.0.1:{port}", "famiglia", "lan", SEEDED, token=token)
        ready_at(first, f"http://table.test:{port}/games/lan?token={token}")
        WebDriverWait(first, 10).until(lambda d: d.find_elements(By.ID, "board"))
        assert first.execute_script("return window.isSecureContext") is False
        limits = first.find_element(By.CSS_SELECTOR, ".limits").text
        assert "HTTPS" in limits and "installed" in limits
        app.tap(first, first.find_element(By.CSS_SELECTOR, "section.draw button.key"))  # a tap starts the video
        WebDriverWait(first, 10).until(lambda d: d.execute_script(
            "const v = document.querySelector('video.keep-awake'); return v && !v.paused"))
        WebDriverWait(first, 10).until(lambda d: not app.kept_game(d, "lan")["sync"]["pending"])
        app.press(first, first.find_element(By.CSS_SELECTOR, "[data-tool=pair]"))
        WebDriverWait(first, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#pair-qr svg, #pair-qr img, "
                                                                                  "#pair-qr canvas"))
        link = first.find_element(By.ID, "pair-link").text
        assert "/pair/" in link and token not in first.page_source
        app.shot(first, "server-pair-lan")
        # Another phone opens the link from another app (here a page of another origin): the pass is a
        # SameSite=Lax cookie, which such a navigation keeps; the key comes in the fragment.
        other = phone()
        try:
            other.get(f"data:text/html,<a id=go href='{link}'>open</a>")
            other.find_element(By.ID, "go").click()
            WebDriverWait(other, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "section.draw button.key"))
            assert "key=" not in other.current_url and "token" not in other.current_url  # kept, not shown
            card = drawable(other)[0]
            app.tap(other, other.find_element(By.CSS_SELECTOR, f'section.draw button.key[data-line="{card}"]'))
            WebDriverWait(other, 20).until(lambda d: len(on_disk(games, "lan")[0]) == 2)  # the API took its key
            assert on_disk(games, "lan")[0][1] == card
        finally:
            other.quit()
    finally:
        first.quit()
        browsing.stop_serving(process)


# Every fetch the page's scripts make, counted when it fails (the app calls the global fetch each time).
COUNT_FAILURES = """
window.failedFetches = [];
const fetchAsBefore = window.fetch;
window.fetch = (...args) => fetchAsBefore(...args).catch((e) => {
  window.failedFetches.push(String(args[0]));
  throw e;
});
"""


def test_a_game_page_polls_and_follows_through_the_connection_limits_without_a_failed_request(
        tmp_path, tmp_path_factory, chromium):
    """Against `companion serve` with short limits (2 s, tests/companion/web/test_web_limits.py): the
    app's connections, idle past the limits, are closed and opened again without one request failing,
    and the server says nothing about it."""
    served = Served(tmp_path)
    browser = browsing.phone_browser(tmp_path_factory, chromium)
    try:
        base = f"http://127.0.0.1:{served.port}"
        app.make_game(base, "showdown", "limits", {"teams": ["Ann=blood_diamond", "Bob=void_clover"], "seed": 1})
        ready_at(browser, base + "/games/limits")
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
        browser.execute_script(COUNT_FAILURES)
        first = app.kept_game(browser, "limits")["sync"]["version"]
        played_until = time.monotonic() + 4 * SECONDS
        lines = 0
        while time.monotonic() < played_until:  # another device plays now and then; the page follows
            assert browsing.api({"url": base}, "/api/games/limits/lines", {"line": "roll 2d6"})["ok"]
            lines += 1
            time.sleep(0.6 * SECONDS)
        WebDriverWait(browser, 30).until(lambda d: app.kept_game(d, "limits")["sync"]["version"] == first + lines)
        assert browser.execute_script("return window.failedFetches") == []
    finally:
        browser.quit()
        log = served.stop()
    assert log == []  # a browser's idle connections are closed without a word


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_damaged_server_file_shows_with_its_problem_and_a_server_game_is_not_deleted_from_the_phone(
        tmp_path, tmp_path_factory, chromium, lang):
    (tmp_path / "broken.game.json").write_text("{", encoding="utf-8")
    with browsing.companion_serve(tmp_path) as server:
        base = server["url"]
        app.make_game(base, "famiglia", "kept", SEEDED)
        browser = browsing.phone_browser(tmp_path_factory, chromium)
        try:
            ready_at(browser, base + "/")
            browser.execute_script("localStorage.setItem('lang', arguments[0])", lang)
            ready_at(browser, base + "/")
            row = WebDriverWait(browser, 10).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#games [data-damaged=broken]"))[0]
            # the server's own words, in the page's language; nothing to tap that leads nowhere
            said = translator(lang)("{name}: the game file is damaged; it was left untouched.").format(name="broken")
            assert row.find_element(By.CSS_SELECTOR, ".game-meta").text == said
            assert row.tag_name == "div" and not row.find_elements(By.CSS_SELECTOR, "a")
            assert browser.execute_script("return [...document.querySelectorAll('#games a.game-link .game-name')]"
                                          ".map((a) => a.textContent)") == ["kept"]
            assert app.small_targets(browser) == []
            app.shot(browser, f"server-damaged-{lang}")
            # a file damaged while the home page shows joins the list as it follows the server
            (tmp_path / "later.game.json").write_text("{", encoding="utf-8")
            WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#games [data-damaged=later]"))
            # the server keeps the game: deleting the phone's copy would bring it back, so it is not offered
            browser.find_element(By.CSS_SELECTOR, '#games a[href="#game=kept"]').click()
            WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
            assert not browser.find_elements(By.CSS_SELECTOR, "[data-tool=delete]")
            assert browser.find_element(By.ID, "delete-kept").text == translator(lang)(
                "This game is kept on the server and comes back from it, so it cannot be deleted from this device.")
            app.shot(browser, f"server-not-deleted-{lang}")
        finally:
            browser.quit()
