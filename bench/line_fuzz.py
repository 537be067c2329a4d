"""Generated lines over a real socket: `companion serve` in its own process, the same lines the fuzz test
sends in process (tests/support/fuzz_lines.py, every Unicode digit and number among them), posted to one game
of each kind over HTTP. Prints, per game, the lines sent, the answers by status, how many said 'internal
error', the time per line, and the tracebacks in the server's log (targets: no 500, no internal error,
no traceback).

    python bench/line_fuzz.py            # 400 lines per game
    python bench/line_fuzz.py 10000      # the test's whole count
"""
from __future__ import annotations

import collections
import http.client
import json
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from fuzz_lines import GAMES, lines_for


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen([sys.executable, "-c", "from companion.cli import run; run()", "serve", "--port",
                                   "0", "--games", folder], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            port = int(next(line for line in server.stdout if line.startswith("Open ")).split(":")[2].split("/")[0])
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

            def post(path: str, body: dict) -> tuple[int, dict]:
                conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                payload = response.read()
                try:
                    return response.status, json.loads(payload)
                except ValueError:
                    return response.status, {}

            for game, (options, _args, opening) in GAMES.items():
                post("/api/games", {"game": game, "name": game, "options": options})
                for line in opening:
                    post(f"/api/games/{game}/lines", {"line": line})
                statuses: collections.Counter = collections.Counter()
                internal = 0
                start = time.perf_counter()
                lines = lines_for(game, seed=len(game))[:count]
                for line in lines:
                    status, answer = post(f"/api/games/{game}/lines", {"line": line})
                    statuses[status] += 1
                    internal += any("internal error" in m.lower() for m in answer.get("messages", []))
                per_line = (time.perf_counter() - start) / len(lines) * 1000
                print(f"{game:<9} {len(lines)} lines: answers {dict(sorted(statuses.items()))}, "
                      f"'internal error' {internal}, {per_line:.1f} ms a line")
        finally:
            server.send_signal(signal.SIGINT)
            _, err = server.communicate(timeout=30)
    print(f"server log: {err.count('Traceback')} tracebacks, {err.lower().count('internal error')} internal errors, "
          f"{len(err.splitlines())} lines")


if __name__ == "__main__":
    main()
