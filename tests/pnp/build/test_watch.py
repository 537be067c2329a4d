"""`pnp watch`, run as a user runs it: a save changes the page's image (asked of
the server over HTTP, as the page asks), only the changed page gets a new image, a broken save shows
its error line and keeps the last good pages and PDF, and the page is served on 127.0.0.1 only."""
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROWS = [f"Card {n},Text of card {n}.,1" for n in range(1, 11)]  # 10 cards: two pages of 9 and 1
TOML = '[deck]\nlanguages = ["en"]\n\n[layout]\nname = "card"\n'


def write_csv(folder: Path, rows) -> None:
    path = folder / "deck.csv"
    tmp = folder / ".deck.csv.tmp"  # as editors save: a new file renamed over the old one
    tmp.write_text("title,body,copies\n" + "\n".join(rows) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def state(url: str) -> dict:
    return json.loads(get(url + "state"))


def wait_for(url: str, done, timeout=60.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        now = state(url)
        if done(now):
            return now
        time.sleep(0.05)
    raise AssertionError(f"no change in {timeout} s: {now}")


@pytest.fixture
def watching(tmp_path):
    (tmp_path / "deck.toml").write_text(TOML, encoding="utf-8")
    write_csv(tmp_path, ROWS)
    env = {**os.environ, "TABLETOP_KIT_LANG": "en"}
    proc = subprocess.Popen([sys.executable, "-c", "from pnp.cli.command import main; main()", "watch",
                             str(tmp_path / "deck.csv"), "--port", "0", "--no-open", "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        line = proc.stdout.readline()
        assert "http://127.0.0.1:" in line, line + proc.stderr.read()
        url = line[line.index("http://"):].split()[0]
        yield tmp_path, url
    finally:
        proc.terminate()
        proc.wait(10)


def test_a_save_changes_the_page_image_and_only_the_changed_page(watching):
    folder, url = watching
    first = wait_for(url, lambda s: len(s["pages"]) == 2)
    assert "<img" not in get(url).decode() and "/state" in get(url).decode()  # the page draws them itself
    before = [get(f"{url}page/{n}.png") for n in (1, 2)]
    assert before[0][:8] == b"\x89PNG\r\n\x1a\n"

    write_csv(folder, ROWS[:9] + ["Card 10,A new text for the last card.,1"])  # card 10 is on page 2
    after = wait_for(url, lambda s: s["pages"] != first["pages"])
    assert after["pages"][0] == first["pages"][0] and after["pages"][1] > first["pages"][1]
    assert get(f"{url}page/2.png") != before[1] and get(f"{url}page/1.png") == before[0]
    assert after["error"] == ""


def test_a_broken_save_shows_its_error_and_keeps_the_last_pages(watching):
    folder, url = watching
    good = wait_for(url, lambda s: len(s["pages"]) == 2)
    pdf = next((folder / "out").rglob("*.pdf"))
    kept = pdf.read_bytes()
    write_csv(folder, ROWS[:3] + ["Card 4,Text.,three"] + ROWS[4:])
    broken = wait_for(url, lambda s: s["error"])
    assert 'deck.csv, row 5, column C "copies": the number of copies must be a whole number' in broken["error"]
    assert broken["pages"] == good["pages"] and pdf.read_bytes() == kept
    write_csv(folder, ROWS[:3] + ["Card 4,Mended.,1"] + ROWS[4:])
    mended = wait_for(url, lambda s: not s["error"] and s["pages"] != good["pages"])
    assert mended["pages"][0] > good["pages"][0]


def test_the_page_is_served_on_the_loopback_address_only(watching):
    _folder, url = watching
    port = int(url.rsplit(":", 1)[1].strip("/"))
    listening = [line.split()[3] for line in subprocess.run(["ss", "-ltnH"], capture_output=True, text=True)
                 .stdout.splitlines() if line.split()[3].endswith(f":{port}")]
    assert listening == [f"127.0.0.1:{port}"]  # not 0.0.0.0 nor [::]: no other machine reaches it


def test_a_file_the_deck_does_not_read_starts_no_build(watching):
    folder, url = watching
    first = wait_for(url, lambda s: len(s["pages"]) == 2)
    (folder / "watch.log").write_text("a log redirected into the deck's folder\n")  # would loop: build, log, build
    (folder / "out" / "notes.txt").write_text("the output folder")
    seen = wait_for(url, lambda s: s["passed_over"] >= first["passed_over"] + 2)  # the watcher has had both
    assert seen["build"] == first["build"]
    (folder / "deck.toml").write_text(TOML.replace('name = "card"', 'name = "card"\nframe = "#aa3322"'))
    rebuilt = wait_for(url, lambda s: s["build"] > first["build"])
    assert rebuilt["build"] == first["build"] + 1 and rebuilt["pages"] != first["pages"]


def test_watch_offers_only_the_languages_it_shows():
    """pnp watch shows one language: its help offers ja and en, not `all`, and `all` is refused by the
    option itself."""
    from click.testing import CliRunner

    from pnp.cli.main import main

    shown = CliRunner().invoke(main, ["watch", "--help"])
    lang = shown.output.split("--lang")[1].split("--card-size")[0]
    assert shown.exit_code == 0 and lang.startswith(" [ja|en] ") and "all" not in lang.split()
    refused = CliRunner().invoke(main, ["watch", "deck.csv", "--lang", "all"])
    assert refused.exit_code == 2 and "'all' is not one of 'ja', 'en'" in refused.output
