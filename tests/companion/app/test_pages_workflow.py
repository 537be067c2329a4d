"""The GitHub Pages workflow publishes what `companion app export` writes. The publishing itself runs only on
GitHub; here the workflow is read as GitHub reads it (YAML) and its export step is run as it is written."""
from __future__ import annotations

import shlex
from pathlib import Path

import yaml
from click.testing import CliRunner

from companion.cli import main as companion
from repo_paths import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def steps() -> list[dict]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    (job,) = workflow["jobs"].values()
    return job["steps"]


def step_using(action: str) -> dict:
    (step,) = [s for s in steps() if s.get("uses", "").startswith(action + "@")]
    return step


def export_arguments() -> list[str]:
    (line,) = [s["run"] for s in steps() if "app export" in s.get("run", "")]
    program, *arguments = shlex.split(line)
    assert Path(program).name == "companion"
    return arguments


def test_it_installs_from_the_lock_as_the_readme_does():
    (install,) = [s["run"] for s in steps() if "pip install" in s.get("run", "")]
    assert "PIP_CONSTRAINT=constraints.txt" in install


def test_it_publishes_the_folder_it_exports():
    *_, folder = export_arguments()
    assert step_using("actions/upload-pages-artifact")["with"]["path"] == folder
    assert "id-token" in yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["permissions"]


def test_its_export_step_writes_the_app(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(companion, export_arguments())
    assert result.exit_code == 0, result.output
    *_, folder = export_arguments()
    site = tmp_path / folder
    assert (site / "index.html").is_file()
    assert (site / "manifest.webmanifest").is_file()
    assert (site / "sw.js").is_file()
