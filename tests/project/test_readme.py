"""Every command the READMEs show works as pasted: each `pnp …` and `companion …` line of their command
blocks, in both languages, run from a scratch folder of its own (not the checkout) with the commands on
PATH as the README says to put them, a home of its own, and the lines a `play` asks for on stdin; a
`serve` is started and asked for its home page. The set-up lines themselves are what CI runs."""
from __future__ import annotations

import os
import re
import select
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from repo_paths import ROOT

READMES = [ROOT / "README.md", ROOT / "README.ja.md"]
# What the user brings: the spreadsheet `pnp init mycards.csv` starts from.
MY_CARDS = "title,body,copies\nFirst card,It does a thing.,2\nSecond card,It does another thing.,1\n"
# Lines a game at the terminal is given: leave at once (the game is saved).
STDIN = "quit\n"


def commands() -> list[str]:
    """The README lines that run a command of the kit, in the order shown, each once."""
    found = []
    for readme in READMES:
        for line in readme.read_text(encoding="utf-8").splitlines():
            if not line.startswith("    "):
                continue
            command = re.split(r"\s+#\s", line.strip(), maxsplit=1)[0].strip()
            if command.split()[:1] in (["pnp"], ["companion"]) and command not in found:
                found.append(command)
    return found


def set_up_lines(readme: Path) -> list[str]:
    """The README's two fresh-machine lines: set up and run the main job, set up and run the tests."""
    return [line.strip() for line in readme.read_text(encoding="utf-8").splitlines()
            if line.startswith("    python3 -m venv")]


@pytest.mark.parametrize("readme", READMES, ids=lambda p: p.name)
def test_both_set_up_lines_install_from_the_lock_and_ci_runs_the_test_line(readme):
    """What a user installs is what CI tested: both lines take every version, the build's tools included
    (pip hands PIP_CONSTRAINT on to its build environment, which `-c` does not reach), from the lock."""
    main_job, tests = set_up_lines(readme)
    for line in (main_job, tests):
        assert " PIP_CONSTRAINT=constraints.txt .venv/bin/pip install " in line, line
    assert main_job.endswith("&& .venv/bin/pnp build all") and tests.endswith("&& .venv/bin/python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci, "CI runs another test command than the README's"
    assert (ROOT / "constraints.txt").is_file()


def test_the_readmes_show_the_commands_this_test_runs():
    shown = commands()
    assert len(shown) > 30 and {c.split()[0] for c in shown} == {"pnp", "companion"}
    assert any(c.startswith("companion serve") for c in shown) and any(" play" in c for c in shown)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A folder of the user's own, outside the checkout, and the environment a terminal there has."""
    folder = tmp_path_factory.mktemp("user")
    (folder / "mycards.csv").write_text(MY_CARDS, encoding="utf-8")
    home = tmp_path_factory.mktemp("home")
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / ".local" / "share"),
           # the fonts prepared once, as on the machine that set up (a fresh home would make them again)
           "XDG_CACHE_HOME": os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
           "BROWSER": "true",  # `serve --open`: a browser that opens nothing
           "LANG": "C.UTF-8"}
    env.pop("TABLETOP_KIT_LANG", None)
    return folder, env


def served(command: str, folder: Path, env: dict) -> None:
    """Start a `companion serve`, fetch its home page (over HTTPS, trusting the kit's own authority,
    or with the token the --lan address carries), stop it."""
    argv = shlex.split(command) + (["--port", "0"] if "--port" not in command else [])
    process = subprocess.Popen(argv, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        out = b""
        deadline = time.monotonic() + 60
        while not re.search(rb"Open (\S+)\s", out):  # the line with the address, whole
            ready, _, _ = select.select([process.stdout], [], [], max(0.0, deadline - time.monotonic()))
            chunk = process.stdout.read1(4096) if ready else b""
            assert chunk, f"{command}: no address printed: {out.decode(errors='replace')}"
            out += chunk
        url = re.search(rb"Open (\S+)\s", out).group(1).decode()
        url = re.sub(r"//[^/]+:", "//127.0.0.1:", url, count=1)  # the LAN's address, asked from here
        context = None
        if url.startswith("https"):
            import ssl

            context = ssl.create_default_context(
                cafile=str(Path(env["XDG_DATA_HOME"]) / "tabletop-kit" / "tls" / "ca.crt"))
            context.check_hostname = False  # asked by the loopback address, certified for the LAN one too
        # a browser's cookie jar: the --lan address's token becomes a cookie on the way to the page
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(),
                                              urllib.request.HTTPSHandler(context=context))
        page = ""
        for _ in range(100):
            try:
                page = browser.open(url, timeout=5).read().decode()
                break
            except urllib.error.URLError:
                time.sleep(0.1)
        assert "<html" in page, f"{command}: {url} gave no page"
    finally:
        process.terminate()
        process.wait(15)


@pytest.mark.parametrize("command", commands())
def test_each_readme_command_works_as_pasted(command, scratch):
    folder, env = scratch
    if command.startswith("companion serve"):
        served(command, folder, env)
        return
    result = subprocess.run(command, shell=True, cwd=folder, env=env, input=STDIN, capture_output=True,
                            text=True, timeout=600)
    said = result.stdout + result.stderr
    assert result.returncode == 0 and "Traceback" not in said, f"{command}\n{said[-3000:]}"
