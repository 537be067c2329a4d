"""`companion serve` on localhost: time from request to answer for what the app asks (its page, the
list of games, a game's journal), from tap to the answer with the new journal, and the server's memory
with three games open (targets: under 50 ms each, under 150 MB).

Runs the real command in its own process on a free port with a temporary games folder, opens one game
of each kind (Famiglia mid-game, 24 mid-round, Hitman's Showdown in week 2), then times requests over a
kept-alive localhost connection. A tap is a line posted as the app posts it (with its version and
`"journal": true`), answered with the new journal, which the app rebuilds its copy from. Taps
alternate a line and `undo`, so the game stays where it is.
"""
from __future__ import annotations

import http.client
import json
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.famiglia.engine import PLAYER, Rules
from companion.famiglia.simulate import table_lines
from tabletop.data.famiglia import load_famiglia

ROUNDS = 200

TERROR24_SETUP = ["Aki=scotch Ben=wolf Chie=hibachi", "s c s", "random", "Aki", "RB YG RR BP GY", "3 5"]


class Client:
    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes, float]:
        data = json.dumps(body).encode() if body is not None else None
        start = time.perf_counter()
        self.conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        response = self.conn.getresponse()
        payload = response.read()
        return response.status, payload, (time.perf_counter() - start) * 1000

    def json(self, method: str, path: str, body: dict | None = None) -> dict:
        status, payload, _ = self.request(method, path, body)
        answer = json.loads(payload)
        if status >= 400 and status != 409:
            raise SystemExit(f"{method} {path}: {status} {answer}")
        return answer


def start_server(folder: Path) -> tuple[subprocess.Popen, int]:
    cmd = [sys.executable, "-c", "from companion.cli import run; run()", "serve", "--port", "0", "--games", str(folder)]
    server = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return server, int(found.group(1))
    raise SystemExit("the server did not start: " + server.stderr.read())


def setup_games(client: Client) -> dict[str, str]:
    """One game of each kind, some way in; returns for each a line that applies now (undone after)."""
    rules = Rules(load_famiglia(), 2)
    script, _ = table_lines(rules, PLAYER, random.Random(3))
    client.json("POST", "/api/games", {"game": "famiglia", "name": "fam", "options": {"level": 2}})
    for line in script[:30]:
        client.json("POST", "/api/games/fam/lines", {"line": line})
    client.json("POST", "/api/games", {"game": "terror24", "name": "t24", "options": {"seed": 5}})
    for line in TERROR24_SETUP:
        answer = client.json("POST", "/api/games/t24/lines", {"line": line})
        if not answer["ok"]:
            raise SystemExit(f"24 setup refused {line!r}: {answer['messages']}")
    client.json("POST", "/api/games", {"game": "showdown", "name": "show",
                                       "options": {"teams": ["Ann=blood_diamond", "Bob=void_clover"], "seed": 2}})
    for line in ["attack H3", "roll 1 2", "done", "attack C3", "roll 2 3", "done"]:
        client.json("POST", "/api/games/show/lines", {"line": line})
    return {"fam": script[30], "t24": "1 2", "show": "roll 2d6"}


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    return f"median {statistics.median(ordered):6.2f} ms   p95 {p95:6.2f} ms   max {ordered[-1]:6.2f} ms"


def memory_mb(pid: int) -> tuple[float, float]:
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(Path(folder))
        try:
            client = Client(port)
            taps = setup_games(client)
            pages = {"app": "/", "list": "/api/games",
                     **{f"journal {name}": f"/api/games/{name}/journal" for name in ("fam", "t24", "show")}}
            for path in pages.values():
                client.request("GET", path)  # warm: the first view replays the journal once
            print(f"companion serve on localhost, {ROUNDS} requests each (server in its own process)")
            for label, path in pages.items():
                times = []
                for _ in range(ROUNDS):
                    status, _, ms = client.request("GET", path)
                    assert status == 200, (path, status)
                    times.append(ms)
                print(f"  {label:<16} {percentiles(times)}")
            for name, line in taps.items():
                tap = []
                version = client.json("GET", f"/api/games/{name}/version")["version"]
                for i in range(ROUNDS):
                    status, payload, ms = client.request("POST", f"/api/games/{name}/lines", {
                        "line": line if i % 2 == 0 else "undo", "version": version, "journal": True})
                    answer = json.loads(payload)
                    assert status == 200 and answer["ok"], payload
                    version = answer["journal"]["revision"]
                    tap.append(ms)
                print(f"  tap  {name:<11} {percentiles(tap)}")
            since = client.json("GET", "/api/games/fam/version")["version"]
            times = [client.request("GET", f"/api/games/fam/journal?since={since}")[2] for _ in range(ROUNDS)]
            print(f"  poll journal     {percentiles(times)}")
            rss, peak = memory_mb(server.pid)
            print(f"  server memory with three games open: {rss:.0f} MB (peak {peak:.0f} MB)")
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
