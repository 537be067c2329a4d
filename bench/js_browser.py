"""The browser's engines (Famiglia, 24 and Hitman's Showdown) in Node and in a headless Chromium with its CPU slowed 4×
(Chrome DevTools' "mid-tier mobile"), the same harness in both (bench/js_harness.mjs):

  - loading a game's table (engine and narration), its data and the words of both languages, cold:
    a new Node process each time; in Chromium a new page each time, the HTTP cache off, the files
    fetched from a local server (companion/app as a browser is sent it);
  - listing the legal actions and applying one: median, p99 and mean over the positions of seeded
    random games, every move a listed one picked at random (Chromium slows its CPU by pausing the page
    now and then: most short calls run at full speed and the pauses land in the p99 and the mean);
  - replaying a 500-line game: the lines of seeded random games one after another, each on a new
    table, narrated in Japanese;
  - what a phone is sent for the engines, brotli-compressed file by file as a server would (Node's
    zlib, quality 11), against a budget of 150 KB.

    python bench/js_browser.py [--games N] [--loads N] [--rate 4] [--no-browser]

Needs Node ≥ 18; the browser half needs Debian's chromium and chromium-driver.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "companion" / "app"
HARNESS = ROOT / "bench" / "js_harness.mjs"
GAMES = ["famiglia", "terror24", "hitmans-showdown"]
FOLDERS = {"hitmans-showdown": "showdown"}  # a game's folder under companion/app, where not named as the game
BUDGET_KB = 150


class Handler(SimpleHTTPRequestHandler):
    """companion/app under /app/, the harness page and module under /bench/; never cached, and
    cross-origin isolated so that the page's clock ticks in 5 µs, not 100 µs."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript",
                      ".mjs": "text/javascript", ".json": "application/json"}

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0]
        if path.startswith("/app/"):
            return str(APP / path.removeprefix("/app/"))
        if path in ("/bench/js_browser.html", "/bench/js_harness.mjs"):
            return str(ROOT / path.lstrip("/"))
        return str(ROOT / "missing")

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args) -> None:
        pass


def node(*args: str) -> dict:
    out = subprocess.run(["node", str(HARNESS), *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def chromium(profile: str, rate: float):
    from chromium import phone

    driver = phone(profile, rate, script_timeout=600)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    return driver


# In the page: load a game (the harness's `load`), then, if asked, time the rest (`run`).
IN_PAGE = """
const [game, games, done] = arguments;
const app = new URL('/app/', location).href;
(async () => {
  const loaded = await window.harness.load(game, app);
  done({ms: loaded.ms, isolated: crossOriginIsolated, run: games ? window.harness.run(game, loaded, games) : null});
})().catch((e) => done({error: String(e && e.stack || e)}));
"""


def in_browser(driver, url: str, game: str, games: int) -> dict:
    driver.get(url)
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return !!window.harness"))
    result = driver.execute_async_script(IN_PAGE, game, games)
    if "error" in result:
        raise RuntimeError(f"in the page: {result['error']}")
    return result


# Each file's size and its size brotli-compressed (Node's zlib, at its default quality 11).
SIZES = """
const { readFileSync } = require("node:fs");
const { brotliCompressSync } = require("node:zlib");
const files = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(files.map((f) => {
  const b = readFileSync(f);
  return [b.length, brotliCompressSync(b).length];
})));
"""


def sent_files() -> dict[str, list[Path]]:
    return {"lib/*.js": sorted((APP / "lib").glob("*.js")),
            **{f"{FOLDERS.get(game, game)}/": sorted((APP / FOLDERS.get(game, game)).glob("*.js")) for game in GAMES},
            f"data ({len(GAMES)} games)": [APP / "data" / f"{game}.json" for game in GAMES],
            "locale/ja.json": [APP / "locale" / "ja.json"]}


def sizes() -> None:
    groups = sent_files()
    files = [f for group in groups.values() for f in group]
    measured = json.loads(subprocess.run(["node", "-e", SIZES], input=json.dumps([str(f) for f in files]),
                                         check=True, capture_output=True, text=True).stdout)
    by_file = dict(zip(files, measured))
    raw_total = sum(raw for raw, _ in measured)
    br_total = sum(br for _, br in measured)
    print("what a phone is sent for the engines (raw / brotli):")
    for name, group in groups.items():
        raw, br = (sum(by_file[f][i] for f in group) for i in (0, 1))
        print(f"  {name:<22} {raw / 1024:7.1f} KB / {br / 1024:5.1f} KB ({len(group)} files)")
    verdict = "within" if br_total <= BUDGET_KB * 1024 else "OVER"
    print(f"  {'total':<22} {raw_total / 1024:7.1f} KB / {br_total / 1024:5.1f} KB brotli: {verdict} "
          f"the {BUDGET_KB} KB budget")


def us(ms: float) -> str:
    return f"{ms * 1000:.1f} µs"


def timed(figures: dict) -> str:
    return f"median {us(figures['median'])}, p99 {us(figures['p99'])}, mean {us(figures['mean'])}"


def report(where: str, loads: list[float], run: dict) -> None:
    replay = run["replay"]
    print(f"  {where}: load median {statistics.median(loads):.0f} ms (of {len(loads)}: "
          f"{min(loads):.0f}–{max(loads):.0f}); "
          f"legalActions {timed(run['list'])}; apply {timed(run['apply'])} "
          f"({run['positions']} positions, each the mean of {run['reps']} calls); "
          f"replay {replay['lines']} lines ({replay['games']} games) median {replay['median']:.0f} ms "
          f"({min(replay['runs']):.0f}–{max(replay['runs']):.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="timed games per engine (as many warm up)")
    parser.add_argument("--loads", type=int, default=5, help="cold loads per game and place")
    parser.add_argument("--rate", type=float, default=4, help="Chromium's CPU slow-down")
    parser.add_argument("--no-browser", action="store_true", help="Node only")
    args = parser.parse_args()
    if shutil.which("node") is None:
        raise SystemExit("js_browser: needs Node (node on the PATH)")
    version = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"load average {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores; Node {version}")
    sizes()

    driver = server = None
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not args.no_browser and not (browser and shutil.which("chromedriver")):
        print("Chromium: not measured (needs chromium and chromedriver on the PATH)")
    elif not args.no_browser:
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(ROOT)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/bench/js_browser.html"
        driver = chromium(tempfile.mkdtemp(prefix="js-bench-chromium-"), args.rate)
        print(f"Chromium {driver.capabilities.get('browserVersion')}, CPU slowed {args.rate:g}×")
    try:
        for game in GAMES:
            print(f"{game}:")
            loads = [node("load", game)["ms"] for _ in range(args.loads)]
            report("Node", loads, node("run", game, str(args.games)))
            if driver is not None:
                loads = [in_browser(driver, url, game, 0)["ms"] for _ in range(args.loads - 1)]
                last = in_browser(driver, url, game, args.games)  # a cold load too, then the rest
                loads.append(last["ms"])
                where = f"Chromium {args.rate:g}×" + ("" if last["isolated"] else " (not isolated: 100 µs clock)")
                report(where, loads, last["run"])
    finally:
        if driver is not None:
            driver.quit()
        if server is not None:
            server.shutdown()
    print(f"load average {os.getloadavg()[0]:.1f} (1 min) at the end")


if __name__ == "__main__":
    main()
