"""Without Chromium, the browser tests are skipped on a developer's machine, with one line saying how to
install it, and fail under CI, where a green run must mean they ran (tests/conftest.py)."""
import os
import subprocess
import sys

import pytest

from repo_paths import ROOT

ONE_BROWSER_TEST = "tests/companion/app/test_app_browser.py::test_reload_mid_game_resumes_exactly"


def run_without_chromium(tmp_path, ci: str | None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": str(tmp_path)}  # a PATH with no chromium and no chromedriver on it
    env.pop("CI", None)
    if ci is not None:
        env["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", ONE_BROWSER_TEST], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)


def test_without_chromium_a_developer_s_run_skips_them_saying_how_to_install_it(tmp_path):
    run = run_without_chromium(tmp_path, None)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 skipped" in run.stdout
    said = [line for line in run.stdout.splitlines() if "chromium" in line]
    assert said == ["browser tests skipped (1): chromium and chromedriver not found; the browser tests need "
                    "Chromium and its driver on PATH: apt-get install chromium chromium-driver"]


@pytest.mark.parametrize("ci", ["true", "1"])
def test_without_chromium_under_ci_they_fail_naming_the_missing_browser(tmp_path, ci):
    run = run_without_chromium(tmp_path, ci)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 error" in run.stdout
    said = [line for line in run.stdout.splitlines() if "chromium and chromedriver not found" in line]
    assert said and "Traceback" not in run.stdout
