"""What would a refresh of the lock break? Run the suite on the newest releases and tell a release's
breakage from a flake (docs/dependencies.md).

    python tools/newest.py              # the whole suite; 10 minutes or so on 2 cores
    python tools/newest.py tests/project/test_catalog.py    # only these tests

It installs the kit with its test extra into a scratch venv *without* the lock (each package, and the
build's setuptools and Babel, at its newest release), runs the tests there, runs each failure again
there (passing the second time: a flake), then in a second scratch venv installed from the lock
(failing there too: it fails whatever the versions). What fails on the newest releases twice and
passes on the lock's is a release's breakage. It prints the packages whose newest release differs from
the lock's, then a line per failure: the test, the locked and newest versions of the packages its
traceback passes through, and the verdict. Nothing in the checkout changes but the editable install's
metadata. Exit status: 1 if some release breaks a test, else 0.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import venv
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "constraints.txt"
# The lock's own test: on the newest releases it fails by design.
NOT_RUN = ("tests/project/test_lock.py",)


def make_venv(folder: Path, locked: bool) -> Path:
    """A venv with the kit (editable) and its test extra: from the lock, or at the newest releases."""
    venv.EnvBuilder(with_pip=True).create(folder)
    python = folder / "bin" / "python"
    env = {**os.environ, "PIP_CONSTRAINT": str(LOCK) if locked else ""}
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", "--upgrade", "-e", f"{ROOT}[test]"],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"tools/newest.py: pip could not install the kit into {folder}:\n{done.stderr[-3000:]}")
    return python


def versions(python: Path) -> dict[str, str]:
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format", "json"], capture_output=True,
                            text=True, check=True).stdout
    return {canonical(p["name"]): p["version"] for p in json.loads(listed)}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def failures(python: Path, tests: list[str], report: Path) -> dict[str, str]:
    """Each failing (or erroring) test's node id → the text of its failure."""
    args = [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}",
            *(f"--deselect={t}" for t in NOT_RUN), *tests]
    subprocess.run(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not report.exists():
        raise SystemExit(f"tools/newest.py: pytest wrote no report ({' '.join(args)})")
    failed = {}
    for case in ElementTree.parse(report).iter("testcase"):
        problem = case.find("failure")
        problem = problem if problem is not None else case.find("error")
        if problem is not None:
            node = f"{case.get('classname', '').replace('.', '/')}.py::{case.get('name')}"
            failed[node] = (problem.get("message") or "") + "\n" + (problem.text or "")
    return failed


def packages_in(text: str, known: set[str]) -> list[str]:
    """The installed packages a traceback passes through (site-packages/<name>/…)."""
    found = {canonical(m) for m in re.findall(r"site-packages/([A-Za-z0-9_.-]+?)/", text)}
    return sorted(found & known)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tests", nargs="*", help="test files or node ids (default: the whole suite)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tabletop-kit-newest-") as scratch:
        scratch_dir = Path(scratch)
        print("installing the newest releases…", flush=True)
        newest = make_venv(scratch_dir / "newest", locked=False)
        print("installing the lock's releases…", flush=True)
        locked = make_venv(scratch_dir / "locked", locked=True)
        new_versions, old_versions = versions(newest), versions(locked)
        moved = {name: (old_versions.get(name, "—"), version) for name, version in new_versions.items()
                 if old_versions.get(name) != version and name not in ("pip", "setuptools", "tabletop-kit")}
        print("\nnewest releases that differ from the lock:")
        for name, (old, new) in sorted(moved.items()):
            print(f"  {name:<28} {old:>14} → {new}")
        if not moved:
            print("  none")

        print("\nrunning the tests on the newest releases…", flush=True)
        first = failures(newest, args.tests, scratch_dir / "newest.xml")
        rows = []
        if first:
            print(f"{len(first)} failed; running them again, then on the lock's releases…", flush=True)
            again = failures(newest, list(first), scratch_dir / "again.xml")
            on_lock = failures(locked, list(first), scratch_dir / "locked.xml")
            for test, text in first.items():
                if test not in again:
                    verdict = "flake (passed when run again)"
                elif test in on_lock:
                    verdict = "fails on the lock's releases too"
                else:
                    verdict = "BREAKAGE by a newer release"
                involved = packages_in(text, set(moved)) or sorted(moved)
                rows.append((test, verdict, [(n, *moved[n]) for n in involved]))

        print(f"\n{'test':<90} {'package':<22} {'locked':>14} {'newest':>14}  verdict")
        for test, verdict, involved in rows:
            for i, (name, old, new) in enumerate(involved or [("—", "—", "—")]):
                print(f"{test if i == 0 else '':<90} {name:<22} {old:>14} {new:>14}  {verdict if i == 0 else ''}")
        if not rows:
            print("(every test passed on the newest releases)")
        return 1 if any(verdict.startswith("BREAKAGE") for _, verdict, _ in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
