"""Reminders and records in the app (companion/app/ui/reminders.js, records.js), in Debian's chromium at
360 × 640 against the exported folder served under a subpath by a plain static server: each game's
reminder appears under "Just now" at its moment and at no other step, in the language of the page;
a finished game is recorded once (a reload and a rematch add nothing) and the records page counts the
games, the wins and the best scores. Screenshots go to output/app-screenshots/."""
from __future__ import annotations

import json
import random
import re

import pytest
from selenium.webdriver.common.by import By

import app_browsing as app
from browsing import CONTRAST  # CONTRAST: the measure the server's pages are held to

ROOT = app.ROOT
DATA = {game: json.loads((ROOT / "companion" / "app" / "data" / f"{game}.json").read_text("utf-8"))
        for game in ("famiglia", "terror24", "hitmans-showdown")}

pytestmark = pytest.mark.usefixtures("chromium")


def kept_records(browser) -> list[dict]:
    """The records on this device, as ui/store.js lists them."""
    return browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import(new URL('ui/store.js', document.baseURI).href).then((s) => s.listRecords()).then(done);""")


def shown(browser) -> list[str]:
    """The reminders on the page: their ids, in order."""
    return [li.get_attribute("data-reminder") for li in browser.find_elements(By.CSS_SELECTOR, "#reminders li")]


def reminder_text(game: str, reminder: str, lang: str) -> str:
    return next(r["text"][lang] for r in DATA[game]["reminders"] if r["id"] == reminder)


def step_text(browser) -> str:
    """Everything the last step told, the folded part included."""
    found = browser.find_elements(By.ID, "last-step")
    return found[0].get_attribute("textContent") if found else ""


# ---- 24: the end phase's switch, said at a round's end whose schedule turns a card --------------------

def test_24_the_end_phase_switch_is_said_when_a_round_ends_with_a_switch(browser, server):
    app.open_app(browser, server, "en", "dark")
    app.terror24_set_up(browser)
    ends = []
    for _ in range(20):
        assert not app.refused(browser), app.refused(browser)
        app.lay_bid(browser)
        headline = browser.find_element(By.CSS_SELECTOR, "#last-step .headline").text
        ended = re.match(r"Round (\d):", headline)
        reminders = shown(browser)
        if not ended:
            assert reminders == [], f"a reminder after a bid that ended no round: {headline}"
            continue
        ends.append(int(ended.group(1)))
        if ended.group(1) == "1":  # every detective keeps its style after round 1 (〇 for all)
            assert reminders == []
            continue
        assert reminders == ["end_phase"], headline  # round 2: a schedule marks × for most detectives
        assert browser.find_element(By.CSS_SELECTOR, "#reminders li").text == \
            reminder_text("terror24", "end_phase", "en")
        break
    assert ends == [1, 2]
    app.shot(browser, "reminder-24-end-phase-en-dark")
    # reloaded, the step is still unread: the same reminder; in Japanese, the data's Japanese words
    browser.find_element(By.CSS_SELECTOR, ".lang-switch").click()
    app.WebDriverWait(browser, 10).until(  # read in one step: the page is being drawn again in Japanese
        lambda d: d.execute_script("return document.getElementById('reminders-title')?.textContent") == "忘れずに")
    assert browser.find_element(By.CSS_SELECTOR, "#reminders li").get_attribute("textContent") == \
        reminder_text("terror24", "end_phase", "ja")
    assert browser.find_element(By.ID, "reminders-title").get_attribute("textContent") == "忘れずに"
    app.shot(browser, "reminder-24-end-phase-ja-dark")
    browser.refresh()
    app.ready(browser)
    assert shown(browser) == ["end_phase"]
    app.tap(browser, browser.find_element(By.CSS_SELECTOR, "#last-step button"))  # Continue
    assert shown(browser) == []
    # read and put away with "Just now", the next bidder's pad leads the page again
    assert app.in_view(browser, browser.find_element(By.CSS_SELECTOR, "#board section.composer button.key"))


# ---- Hitman's Showdown: a new week, and the week hitman attacks open ----------------------------------

def test_showdown_a_new_week_is_said_once_as_it_starts(browser, server):
    app.open_app(browser, server, "en", "light")
    app.showdown_new_game(browser, "weeks", [("Ann", "red_heart"), ("Bob", "blood_diamond")])
    actions = DATA["hitmans-showdown"]["weeks"][0]["actions"] * 2  # two teams, each its week's actions
    said = []
    for turn in range(1, 2 * actions + 1):
        app.tap(browser, browser.find_element(By.CSS_SELECTOR, "#turn button[data-line=pass]"))
        said.append(shown(browser))
        if turn == actions:
            app.shot(browser, "reminder-showdown-week-en-light")
    assert said[actions - 1] == ["weekly_uses"], "week 2 begins after every team's actions"
    assert said[2 * actions - 1] == ["weekly_uses", "hitman_attacks"], "week 3 opens attacks on teams"
    assert all(not s for i, s in enumerate(said) if i not in (actions - 1, 2 * actions - 1)), said
    assert browser.find_element(By.CSS_SELECTOR, "#reminders li[data-reminder=hitman_attacks]").text == \
        reminder_text("hitmans-showdown", "hitman_attacks", "en")
    app.shot(browser, "reminder-showdown-attacks-en-light")
    reads_in_both_themes(browser, "reminder-showdown")


def reads_in_both_themes(browser, page: str) -> None:
    """Every text of the page at 4.5:1 or better, in the light and the dark theme."""
    for theme in ("light", "dark"):
        browser.execute_script("localStorage.setItem('theme', arguments[0])", theme)
        browser.refresh()
        app.ready(browser)
        assert browser.execute_script(CONTRAST) == [], (page, theme)


# ---- Famiglia: the reshuffle and the last round, each when the stack runs out -------------------------

def test_famiglia_reminders_come_when_the_stack_runs_out(browser, server):
    fixture = app.fixture_game("famiglia-level1-robot-first.json")
    reshuffle = next(i for i, said in enumerate(fixture["said"]) if "second_pass" in said)
    app.open_app(browser, server, "en", "light")
    app.put_game(browser, "late", fixture, reshuffle - 2)  # a few steps before the stack runs out
    app.open_game(browser, server, "late")
    rng = random.Random(11)
    seen = []
    while app.famiglia_tap(browser, rng):
        assert not app.refused(browser), app.refused(browser)
        told = step_text(browser)
        reminders = [r for r in shown(browser) if r != "step_5"]  # the robot's step 5: its own test in Node
        expected = []
        if "The stack is used up" in told:
            expected.append("reshuffle")
        if "run out for the second time" in told:
            expected.append("last_round")
        assert reminders == expected, (told, reminders)
        if reminders and reminders not in seen:
            seen.append(reminders)
            app.shot(browser, f"reminder-famiglia-{reminders[0]}-en-light")
    # the reshuffle is said; the last round only if a step follows the second run-out (the end screen
    # replaces "Just now" when that same step ends the game)
    assert ["reshuffle"] in seen


# ---- Records ---------------------------------------------------------------------------------------

def test_a_finished_game_is_recorded_once_and_the_records_page_counts_it(browser, server):
    games = {"solo-a": "famiglia-level1-robot-first.json", "solo-b": "famiglia-level4-player-first.json",
             "night-24": "terror24-4p-virtual.json"}
    fixtures = {name: app.fixture_game(file) for name, file in games.items()}
    app.open_app(browser, server, "en", "dark")
    browser.find_element(By.ID, "records-link").click()  # the same document: wait for the page it draws
    app.WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "no-records"))
    for name, fixture in fixtures.items():
        app.put_game(browser, name, fixture)
    for name in fixtures:  # each end screen seen, one of them reloaded, one rematched
        app.open_game(browser, server, name)
        assert browser.find_elements(By.ID, "outcome")
        # written just after the end screen is painted
        app.WebDriverWait(browser, 10).until(lambda d, name=name: name in [r["name"] for r in kept_records(d)])
    browser.refresh()
    app.ready(browser)
    app.tap(browser, browser.find_element(By.CSS_SELECTOR, "button[data-rematch]"))
    names = sorted(r["name"] for r in kept_records(browser))
    assert names == sorted(fixtures), "one record a finished game, none for the rematch"
    browser.get(server.url)
    app.ready(browser)
    browser.find_element(By.ID, "records-link").click()
    app.WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-records]"))
    app.shot(browser, "records-en-dark")
    famiglia = browser.find_element(By.CSS_SELECTOR, "[data-records=famiglia]")
    assert famiglia.find_element(By.CSS_SELECTOR, ".played").text == "2 games played"
    solo = [fixtures["solo-a"]["outcome"], fixtures["solo-b"]["outcome"]]
    for who, label in (("player", "You"), ("robot", "Robot")):
        row = famiglia.find_element(By.CSS_SELECTOR, f"tr[data-who={who}]")
        wins = sum(who in o["winners"] for o in solo)
        assert [c.text for c in row.find_elements(By.CSS_SELECTOR, "th, td")] == [label, str(wins), "2"]
    best = max(p["score"] for o in solo for p in o["ranking"] if p["who"] == "player")
    assert famiglia.find_element(By.CSS_SELECTOR, ".best li b").text == f"{best} VP"
    night = fixtures["night-24"]["outcome"]
    t24 = browser.find_element(By.CSS_SELECTOR, "[data-records=terror24]")
    for place in night["ranking"]:
        row = t24.find_element(By.CSS_SELECTOR, f"tr[data-who='{place['who']}']")
        assert row.find_elements(By.CSS_SELECTOR, "td")[0].text == str(int(place["who"] in night["winners"]))
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-records=hitmans-showdown]"), "no game of it finished"
    # in Japanese, the same page in the catalog's words
    browser.find_element(By.CSS_SELECTOR, ".lang-switch").click()
    app.WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.documentElement.lang") == "ja"
                                         and d.find_elements(By.CSS_SELECTOR, "[data-records]"))
    assert browser.find_element(By.CSS_SELECTOR, "h1").get_attribute("textContent").startswith("記録")
    played = browser.find_element(By.CSS_SELECTOR, "[data-records=famiglia] .played")
    assert played.get_attribute("textContent") == "2ゲーム"
    app.shot(browser, "records-ja-dark")
    browser.execute_script("localStorage.setItem('theme', 'light')")
    browser.refresh()
    app.WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-records]"))
    app.shot(browser, "records-ja-light")
    reads_in_both_themes(browser, "records")
    # cleared on request, the saved games staying
    browser.find_element(By.CSS_SELECTOR, "[data-tool=clear-records]").click()
    app.tap(browser, browser.find_element(By.CSS_SELECTOR, "button[data-clear]"))
    app.WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "no-records"))
    browser.get(server.url)
    app.ready(browser)
    assert "solo-a" in browser.find_element(By.ID, "games").text
