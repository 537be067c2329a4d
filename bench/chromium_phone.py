"""What the benchmarks of `companion serve` and the app in Chromium share: the server on a free port, a
JSON post to its API, a phone's browser (Debian's chromium at 360 × 640, its CPU slowed 4×, Chrome
DevTools' "mid-tier mobile" setting) and a percentile."""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from selenium import webdriver

COMPANION = [sys.executable, "-c", "from companion.cli import run; run()"]
THROTTLE = 4


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
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 360, "height": 640,
                                                                          "pixelRatio": 1}})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(shutil.which("chromedriver")))
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    return driver


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]

