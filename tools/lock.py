"""Write `constraints.txt`, the lock every install of the kit goes through (docs/dependencies.md).

    python tools/lock.py                         # add what pyproject.toml gained; every other pin kept
    python tools/lock.py --upgrade               # every package at its newest release
    python tools/lock.py --upgrade-package babel # that one newest, the rest kept

The lock holds, at exact versions, the kit's dependencies, its test extra and its build requirements
(`[build-system] requires`: setuptools and Babel compile the catalogs in pip's build environment), for
every platform and for Pythons 3.11 and newer at once (uv's universal resolution), so one file serves
Linux, macOS and Windows. It is a constraints file: `PIP_CONSTRAINT=constraints.txt pip install …`
takes from it only what that install needs, and pip passes the variable on to the build environment.
uv makes the file (`pip install uv`); pip alone installs from it.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "constraints.txt"
OLDEST_PYTHON = "3.11"


def build_requirements() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return list(tomllib.load(f)["build-system"]["requires"])


def compile_command(uv: str, upgrade: bool, upgrade_packages: list[str]) -> list[str]:
    command = [uv, "pip", "compile", "pyproject.toml", "-", "--extra", "test", "--universal",
               "--python-version", OLDEST_PYTHON, "--output-file", str(LOCK.relative_to(ROOT)),
               "--custom-compile-command", "python tools/lock.py", "--quiet"]
    if upgrade:
        command.append("--upgrade")
    for name in upgrade_packages:
        command += ["--upgrade-package", name]
    return command


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--upgrade", action="store_true", help="take every package's newest release")
    parser.add_argument("--upgrade-package", action="append", default=[], metavar="NAME",
                        help="take this package's newest release (may be given again)")
    args = parser.parse_args(argv)
    uv = shutil.which("uv")
    if uv is None:
        print("tools/lock.py: uv is not on PATH; install it with `pip install uv`", file=sys.stderr)
        return 2
    build = "".join(f"{requirement}\n" for requirement in build_requirements())
    done = subprocess.run(compile_command(uv, args.upgrade, args.upgrade_package), cwd=ROOT, input=build, text=True)
    if done.returncode == 0:
        print(f"wrote {LOCK.relative_to(ROOT)}; now run the tests (docs/dependencies.md)")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
