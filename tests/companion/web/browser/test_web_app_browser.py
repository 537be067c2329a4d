"""The pages as an app on a phone, in a real browser at 360 × 640: light and dark themes that read at
4.5:1, installable on localhost, opening from the cache and saying so when the server is out of reach
(a tap made meanwhile applied exactly once when it is back), and, over plain HTTP under another host
name, saying what they cannot do while still keeping the screen on."""
import json
import os
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browsing import (
    COMPANION,
    CONTRAST,
    HEIGHT,
    SHOTS,
    WIDTH,
    api,
    fetched,
    free_port,
    lay_keys,
    new_game,
    open_page,
    shoot,
)

pytestmark = pytest.mark.usefixtures("chromium")  # without Chromium: skipped, or failed under CI


def set_theme(browser, theme):
    browser.execute_script("localStorage.setItem('theme', arguments[0])", theme)
    browser.refresh()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board, #games"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_both_themes_read_at_4_5_to_1_on_every_page(browser, server, lang):
    names = {"famiglia": f"theme-fam-{lang}", "showdown": f"theme-sd-{lang}", "terror24": f"theme-24-{lang}"}
    new_game(server, "famiglia", names["famiglia"], {"level": 2, "first": "player"})
    new_game(server, "showdown", names["showdown"], {"teams": ["Ann=red_heart", "Bob=void_clover"], "seed": 3})
    api(server, f"/api/games/{names['showdown']}/lines", {"line": "attack SQ"})
    new_game(server, "terror24", names["terror24"], {"npc_deck": "virtual", "seed": 7})
    for line in ("Aki=scotch Ben=wolf Chie=hibachi", "s c s", "lloyd after Chie", "Aki", "RB YG RR BP GY"):
        api(server, f"/api/games/{names['terror24']}/lines", {"line": line})
    for theme in ("light", "dark"):
        for game, name in [*names.items(), ("home", None)]:
            if name:
                open_page(browser, server, name, lang)
            else:
                browser.get(f"{server['url']}/lang/{lang}?next=/")
            set_theme(browser, theme)
            assert browser.execute_script("return document.documentElement.dataset.theme") == theme
            low = browser.execute_script(CONTRAST)
            assert low == [], (game, theme, low)
            shoot(browser, f"theme-{game}-{theme}-{lang}")
    set_theme(browser, "auto")


def test_the_theme_switch_cycles_and_is_kept(browser, server):
    new_game(server, "famiglia", "theme-switch")
    open_page(browser, server, "theme-switch")
    set_theme(browser, "auto")
    switch = browser.find_element(By.CSS_SELECTOR, ".theme-switch")
    seen = []
    for _ in range(3):
        switch.click()
        seen.append(browser.execute_script("return document.documentElement.dataset.theme || 'auto'"))
    assert seen == ["light", "dark", "auto"]
    switch.click()
    browser.refresh()
    assert browser.execute_script("return document.documentElement.dataset.theme") == "light"
    set_theme(browser, "auto")


def test_the_pages_are_installable_on_localhost(browser, server):
    new_game(server, "famiglia", "installable")
    browser.get(server["url"].replace("127.0.0.1", "localhost") + "/games/installable")
    WebDriverWait(browser, 20).until(lambda d: d.execute_script(
        "return navigator.serviceWorker && navigator.serviceWorker.controller !== null") or d.refresh())
    errors = browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == []
    manifest = json.loads(urllib.request.urlopen(server["url"] + "/manifest.webmanifest").read())
    assert manifest["display"] == "standalone" and {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}


def test_the_service_worker_keeps_one_entry_a_page_whatever_its_query(browser, server):
    new_game(server, "famiglia", "kept-once")
    browser.get(server["url"].replace("127.0.0.1", "localhost") + "/games/kept-once")
    WebDriverWait(browser, 60).until(lambda d: d.execute_script(
        "return navigator.serviceWorker && navigator.serviceWorker.controller !== null") or d.refresh())
    for query in ("?from=qr", "?from=chat", "?utm=1"):
        browser.get(server["url"].replace("127.0.0.1", "localhost") + "/games/kept-once" + query)
        WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
    kept = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const urls = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
          }
          done(urls.filter((u) => new URL(u).pathname === "/games/kept-once"));
        })();""")
    assert len(kept) == 1 and "?" not in kept[0]


def test_under_lan_the_pages_install_on_localhost(browser, tmp_path):
    port = free_port()
    process = start_server(port, tmp_path, "--lan", "--host", "127.0.0.1")
    try:
        token = lan_game(process, port, "lan-app")
        browser.get(f"http://localhost:{port}/games/lan-app?token={token}")
        WebDriverWait(browser, 60).until(lambda d: d.execute_script(
            "return navigator.serviceWorker && navigator.serviceWorker.controller !== null") or d.refresh())
        errors = browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
        assert errors == []
    finally:
        stop_server(process)


# ---- the server out of reach -------------------------------------------------------------------------------

def start_server(port, games, *extra):
    process = subprocess.Popen(COMPANION + ["serve", "--port", str(port), "--games", str(games), *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               env={**os.environ, "LANG": "C.UTF-8"})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/manifest.webmanifest", timeout=1)
            return process
        except urllib.error.HTTPError:  # --lan: refused without the token, but up
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(process.stdout.read().decode())


def lan_game(process, port, name) -> str:
    """The token a `--lan` server printed, and a Famiglia game called `name` made with it."""
    out = b""
    while b"token=" not in out:
        out += process.stdout.read1(4096)
    token = out.split(b"token=")[1].split()[0].decode()
    made = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", method="POST",
                                  headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
                                  data=json.dumps({"game": "famiglia", "name": name, "options": {}}).encode())
    urllib.request.urlopen(made)
    return token


def stop_server(process):
    process.terminate()
    process.wait(15)


def test_with_the_server_away_the_page_opens_from_the_cache_and_a_tap_waits_to_be_applied_once(
        browser, tmp_path):
    port = free_port()
    url = f"http://localhost:{port}"
    process = start_server(port, tmp_path)
    try:
        request = urllib.request.Request(url + "/api/games", method="POST",
                                         headers={"Content-Type": "application/json"},
                                         data=json.dumps({"game": "famiglia", "name": "away",
                                                          "options": {"level": 2, "first": "player"}}).encode())
        urllib.request.urlopen(request)
        browser.get(url + "/lang/en?next=/games/away")
        WebDriverWait(browser, 60).until(lambda d: d.execute_script(
            "return navigator.serviceWorker.controller !== null") or d.refresh())
        stop_server(process)
        browser.refresh()  # the page from the cache, the server gone
        banner = browser.find_element(By.ID, "offline")
        WebDriverWait(browser, 60).until(lambda d: banner.text.strip())
        assert "cannot be reached" in banner.text and browser.find_elements(By.CSS_SELECTOR, ".draw .key")
        lay_keys(browser, ".draw", ["R1", "B2", "Y3", "G1", "R2", "B1"])  # the Street laid while the server is away
        send = browser.find_element(By.CSS_SELECTOR, ".draw .send")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", send)
        send.click()
        WebDriverWait(browser, 60).until(lambda d: "waits" in banner.text)
        process = start_server(port, tmp_path)
        WebDriverWait(browser, 60).until(lambda d: not banner.text.strip())
        saved = json.loads((tmp_path / "away.game.json").read_text(encoding="utf-8"))
        assert saved["entries"] == [["R1 B2 Y3 G1 R2 B1"]]  # applied, once
        polled = fetched(browser, "/api/games/away/version")
        # three more polls answered: each would have sent a tap still waiting
        WebDriverWait(browser, 60).until(lambda d: fetched(d, "/api/games/away/version") >= polled + 3)
        assert json.loads((tmp_path / "away.game.json").read_text(encoding="utf-8"))["entries"] == saved["entries"]
    finally:
        if process.poll() is None:
            stop_server(process)


def test_over_plain_http_under_a_lan_name_the_page_says_what_it_cannot_do_and_keeps_the_screen_on(
        tmp_path_factory, chromium):
    from selenium import webdriver

    def phone():
        """A phone's browser of its own (its own cookies and storage), reaching the server as table.test."""
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--host-resolver-rules=MAP table.test 127.0.0.1",
                     f"--user-data-dir={tmp_path_factory.mktemp('chromium-lan')}", f"--window-size={WIDTH},{HEIGHT}"):
            options.add_argument(flag)
        return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver_path))

    binary, driver_path = chromium
    port, games = free_port(), tmp_path_factory.mktemp("lan-games")
    process = start_server(port, games, "--lan", "--host", "127.0.0.1")
    driver = phone()
    try:
        token = lan_game(process, port, "lan")
        driver.get(f"http://table.test:{port}/games/lan?token={token}")
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "board"))
        assert driver.execute_script("return window.isSecureContext") is False
        limits = driver.find_element(By.ID, "limits").text
        assert "HTTPS" in limits and "screen" in limits
        key = driver.find_element(By.CSS_SELECTOR, ".draw .key")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", key)
        key.click()  # any tap starts the video
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const v = document.querySelector('video.keep-awake'); return v && !v.paused"))
        driver.get(f"http://table.test:{port}/")  # the home page: open the game on another phone
        share = driver.find_element(By.CSS_SELECTOR, '[data-share="lan"]')
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", share)
        share.click()
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const q = document.querySelector('.share-qr'); return q && !q.hidden && q.complete && q.naturalWidth > 0"))
        link = driver.find_element(By.CSS_SELECTOR, ".share-link").text
        assert "/pair/" in link and token not in driver.page_source
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / "share-lan.png"))
        # Another phone opens the link from another app (here a page of another origin): the pass is a
        # SameSite=Lax cookie, which such a navigation keeps; the key comes in the fragment.
        other = phone()
        try:
            other.get(f"data:text/html,<a id=go href='{link}'>open</a>")
            other.find_element(By.ID, "go").click()
            WebDriverWait(other, 20).until(lambda d: d.find_elements(By.ID, "board"))
            assert "#" not in other.current_url  # the key taken out of the address at once
            lay_keys(other, ".draw", ["R1", "B2", "Y3", "G1", "R2", "B1"])  # the Street: the API takes the key
            send = other.find_element(By.CSS_SELECTOR, ".draw .send")
            other.execute_script("arguments[0].scrollIntoView({block: 'center'})", send)
            send.click()
            WebDriverWait(other, 20).until(lambda d: json.loads(
                (games / "lan.game.json").read_text(encoding="utf-8"))["entries"] == [["R1 B2 Y3 G1 R2 B1"]])
        finally:
            other.quit()
    finally:
        driver.quit()
        stop_server(process)
