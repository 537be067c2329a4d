"""companion/app/showdown/talk.js words Hitman's Showdown's events as companion/showdown/talk.py does, in English
and in Japanese: seeded games played in Python (the listed actions, card uses with choices typed, rerolls,
several purchases, corrections, dice rolled for nothing) give every event as JSON and its narration, and
the JavaScript narrates the same JSON."""
from __future__ import annotations

import json
import random
import subprocess
from types import SimpleNamespace

import msgspec

from companion import appfiles
from companion.protocol import RuleError
from companion.showdown.repl import ShowdownTable
from companion.speech import Joined, Said

TEAMS = [("Ann", "red_heart"), ("ボブ", "void_clover"), ("Cy Li", "blood_diamond"), ("Dee", "darkness_speed")]
CHOICES = ["?", "1", "3", "6", "? ?", "5 5"]

NARRATE = """
import { Talk } from "APP/showdown/talk.js";
import { Rulebook } from "APP/showdown/cards.js";
import { loadWords } from "APP/lib/words.js";
import { loadGameData } from "APP/lib/appfile.js";
const input = JSON.parse(await new Promise((done) => { let s = ""; process.stdin.on("data", (d) => s += d);
                                                       process.stdin.on("end", () => done(s)); }));
const data = new Rulebook(await loadGameData("hitmans-showdown"));
const talks = { en: new Talk(data, await loadWords("en")), ja: new Talk(data, await loadWords("ja")) };
console.log(JSON.stringify(input.map((events) => ({ en: talks.en.narrate(events), ja: talks.ja.narrate(events) }))));
"""


def as_json(value):
    """Events as the JavaScript reads them (as companion.conformance.to_json writes them), and words side by
    side (speech.Joined) as `{joined, sep}`."""
    if isinstance(value, Joined):
        return {"joined": [as_json(part) for part in value.parts], "sep": value.sep}
    if isinstance(value, Said):
        return {"said": value.message, "fields": as_json(value.fields),
                "plural": list(value.plural) if value.plural else None}
    if isinstance(value, msgspec.Struct):
        return {"type": type(value).__name__, **as_json(msgspec.structs.asdict(value))}
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_json(v) for v in value]
    return value


def lines_to_try(table: ShowdownTable, rng: random.Random) -> list[str]:
    e, m = table.engine, table.match
    lines = [a.line() for a in m.legal_actions()]
    if e.action is None:
        lines += [line for line in lines if line.startswith("attack") and line[7:] in e.teams] * 6  # duels too
    if e.action is not None and e.action.question is None:
        held = [c for s in e.action.sides for c in e.teams[s.team].cards]
        faces = [f for s in e.action.sides for f in (s.pool.faces or [])]
        choices = CHOICES + [f"{f}>{rng.randint(1, 6)}" for f in faces] + [str(f) for f in faces]
        lines += [f"use {c} {rng.choice(choices)}" for c in held for _ in range(3)]
        lines += [f"use {a} {b}" for a in held for b in held if a != b][:4]
        if faces:
            lines += [f"reroll {rng.choice(faces)}", f"reroll {rng.choice(faces)} > {rng.randint(1, 6)}"]
        lines += ["buy weapon 2", "buy backup 2", "buy escape", "buy closing"]
    if rng.random() < 0.05:
        lines.append(f"roll {rng.randint(1, 12)}d6")
    if rng.random() < 0.03 and e.alive():
        lines.append(f"adjust {rng.choice(e.alive()).name} {rng.choice(['+500', '-1500'])} found money")
    if rng.random() < 0.03:
        lines.append(f"give {rng.choice(e.board or ['HK'])} {rng.choice([*e.teams, 'board'])}")
    return lines


def played(seed: int) -> list[tuple[list, dict]]:
    teams = TEAMS[: 2 + seed % 3]
    session = SimpleNamespace(seed=seed, options={"teams": [{"name": n, "faction": f} for n, f in teams],
                                                  "lang": "en", "rules": 1})
    table, ja = ShowdownTable(session), ShowdownTable(SimpleNamespace(seed=seed, options={**session.options,
                                                                                         "lang": "ja"}))
    rng = random.Random(seed)
    out = []
    for _ in range(500):
        if table.is_over():
            break
        lines = lines_to_try(table, rng)
        rng.shuffle(lines)
        for line in lines[:6]:
            try:
                events = table.match.apply(table.match.parse(line))
            except RuleError:
                continue
            ja.match.apply(ja.match.parse(line))
            out.append((as_json(events), {"en": table.talk.narrate(events), "ja": ja.talk.narrate(events)}))
            break
    return out


def test_the_browser_narrates_every_event_as_the_python_does(node):
    cases = [case for seed in range(16) for case in played(seed)]
    kinds = {event["type"] for events, _ in cases for event in events}
    assert {"Booked", "Noted", "Duel", "TeamOut", "Passed", "PenaltyCancelled", "Checked", "PenaltyRolled", "Stole",
            "Won", "DoubleSet", "JustRolled", "CardGiven", "WeekBegan", "ScoutDealt", "FinalMoney"} <= kinds, kinds
    script = NARRATE.replace("APP/", appfiles.APP_DIR.as_uri() + "/")
    run = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps([e for e, _ in cases]),
                         capture_output=True, text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout)
    assert len(said) == len(cases)
    for (events, expected), got in zip(cases, said):
        assert got == expected, json.dumps(events, ensure_ascii=False)
