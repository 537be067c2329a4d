"""Several devices, one table: racing taps, two servers, the terminal and the server on one file, and a
game played half in the terminal and half over the API."""
import io
import json
import subprocess
import sys
import threading
import time

import pytest
from starlette.testclient import TestClient

from companion.driver import LineTable, apply_line
from companion.kinds import KINDS, table_factory
from companion.session import Session
from companion.table import Table
from companion.web.app import create_app
from showdown_script import GAME as SHOWDOWN_GAME
from showdown_script import TEAMS as SHOWDOWN_TEAMS
from web_helpers import client, create, famiglia_script, post, terminal


def journal(path):
    return [line for entry in json.loads(path.read_text())["entries"] for line in entry]


def race(clients, name, lines, version):
    """Post lines[i] through clients[i] at the same moment; returns the responses."""
    barrier = threading.Barrier(len(clients))
    answers = [None] * len(clients)

    def tap(i):
        barrier.wait()
        answers[i] = post(clients[i], name, lines[i], version)

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


@pytest.mark.parametrize("servers", [1, 2], ids=["one server", "two servers"])
def test_two_taps_on_the_same_version_one_applies_one_is_refused(tmp_path, servers):
    apps = [create_app(tmp_path) for _ in range(servers)]
    clients = [TestClient(apps[i % servers]) for i in range(2)]
    create(clients[0], "famiglia", "g", level=2)
    script = famiglia_script()
    post(clients[0], "g", script[0])
    for round_ in range(5):  # every round races again on the version both phones see
        version = clients[0].get("/api/games/g").json()["version"]
        lines = ["take 1", "take 2"] if round_ % 2 == 0 else ["undo", "undo"]
        answers = race(clients, "g", lines, version)
        codes = sorted(a.status_code for a in answers)
        assert codes == [200, 409], [a.json() for a in answers]
        won = next(a for a in answers if a.status_code == 200).json()
        lost = next(a for a in answers if a.status_code == 409).json()
        assert won["ok"] and lost["ok"] is False
        assert lost["messages"] == ["The game changed; here it is now."]
        assert lost["status"] == won["status"]  # the refused phone gets the table as it now is
        assert won["status"]["version"] == version + 1
        expected = [script[0]] + ([won_line(lines, answers)] if round_ % 2 == 0 else [])
        assert journal(tmp_path / "g.game.json") == expected


def won_line(lines, answers):
    return lines[[a.status_code for a in answers].index(200)]


def test_many_taps_without_a_version_are_each_applied_once(tmp_path):
    c = client(tmp_path)
    create(c, "showdown", "s", teams=["Ann=blood_diamond", "Bob=void_clover"], seed=1)
    clients = [TestClient(c.app) for _ in range(6)]
    answers = race(clients, "s", ["roll 2d6"] * 6, None)
    assert all(a.json()["ok"] for a in answers)
    assert journal(tmp_path / "s.game.json") == ["roll 2d6"] * 6
    assert c.get("/api/games/s").json()["version"] == 7


def _wait_for_revision(path, revision, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if json.loads(path.read_text()).get("revision") == revision:
                return
        except ValueError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"the terminal never saved revision {revision}")


def test_the_terminal_and_the_server_on_one_file(tmp_path):
    c = client(tmp_path)
    path = tmp_path / "g.game.json"
    create(c, "famiglia", "g", level=2)
    script = famiglia_script()
    assert post(c, "g", script[0], 1).json()["ok"]
    cmd = [sys.executable, "-c", "from companion.cli import main; main()", "famiglia", "play", "--game",
           str(path), "--resume"]
    player = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "NO_COLOR": "1",
                                              "LANG": "C.UTF-8"})
    try:
        player.stdin.write(script[1] + "\n")
        player.stdin.flush()
        _wait_for_revision(path, 3)
        # a phone answers the cards the terminal's `take` asked for
        assert post(c, "g", script[2], 3).json()["ok"]
        # the terminal types on the table it last showed: it is told, shown the table, and nothing is applied
        player.stdin.write(f"{script[3]}\nstatus --json\n{script[3]}\nstatus --json\n")
        out, err = player.communicate(timeout=60)
    finally:
        player.kill()
    assert "Traceback" not in out + err
    assert "the game was changed elsewhere" in out
    statuses = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert journal(path) == script[:4]
    after_phone = c.get("/api/games/g").json()
    assert statuses[-1] == {k: v for k, v in after_phone.items() if k not in ("version", "actions")}
    assert statuses[0] != statuses[-1]  # the first status was the table after the phone, before the retype
    assert after_phone["version"] == 5


def test_the_terminal_table_notices_a_journal_that_moved_on(tmp_path):
    path = tmp_path / "g.game.json"
    c = client(tmp_path)
    create(c, "famiglia", "g", level=2)
    script = famiglia_script()
    kind = KINDS["famiglia"]
    session = Session.open(path, kind.game_id)
    out = io.StringIO()
    table = Table(session, table_factory(kind, session, "en"), out=out, color=False)
    assert post(c, "g", script[0], 1).json()["ok"]  # a phone, meanwhile
    assert table.guarded_step(script[0]) is None  # typed on the old table
    assert "the game was changed elsewhere" in out.getvalue()
    assert table.session.entries == [[script[0]]] and journal(path) == [script[0]]
    table.guarded_step(script[1])  # typed again on the table it now shows
    assert journal(path) == script[:2]
    assert c.get("/api/games/g").json()["version"] == 3


def _finished_status(path, kind):
    session = Session.open(path, kind.game_id)
    return LineTable(session, table_factory(kind, session, "en")).game.status()


def with_undo():
    """A Famiglia game that takes back its last four commands (undo 3, a refusal, undo) and plays them again."""
    script = famiglia_script(seed=5)
    session = Session.create("famiglia", {"level": 2, "first": "player", "lang": "en", "cards": None}, None, 0)
    table = LineTable(session, table_factory(KINDS["famiglia"], session, "en"))
    for line in script[:14]:
        assert apply_line(table, line).ok
    undone = [line for entry in session.entries[-4:] for line in entry]
    return script[:14] + ["undo 3", "history", "take 9", "undo"] + undone + script[14:30]


@pytest.mark.parametrize("game, args, script, finished", [
    ("famiglia", ["--level", "2"], famiglia_script(seed=11), True),
    ("showdown", [*SHOWDOWN_TEAMS, "--seed", "4"], [line for line in SHOWDOWN_GAME.splitlines() if line.strip()], True),
    ("famiglia", ["--level", "2"], with_undo(), False),  # undo, history and refusals on both sides
])
def test_half_in_the_terminal_half_over_the_api_ends_as_in_one_place(tmp_path, game, args, script, finished):
    kind = KINDS[game]
    whole, split, api_only = (tmp_path / f"{n}.game.json" for n in ("whole", "split", "api"))
    assert terminal(game, whole, "\n".join(script) + "\n", tmp_path, *args, resume=False).returncode == 0
    half = len(script) // 2
    assert terminal(game, split, "\n".join(script[:half]) + "\n", tmp_path, *args, resume=False).returncode == 0
    c = client(tmp_path)
    saved_options = json.loads(whole.read_text())["options"]
    options = {k: v for k, v in saved_options.items() if k not in ("lang", "cards", "rules")}  # the API saves its own
    assert create(c, game, "api", **options, seed=json.loads(whole.read_text())["seed"]).status_code == 201
    for line in script[half:]:
        c_answer = post(c, "split", line).json()
        assert "ok" in c_answer
    for line in script:
        post(c, "api", line)
    assert journal(split) == journal(whole) == journal(api_only)
    final = _finished_status(whole, kind)
    assert final["over"] is finished
    assert _finished_status(split, kind) == final == _finished_status(api_only, kind)
