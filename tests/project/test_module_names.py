"""One meaning per module name: no two modules of the kit share a file name unless they do the same job
in parallel places, and those places are listed here (the rule is written down in docs/architecture.md).
A new module that takes a name already in use for another job fails here, naming both files."""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from repo_paths import ROOT

FOLDERS = ("pnp", "tabletop", "companion", "bench", "tools")
NOT_NAMES = {"__init__.py", "__main__.py"}  # a package's own files, named by Python
GAMES = ("famiglia", "terror24", "showdown")  # the companion's game packages

# The same job done once per game: each of the companion's game packages has its own rules, protocol,
# actions, terminal table, narration and command under the same names.
PER_GAME_PACKAGE = {"engine.py", "match.py", "moves.py", "repl.py", "talk.py", "cli.py"}
# A command's module is named cli.py in every package that adds one (`companion`, `companion serve`).
COMMANDS = {"companion/cli.py", "companion/web/cli.py"}
# A module named after a game is that game's share of its folder's one job: its model and loader
# (tabletop/data/), its conformance adapter, its benchmark.
GAME_NAMED = {"famiglia.py", "terror24.py", "hitmans_showdown.py"}


def _same_job(name: str, paths: list[str]) -> bool:
    if name in GAME_NAMED:
        return True
    if name in PER_GAME_PACKAGE:
        return all(p in COMMANDS or p in {f"companion/{g}/{name}" for g in GAMES} for p in paths)
    return False


def collisions(root: Path) -> list[str]:
    """Each file name held by modules of different jobs, with the files."""
    found: dict[str, list[str]] = defaultdict(list)
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            if path.name not in NOT_NAMES:
                found[path.name].append(path.relative_to(root).as_posix())
    return [f"{name}: {', '.join(sorted(paths))}" for name, paths in sorted(found.items())
            if len(paths) > 1 and not _same_job(name, paths)]


def test_no_two_modules_share_a_name_with_different_jobs():
    assert collisions(ROOT) == []


def _touch(root: Path, *paths: str) -> None:
    for path in paths:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("")


def test_a_new_module_under_a_name_in_use_is_named(tmp_path):
    _touch(tmp_path, "pnp/build/rebuild.py", "pnp/cli/watch.py", "companion/showdown/talk.py",
           "companion/famiglia/talk.py", "companion/cli.py", "companion/web/cli.py", "companion/terror24/cli.py",
           "tabletop/data/famiglia.py", "bench/famiglia.py", "pnp/__init__.py", "tabletop/__init__.py")
    assert collisions(tmp_path) == []

    _touch(tmp_path, "pnp/build/watch.py", "pnp/text/talk.py")  # beside the command's watch.py; a talk.py not a game's
    assert collisions(tmp_path) == [
        "talk.py: companion/famiglia/talk.py, companion/showdown/talk.py, pnp/text/talk.py",
        "watch.py: pnp/build/watch.py, pnp/cli/watch.py"]
