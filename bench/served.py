"""What the benchmarks of a local server share: a server started on a free port, a JSON post to its API and a
percentile. The phone they measure on is `chromium.phone`."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

COMPANION = [sys.executable, "-c", "from companion.cli import run; run()"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launched(command: list[str], url: str, what: str) -> subprocess.Popen:
    """`command` started, once `url` answers (within 20 s)."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(url, timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{what} did not start")


def start(port: int, games: Path) -> subprocess.Popen:
    return launched(COMPANION + ["serve", "--port", str(port), "--games", str(games)],
                    f"http://127.0.0.1:{port}/api/games", "companion serve")


def post(url: str, path: str, data: dict) -> dict:
    request = urllib.request.Request(url + path, method="POST", data=json.dumps(data).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]

