"""The browser's port of CPython's random draws what CPython draws: 10,000 values of every call the engines
make — `randint(1, 6)` (Hitman's Showdown's dice, on the table's forkable generator), `choice` and `shuffle`
from a generator seeded with a string (24's NPC detective, drawn cards and NPC deck), `random()` (Famiglia's
simulated draws) — and the primitives under them, from integer seeds (zero, one, negative, beyond 2**64) and
string seeds (ASCII, Japanese, empty, a leading NUL, an emoji), in CPython and in the JavaScript under Node."""
from __future__ import annotations

import json
import random
import subprocess
from functools import partial

import pytest

from companion.showdown.dice import TableRandom, roll
from repo_paths import JS, ROOT

DRAWS = JS / "draws.mjs"
COUNT = 10_000
SEEDS: list[int | str] = [0, 1, -1, 42, 2**32 - 1, 2**32, 2**64 + 1, -(2**100) + 7, 3**200,
                          "", "a", "1234:npc-deck", "日本語の種", "\x00\x00lead", "🎲 dice"]
WIDTHS = [1, 5, 31, 32, 33, 63, 64, 65, 100, 1000]


def draws(seed: int | str, count: int) -> dict[str, list]:
    """What tests/js/draws.mjs computes, in the same order, with CPython's generators as the engines make them."""
    fresh = partial(random.Random, seed)
    shuffled: list[int] = []
    decks, size = fresh(), 0
    while len(shuffled) < count:
        deck = list(range(size))
        decks.shuffle(deck)
        shuffled += deck
        size = (size + 1) % 41
    forked = TableRandom(seed)
    roll(forked, 100)
    twin = forked.fork()
    forked.random()  # the original's draws leave the fork's alone
    rng = [fresh() for _ in range(6)]
    first_shuffle = []
    for i in range(-(-count // 12)):
        deck = list(range(12))
        random.Random(f"{seed}:npc-deck:{i}").shuffle(deck)
        first_shuffle += deck
    return {
        "state": list(fresh().getstate()[1]),
        "randint": roll(TableRandom(seed), count),
        "random": [rng[1].random() for _ in range(count)],
        "choice": [rng[2].choice(range(1 + i % 60)) for i in range(count)],
        "shuffle": shuffled[:count],
        "getrandbits": [str(rng[3].getrandbits(WIDTHS[i % len(WIDTHS)])) for i in range(count)],
        "randrange_wide": [rng[4].randrange(-5, 2**40 + 12345) for _ in range(count)],
        "fork": roll(twin, count),
        "first_choice": [random.Random(f"{seed}:check:{i}").choice(range(1 + i % 9)) for i in range(count)],
        "first_shuffle": first_shuffle,
    }


def first_difference(python: list, javascript: list) -> str | None:
    if python == javascript:
        return None
    at = next((i for i, (p, j) in enumerate(zip(python, javascript)) if p != j), min(len(python), len(javascript)))
    return f"at draw {at}: CPython {python[at:at + 3]}, JavaScript {javascript[at:at + 3]} " \
           f"(lengths {len(python)}, {len(javascript)})"


def test_the_javascript_draws_what_cpython_draws(node):
    request = {"count": COUNT, "seeds": [{"str": s} if isinstance(s, str) else {"int": str(s)} for s in SEEDS]}
    ran = subprocess.run([node, str(DRAWS)], input=json.dumps(request), capture_output=True, text=True,
                         encoding="utf-8", timeout=300)
    assert ran.returncode == 0, ran.stderr
    answers = json.loads(ran.stdout)
    assert len(answers) == len(SEEDS)
    differences = []
    for seed, javascript in zip(SEEDS, answers):
        python = draws(seed, COUNT)
        assert javascript.keys() == python.keys()
        for call, values in python.items():
            assert len(values) >= (625 if call == "state" else COUNT)
            if (found := first_difference(values, javascript[call])) is not None:
                differences.append(f"seed {seed!r}, {call} {found}")
    assert differences == []


def test_a_seed_the_port_refuses_is_one_cpython_refuses(node):
    """A lone surrogate cannot be encoded as UTF-8: CPython refuses the seed, and so does the port (it does
    not seed another stream from a replacement character)."""
    with pytest.raises(UnicodeEncodeError):
        random.Random("a\ud800")
    script = ('import { Random } from "./companion/app/lib/random.js";'
              'try { new Random("a\\ud800"); console.log("seeded"); } catch (e) { console.log(e.name); }')
    ran = subprocess.run([node, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True)
    assert ran.stdout.strip() == "TypeError", ran.stderr
