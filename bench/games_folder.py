"""A games folder of 2,000 saved games under `companion serve`: the home page cold (nothing listed
before), warm (listed once), after a restart (the list kept in the cache folder), and the server's memory
before and after 10,000 views of random games' pages.

    python bench/games_folder.py            # 2,000 games, 10,000 views
    python bench/games_folder.py 500 2000   # fewer

The folder holds copies of three games in play (a Famiglia game eight lines in, a 24 game in its first
round, a Hitman's Showdown game's first attack), made through the API; the server runs as its own
process with a cache folder of its own (targets: a warm home page under 1 s, memory that stops growing).
"""
from __future__ import annotations

import http.client
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from web_helpers import client, create, famiglia_script, post

SEEDS = {
    "famiglia": ({"level": 2}, famiglia_script()[:8]),
    "terror24": ({}, ["Aki=scotch Ben=wolf Chie=hibachi", "s c s", "lloyd after Chie", "Aki", "RB YG RR BP GY"]),
    "showdown": ({"teams": ["Ann=blood_diamond", "Bob=void_clover"], "seed": 3}, ["attack SQ"]),
}


def make_folder(folder: Path, count: int) -> list[str]:
    c = client(folder)
    for game, (options, lines) in SEEDS.items():
        create(c, game, f"seed-{game}", **options)
        for line in lines:
            post(c, f"seed-{game}", line)
    names = []
    for n in range(count):
        game = list(SEEDS)[n % len(SEEDS)]
        name = f"{game}-{n:05d}"
        shutil.copy(folder / f"seed-{game}.game.json", folder / f"{name}.game.json")
        names.append(name)
    for game in SEEDS:
        (folder / f"seed-{game}.game.json").unlink()
    return names


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Server:
    def __init__(self, folder: Path, cache: Path):
        env = {**__import__("os").environ, "XDG_CACHE_HOME": str(cache), "LANG": "C.UTF-8"}
        self.process = subprocess.Popen([sys.executable, "-c", "from companion.cli import run; run()", "serve",
                                         "--port", "0", "--games", str(folder)], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env)
        line = next(line for line in self.process.stdout if line.startswith("Open "))
        self.conn = http.client.HTTPConnection("127.0.0.1", int(line.split(":")[2].split("/")[0]), timeout=600)

    def get(self, path: str) -> float:
        start = time.perf_counter()
        self.conn.request("GET", path)
        response = self.conn.getresponse()
        response.read()
        assert response.status == 200, (path, response.status)
        return time.perf_counter() - start

    def stop(self) -> str:
        self.process.send_signal(signal.SIGINT)
        return self.process.communicate(timeout=60)[1]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    views = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    with tempfile.TemporaryDirectory() as scratch:
        folder, cache = Path(scratch) / "games", Path(scratch) / "cache"
        folder.mkdir()
        names = make_folder(folder, count)
        server = Server(folder, cache)
        try:
            print(f"{count} games: home page cold {server.get('/'):.2f} s, warm {server.get('/'):.3f} s")
        finally:
            server.stop()
        server = Server(folder, cache)
        try:
            print(f"after a restart (the list from the cache folder): home page {server.get('/'):.3f} s")
            before = rss_mb(server.process.pid)
            rng = random.Random(1)
            start = time.perf_counter()
            marks = {views // 10, views // 2, views}
            for n in range(1, views + 1):
                server.get(f"/games/{rng.choice(names)}")
                if n in marks:
                    print(f"  after {n} page views: server {rss_mb(server.process.pid):.0f} MB "
                          f"(before the views {before:.0f} MB), "
                          f"{(time.perf_counter() - start) / n * 1000:.1f} ms a view")
        finally:
            err = server.stop()
        print(f"server log: {len(err.splitlines())} lines")


if __name__ == "__main__":
    main()
