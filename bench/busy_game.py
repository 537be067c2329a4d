"""One game's work must not hold another's: `companion serve` with a Hitman's Showdown game of a 5,000-line
journal, to which two clients send refused taps without pause (each makes the server replay the whole
journal), while a phone polls another game's version as a page does, and the home page's list is asked
for. Prints the other game's poll times and the list's (median, p99, worst; target: the poll's worst
under 0.5 s).

    python bench/busy_game.py          # 10 seconds of it
"""
from __future__ import annotations

import http.client
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from web_helpers import client, create, post

JOURNAL = 5000
SECONDS = 10.0


def connect(port: int) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=120)


def timed(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None) -> float:
    start = time.perf_counter()
    conn.request(method, path, body=json.dumps(body) if body else None,
                 headers={"Content-Type": "application/json"} if body else {})
    conn.getresponse().read()
    return time.perf_counter() - start


def figures(name: str, times: list[float]) -> str:
    times = sorted(times)
    return (f"{name}: {len(times)} requests, median {statistics.median(times) * 1000:.1f} ms, "
            f"p99 {times[int(len(times) * 0.99)] * 1000:.1f} ms, worst {times[-1] * 1000:.0f} ms")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        c = client(Path(folder))
        create(c, "showdown", "busy", teams=["Ann=blood_diamond", "Bob=void_clover"], seed=3)
        create(c, "famiglia", "calm", level=2)
        path = Path(folder) / "busy.game.json"
        saved = json.loads(path.read_text(encoding="utf-8"))
        saved["entries"] = [[f"adjust Ann +1 bench {n}"] for n in range(JOURNAL)]
        saved["revision"] += 1
        path.write_text(json.dumps(saved), encoding="utf-8")
        assert post(c, "busy", "status").status_code == 200  # the journal replays
        server = subprocess.Popen([sys.executable, "-c", "from companion.cli import run; run()", "serve", "--port",
                                   "0", "--games", folder], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            port = int(next(line for line in server.stdout if line.startswith("Open ")).split(":")[2].split("/")[0])
            stop = time.monotonic() + SECONDS
            refused: list[float] = []

            def tap() -> None:
                conn = connect(port)
                while time.monotonic() < stop:
                    refused.append(timed(conn, "POST", "/api/games/busy/lines", {"line": "buy nothing"}))

            tappers = [threading.Thread(target=tap) for _ in range(2)]
            for thread in tappers:
                thread.start()
            poll, listing = connect(port), connect(port)
            polls, lists = [], []
            while time.monotonic() < stop:
                polls.append(timed(poll, "GET", "/api/games/calm/version"))
                if len(polls) % 10 == 0:
                    lists.append(timed(listing, "GET", "/api/games"))
                time.sleep(0.05)
            for thread in tappers:
                thread.join()
            print(figures(f"refused taps on the {JOURNAL}-line game", refused))
            print(figures("another game's version poll", polls))
            print(figures("the games list", lists))
        finally:
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=60)


if __name__ == "__main__":
    main()
