"""The lock (`constraints.txt`) names every package the kit, its tests and its build need, each at one
exact version its requirement admits, and the environment running these tests was installed from it."""
from __future__ import annotations

import sys
import tomllib
from importlib import metadata

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from repo_paths import ROOT


def locked() -> list[Requirement]:
    lines = (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
    return [Requirement(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]


def required() -> list[Requirement]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)
    names = (project["project"]["dependencies"] + project["project"]["optional-dependencies"]["test"]
             + project["build-system"]["requires"])
    return [Requirement(name) for name in names]


def test_every_entry_is_one_exact_version():
    loose = [str(r) for r in locked() if len(r.specifier) != 1 or next(iter(r.specifier)).operator != "=="]
    assert loose == []


def test_every_requirement_of_the_kit_its_tests_and_its_build_is_locked_at_a_version_it_admits():
    pins = {canonicalize_name(r.name): next(iter(r.specifier)).version for r in locked()}
    unlocked = [str(r) for r in required() if canonicalize_name(r.name) not in pins]
    refused = [f"{r} (locked {pins[canonicalize_name(r.name)]})" for r in required()
               if canonicalize_name(r.name) in pins and not r.specifier.contains(pins[canonicalize_name(r.name)])]
    assert unlocked == [] and refused == [], "run `python tools/lock.py` (docs/dependencies.md)"


def installed_for_the_kit() -> dict[str, str]:
    """Every distribution the installed kit needs with its test extra, followed through their own
    requirements (and extras), by name → installed version."""
    found: dict[str, str] = {}
    todo = [(Requirement(r), "test") for r in metadata.requires("tabletop-kit") or []]
    while todo:
        requirement, extra = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": extra}):
            continue
        name = canonicalize_name(requirement.name)
        if name in found and not requirement.extras:
            continue
        found[name] = metadata.version(name)
        for extra_wanted in requirement.extras or {""}:
            todo += [(Requirement(r), extra_wanted) for r in metadata.requires(name) or []]
    return found


def test_this_environment_was_installed_from_the_lock():
    """A test run on other versions than the lock's says so here, not as a puzzling failure elsewhere."""
    pins = {canonicalize_name(r.name): r.specifier for r in locked()}
    installed = installed_for_the_kit()
    differ = [f"{name} {version}, locked {pins.get(name, 'nowhere')}" for name, version in sorted(installed.items())
              if name not in pins or not pins[name].contains(version, prereleases=True)]
    assert len(installed) > 30 and differ == [], (
        f"{sys.prefix} was not installed from constraints.txt (README): {differ}")
