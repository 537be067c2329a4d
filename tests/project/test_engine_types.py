"""The type checks, run as the suite runs: mypy over pnp/ and tabletop/ with the settings in pyproject.toml
(tabletop/ under every strict flag), and the engines under --strict: the shape the JavaScript port mirrors
is the one the types say. Each engine module joins CHECKED once it passes; what it imports from the kit
is followed for its types, and only the listed files are held to strict. A failure lists mypy's errors."""
from pathlib import Path

from mypy import api

from repo_paths import ROOT

PYPROJECT = ROOT / "pyproject.toml"
CHECKED = ["companion/protocol.py", "companion/choices.py",
           "companion/famiglia/engine.py", "companion/famiglia/moves.py", "companion/famiglia/match.py",
           "companion/terror24/engine.py", "companion/terror24/moves.py", "companion/terror24/match.py",
           *(f"companion/showdown/{name}.py" for name in (
               "cards", "chance", "check", "conditions", "dice", "engine", "events", "match", "moves", "ops",
               "penalties", "pool", "settle", "state", "talk", "uses"))]


def _passes(cache: Path, *arguments: str) -> None:
    """mypy with the project's settings and its own cache (a fresh one: nothing left from another run)."""
    out, err, status = api.run(["--config-file", str(PYPROJECT), "--cache-dir", str(cache), *arguments])
    assert status == 0, out + err


def test_pnp_and_tabletop_pass_the_type_check_set_in_pyproject(tmp_path):
    _passes(tmp_path, str(ROOT / "pnp"), str(ROOT / "tabletop"))


def test_tabletop_passes_mypy_s_own_strict_mode(tmp_path):
    # pyproject lists strict's flags for tabletop/ one by one (strict is a command-line switch only):
    # this keeps the list from falling behind what --strict means in a newer mypy.
    _passes(tmp_path, "--strict", str(ROOT / "tabletop"))


def test_the_engines_pass_a_strict_type_check(tmp_path):
    _passes(tmp_path, "--strict", "--follow-imports=silent", *(str(ROOT / path) for path in CHECKED))
