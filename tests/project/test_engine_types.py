"""The engines are type-checked strictly (mypy --strict): the shape the JavaScript port mirrors is the one
the types say. Each engine module joins CHECKED once it passes; what it imports from the kit is followed
for its types, and only the listed files are held to strict."""

from mypy import api

from repo_paths import ROOT

CHECKED = ["companion/protocol.py", "companion/choices.py",
           "companion/famiglia/engine.py", "companion/famiglia/moves.py", "companion/famiglia/match.py",
           "companion/terror24/engine.py", "companion/terror24/moves.py", "companion/terror24/match.py",
           *(f"companion/showdown/{name}.py" for name in (
               "cards", "chance", "check", "conditions", "dice", "engine", "events", "match", "moves", "ops",
               "penalties", "pool", "settle", "state", "talk", "uses"))]


def test_the_engines_pass_a_strict_type_check(tmp_path):
    out, err, status = api.run(["--strict", "--follow-imports=silent", "--cache-dir", str(tmp_path),
                                *(str(ROOT / path) for path in CHECKED)])
    assert status == 0, out + err
