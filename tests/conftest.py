"""Shared test settings.

The whole run has a home of its own: HOME and the XDG folders point into one temporary folder made when
the run starts and removed when it ends, so no test reads or leaves anything in the user's real
`~/.cache` or `~/.local` (fonts, compiled templates, saved games, pip's cache), and every subprocess
(the commands, the servers, Chromium, pip) inherits it. The run is shared out among worker processes
(pytest-xdist, pyproject's addopts): each worker has a home of its own inside the run's, so what one
worker's tests make there (the font cache, the browser's font file, the server's certificates, saved
games) is never half-made by another. The fonts are instanced in each home once, before its first test.
"""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from ci import under_ci
from tabletop import i18n

HOME_FOLDERS = {"XDG_CACHE_HOME": ".cache", "XDG_DATA_HOME": ".local/share", "XDG_CONFIG_HOME": ".config",
                "XDG_STATE_HOME": ".local/state"}
RUN_HOME = "TABLETOP_KIT_TEST_HOME"  # set for the subprocesses: a pytest run inside this one shares its home
_made_home: Path | None = None


def pytest_configure(config):
    global _made_home
    home = os.environ.get(RUN_HOME)
    if not home:
        _made_home = Path(tempfile.mkdtemp(prefix="tabletop-kit-tests-"))
        home = os.environ[RUN_HOME] = str(_made_home)
    worker = getattr(config, "workerinput", {}).get("workerid")  # set in a pytest-xdist worker only
    if worker:
        home = os.environ[RUN_HOME] = str(Path(home) / worker)
        Path(home).mkdir(exist_ok=True)
    os.environ["HOME"] = home
    for name, folder in HOME_FOLDERS.items():
        os.environ[name] = str(Path(home) / folder)
    os.environ.pop("TABLETOP_KIT_FONT_CACHE", None)


def pytest_unconfigure(config):
    if _made_home is not None:
        shutil.rmtree(_made_home, ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def fonts_prepared():
    """The first run's font work (static instances of the variable font), done once for the whole run
    in its own home, so no test's output depends on whether it happened to come first."""
    from pnp.fonts.firstrun import prepare_fonts

    prepare_fonts(None)


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    # The companion's default language follows the locale; tests that want Japanese say --lang ja.
    for name in ("LC_ALL", "LC_MESSAGES", i18n.ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    # The process's language was chosen on import, from whatever locale ran the tests.
    i18n.set_language("en")


# ---- the browser the browser tests drive -------------------------------------------------------------------

BROWSER_MISSING = ("the browser tests need Chromium and its driver on PATH: "
                   "apt-get install chromium chromium-driver")


@pytest.fixture(scope="session")
def chromium() -> tuple[str, str]:
    """Chromium's and chromedriver's paths. Missing, the browser tests are skipped on a developer's
    machine (the run ends with one line saying how to install them) and fail under CI, where a green
    run must mean they ran."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not (browser and driver):
        missing = " and ".join(name for name, path in (("chromium", browser), ("chromedriver", driver)) if not path)
        message = f"{missing} not found; {BROWSER_MISSING}"
        if under_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    from browsing import browser_fonts  # selenium is imported only by the runs that drive a browser

    os.environ["FONTCONFIG_FILE"] = str(browser_fonts(Path(os.environ["HOME"]),
                                                      Path(os.environ["XDG_CACHE_HOME"]) / "fontconfig"))
    return browser, driver


# ---- Node, which runs the browser's JavaScript in the tests that hold it to the Python --------------------

NODE_MISSING = "the JavaScript tests need Node.js 18 or newer on PATH: apt-get install nodejs npm"
NODE_OLDEST = 18


@pytest.fixture(scope="session")
def node() -> str:
    """Node's path. Missing or too old, the tests that compare the JavaScript with the Python are skipped on
    a developer's machine and fail under CI, as the browser tests do."""
    found = shutil.which("node")
    version = ""
    if found:
        version = subprocess.run([found, "--version"], capture_output=True, text=True).stdout.strip()
        major = version.lstrip("v").split(".")[0]
        if major.isdigit() and int(major) >= NODE_OLDEST:
            return found
    message = f"node {version} is too old; {NODE_MISSING}" if found else f"node not found; {NODE_MISSING}"
    if under_ci():
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


def pytest_terminal_summary(terminalreporter):
    # Read from the skipped tests' reports, which reach the process that prints this from whichever worker
    # ran them.
    reasons = [reason for report in terminalreporter.stats.get("skipped", [])
               if BROWSER_MISSING in (reason := _skip_reason(report))]
    if reasons:
        terminalreporter.write_line(f"browser tests skipped ({len(reasons)}): {reasons[0]}", yellow=True)


def _skip_reason(report) -> str:
    """What pytest.skip was told, as a skipped test's report holds it: (file, line, "Skipped: why")."""
    said = report.longrepr[-1] if isinstance(report.longrepr, tuple | list) else str(report.longrepr)
    return said.removeprefix("Skipped: ")
