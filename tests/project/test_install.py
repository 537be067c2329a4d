"""The package installed (not editable) into a fresh virtual environment works from any folder:
data, templates and fonts come from the installed wheel, not from this checkout."""
import json
import os
import signal
import subprocess
import urllib.error
import urllib.request
import venv
from pathlib import Path

import pytest

from pdfcheck import fonts
from repo_paths import ROOT


def test_installed_pnp_builds_from_another_directory(tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    # as the README installs: every version, the build's tools included, from the lock
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", str(ROOT)], capture_output=True, text=True,
                             env={**os.environ, "PIP_CONSTRAINT": str(ROOT / "constraints.txt")}, timeout=540)
    assert install.returncode == 0, install.stderr[-3000:]

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    clean_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run([str(python), "-c", "import pnp, tabletop.data as d; print(pnp.__file__, d.CARDS_DIR)"],
                           cwd=elsewhere, capture_output=True, text=True, env=clean_env)
    assert str(env_dir) in where.stdout and str(ROOT) not in where.stdout, where.stdout

    out = tmp_path / "pdfs"
    run = subprocess.run([str(env_dir / "bin" / "pnp"), "build", "hitmans-showdown", "--out", str(out)],
                         cwd=elsewhere, capture_output=True, text=True, env=clean_env, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    for name in ("inserts-a4-ja.pdf", "summary-a4-ja.pdf"):
        pdf = out / "hitmans-showdown" / name
        assert pdf.stat().st_size > 10_000
        assert all(f["embedded"] for f in fonts(pdf))

    # The example decks come with the wheel: copied out, the README's example build works from that folder.
    copied = subprocess.run([str(env_dir / "bin" / "pnp"), "examples"], cwd=elsewhere, capture_output=True,
                            text=True, env=clean_env, timeout=60)
    assert copied.returncode == 0, copied.stdout + copied.stderr
    deck = subprocess.run([str(env_dir / "bin" / "pnp"), "build", "examples/prototype/prototype.xlsx", "--out",
                           str(out)], cwd=elsewhere, capture_output=True, text=True, env=clean_env, timeout=300)
    assert deck.returncode == 0, deck.stdout + deck.stderr
    assert (out / "prototype" / "cards-a4-ja.pdf").is_file()
    # Its pictures, icons and backs come too (the showcase reads every kind).
    deck = subprocess.run([str(env_dir / "bin" / "pnp"), "build", "examples/showcase/showcase.csv", "--lang", "en",
                           "--out", str(out)], cwd=elsewhere, capture_output=True, text=True, env=clean_env,
                          timeout=300)
    assert deck.returncode == 0, deck.stdout + deck.stderr
    assert (out / "showcase" / "cards-a4-en.pdf").is_file()

    # companion serve: the app's files, its Japanese words and the server's come from the wheel too
    server = subprocess.Popen([str(env_dir / "bin" / "companion"), "serve", "--port", "0", "--games",
                               str(tmp_path / "games")], cwd=elsewhere, env=clean_env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = next(line for line in server.stdout if line.startswith("Open ")).split()[1]
        home = urllib.request.urlopen(url, timeout=30).read().decode()
        assert 'name="tabletop-api"' in home
        words = json.loads(urllib.request.urlopen(url + "locale/ja.json", timeout=30).read())
        assert words["messages"]["Saved games"] == "保存したゲーム"
        for asset in ("ui/app.css", "ui/main.js", "sw.js"):
            assert urllib.request.urlopen(url + asset, timeout=30).status == 200
        missing = urllib.request.Request(url + "games/nothing", headers={"Accept-Language": "ja"})
        with pytest.raises(urllib.error.HTTPError) as refused:  # a page the server words, in Japanese
            urllib.request.urlopen(missing, timeout=30)
        assert refused.value.code == 404 and "ゲーム一覧に戻る" in refused.value.read().decode()
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=30)
    assert server.returncode == 0

    # The catalog is compiled at install and shipped: the installed kit speaks Japanese.
    mo = subprocess.run([str(python), "-c", "from tabletop import i18n; print(i18n.LOCALE_DIR)"],
                        cwd=elsewhere, capture_output=True, text=True, env=clean_env).stdout.strip()
    assert (Path(mo) / "ja" / "LC_MESSAGES" / "tabletop-kit.mo").is_file()
    ja = subprocess.run([str(env_dir / "bin" / "pnp"), "build", "hitmans"], cwd=elsewhere, capture_output=True,
                        text=True, env={**clean_env, "TABLETOP_KIT_LANG": "ja"}, timeout=60)
    assert ja.returncode == 2 and ja.stderr.startswith("エラー：'hitmans' というゲームはありません"), ja.stderr
