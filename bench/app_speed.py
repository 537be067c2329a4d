"""The app on a mid-range phone: the folder `companion app export` writes, served by a plain static file
server on localhost under a subpath (/tabletop-kit/, as a GitHub Pages project site), opened in a real
Chromium at 360 × 640 with its CPU slowed 4× (Chrome DevTools' "mid-tier mobile" setting).

Prints, for each of the three games (Famiglia, Hitman's Showdown, 24), a game saved on the device:
  - warm start: the game reopened with the app's files in its service worker's cache, from the
    navigation to the first frame painted with the game's board (target ≤ 0.5 s);
  - cold start: the same with the service worker, its cache and the HTTP cache cleared, so every file
    is fetched from the server again (target ≤ 2 s);
  - tap to paint: from a tap to the first frame painted with the redrawn page (the step played, saved
    in IndexedDB, drawn), over every tap of a whole Famiglia game, and of Hitman's Showdown games and
    games of 24 played one after another (each with a seed of its own) until `--taps` taps of each
    (p50, p95, worst; target p95 ≤ 50 ms);
and the whole app's size, every file of the exported folder brotli-compressed (target ≤ 300 KB).

    python bench/app_speed.py [--starts N] [--rate 4] [--taps 100] [--games GAME ...] [--app FOLDER]

`--app` measures a folder `companion app export` wrote (another version's, to compare).
Needs Debian's chromium and chromium-driver (as the browser tests do) and Node ≥ 18 (for brotli).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from chromium import phone
from js_browser import SIZES
from served import free_port, launched, percentile

COMPANION = [sys.executable, "-c", "from companion.cli import run; run()"]
SUBPATH = "tabletop-kit"
TARGETS = {"warm": 500, "cold": 2000, "tap p95": 50, "size KB": 300}

# Put into every page before its own scripts: note when the first frame showing a game's board is painted
# (the frame after the one in which the board appeared), in ms since the navigation began.
FIRST_BOARD = """
window.__boardPainted = null;
new MutationObserver((changes, observer) => {
  if (!document.getElementById("board")) return;
  observer.disconnect();
  requestAnimationFrame(() => requestAnimationFrame(() => { window.__boardPainted = performance.now(); }));
}).observe(document, {childList: true, subtree: true});
"""

# In the page: tap `button`; the time until the page is redrawn (the step played, saved and the new page
# built) and until the frame showing it is painted.
TAP_TO_PAINT = """
const [button, done] = arguments;
const before = document.querySelector("main");
const observer = new MutationObserver(() => {
  if (document.querySelector("main") === before) return;
  observer.disconnect();
  const built = performance.now() - start;
  requestAnimationFrame(() => requestAnimationFrame(() => done([built, performance.now() - start])));
});
observer.observe(document.body, {childList: true, subtree: true});
button.scrollIntoView({block: "center"});
const start = performance.now();
button.click();
"""

SAVE = """
const [file, done] = [arguments[0], arguments[arguments.length - 1]];
import(new URL("ui/store.js", document.baseURI).href)
  .then((store) => store.saveGame(file)).then(() => done(""), (e) => done(String(e)));
"""


def serve(root: Path, port: int) -> subprocess.Popen:
    return launched([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(root)],
                    f"http://localhost:{port}/{SUBPATH}/", "the static server")


def app_phone(profile: str, rate: float) -> webdriver.Chrome:
    driver = phone(profile, rate)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_BOARD})
    return driver


def ready(driver) -> None:
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.documentElement.dataset.ready"))


def start_time(driver, url: str) -> float:
    """Open `url` (a game's address) from a blank page; ms from the navigation to its board painted."""
    driver.get("about:blank")
    driver.get(url)
    WebDriverWait(driver, 30, poll_frequency=0.05).until(lambda d: d.execute_script("return window.__boardPainted"))
    return driver.execute_script("return window.__boardPainted")


def forget_the_app(driver, origin: str) -> None:
    """A cold start's state: no service worker, no cached file; the games on the device kept."""
    driver.get("about:blank")
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin,
                                                          "storageTypes": "service_workers,cache_storage"})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})


def enabled(driver, css: str) -> list:
    return [b for b in driver.find_elements(By.CSS_SELECTOR, css) if b.is_enabled()]


def famiglia_taps(driver, rng: random.Random) -> list:
    """The next tap of a Famiglia game (a card drawn, else a move); none once it is over."""
    if driver.find_elements(By.ID, "outcome"):
        return []
    return [rng.choice(enabled(driver, "section.draw button.key") or enabled(driver, ".street button.tap"))]


def showdown_taps(driver, rng: random.Random) -> list:
    """The next taps of a Hitman's Showdown game, the last of which plays a step: the dice rolled (a
    face a die), a penalty roll, the action's next step, an attack now and then, else pass."""
    if driver.find_elements(By.ID, "outcome"):
        return []
    action = driver.find_elements(By.ID, "action")
    if action:
        composer = action[0].find_elements(By.CSS_SELECTOR, ".composer[data-roll]")
        if composer:
            keys = composer[0].find_elements(By.CSS_SELECTOR, "button.die-key")
            return [rng.choice(keys) for _ in range(int(composer[0].get_attribute("data-roll")))]
        faces = action[0].find_elements(By.CSS_SELECTOR, ".pad button.die-key")
        if faces:
            return [rng.choice(faces)]
        return action[0].find_elements(By.CSS_SELECTOR, ".then button.tap, .buttons button.tap")[:1]
    attacks = driver.find_elements(By.CSS_SELECTOR, "#turn .attack-group button.tap")
    if attacks and rng.random() < 0.4:
        return [rng.choice(attacks)]
    return [driver.find_element(By.CSS_SELECTOR, "#turn button[data-line=pass]")]


def terror24_taps(driver, rng: random.Random) -> list:
    """The next taps of a game of 24, the last of which plays a step: a bid laid card by card on its
    pad (as many keys as the pad says the seat lays), a card drawn at a life-or-death check, the
    face-down events turned up."""
    if driver.find_elements(By.ID, "outcome"):
        return []
    pads = driver.find_elements(By.CSS_SELECTOR, "#board section.composer")
    if pads:
        keys = pads[0].find_elements(By.CSS_SELECTOR, "button.key")
        count = int(re.search(r"\d+", pads[0].find_element(By.CSS_SELECTOR, "h2 small").text).group())
        return [keys[i % len(keys)] for i in range(count)]
    draws = enabled(driver, "#board .pad button.tap")
    if draws:
        return [rng.choice(draws)]
    picks = driver.find_elements(By.CSS_SELECTOR, "#board select[name=event]")
    if picks:
        for pick in picks:
            Select(pick).select_by_index(rng.randrange(1, len(Select(pick).options)))
        return [driver.find_element(By.CSS_SELECTOR, "#board form.compose-form button[type=submit]")]
    return []


def play(driver, url: str, name: str, next_taps, limit: int) -> list[list[float]]:
    """Tap through the game `name` (at most `limit` steps); each step's time from its tap to its page
    redrawn and to that page painted.
    Taps that only fill a pad (a die of several) are made first, untimed."""
    driver.get("about:blank")  # from another game's address, a new fragment alone would not reload the page
    driver.get(url + "#" + urllib.parse.urlencode({"game": name}))
    ready(driver)
    rng = random.Random(7)
    taps = []
    while len(taps) < limit:
        buttons = next_taps(driver, rng)
        if not buttons:
            break
        for button in buttons[:-1]:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].click()", button)
        taps.append(driver.execute_async_script(TAP_TO_PAINT, buttons[-1]))
    return taps


def figures(values: list[float]) -> str:
    return f"median {statistics.median(values):.0f} ms, p95 {percentile(values, 95):.0f} ms, worst {max(values):.0f} ms"


def verdict(value: float, target: float) -> str:
    return f"(target ≤ {target}: {'met' if value <= target else 'MISSED'})"


def size(folder: Path) -> None:
    files = sorted(f for f in folder.rglob("*") if f.is_file())
    measured = json.loads(subprocess.run(["node", "-e", SIZES], input=json.dumps([str(f) for f in files]),
                                         check=True, capture_output=True, text=True).stdout)
    groups: dict[str, list[int]] = {}
    for file, (raw, br) in zip(files, measured):
        top = file.relative_to(folder).parts
        group = groups.setdefault(top[0] + ("/" if len(top) > 1 else ""), [0, 0, 0])
        group[0] += raw
        group[1] += br
        group[2] += 1
    print("the whole app, as exported (raw / brotli, file by file):")
    for name, (raw, br, count) in sorted(groups.items(), key=lambda g: -g[1][1]):
        print(f"  {name:<22} {raw / 1024:7.1f} KB / {br / 1024:5.1f} KB ({count} files)")
    raw_total = sum(g[0] for g in groups.values()) / 1024
    br_total = sum(g[1] for g in groups.values()) / 1024
    met = verdict(round(br_total, 1), TARGETS["size KB"])
    print(f"  {'total':<22} {raw_total:7.1f} KB / {br_total:5.1f} KB brotli {met}")


# The games measured: each saved on the device before the starts, then played by taps from there (24 from
# its first bids: its setup is in the saved journal, as a table answers it once).
GAMES = {
    "famiglia": {"title": "a whole Famiglia game", "taps": famiglia_taps, "entries": [],
                 "options": {"level": 2, "first": "player"}},
    "hitmans-showdown": {"title": "Hitman's Showdown games", "taps": showdown_taps, "entries": [],
                         "options": {"teams": [{"name": "Ann", "faction": "red_heart"},
                                               {"name": "Bob", "faction": "void_clover"}]}},
    "terror24": {"title": "games of 24", "taps": terror24_taps, "options": {"npc_deck": "virtual"},
                 "entries": [["Aki=scotch Ben=wolf Chie=hibachi"], ["s c s"], ["lloyd"], ["Aki"],
                             ["YR BY BR PY -?- YG -?-"]]},
}


def game_address(url: str, game: str) -> str:
    return url + "#" + urllib.parse.urlencode({"game": f"bench-{game}"})


def save_game(driver, game: str, name: str, seed: int) -> None:
    """The game `game` kept on the device as `name`, at its measured start (24's setup answered)."""
    saved = {"format": "tabletop-kit game", "version": 1, "game": game, "seed": seed, "revision": 0,
             "entries": GAMES[game]["entries"], "name": name, "updated": 0, "seen": True,
             "options": {"lang": "en"} | GAMES[game]["options"]}
    assert driver.execute_async_script(SAVE, saved) == ""


def play_games(driver, url: str, game: str, taps: int) -> list[list[float]]:
    """`taps` taps of `game`: one whole Famiglia game; Showdown and 24 games one after another, each
    with a seed of its own, until that many (a game of 24 is some 25 taps: the slowest taps of a single
    game would be its p95)."""
    if game == "famiglia":
        return play(driver, url, "bench-famiglia", famiglia_taps, 1000)
    measured: list[list[float]] = []
    for seed in range(8, 8 + taps):
        if len(measured) >= taps:
            break
        save_game(driver, game, f"bench-{game}-{seed}", seed)
        measured += play(driver, url, f"bench-{game}-{seed}", GAMES[game]["taps"], taps - len(measured))
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=5, help="warm and cold starts each, per game (default 5)")
    parser.add_argument("--rate", type=float, default=4, help="Chromium's CPU slow-down (default 4)")
    parser.add_argument("--taps", type=int, default=100,
                        help="taps of Showdown and of 24, game after game (default 100); Famiglia is one whole game")
    parser.add_argument("--games", nargs="+", choices=list(GAMES), default=list(GAMES), help="the games measured")
    parser.add_argument("--app", type=Path, help="an exported app folder to measure (default: export this checkout's)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp())
    folder = work / "site" / SUBPATH
    if args.app:
        shutil.copytree(args.app, folder)
    else:
        subprocess.run(COMPANION + ["app", "export", str(folder), "--quiet"], check=True)
    size(folder)
    port = free_port()
    origin = f"http://localhost:{port}"
    url = f"{origin}/{SUBPATH}/"
    server = serve(work / "site", port)
    driver = app_phone(str(work / "profile"), args.rate)
    try:
        driver.get(url)
        ready(driver)
        for game in args.games:
            save_game(driver, game, f"bench-{game}", 7)
        cold: dict[str, list[float]] = {game: [] for game in args.games}
        for _ in range(args.starts):
            for game in args.games:
                forget_the_app(driver, origin)
                cold[game].append(start_time(driver, game_address(url, game)))
        # the service worker takes over after a first visit; from then on the app starts from its cache
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return navigator.serviceWorker.controller !== null") or d.refresh())
        warm: dict[str, list[float]] = {game: [] for game in args.games}
        for _ in range(args.starts):
            for game in args.games:
                warm[game].append(start_time(driver, game_address(url, game)))
        load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
        print(f"CPU slowed {args.rate:g}×, at 360 × 640, served from {url} (load average {load}):")
        for game in args.games:
            print(f"  {game}: cold start to the first painted game, {args.starts} starts: {figures(cold[game])} "
                  f"{verdict(round(statistics.median(cold[game])), TARGETS['cold'])}")
            print(f"  {game}: warm start to the first painted game, {args.starts} starts: {figures(warm[game])} "
                  f"{verdict(round(statistics.median(warm[game])), TARGETS['warm'])}")
        for game in args.games:
            taps = play_games(driver, url, game, args.taps)
            painted = [tap[1] for tap in taps]
            print(f"  tap to paint over {GAMES[game]['title']}, {len(taps)} taps: {figures(painted)} "
                  f"{verdict(round(percentile(painted, 95)), TARGETS['tap p95'])}")
            print(f"    of which the step played, saved and its page shown: {figures([tap[0] for tap in taps])}")
        load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
        print(f"  (load average at the end {load})")
    finally:
        driver.quit()
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
