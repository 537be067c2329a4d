"""The engines, their narration and the game registry stand on the standard library, msgspec and the
kit alone — no command line, no web stack — so they also run where there is no terminal or server."""
import ast
import subprocess
import sys
from pathlib import Path

from repo_paths import ROOT

COMPANION = ROOT / "companion"
ENGINES = ["companion.kinds", "companion.protocol", "companion.saved",
           "companion.famiglia.engine", "companion.famiglia.talk", "companion.famiglia.repl",
           "companion.terror24.match", "companion.terror24.talk", "companion.terror24.repl",
           "companion.showdown.match", "companion.showdown.talk", "companion.showdown.repl"]
# msgspec brings typing_extensions; setuptools and an editable install add their import hooks
ALLOWED = {"msgspec", "typing_extensions", "tabletop", "companion", "__main__", "_distutils_hack"}


def test_the_engines_narrations_and_registry_load_only_the_standard_library_msgspec_and_the_kit():
    code = f"import sys; import {', '.join(ENGINES)}; print('\\n'.join(sorted(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    tops = {m.split(".")[0] for m in loaded if not m.startswith("__editable__")}
    assert sorted(tops - set(sys.stdlib_module_names) - ALLOWED) == []
    front_ends = [m for m in loaded if m.startswith("companion.") and
                  (m.split(".")[1] in ("web", "launch", "cli") or m.endswith(".cli"))]
    assert front_ends == []


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add(("." * node.level) + (node.module or ""))
    return names


def test_no_web_module_but_the_serve_command_and_not_the_registry_imports_a_command_line_module():
    checked = [p for p in (COMPANION / "web").rglob("*.py") if p.name != "cli.py"] + [COMPANION / "kinds.py"]
    for path in checked:
        bad = [n for n in imports(path) if n == "click" or n.startswith("click.") or n.endswith("cli")
               or n.split(".")[-1] in ("cli", "launch", "cli_i18n")]
        assert bad == [], f"{path.relative_to(COMPANION.parent)} imports {bad}"


# The modules that hold each game's rules: their words are the narration's (talk.py, render.py).
RULES = ["famiglia/engine.py", "famiglia/moves.py", "terror24/engine.py", "terror24/match.py", "terror24/moves.py",
         *(f"showdown/{name}.py" for name in ("engine", "settle", "match", "moves", "events", "state", "pool", "ops",
                                              "uses", "penalties", "conditions", "chance", "dice", "cards"))]
WORDING = {"Speech", "translator", "translations", "_", "ngettext", "gettext", "use", "set_language"}


def imported_names(path: Path) -> set[str]:
    return {alias.name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom) for alias in node.names}


def test_the_rules_know_no_language_they_mark_words_for_the_narration_to_say():
    for name in RULES:
        path = COMPANION / name
        assert imported_names(path) & WORDING == set(), f"{name} words its own messages"
        signatures = [node for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                      if isinstance(node, ast.FunctionDef) and node.name == "__init__"]
        assert all("lang" not in [a.arg for a in f.args.args] for f in signatures), f"{name} takes a language"
