"""The play pages on a mid-range phone: a real Chromium at 360 × 640 with its CPU slowed 4× (Chrome
DevTools' "mid-tier mobile" setting), against `companion serve` on localhost.

Prints, over a Hitman's Showdown game passed turn by turn with taps:
  - tap to paint: from the tap to the first frame painted with the new board (p50, p95; target
    p95 ≤ 100 ms);
  - another device's change: from a line posted by another client to the page showing it (the page
    polls every 0.7 s; target within 1 s);
  - the server gone: from stopping the server to the page saying so.
Needs Debian's chromium and chromium-driver (as the browser tests do).
"""
from __future__ import annotations

import json
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from chromium import phone

COMPANION = [sys.executable, "-c", "from companion.cli import run; run()"]
THROTTLE = 4
TAPS = 30


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(port: int, games: Path) -> subprocess.Popen:
    process = subprocess.Popen(COMPANION + ["serve", "--port", str(port), "--games", str(games)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("companion serve did not start")


def post(url: str, path: str, data: dict) -> dict:
    request = urllib.request.Request(url + path, method="POST", data=json.dumps(data).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def browser(profile: str) -> webdriver.Chrome:
    return phone(profile, THROTTLE)


# In the page: the time from a tap on `selector` to the frame painted after the board was redrawn.
TAP_TO_PAINT = """
const [selector, done] = arguments;
const button = document.querySelector(selector);
if (!button) { done(null); return; }
button.scrollIntoView({block: 'center'});
document.addEventListener('table:refreshed', () => requestAnimationFrame(() => requestAnimationFrame(
  () => done(performance.now() - start))), {once: true});
const start = performance.now();
button.click();
"""

# In the page: note the wall-clock time at which the next redraw is painted.
WATCH_PAINT = """
window.__painted = null;
document.addEventListener('table:refreshed', () => requestAnimationFrame(() => requestAnimationFrame(
  () => { window.__painted = Date.now(); })), {once: true});
"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def main() -> None:
    games = Path(tempfile.mkdtemp())
    port = free_port()
    url = f"http://localhost:{port}"
    server = start(port, games)
    driver = browser(tempfile.mkdtemp())
    driver.set_script_timeout(30)
    try:
        post(url, "/api/games", {"game": "showdown", "name": "bench",
                                 "options": {"teams": ["Ann=red_heart", "Bob=void_clover"], "seed": 3}})
        driver.get(url + "/games/bench")
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "board"))
        taps = []
        for _ in range(TAPS):  # each turn: pass (a whole board redrawn)
            took = driver.execute_async_script(TAP_TO_PAINT, '[data-line="pass"]')
            if took is None:
                break
            taps.append(took)
        print(f"tap to paint, CPU ÷{THROTTLE}, {len(taps)} taps: median {statistics.median(taps):.0f} ms, "
              f"p95 {percentile(taps, 95):.0f} ms, worst {max(taps):.0f} ms (target p95 ≤ 100 ms)")

        post(url, "/api/games", {"game": "famiglia", "name": "other", "options": {}})
        driver.get(url + "/games/other")
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "board"))
        delays = []
        for line in ["R1 B2 Y3 G1 R2 B1", "undo"] * 5:
            driver.execute_script(WATCH_PAINT)
            sent = time.time() * 1000
            post(url, "/api/games/other/lines", {"line": line})
            WebDriverWait(driver, 10, poll_frequency=0.02).until(
                lambda d: d.execute_script("return window.__painted"))
            delays.append(driver.execute_script("return window.__painted") - sent)
        print(f"another device's change shown: median {statistics.median(delays):.0f} ms, "
              f"worst {max(delays):.0f} ms (polling every 0.7 s; target within 1 s)")

        server.terminate()
        server.wait(15)
        stopped = time.monotonic()
        WebDriverWait(driver, 20, poll_frequency=0.02).until(
            lambda d: d.find_element(By.ID, "offline").text.strip())
        print(f"the server gone, said by the page after {1000 * (time.monotonic() - stopped):.0f} ms")
    finally:
        driver.quit()
        if server.poll() is None:
            server.terminate()
        shutil.rmtree(games, ignore_errors=True)


if __name__ == "__main__":
    main()
