"""The browser's JavaScript is set up as docs/dependencies.md says: plain ES modules under companion/app/ with
no build, TypeScript (a checker only) and axe-core (the accessibility run of the browser tests) only as
development dependencies, the tools pinned by a committed package-lock.json, and CI installing them from it
before the README's Python test line and running the tests and the type check after it."""
from __future__ import annotations

import json

from repo_paths import JS, ROOT


def test_the_package_is_private_es_modules_with_development_tools_only():
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    assert package["private"] is True and package["type"] == "module"
    assert "dependencies" not in package  # nothing reaches the browser from npm
    # @zxing/library: a QR decoder, reading back the codes the app draws (tests/js/qr.test.mjs)
    assert set(package["devDependencies"]) == {"typescript", "@types/node", "axe-core", "@zxing/library"}
    assert package["scripts"]["test"].startswith("node --test tests/js/")
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][""]["devDependencies"] == package["devDependencies"], "run `npm install`"
    assert "node_modules/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()


def test_typescript_checks_the_browsers_code_without_nodes_types_and_the_tests_with_them():
    browser = json.loads((ROOT / "tsconfig.json").read_text(encoding="utf-8"))
    options = browser["compilerOptions"]
    assert options["checkJs"] is True and options["strict"] is True and options["noEmit"] is True
    assert browser["include"] == ["companion/app/**/*.js"] and options["types"] == []
    node = json.loads((JS / "tsconfig.json").read_text(encoding="utf-8"))
    assert node["extends"] == "../../tsconfig.json" and node["compilerOptions"]["types"] == ["node"]
    assert {"./**/*.mjs", "../../bench/**/*.mjs"} <= set(node["include"])


def test_the_browsers_folder_holds_only_what_a_browser_is_sent():
    sent = [p.relative_to(ROOT).as_posix() for p in (ROOT / "companion" / "app").rglob("*") if p.is_file()]
    assert sent and not [p for p in sent if ".test." in p or p.endswith((".py", ".ts"))], sent
    assert not [p for p in sent if "axe" in p], "axe-core is put into the page by the tests, never sent"


def test_ci_installs_the_javascript_tools_before_the_python_tests_and_runs_them_after():
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    python_tests = next(i for i, line in enumerate(ci) if line.endswith(".venv/bin/python -m pytest"))
    node_check = next(i for i, line in enumerate(ci) if "node --version" in line)
    install = ci.index("npm ci --no-audit --no-fund --loglevel=error")
    steps = [ci.index(step) for step in ("npm test", "npx tsc -p . --noEmit", "npx tsc -p tests/js --noEmit")]
    assert node_check < install < python_tests < steps[0] < steps[1] < steps[2]
