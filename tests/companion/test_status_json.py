"""`status --json` depends on the game alone: the same lines give the same bytes, wherever the game file is
kept and whenever it is played, so another implementation's replay can be compared byte for byte."""
import io
import json
import random
import re

import pytest

from companion.kinds import KINDS
from companion.session import Session
from companion.table import Table

OPTIONS = {"famiglia": {"level": 3, "first": "robot"}, "terror24": {"npc_deck": "virtual"},
           "showdown": {"teams": ["Ann=blood_diamond", "Bob=void_clover", "Cy=red_heart"]}}
CLOCK = re.compile(r"\d{4}-\d\d-\d\d|\d\d:\d\d:\d\d")  # a date or a time of day
SETUP24 = ["A=scotch B=wolf C=hibachi", "s c s", "random", "A", "RB YG RR BP GY"]


def statuses(key, folder):
    """The `status --json` lines of a game played by seeded random picks among its listed lines."""
    kind = KINDS[key]
    session = Session.create(kind.game_id, kind.new_options(OPTIONS[key], "en") | {"lang": "en"},
                             folder / "game.json", seed=11)
    out = io.StringIO()
    table = Table(session, kind.factory(session, "en"), out=out, color=False)
    rng, shown = random.Random(11), []
    for step in range(60):
        lines = [c.line for c in table.game.choices() if c.line and c.form is None]
        line = SETUP24[step] if key == "terror24" and step < len(SETUP24) else rng.choice(lines) if lines else None
        if line is None or table.game.is_over():
            break
        table.step(line)
        out.seek(0), out.truncate()
        table.step("status --json")
        shown.append(out.getvalue())
    return shown


@pytest.mark.parametrize("key", sorted(OPTIONS))
def test_the_same_lines_give_the_same_status_bytes_in_any_folder_at_any_time(key, tmp_path):
    (tmp_path / "one").mkdir(), (tmp_path / "two").mkdir()
    first, second = statuses(key, tmp_path / "one"), statuses(key, tmp_path / "two")
    assert len(first) > 10 and first == second
    assert not any(str(tmp_path) in line or CLOCK.search(line) for line in first)
    assert all(json.loads(line) for line in first)
