"""The tests keep the code's layout (docs/architecture.md): each test file in the folder of what it tests, never
at tests/'s top, and no test module imported by another — shared fixtures live in a conftest.py, shared
helpers in tests/support/."""
import ast
from pathlib import Path

import pytest

from repo_paths import ROOT, TESTS

CODE = ("pnp", "companion", "tabletop")  # tests/<these>/… mirror the packages of the same path
OWN_FOLDERS = {"project", "support", "fixtures", "js"}  # whole-project checks, helpers, data, the JavaScript's tests
BROWSER = "browser"  # a folder of tests run in a real browser, inside the folder of what they test


def python_files() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if "fixtures" not in path.relative_to(TESTS).parts)


def imported(source: str) -> list[str]:
    """Every module a source imports, at its top, inside functions and under TYPE_CHECKING alike."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    return names


def imports_of_test_modules(source: str) -> list[str]:
    """The test modules (and conftest modules) a source imports: by their own name, relatively, or through a
    `tests` package."""
    return [name for name in imported(source)
            if name.startswith(".") or name.split(".")[0] in ("tests", "conftest")
            or any(part.startswith("test_") for part in name.split("."))]


def test_no_test_module_imports_another():
    found = {str(path.relative_to(ROOT)): imports_of_test_modules(path.read_text(encoding="utf-8"))
             for path in python_files()}
    assert {path: names for path, names in found.items() if names} == {}, \
        "put a shared fixture in the conftest.py of the folder that shares it, a shared helper in tests/support/"


@pytest.mark.parametrize("source", ["from test_web_browser import server", "import test_kinsoku",
                                    "def f():\n    from test_deck_fonts import build",
                                    "from tests.companion.web.browser.test_web_browser import api",
                                    "from .test_cricut import near", "from conftest import under_ci"])
def test_the_check_finds_every_way_of_importing_a_test_module(source):
    assert imports_of_test_modules(source)


@pytest.mark.parametrize("source", ["from pdfcheck import fonts", "import pytest", "from companion.table import replay",
                                    "from pnp.text.kinsoku import line_texts"])
def test_the_check_lets_helpers_and_the_code_be_imported(source):
    assert imports_of_test_modules(source) == []


def test_no_test_file_lies_at_the_top_of_tests():
    assert sorted(path.name for path in TESTS.glob("test_*.py")) == [], \
        "a test goes in the folder of what it tests: tests/pnp/<room>/, tests/companion/<part>/, tests/tabletop/, " \
        "or tests/project/ for a check of the whole project (docs/architecture.md)"


def test_each_test_folder_mirrors_a_package_of_the_code():
    strays = []
    for path in python_files():
        parts = path.relative_to(TESTS).parent.parts
        if not parts:
            continue  # tests/conftest.py
        if parts[0] in OWN_FOLDERS:
            continue
        code = [part for part in parts if part != BROWSER]
        if parts[0] not in CODE or not (ROOT.joinpath(*code) / "__init__.py").is_file() and \
                not ROOT.joinpath(*code).is_dir():
            strays.append(str(path.relative_to(ROOT)))
    assert strays == []
