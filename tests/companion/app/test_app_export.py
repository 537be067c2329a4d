"""`companion app export DIR`: the static folder any web host serves — every file the app loads, all by
relative URLs (so it works under a subpath), the service worker's list and version, and the refusals."""
from __future__ import annotations

import json
import posixpath
import re
import shutil
from pathlib import Path

from click.testing import CliRunner

from companion import appexport
from companion.cli import main as companion

APP = Path(appexport.__file__).resolve().parent / "app"
IMPORT = re.compile(r"""(?:\bfrom\s+|\bimport\s*\(\s*)["'](\.{1,2}/[^"']+)["']""")


def export(tmp_path: Path, *args: str):
    return CliRunner().invoke(companion, ["app", "export", *args], catch_exceptions=False)


def worker_build(folder: Path) -> dict:
    lines = (folder / "sw.js").read_text("utf-8").splitlines()
    line = next(line for line in lines if line.startswith("const BUILD = "))
    return json.loads(line.removeprefix("const BUILD = ").removesuffix(";"))


def test_export_writes_every_file_the_app_loads(tmp_path):
    dest = tmp_path / "site" / "tabletop-kit"
    result = export(tmp_path, str(dest))
    assert result.exit_code == 0, result.output
    assert "Wrote the app to" in result.output
    build = worker_build(dest)
    listed = set(build["files"])
    # every module reachable from the page's entry, followed through its imports, is exported and kept offline
    seen, todo = set(), ["ui/main.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        assert (dest / name).is_file(), name
        for target in IMPORT.findall((dest / name).read_text("utf-8")):
            todo.append((Path(name).parent / target).as_posix() if not target.startswith("../")
                        else str(Path(name).parent.parent / target[3:]).removeprefix("./"))
    assert {"ui/famiglia.js", "ui/terror24.js", "ui/showdown.js", "famiglia/engine.js", "terror24/match.js",
            "showdown/table.js", "showdown/talk.js", "showdown/rules.js", "showdown/penalties.js"} <= seen
    assert seen <= listed
    for name in ("index.html", "manifest.webmanifest", "ui/app.css", "icons/icon-192.png", "icons/icon-512.png",
                 "data/famiglia.json", "data/terror24.json", "data/hitmans-showdown.json", "locale/ja.json"):
        assert name in listed and (dest / name).is_file(), name
    assert "replay.mjs" not in listed and not (dest / "replay.mjs").exists()  # a Node script, not sent
    assert (dest / "data" / "famiglia.json").read_bytes() == (APP / "data" / "famiglia.json").read_bytes()


def test_everything_is_addressed_relatively(tmp_path):
    dest = tmp_path / "app"
    export(tmp_path, str(dest))
    manifest = json.loads((dest / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert all(not icon["src"].startswith("/") for icon in manifest["icons"])
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    page = (dest / "index.html").read_text("utf-8")
    assert not re.search(r"""(?:src|href)=["']/""", page)
    for script in dest.rglob("*.js"):
        text = script.read_text("utf-8")
        assert not re.search(r"""(?:fetch|register|import)\(\s*["'`]/""", text), script
        if "vendor" in script.relative_to(dest).parts:  # kept as its authors wrote it: its licence names its home
            assert not re.search(r"fetch|XMLHttpRequest|import\(|importScripts", text), script
            continue
        assert "http://" not in text.replace("http://localhost", "") and "https://" not in text, script


def test_a_changed_app_is_a_new_worker_version(tmp_path):
    copy = tmp_path / "app-src"
    shutil.copytree(APP, copy)
    first = appexport.export(tmp_path / "one", copy)
    (copy / "ui" / "app.css").write_text((copy / "ui" / "app.css").read_text("utf-8") + "\n/* changed */\n", "utf-8")
    appexport.export(tmp_path / "two", copy)
    assert set(first) == set(worker_build(tmp_path / "one")["files"]) | {"sw.js"}
    assert worker_build(tmp_path / "one")["version"] != worker_build(tmp_path / "two")["version"]
    again = appexport.export(tmp_path / "three", copy)
    assert worker_build(tmp_path / "two") == worker_build(tmp_path / "three") and again == first


def test_a_link_leading_outside_is_refused_and_nothing_written(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    dest = tmp_path / "site"
    dest.mkdir()
    (dest / "ui").symlink_to(outside, target_is_directory=True)
    result = export(tmp_path, str(dest))
    assert result.exit_code == 2
    assert "leads outside" in result.output and "nothing was written" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert not any(outside.iterdir())
    assert sorted(p.name for p in dest.iterdir()) == ["ui"]


def test_a_file_in_the_way_is_refused(tmp_path):
    dest = tmp_path / "taken"
    dest.write_text("mine", "utf-8")
    result = export(tmp_path, str(dest))
    assert result.exit_code == 2
    assert "is not a folder" in result.output
    assert dest.read_text("utf-8") == "mine"


def test_the_refusal_in_japanese(tmp_path):
    dest = tmp_path / "taken"
    dest.write_text("mine", "utf-8")
    result = CliRunner().invoke(companion, ["app", "export", str(dest)], catch_exceptions=False,
                                env={"TABLETOP_KIT_LANG": "ja"})
    assert result.exit_code == 2
    assert "フォルダーではありません" in result.output


def test_other_files_in_the_folder_are_left_alone(tmp_path):
    dest = tmp_path / "site"
    dest.mkdir()
    (dest / "CNAME").write_text("games.example\n", "utf-8")
    assert export(tmp_path, str(dest)).exit_code == 0
    assert (dest / "CNAME").read_text("utf-8") == "games.example\n"


def test_a_start_fetches_the_modules_it_needs_at_once(tmp_path):
    dest = tmp_path / "app"
    export(tmp_path, str(dest))
    page = (dest / "index.html").read_text("utf-8")
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    # the app's own modules, every one the two entries import, named in the page before the entries run
    seen, todo = set(), ["ui/boot.js", "ui/main.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (dest / name).read_text("utf-8")
        todo += [posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
                 for target in re.findall(r'^(?:import|export)\b[^;]*?\bfrom\s*"(\.{1,2}/[^"]+)"', text, re.M)]
    assert set(preloaded) == seen - {"ui/boot.js", "ui/main.js"} and len(preloaded) == len(set(preloaded))
    assert page.index("modulepreload") < page.index('src="ui/main.js"')
    # each game's own modules, beyond those, for the game the address opens
    line = next(line for line in (dest / "ui" / "boot.js").read_text("utf-8").splitlines()
                if line.startswith("const GAME_MODULES = "))
    games = json.loads(line.removeprefix("const GAME_MODULES = ").removesuffix(";"))
    assert set(games) == {"famiglia", "terror24", "hitmans-showdown"}
    assert "ui/showdown.js" in games["hitmans-showdown"] and "showdown/rules.js" in games["hitmans-showdown"]
    assert "famiglia/match.js" in games["famiglia"] and "terror24/match.js" in games["terror24"]
    for modules in games.values():
        assert all((dest / name).is_file() for name in modules) and not set(modules) & seen
    listed = set(worker_build(dest)["files"])
    assert set(preloaded) <= listed and all(set(modules) <= listed for modules in games.values())
