"""The linter keeps the house: ruff, with the rules in pyproject.toml (`[tool.ruff]`), over every Python
file of the project (pnp, tabletop, companion, tests, bench, tools, examples, setup.py). It runs here, in
the suite CI runs, so a finding fails the build naming its file, line, column and rule; and it is shown to
bite on a file with a known fault."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from repo_paths import ROOT


def ruff(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                           *arguments], cwd=cwd, capture_output=True, text=True, timeout=300)


def test_the_project_passes_the_linter():
    done = ruff(".")
    assert done.returncode == 0, "ruff finds (file:line:column: rule):\n" + done.stdout + done.stderr


def test_the_linter_names_the_file_line_and_rule(tmp_path):
    faulty = tmp_path / "faulty.py"
    faulty.write_text('"""A list shared by every call."""\n\n\ndef add(card, pile=[]):\n    pile.append(card)\n'
                      "    return pile\n", encoding="utf-8")
    done = ruff("--config", str(ROOT / "pyproject.toml"), str(faulty), cwd=tmp_path)
    assert done.returncode == 1
    assert "faulty.py:4:20: B006 " in done.stdout
