"""What the conformance tests share: a copy of the browser's code with one rule broken, to see the run name it."""
import shutil

import pytest

from repo_paths import JS, ROOT


@pytest.fixture
def port_copy(tmp_path):
    """A copy of the browser's code (companion/app/) and of the run's Node side (tests/js/) in a temporary
    folder. Called as `port_copy(MODULE, OLD, NEW)`, it replaces OLD by NEW in that module of the copy
    (OLD must be there, or the test would break nothing) and gives the copy's root, where
    tests/js/conformance.mjs runs the copy."""
    shutil.copytree(ROOT / "companion" / "app", tmp_path / "companion" / "app")
    shutil.copytree(JS, tmp_path / "tests" / "js")

    def broken(module: str, old: str, new: str):
        path = tmp_path / "companion" / "app" / module
        source = path.read_text(encoding="utf-8")
        assert old in source, f"companion/app/{module} no longer holds {old!r}"
        path.write_text(source.replace(old, new), encoding="utf-8")
        return tmp_path

    return broken
