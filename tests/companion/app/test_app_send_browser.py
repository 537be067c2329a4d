"""A game moving between phones (companion/app/ui/send.js), in two real browsers with profiles of their
own (Debian's chromium at 360 × 640) against the exported app on a plain static server under a subpath:
a game sent by link continues on the second phone with the same table, History and journal; sent back
further along, it brings the first phone's copy up to date; the QR code is shown while the link is
short enough and the link and the file are offered past that; a game file opened on the home page; a
name already taken; a damaged link refused in one line with nothing kept. Screenshots of the send sheet
in both themes go to output/app-screenshots/."""
from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import app_browsing as app
import browsing as played
from repo_paths import ROOT

FIXTURE = json.loads((ROOT / "tests" / "fixtures" / "journals" / "famiglia-level1-robot-first.json")
                     .read_text(encoding="utf-8"))

pytestmark = pytest.mark.usefixtures("chromium")


@pytest.fixture
def phones(tmp_path_factory, chromium, server):
    """Two phones: browsers with profiles of their own (no game, no storage shared)."""
    drivers = [played.phone_browser(tmp_path_factory, chromium) for _ in range(2)]
    yield drivers
    for driver in drivers:
        driver.quit()


def kept_games(browser) -> list[dict]:
    """Every game in the phone's IndexedDB, as the app keeps it."""
    return browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const opened = indexedDB.open("tabletop-kit");
        opened.onsuccess = () => {
          const all = opened.result.transaction("games").objectStore("games").getAll();
          all.onsuccess = () => done(all.result);
        };""")


def table_seen(browser) -> tuple[str, str]:
    """What the page shows of the game: the board, and History as its sheet holds it."""
    board = browser.find_element(By.ID, "board").text
    return board, browser.execute_script("return document.getElementById('history-sheet').textContent")


def open_send_sheet(browser):
    app.press(browser, browser.find_element(By.CSS_SELECTOR, "[data-tool=send]"))
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return document.getElementById('send-sheet')?.open === true"))
    return browser.find_element(By.ID, "send-sheet")


def sent_link(browser) -> str:
    open_send_sheet(browser)
    link = browser.find_element(By.ID, "send-link").get_attribute("value")
    browser.find_element(By.CSS_SELECTOR, "#send-sheet .sheet-head button").click()
    return link


def open_link(browser, link: str) -> str:
    """Open a link as a phone's camera would hand it over; the notice the app shows."""
    browser.get(link)  # the app may be open already: then only the address's fragment changes
    app.ready(browser)
    return WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "notice"))[0].text


def test_a_game_sent_by_link_goes_on_in_a_second_browser_with_the_same_table(phones, server):
    first, second = phones
    app.open_app(first, server, "en", "dark")
    app.new_game(first, "famiglia", "table-night")
    rng = random.Random(13)
    for _ in range(30):
        assert app.famiglia_tap(first, rng)
    sheet = open_send_sheet(first)
    code = sheet.find_element(By.CSS_SELECTOR, "#send-qr img.qr")
    assert code.get_attribute("alt") and code.size["width"] >= 250  # large modules, inside the sheet
    link = sheet.find_element(By.ID, "send-link").get_attribute("value")
    assert link.startswith(server.url + "#import=") and link.endswith("&name=table-night")
    assert len(link.encode()) <= 1000
    app.shot(first, "send-sheet-en-dark")
    sheet.find_element(By.CSS_SELECTOR, ".sheet-head button").click()
    seen, (game,) = table_seen(first), kept_games(first)

    app.open_app(second, server, "en", "light")
    assert "is on this device now" in open_link(second, link)
    app.shot(second, "send-received-en-light")
    assert second.find_element(By.TAG_NAME, "h1").text.startswith("table-night")
    assert table_seen(second) == seen  # the same table and History, told the same way
    (arrived,) = kept_games(second)
    same = ("id", "game", "seed", "options", "entries")
    assert {k: arrived[k] for k in same} == {k: game[k] for k in same}
    second.refresh()  # the address names the game now: a reload does not take it in again
    app.ready(second)
    assert len(kept_games(second)) == 1 and not second.find_elements(By.ID, "notice")

    # the second phone plays on, with the same cards coming; sent back, the first catches up
    for _ in range(6):
        assert app.famiglia_tap(second, rng)
    further = table_seen(second)
    back = sent_link(second)
    assert "brought up to date" in open_link(first, back)
    assert table_seen(first) == further
    assert [g["name"] for g in kept_games(first)] == ["table-night"]
    # the same link once more changes nothing: this phone already has every step
    assert "already has every step" in open_link(first, back)


def long_game_file(tmp_path: Path) -> Path:
    """A real game with much put aside by undo (kept in the file for redo): its link is past the limit."""
    rng = random.Random(2)
    cards = [f"{c}{n}" for c in "RGBY" for n in range(5)]
    undone = [[" ".join(rng.choice(cards) for _ in range(6))] for _ in range(300)]
    text = json.dumps({**FIXTURE["file"], "id": "5e7d1c0a9b8f2e43", "undone": undone}, ensure_ascii=False, indent=1)
    path = tmp_path / "long-evening.game.json"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_past_the_size_limit_the_link_and_the_file_are_offered_instead_of_the_code(phones, server, tmp_path):
    first, _ = phones
    app.open_app(first, server, "en", "light")
    first.find_element(By.ID, "import-file").send_keys(str(long_game_file(tmp_path)))
    WebDriverWait(first, 10).until(lambda d: d.find_elements(By.ID, "board"))
    assert "long-evening" in first.find_element(By.TAG_NAME, "h1").text
    assert first.find_elements(By.ID, "outcome")  # the whole game, played to its end on this engine
    sheet = open_send_sheet(first)
    assert not sheet.find_elements(By.CSS_SELECTOR, "img.qr")
    assert "too long for a QR code" in sheet.find_element(By.ID, "send-too-long").text
    assert len(sheet.find_element(By.ID, "send-link").get_attribute("value").encode()) > 1000
    assert sheet.find_element(By.CSS_SELECTOR, "[data-send=file]").is_displayed()
    app.shot(first, "send-sheet-too-long-en-light")


def test_a_name_already_taken_gets_the_next_free_one_and_the_same_game_is_not_taken_twice(phones, server, tmp_path):
    first, _ = phones
    app.open_app(first, server, "en")
    app.new_game(first, "famiglia", "famiglia")
    path = tmp_path / "famiglia.game.json"  # another game of the same name, from a terminal
    path.write_text(json.dumps({**FIXTURE["file"], "id": "00aa11bb22cc33dd"}, indent=1) + "\n", encoding="utf-8")
    first.get(server.url)
    app.ready(first)
    app.shot(first, "send-home-with-file-offer-en")
    first.find_element(By.ID, "import-file").send_keys(str(path))
    WebDriverWait(first, 10).until(lambda d: d.find_elements(By.ID, "board"))
    assert first.find_element(By.TAG_NAME, "h1").text.startswith("famiglia 2")
    assert sorted(g["name"] for g in kept_games(first)) == ["famiglia", "famiglia 2"]


def test_a_damaged_link_is_refused_in_one_line_and_nothing_is_kept(phones, server):
    first, _ = phones
    app.open_app(first, server, "ja")
    link = sent_link_of_new_game(first, server)
    said = open_link(first, link[:-40] + "&name=x")
    assert said == "このリンクは壊れています（途中で切れているか、書き換えられています）。何も取り込んでいません"
    assert first.find_element(By.ID, "notice").get_attribute("role") == "alert"
    app.shot(first, "send-refused-ja-auto")
    assert len(kept_games(first)) == 1 and "#" not in first.current_url.rstrip("#")


def sent_link_of_new_game(browser, server) -> str:
    app.new_game(browser, "famiglia", "damaged")
    return sent_link(browser)


@pytest.mark.parametrize("lang,theme", [("en", "light"), ("ja", "dark")])
def test_the_send_sheet_at_360_by_640(phones, server, lang, theme):
    first, _ = phones
    app.open_app(first, server, lang, theme)
    app.new_game(first, "famiglia", "look")
    rng = random.Random(4)
    for _ in range(12):
        app.famiglia_tap(first, rng)
    button = first.find_element(By.CSS_SELECTOR, "[data-tool=send]")
    first.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    bar = first.find_element(By.CSS_SELECTOR, "nav.tools").rect
    assert button.rect["y"] + button.rect["height"] <= bar["y"]  # not under the fixed bar
    app.shot(first, f"send-button-{lang}-{theme}")
    sheet = open_send_sheet(first)
    app.shot(first, f"send-sheet-{lang}-{theme}")
    title = sheet.find_element(By.ID, "send-title").text
    assert title == {"en": "Send this game", "ja": "このゲームを送る"}[lang]
    buttons = [b.text for b in sheet.find_elements(By.CSS_SELECTOR, ".sheet-actions button")]
    assert {"en": "Copy the link", "ja": "リンクをコピー"}[lang] in buttons
    assert {"en": "Download the game file", "ja": "ゲームファイルをダウンロード"}[lang] in buttons
    width = first.execute_script("return document.documentElement.clientWidth")
    assert first.execute_script("return document.documentElement.scrollWidth") <= width  # nothing overflows
    code = sheet.find_element(By.CSS_SELECTOR, "img.qr")
    assert code.rect["x"] >= 0 and code.rect["x"] + code.rect["width"] <= width


def test_a_game_goes_from_the_terminal_to_the_app_and_back(phones, server, tmp_path):
    first, _ = phones
    path = tmp_path / "club.game.json"
    lines = [line for entry in FIXTURE["file"]["entries"] for line in entry]
    start = ["--level", "1", "--first", "robot", "--lang", "en"]
    done = subprocess.run(played.COMPANION + ["famiglia", "play", "--game", str(path), *start],
                          input="\n".join(lines[:20]) + "\n", capture_output=True, text=True, check=True)
    done = subprocess.run(played.COMPANION + ["famiglia", "share", "--game", str(path), "--app-url", server.url],
                          capture_output=True, text=True, check=True, env={**os.environ, "COLUMNS": "40"})
    terminal = json.loads(path.read_text(encoding="utf-8"))
    app.open_app(first, server, "en")
    assert "is on this device now" in open_link(first, done.stdout.splitlines()[0])
    (kept,) = kept_games(first)
    assert kept["name"] == "club" and kept["entries"] == terminal["entries"] and kept["id"] == terminal["id"]
    rng = random.Random(8)
    for _ in range(5):
        assert app.famiglia_tap(first, rng)
    link = sent_link(first)
    (kept,) = kept_games(first)
    done = subprocess.run(played.COMPANION + ["famiglia", "play", "--import", link, "--game", str(path),
                                              "--lang", "en"], input="quit\n", capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "brought up to date" in done.stdout
    back = json.loads(path.read_text(encoding="utf-8"))
    assert back["entries"] == kept["entries"] and back["id"] == terminal["id"]
