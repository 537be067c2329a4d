"""The home page in a real browser at 360 × 640: start a game by taps, see a refusal, follow games started
elsewhere; no sideways scrolling, tap targets of at least 44 px, in both languages. Uses the browser
and server of the play-page tests; the screenshots go to output/web-screenshots/ too."""
import json
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browsing import SHOTS, WIDTH, api, fetched, new_game
from web_helpers import famiglia_script

pytestmark = pytest.mark.usefixtures("chromium")  # without Chromium: skipped, or failed under CI


def open_home(browser, server, lang):
    browser.get(f"{server['url']}/lang/{lang}?next=/")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "games"))


def small_targets(browser):
    """Everything tappable that is under 44 px either way (a radio button counts by its label)."""
    return browser.execute_script("""
        return [...document.querySelectorAll('a, button, summary, input:not([type=radio]), select, label.choice')]
          .filter(e => e.offsetParent !== null && !e.closest('.message'))
          .map(e => [e.tagName + ' ' + (e.textContent || e.name || '').trim().slice(0, 20), e.getBoundingClientRect()])
          .filter(([, r]) => r.height < 44 || r.width < 44)
          .map(([what, r]) => `${what}: ${Math.round(r.width)}×${Math.round(r.height)}`);""")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_new_game_is_started_by_taps_alone(browser, server, lang):
    open_home(browser, server, lang)
    form = browser.find_element(By.CSS_SELECTOR, "[data-create=showdown]")
    form.find_element(By.XPATH, "..").find_element(By.TAG_NAME, "summary").click()
    browser.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= WIDTH
    assert small_targets(browser) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / f"home-{lang}.png"))
    name = form.find_element(By.NAME, "name")
    name.clear()
    name.send_keys(f"home-{lang}")
    rows = form.find_elements(By.CSS_SELECTOR, "[data-team]")
    for row, team in zip(rows, ("Ann", "Bob")):
        row.find_element(By.NAME, "team_name").send_keys(team)
    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith(f"/games/home-{lang}"))
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
    teams = api(server, f"/api/games/home-{lang}")["teams"]
    assert [(t["name"], t["faction"]) for t in teams] == [("Ann", "red_heart"), ("Bob", "blood_diamond")]


def test_a_refused_start_is_shown_and_nothing_is_lost(browser, server):
    new_game(server, "famiglia", "taken")
    before = (server["games"] / "taken.game.json").read_bytes()
    open_home(browser, server, "en")
    form = browser.find_element(By.CSS_SELECTOR, "[data-create=famiglia]")
    form.find_element(By.XPATH, "..").find_element(By.TAG_NAME, "summary").click()
    name = form.find_element(By.NAME, "name")
    name.clear()
    name.send_keys("taken")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#messages .refused"))
    assert "A game called 'taken' already exists." in browser.find_element(By.ID, "messages").text
    assert browser.current_url.rstrip("/") == server["url"]
    assert (server["games"] / "taken.game.json").read_bytes() == before


def test_the_list_follows_games_started_elsewhere(browser, server):
    open_home(browser, server, "ja")
    WebDriverWait(browser, 30).until(lambda d: fetched(d, "/api/games") >= 1)  # it has read the list once
    new_game(server, "terror24", "よそで始めた卓")
    link = f'a[href="/games/{urllib.parse.quote("よそで始めた卓")}"]'
    WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, link))
    row = browser.find_element(By.CSS_SELECTOR, link).text
    assert "よそで始めた卓" in row and "24" in row


def test_a_change_from_another_device_shows_without_a_reload(browser, server):
    """How soon is a figure of bench/phone.py; here, that the page follows by itself."""
    new_game(server, "famiglia", "watched", {"level": 2})
    browser.get(f"{server['url']}/lang/en?next=/games/watched")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
    browser.execute_script("window.sameDocument = true")  # gone if the page were loaded again
    street = famiglia_script()[0]
    api(server, "/api/games/watched/lines", {"line": street})  # another phone, or the terminal
    WebDriverWait(browser, 30, poll_frequency=0.05).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-version") == "2")
    assert browser.execute_script("return window.sameDocument") is True
    board = browser.find_element(By.ID, "board").text
    assert all(code in board for code in street.split())


def test_a_tap_made_on_an_older_table_is_refused_and_the_page_shows_the_new_one(browser, server):
    new_game(server, "famiglia", "raced", {"level": 2})
    browser.get(f"{server['url']}/lang/ja?next=/games/raced")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
    script = famiglia_script()
    api(server, "/api/games/raced/lines", {"line": script[0]})
    # the tap was made before the page heard of that line: it carries version 1
    answer = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        document.body.dataset.version = "1";
        Table.post(arguments[0]).then(done);""", script[1])
    assert answer["ok"] is False and answer["status"]["version"] == 2
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#messages .refused"))
    assert "ゲームが先に進んでいました" in browser.find_element(By.ID, "messages").text
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-version") == "2")
    entries = json.loads((server["games"] / "raced.game.json").read_text())["entries"]
    assert entries == [[script[0]]]  # the stale tap changed nothing


def test_open_on_another_phone_says_how_when_only_this_computer_can_reach_the_server(browser, server):
    new_game(server, "famiglia", "share-me")
    open_home(browser, server, "en")
    button = browser.find_element(By.CSS_SELECTOR, '[data-share="share-me"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    sheet = browser.find_element(By.ID, "share-sheet")
    WebDriverWait(browser, 10).until(lambda d: sheet.is_displayed() and "--lan" in sheet.text)
    assert not sheet.find_element(By.CSS_SELECTOR, ".share-qr").is_displayed()
    assert small_targets(browser) == []
