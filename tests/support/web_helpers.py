"""Shared by the web tests: an app over a temporary games folder, the same app served to the LAN with a token,
and the terminal on the same files."""
import json
import random
import subprocess
import sys

from starlette.testclient import TestClient

from companion.famiglia.engine import PLAYER
from companion.famiglia.simulate import table_lines
from companion.web.app import create_app
from famiglia_helpers import rules


def client(folder, **kwargs) -> TestClient:
    return TestClient(create_app(folder, **kwargs))


def create(c, game="famiglia", name="g", **options):
    return c.post("/api/games", json={"game": game, "name": name, "options": options})


def post(c, name, line, version=None, **headers):
    body = {"line": line} | ({"version": version} if version is not None else {})
    return c.post(f"/api/games/{name}/lines", json=body, headers=headers)


def famiglia_script(seed=7, level=2):
    """A whole Famiglia game as typed lines (drawn cards, take/refresh/end), deterministic."""
    lines, _ = table_lines(rules(level), PLAYER, random.Random(seed))
    return lines


def terminal(game, path, script, home, *args, resume=True):
    """`companion GAME play` on `path` through a pipe, as a player at the terminal."""
    cmd = [sys.executable, "-c", "from companion.cli import main; main()", game, "play", "--game", str(path),
           *(["--resume"] if resume else []), *args]
    return subprocess.run(cmd, input=script, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(home), "NO_COLOR": "1", "LANG": "C.UTF-8"})


def terminal_status(game, path, home):
    out = terminal(game, path, "status --json\n", home).stdout
    return json.loads(next(line for line in out.splitlines() if line.startswith("{")))


TOKEN = "s3cret-token-for-tests"


def lan_app(folder):
    return create_app(folder, token=TOKEN, public_url="http://192.168.1.20:8765/")


def lan_client(app):
    """A script that sends the token (as the terminal's own scripts may)."""
    c = TestClient(app)
    c.headers["Authorization"] = f"Bearer {TOKEN}"
    return c
