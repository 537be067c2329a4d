"""The app's browser tests' shared parts: the exported folder served by a plain static server under a
subpath, and a phone's taps on the app's pages (each waiting for the page to be painted again)."""
from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

from repo_paths import ROOT

SHOTS = ROOT / "output" / "app-screenshots"
SUBPATH = "tabletop-kit"

# A whole game runs in one language and theme in CI; TABLETOP_APP_MATRIX=1 plays each in all four.
FULL_MATRIX = os.environ.get("TABLETOP_APP_MATRIX") == "1"

def looks(usual: tuple[str, str]) -> list[tuple[str, str]]:
    return [(lang, theme) for lang in ("en", "ja") for theme in ("light", "dark")] if FULL_MATRIX else [usual]

class StaticServer:
    """Python's own static file server over `folder`: no API, nothing but files."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = 0
        self.url = ""
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        # Port 0: the system gives the server a free port as it binds it, and the server prints which (a port
        # found free beforehand could be taken first by a server of another worker of the run).
        self.process = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                                         "--directory", str(self.folder)], text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        serving = self.process.stdout.readline()  # "Serving HTTP on 127.0.0.1 port 40123 (http://…) ..."
        port = re.search(r" port (\d+) ", serving)
        if not port:
            raise RuntimeError(f"the static server did not start: {serving!r}")
        self.port = int(port.group(1))
        self.url = f"http://localhost:{self.port}/{SUBPATH}/"
        deadline = time.monotonic() + 10
        while True:
            try:
                urllib.request.urlopen(self.url, timeout=1)
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the static server did not start") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

def shot(browser, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / f"{name}.png"))

def ready(browser) -> None:
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.documentElement.dataset.ready"))

def open_app(browser, server, lang="en", theme="auto") -> None:
    browser.get(server.url)
    browser.execute_script("localStorage.setItem('lang', arguments[0]); localStorage.setItem('theme', arguments[1]);",
                           lang, theme)
    browser.get(server.url)
    ready(browser)

def press(browser, element) -> None:
    """Tap, the element brought into view first (as a thumb would scroll to it)."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()

def tap(browser, element) -> None:
    """Tap and wait for the page to be painted again (every tap that plays redraws it)."""
    press(browser, element)
    WebDriverWait(browser, 10).until(expected_conditions.staleness_of(element))

def unfold(browser, css: str):
    """Open the folds (<details>) `css` finds, each by a tap on its summary as a thumb opens it (a fold's
    contents are made when it is first opened); the first of them."""
    folds = browser.find_elements(By.CSS_SELECTOR, css)
    assert folds, f"no fold {css}"
    for fold in folds:
        if fold.get_attribute("open") is None:
            press(browser, fold.find_element(By.CSS_SELECTOR, ":scope > summary"))
    return folds[0]

def new_game(browser, game: str, name: str, options: dict | None = None) -> None:
    form = browser.find_element(By.CSS_SELECTOR, f"form[data-create='{game}']")
    browser.execute_script("arguments[0].closest('details').open = true", form)
    field = form.find_element(By.NAME, "name")
    field.clear()
    field.send_keys(name)
    for key, value in (options or {}).items():
        form.find_element(By.CSS_SELECTOR, f"input[name='{key}'][value='{value}']").click()
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))

def fixture_game(name: str) -> dict:
    """A saved-game fixture as the app keeps it (journal entries, the moments each brought, its outcome)."""
    out = subprocess.run(["node", str(ROOT / "tests" / "js" / "fixture_journal.mjs"), name], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)

def put_game(browser, name: str, fixture: dict, upto: int | None = None) -> None:
    """Keep a game on this device as the app does (ui/store.js), its journal up to entry `upto` (the
    home page marks it finished if the whole journal ends the game)."""
    saved = {"format": "tabletop-kit game", "version": 1, "game": fixture["game"], "options": fixture["options"],
             "seed": fixture["seed"], "revision": 1, "entries": fixture["entries"][:upto], "undone": [],
             "name": name, "updated": 0, "seen": True, "over": upto is None and fixture["outcome"] is not None}
    error = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import(new URL('ui/store.js', document.baseURI).href).then((store) => store.saveGame(arguments[0]))
          .then(() => done(''), (e) => done(String(e)));""", saved)
    assert not error, error

def open_game(browser, server, name: str) -> None:
    browser.get(server.url + "#game=" + name)
    browser.refresh()  # a page loaded afresh: ready once the game is drawn
    ready(browser)

def enabled(browser, css: str):
    return [b for b in browser.find_elements(By.CSS_SELECTOR, css) if b.is_enabled()]

def refused(browser) -> str:
    return " ".join(p.text for p in browser.find_elements(By.CSS_SELECTOR, "#messages .refused"))

# What a terminal says and a phone page must not: a command to type, an option, the terminal's dice
# notation, its NPC label and setup echo, its time sums and its round rule, in either language.
TERMINAL_WORDS = re.compile(r"companion |--[a-z]|\(1d6\)|\bnpc:|NPC\(|NPC（[^）]+）|times:|捜査時間："
                            r"|──|\[chief\]|［チーフ］")

def terminal_words(browser) -> list[str]:
    """The terminal's wording anywhere on the page, folded-away parts included."""
    text = browser.execute_script("return document.querySelector('main')?.textContent ?? ''")
    return TERMINAL_WORDS.findall(text)

def famiglia_tap(browser, rng: random.Random) -> bool:
    """One tap of a Famiglia game: a card drawn, else your move; False once the game is over."""
    if browser.find_elements(By.ID, "outcome"):
        return False
    keys = enabled(browser, "section.draw button.key")
    if keys:
        tap(browser, rng.choice(keys))
        return True
    moves = enabled(browser, ".street button.tap")
    assert moves, "neither a card to draw nor a move to make, and the game is not over"
    tap(browser, rng.choice(moves))
    return True

def letters_left(left: dict[str, int], n: int) -> list[str]:
    """n event letters the grid still has cards for, the most plentiful first."""
    chosen = []
    for _ in range(n):
        letter = max(left, key=lambda k: left[k])
        left[letter] -= 1
        chosen.append(letter)
    return chosen

def terror24_set_up(browser) -> None:
    """A 3-player game of 24 through its setup wizard, to round 1's bids."""
    new_game(browser, "terror24", "table-24")
    for field, name in zip(browser.find_elements(By.CSS_SELECTOR, ".wizard input[name=name]"), ["Aki", "Ben", "Chie"]):
        field.send_keys(name)
    for _ in range(3):  # players, styles, the NPC
        tap(browser, browser.find_element(By.CSS_SELECTOR, ".wizard button[type=submit]"))
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".wizard .buttons button"))
    left = {"R": 7, "B": 6, "Y": 5, "G": 4, "P": 2}
    for pick in browser.find_elements(By.CSS_SELECTOR, ".wizard select.event-pick"):
        Select(pick).select_by_value(letters_left(left, 1)[0])
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".wizard button[type=submit]"))

def lay_bid(browser) -> None:
    pad = browser.find_element(By.CSS_SELECTOR, "#board section.composer")
    keys = pad.find_elements(By.CSS_SELECTOR, "button.key")
    press(browser, keys[0])
    tap(browser, keys[1] if len(keys) > 1 else keys[0])

def in_view(browser, element) -> bool:
    """Whether `element` shows whole on the screen, above the table's tools."""
    return browser.execute_script("""
        const box = arguments[0].getBoundingClientRect();
        const tools = document.querySelector('.tools').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= tools.top;""", element)

def showdown_new_game(browser, name: str, teams: list[tuple[str, str]]) -> None:
    form = browser.find_element(By.CSS_SELECTOR, "form[data-create='hitmans-showdown']")
    browser.execute_script("arguments[0].closest('details').open = true", form)
    field = form.find_element(By.NAME, "name")
    field.clear()
    field.send_keys(name)
    rows = form.find_elements(By.CSS_SELECTOR, ".team-row")
    for row, (team, faction) in zip(rows, teams):
        row.find_element(By.NAME, "team_name").send_keys(team)
        Select(row.find_element(By.NAME, "team_faction")).select_by_value(faction)
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))

def showdown_tap(browser, rng: random.Random) -> bool:
    """One tap of a Showdown game; False once it is over. Attacks a mafia card now and then, rolls by
    tapping the faces or by the app, settles, answers each penalty roll."""
    if browser.find_elements(By.ID, "outcome"):
        return False
    action = browser.find_elements(By.ID, "action")
    if action:
        keys = action[0].find_elements(By.CSS_SELECTOR, ".composer button.die-key")
        if keys:  # the faces rolled at the table, one tap a die
            count = int(action[0].find_element(By.CSS_SELECTOR, ".composer").get_attribute("data-roll"))
            for _ in range(count - 1):
                press(browser, rng.choice(keys))
            tap(browser, rng.choice(keys))
            return True
        faces = action[0].find_elements(By.CSS_SELECTOR, ".pad button.die-key")
        if faces:  # a penalty or money roll asked
            tap(browser, rng.choice(faces))
            return True
        then = action[0].find_elements(By.CSS_SELECTOR, ".then button.tap, .buttons button.tap")
        assert then, "an action under way with nothing to tap"
        tap(browser, then[0])
        return True
    attacks = browser.find_elements(By.CSS_SELECTOR, "#turn .attack-group button.tap")
    if attacks and rng.random() < 0.4:
        tap(browser, rng.choice(attacks))
        return True
    tap(browser, browser.find_element(By.CSS_SELECTOR, "#turn button[data-line=pass]"))
    return True

# ---- the app served by `companion serve` -------------------------------------------------------------

def make_game(base: str, game: str, name: str, options: dict | None = None, token: str | None = None) -> None:
    """A game made through the server's API, as another device or a script would."""
    made = urllib.request.Request(f"{base}/api/games", method="POST", data=json.dumps(
        {"game": game, "name": name, "options": options or {}}).encode(), headers={
        "Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
    urllib.request.urlopen(made, timeout=10)

def kept_game(browser, name: str) -> dict | None:
    """The game `name` as the device keeps it in IndexedDB (a server's game: with its `sync`)."""
    return browser.execute_async_script("""
        const [name, done] = [arguments[0], arguments[arguments.length - 1]];
        const open = indexedDB.open("tabletop-kit");
        open.onsuccess = () => {
          const got = open.result.transaction("games").objectStore("games").get(name);
          got.onsuccess = () => done(got.result ?? null);
        };""", name)

def controlled(browser) -> bool:
    """Whether the service worker answers this page (else the page is loaded again, for the next look)."""
    return browser.execute_script("return navigator.serviceWorker && navigator.serviceWorker.controller !== null") \
        or browser.refresh()

def cached_urls(browser) -> list[str]:
    """Every address kept in the page's caches (the service worker's)."""
    return browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const urls = [];
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
          }
          return urls;
        })().then(done);""")

def small_targets(browser) -> list[str]:
    """Everything tappable and shown that is under 44 px either way (a radio button counts by its label)."""
    return browser.execute_script("""
        return [...document.querySelectorAll('a, button, summary, input:not([type=radio]), select, label.choice')]
          .filter(e => e.offsetParent !== null && !e.closest('.message'))
          .map(e => [e.tagName + ' ' + (e.textContent || e.name || '').trim().slice(0, 20), e.getBoundingClientRect()])
          .filter(([, r]) => r.height < 44 || r.width < 44)
          .map(([what, r]) => `${what}: ${Math.round(r.width)}×${Math.round(r.height)}`);""")
