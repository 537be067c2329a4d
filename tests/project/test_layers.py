"""The house's import rules, kept by import-linter (its contracts are in pyproject.toml): pnp's folders
import only downwards, pnp and the companion never import each other, tabletop imports neither, and
no two modules of a folder in pnp or tabletop import each other in a ring. import-linter reads every
import statement, so one inside a function or under TYPE_CHECKING counts as much as one at the top.

The rules are shown to bite on a copy of the kit's modules with one rule broken in it; and no module
of pnp or tabletop imports another module's private name."""
from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from repo_paths import ROOT

PACKAGES = ("pnp", "tabletop", "companion")
LINT = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True, no_logo=True))"


def lint(folder: Path) -> subprocess.CompletedProcess:
    """import-linter over the packages in `folder`, with the kit's contracts: it puts its working folder
    first on the import path, so a copy there is read instead of the kit."""
    return subprocess.run([sys.executable, "-c", LINT], cwd=folder, capture_output=True, text=True, timeout=300)


def test_the_kit_keeps_its_import_contracts():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 kept, 0 broken" in done.stdout


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """The kit's Python modules and its contracts in a folder of their own."""
    folder = tmp_path_factory.mktemp("kit")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, folder / package,
                        ignore=lambda _dir, names: [n for n in names if n == "__pycache__" or
                                                    (n.endswith(('.py', '.pyi')) is False and '.' in n)])
    shutil.copy(ROOT / "pyproject.toml", folder)
    return folder


# (module changed, the lines added at its end, the contract that then breaks, what the report names)
BREAKS = {
    "an upward import in a function": (
        "pnp/geometry.py", "\n\ndef _upward():\n    from pnp.cli import main  # noqa\n",
        "pnp's folders import only downwards BROKEN", "pnp.geometry -> pnp.cli.main"),
    "an upward import for the type checker": (
        "pnp/layout/keys.py", "\n\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from pnp.deck.read.deckfile import Deck  # noqa\n",
        "pnp's folders import only downwards BROKEN", "pnp.layout.keys -> pnp.deck.read.deckfile"),
    "a ring of two modules in one folder": (
        "tabletop/data/hitmans_showdown.py", "\n\ndef _ring():\n    from . import hitmans_load  # noqa\n",
        "no cycles among the modules of a folder in pnp and tabletop BROKEN", "hitmans_showdown -> .hitmans_load"),
    "the companion importing pnp": (
        "companion/speech.py", "\n\ndef _printing():\n    import pnp.geometry  # noqa\n",
        "the companion never imports pnp BROKEN", "companion.speech -> pnp.geometry"),
    "tabletop importing the companion": (
        "tabletop/record.py", "\n\ndef _above():\n    import companion.speech  # noqa\n",
        "tabletop, which both stand on, imports neither BROKEN", "tabletop.record -> companion.speech"),
}


@pytest.mark.parametrize("case", list(BREAKS))
def test_a_broken_rule_fails_the_check_and_is_named(copy, case):
    module, added, contract, named = BREAKS[case]
    path = copy / module
    kept = path.read_text(encoding="utf-8")
    path.write_text(kept + added, encoding="utf-8")
    try:
        done = lint(copy)
    finally:
        path.write_text(kept, encoding="utf-8")
    assert done.returncode == 1, done.stdout + done.stderr
    assert contract in done.stdout and named in done.stdout, done.stdout


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


def module_of(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private_uses(root: Path, packages: tuple[str, ...]) -> list[str]:
    """Each place a module of `packages` imports a private name of another module of the kit, or
    reads one through a module it imported (`module._name`)."""
    found = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            here = module_of(path, root).split(".")
            modules = {}  # the names bound to the kit's modules in this file
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom):
                    base = node.module or ""
                    if node.level:
                        parent = here if path.name == "__init__.py" else here[:-1]
                        base = ".".join(parent[:len(parent) - node.level + 1] + ([base] if base else []))
                    if base.split(".")[0] not in PACKAGES:
                        continue
                    for alias in node.names:
                        if private(alias.name):
                            found.append(f"{path.relative_to(root)}:{node.lineno}: {base}.{alias.name}")
                        target = root.joinpath(*base.split("."), alias.name)
                        if target.with_suffix(".py").exists() or (target / "__init__.py").exists():
                            modules[alias.asname or alias.name] = f"{base}.{alias.name}"
                elif isinstance(node, ast.Import):
                    for alias in node.names:
                        if alias.name.split(".")[0] in PACKAGES:
                            modules[alias.asname or alias.name.split(".")[0]] = alias.name
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and private(node.attr):
                    value = node.value
                    while isinstance(value, ast.Attribute):
                        value = value.value
                    if isinstance(value, ast.Name) and value.id in modules:
                        found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_of_pnp_or_tabletop_reaches_into_another_modules_private_names():
    assert private_uses(ROOT, ("pnp", "tabletop")) == []


def test_the_private_name_scan_sees_an_import_and_a_read(tmp_path):
    (tmp_path / "pnp" / "sheets").mkdir(parents=True)
    (tmp_path / "pnp" / "__init__.py").write_text("")
    (tmp_path / "pnp" / "sheets" / "__init__.py").write_text("")
    (tmp_path / "pnp" / "sheets" / "draw.py").write_text("_CACHE = {}\n")
    (tmp_path / "pnp" / "cards.py").write_text("from pnp.sheets.draw import _CACHE\n")
    (tmp_path / "pnp" / "faces.py").write_text("from pnp.sheets import draw\n\n\ndef f():\n    return draw._CACHE\n")
    assert private_uses(tmp_path, ("pnp",)) == ["pnp/cards.py:1: pnp.sheets.draw._CACHE",
                                               "pnp/faces.py:5: draw._CACHE"]
