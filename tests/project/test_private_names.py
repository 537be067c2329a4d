"""No module of the kit reaches into ReportLab's, click's or uvicorn's private names but the modules that
gather them (pnp/reportlab_internals.py, tabletop/click_internals.py, companion/web/uvicorn_internals.py),
where each has a canary: a private name is one the library defines with a leading underscore (a function,
class, attribute or module-level name) that the kit does not define itself."""
from __future__ import annotations

import ast
from pathlib import Path

import click
import reportlab
import uvicorn

from repo_paths import ROOT

KIT = ("pnp", "tabletop", "companion")
INTERNALS = {ROOT / "pnp" / "reportlab_internals.py", ROOT / "tabletop" / "click_internals.py",
             ROOT / "companion" / "web" / "uvicorn_internals.py"}
LIBRARIES = {"reportlab": Path(reportlab.__file__).parent, "click": Path(click.__file__).parent,
             "uvicorn": Path(uvicorn.__file__).parent}


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


def trees(folder: Path):
    for path in sorted(folder.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8", errors="replace"))


def defined(folder: Path) -> set[str]:
    names = set()
    for _path, tree in trees(folder):
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return {name for name in names if private(name)}


def test_no_module_but_the_internals_uses_a_private_name_of_reportlab_click_or_uvicorn():
    kit_own = set().union(*(defined(ROOT / package) for package in KIT))
    theirs = set().union(*(defined(folder) for folder in LIBRARIES.values())) - kit_own
    # the scan sees them
    assert {"_startPage", "_ttf_data", "_drawOn", "_splitpara", "_help_option", "_serve"} <= theirs
    found = []
    for package in KIT:
        for path, tree in trees(ROOT / package):
            if path in INTERNALS:
                continue
            for node in ast.walk(tree):
                name = None
                if isinstance(node, ast.Attribute) and node.attr in theirs:
                    name = node.attr
                elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in theirs:
                    name = node.value  # getattr(x, "_name")
                elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in LIBRARIES:
                    name = next((a.name for a in node.names if private(a.name)), None)
                if name:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert found == []
