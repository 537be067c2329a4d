"""Games saved earlier must load, replay and continue exactly as they did when they were saved.

Each file in tests/fixtures/journals/ (written by record.py there) is one game played line by line
through the server's machinery: the line, whether it was accepted, and the status after it, then the game
file as the session saved it and one more line played on top of that file. For every fixture this checks
that today's code

  - accepts and refuses the same lines and reaches the same status after each one (the journal it saves
    holds the same entries as the recorded file),
  - opens the recorded file the way the server does and shows the last recorded status,
  - continues that loaded game with the recorded line to the recorded status and journal (an answer to
    a question asked before the save joins the saved entry; a finished game continues with `undo`).

A status may gain keys; a recorded key that is missing or holds another value fails, naming the fixture,
the step and the line. "version" (the save counter) is not recorded.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.driver import LineTable, apply_line
from companion.kinds import BY_GAME_ID, table_factory
from companion.session import Session
from companion.web.store import SUFFIX, Store
from repo_paths import JOURNALS

NAMES = sorted(path.stem for path in JOURNALS.glob("*.json"))


def load(name: str) -> dict:
    return json.loads((JOURNALS / f"{name}.json").read_text(encoding="utf-8"))


def short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 400 else text[:400] + "…"


MISSING = "(missing)"


def difference(recorded, live, path: str) -> tuple[str, object, object]:
    """Where two unequal JSON values first part: the path into them and the two values found there."""
    if isinstance(recorded, dict) and isinstance(live, dict):
        for key in recorded:
            if key not in live:
                return f"{path}[{key!r}]", recorded[key], MISSING
            if recorded[key] != live[key]:
                return difference(recorded[key], live[key], f"{path}[{key!r}]")
        key = next(k for k in live if k not in recorded)
        return f"{path}[{key!r}]", MISSING, live[key]
    if isinstance(recorded, list) and isinstance(live, list):
        for i, (a, b) in enumerate(zip(recorded, live)):
            if a != b:
                return difference(a, b, f"{path}[{i}]")
        i = min(len(recorded), len(live))
        return (f"{path}[{i}]", recorded[i] if i < len(recorded) else MISSING,
                live[i] if i < len(live) else MISSING)
    return path, recorded, live


def check_status(recorded: dict, live: dict, where: str) -> None:
    live = json.loads(json.dumps(live, ensure_ascii=False))  # as the file and the API carry it (tuples are lists)
    problems = []
    for key, value in recorded.items():
        if key not in live:
            problems.append(f"  {key!r} is missing (recorded {short(value)})")
        elif live[key] != value:
            path, was, now = difference(value, live[key], repr(key))
            problems.append(f"  {path} was {short(was)}\n  {' ' * len(path)} now {short(now)}")
    if problems:
        pytest.fail(f"{where}: the status differs\n" + "\n".join(problems), pytrace=False)


def replay(name: str, fixture: dict, folder: Path) -> Session:
    """The recorded lines through a fresh Session + LineTable + apply_line, checked after each one."""
    kind = BY_GAME_ID[fixture["game"]]
    session = Session.create(fixture["game"], fixture["options"], folder / f"{name}{SUFFIX}", fixture["seed"])
    session.save()  # a new game's file exists before its first line, as the server makes it
    table = LineTable(session, table_factory(kind, session, fixture["lang"]), fixture["lang"])
    for number, step in enumerate(fixture["steps"], 1):
        where = f"{name}: step {number} {step['line']!r}"
        outcome = apply_line(table, step["line"])
        if outcome.ok != step["ok"]:
            said = "accepted" if outcome.ok else "refused"
            pytest.fail(f"{where}: was {said} (recorded ok={step['ok']}): {outcome.messages}", pytrace=False)
        check_status(step["status"], outcome.status, where)
    return session


@pytest.mark.parametrize("name", NAMES)
def test_the_recorded_lines_replay_to_the_recorded_states(name, tmp_path):
    fixture = load(name)
    session = replay(name, fixture, tmp_path)
    assert session.entries == fixture["file"]["entries"], f"{name}: the journal saved differs from the recorded file"


@pytest.mark.parametrize("name", NAMES)
def test_the_recorded_file_opens_and_continues_as_recorded(name, tmp_path):
    fixture = load(name)
    folder = tmp_path / "games"
    folder.mkdir()
    text = json.dumps(fixture["file"], ensure_ascii=False, indent=1)
    (folder / f"{name}{SUFFIX}").write_text(text + "\n", encoding="utf-8")
    store = Store(folder)
    lang = fixture["lang"]

    _, _, status = store.status(name, lang)
    check_status(fixture["steps"][-1]["status"], status, f"{name}: the saved file opened")

    line = fixture["continue"]["line"]
    outcome = store.apply(name, line, None, lang)
    where = f"{name}: continuing the saved file with {line!r}"
    assert outcome.ok, f"{where}: refused: {outcome.messages}"
    check_status(fixture["continue"]["status"], outcome.status, where)
    saved = json.loads((folder / f"{name}{SUFFIX}").read_text(encoding="utf-8"))["entries"]
    assert saved == fixture["continue"]["entries"], f"{where}: the journal saved differs from the recorded one"


def test_every_game_has_saved_journals():
    games = {load(name)["game"] for name in NAMES}
    assert games == set(BY_GAME_ID), f"fixtures for {sorted(games)}; games {sorted(BY_GAME_ID)}"
    assert any(load(name)["over"] for name in NAMES) and not all(load(name)["over"] for name in NAMES)


def test_a_changed_state_is_caught(tmp_path):
    """The checks can fail: one recorded value changed by hand must be reported with its step and line."""
    fixture = copy.deepcopy(load("terror24-setup"))
    step = fixture["steps"][4]
    step["status"]["answers"]["styles"] = ["stand", "stand", "stand"]
    with pytest.raises(pytest.fail.Exception, match=r"terror24-setup: step 5 'c c c': the status differs"):
        replay("terror24-setup", fixture, tmp_path)
