"""The app (companion/app/) on a phone alone, in a real browser (Debian's chromium and chromedriver at
360 × 640), against the folder `companion app export` writes, served by a plain static file server with
no API, under a subpath (/tabletop-kit/, as a GitHub Pages project site): whole games by taps to their
end screens, a reload mid-game resuming exactly, and the app opening and playing with the server gone
(its service worker; http://localhost is a secure context). Screenshots go to output/app-screenshots/.
"""
from __future__ import annotations

import json
import random
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from app_browsing import (
    enabled,
    famiglia_tap,
    in_view,
    lay_bid,
    letters_left,
    looks,
    new_game,
    open_app,
    press,
    ready,
    refused,
    shot,
    showdown_new_game,
    showdown_tap,
    tap,
    terminal_words,
    terror24_set_up,
    unfold,
)
from browsing import CONTRAST
from repo_paths import ROOT

pytestmark = pytest.mark.usefixtures("chromium")


# ---- Famiglia ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang,theme", looks(("en", "dark")))
def test_famiglia_whole_game_by_taps(browser, server, lang, theme):
    open_app(browser, server, lang, theme)
    new_game(browser, "famiglia", "solo-night")
    shot(browser, f"famiglia-start-{lang}-{theme}")
    rng = random.Random(7)
    taps = 0
    while famiglia_tap(browser, rng):
        assert not refused(browser), refused(browser)
        assert not terminal_words(browser), terminal_words(browser)
        taps += 1
        assert taps < 600, "the game never ended"
        if taps == 20:
            shot(browser, f"famiglia-mid-{lang}-{theme}")
    shot(browser, f"famiglia-over-{lang}-{theme}")
    outcome = browser.find_element(By.ID, "outcome")
    assert outcome.location["y"] < 640 / 2, "the end leads the page"
    over = outcome.find_element(By.ID, "outcome-title").text
    assert over == {"en": "Game over", "ja": "ゲーム終了"}[lang]
    places = outcome.find_elements(By.CSS_SELECTOR, ".ranking li")
    names = {"en": {"You", "Robot"}, "ja": {"あなた", "ロボット"}}[lang]
    assert {p.find_element(By.CSS_SELECTOR, ".who").text.split()[0] for p in places} == names
    assert outcome.find_elements(By.CSS_SELECTOR, "button[data-rematch]")
    # The home page lists it, finished
    browser.get(server.url)
    ready(browser)
    assert "solo-night" in browser.find_element(By.ID, "games").text
    assert over in browser.find_element(By.ID, "games").text


def test_famiglia_history_and_undo_tell_your_own_move(browser, server):
    open_app(browser, server, "en")
    new_game(browser, "famiglia", "own-move")
    rng = random.Random(3)
    for _ in range(2):
        tap(browser, rng.choice(enabled(browser, "section.draw button.key")))
    assert browser.find_element(By.CSS_SELECTOR, "section.draw .owed").text == "4"
    tap(browser, browser.find_element(By.CSS_SELECTOR, "button[data-take-back]"))  # a mis-tapped card, alone
    assert browser.find_element(By.CSS_SELECTOR, "section.draw .owed").text == "5"
    while enabled(browser, "section.draw button.key"):  # the first Street
        tap(browser, rng.choice(enabled(browser, "section.draw button.key")))
    take = browser.find_element(By.CSS_SELECTOR, ".street button[data-line='take 3']")
    card = browser.find_elements(By.CSS_SELECTOR, ".street .slot")[2].find_element(By.CSS_SELECTOR, ".fcard b").text
    tap(browser, take)
    browser.find_element(By.CSS_SELECTOR, "[data-tool=undo]").click()
    question = browser.find_element(By.ID, "undo-sheet").text
    assert f"You recruit {card} (position 3)." in question
    browser.find_element(By.CSS_SELECTOR, "#undo-sheet button:not(.main)").click()
    browser.find_element(By.CSS_SELECTOR, "[data-tool=history]").click()
    entries = browser.find_elements(By.CSS_SELECTOR, "#history-sheet ol.history > li")
    assert entries[0].text.startswith("Drawn: "), "the first entry says the cards laid out, never a bare dash"
    assert f"You recruit {card} (position 3)." in entries[-1].text
    # what the step brought about leads the page, in view, until the player goes on: through a reload too
    browser.find_element(By.CSS_SELECTOR, "#history-sheet .sheet-head button").click()
    browser.execute_script("window.scrollTo(0, 0)")
    just_now = browser.find_element(By.ID, "last-step")
    assert in_view(browser, just_now)
    assert just_now.location["y"] < browser.find_element(By.ID, "board").location["y"]
    tap(browser, just_now.find_element(By.CSS_SELECTOR, ".step-actions button:first-child"))  # Continue
    assert not browser.find_elements(By.ID, "last-step")
    browser.refresh()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
    assert not browser.find_elements(By.ID, "last-step"), "read once, it stays away after a reload"
    famiglia_tap(browser, rng)
    assert browser.find_elements(By.ID, "last-step"), "the next step brings its own"


def test_reload_mid_game_resumes_exactly(browser, server):
    open_app(browser, server, "en")
    new_game(browser, "famiglia", "reload-me")
    rng = random.Random(11)
    for _ in range(25):
        famiglia_tap(browser, rng)
    before = browser.find_element(By.ID, "board").text
    history = browser.execute_script("return document.getElementById('history-sheet').textContent")
    browser.refresh()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
    assert browser.find_element(By.ID, "board").text == before
    assert browser.execute_script("return document.getElementById('history-sheet').textContent") == history


def test_offline_after_the_first_visit(browser, server):
    open_app(browser, server, "en")
    # the service worker has kept every file of the app
    WebDriverWait(browser, 20).until(lambda d: d.execute_script(
        "return navigator.serviceWorker.controller !== null || (navigator.serviceWorker.ready.then(() => "
        "location.reload()), false)"))
    ready(browser)  # the page the worker controls, painted
    new_game(browser, "famiglia", "offline")
    server.stop()
    browser.refresh()
    ready(browser)
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("offline")
    rng = random.Random(5)
    for _ in range(8):
        assert famiglia_tap(browser, rng)
    assert not refused(browser)
    browser.get(server.url)  # the home page too, with nothing listening
    ready(browser)
    assert "offline" in browser.find_element(By.ID, "games").text


# ---- 24 ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang,theme", looks(("ja", "light")))
def test_terror24_whole_game_by_taps(browser, server, lang, theme):
    data = json.loads((ROOT / "companion" / "app" / "data" / "terror24.json").read_text("utf-8"))
    left = {s["letter"]: s["cards"] for s in data["events"]["suits"]}
    open_app(browser, server, lang, theme)
    new_game(browser, "terror24", "テロル卓")
    names = browser.find_elements(By.CSS_SELECTOR, ".wizard input[name=name]")
    for field, name in zip(names, ["Aki", "Ben", "Chie"]):
        field.send_keys(name)
    shot(browser, f"terror24-players-{lang}-{theme}")
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".wizard button[type=submit]"))  # players
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".wizard button[type=submit]"))  # styles
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".wizard button[type=submit]"))  # the NPC
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".wizard .buttons button"))  # the chief
    for pick in browser.find_elements(By.CSS_SELECTOR, ".wizard select.event-pick"):
        Select(pick).select_by_value(letters_left(left, 1)[0])
    shot(browser, f"terror24-grid-{lang}-{theme}")
    tap(browser, browser.find_element(By.CSS_SELECTOR, ".wizard button[type=submit]"))
    assert not refused(browser), refused(browser)
    taps = 0
    while not browser.find_elements(By.ID, "outcome"):
        taps += 1
        assert taps < 200, "the game never ended"
        assert not refused(browser), refused(browser)
        assert not terminal_words(browser), terminal_words(browser)
        picks = browser.find_elements(By.CSS_SELECTOR, "#board select.event-pick")
        if picks:
            for pick, letter in zip(picks, letters_left(left, len(picks))):
                Select(pick).select_by_value(letter)
            tap(browser, browser.find_element(By.CSS_SELECTOR, "#board button[type=submit]"))
            continue
        pads = browser.find_elements(By.CSS_SELECTOR, "#board section.composer")
        if pads:
            keys = pads[0].find_elements(By.CSS_SELECTOR, "button.key")
            press(browser, keys[0])
            shown = pads[0].find_element(By.CSS_SELECTOR, "output.chosen").text
            assert shown == "●", "a bid half laid shows no card"
            assert all(k.is_enabled() for k in keys), "no key changes while a bid is laid"
            if len(keys) > 1:
                tap(browser, keys[1])
            else:
                tap(browser, keys[0])
            if taps == 3:
                shot(browser, f"terror24-round-{lang}-{theme}")
            continue
        draw = browser.find_elements(By.CSS_SELECTOR, "#board button[data-line=draw]")
        assert draw, "nothing to tap, and the game is not over"
        tap(browser, draw[0])
    shot(browser, f"terror24-over-{lang}-{theme}")
    outcome = browser.find_element(By.ID, "outcome")
    assert outcome.find_element(By.ID, "outcome-title").text == {"en": "Game over", "ja": "ゲーム終了"}[lang]
    assert len(outcome.find_elements(By.CSS_SELECTOR, ".ranking li")) == 3  # the players (the NPC is not ranked)
    dead = browser.find_elements(By.CSS_SELECTOR, ".standings tr.dead")
    for row in dead:  # a dead seat is said in words, in the standings and in the final ranking
        assert row.find_elements(By.CSS_SELECTOR, ".dead-badge")
    marked = [li.find_element(By.CSS_SELECTOR, ".who").text.split()[0]
              for li in outcome.find_elements(By.CSS_SELECTOR, ".ranking li")
              if li.find_elements(By.CSS_SELECTOR, ".mark")]
    assert len(marked) == len(dead)


# ---- what every page promises ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_after_a_bid_and_a_rounds_end_the_result_and_the_next_pad_are_both_in_view(browser, server, lang):
    """At 360 × 640, in either language: what the step did, then the next bidder's keys above the table's tools
    (a round's ranking heads the step that ends it, and runs longer in Japanese)."""
    open_app(browser, server, lang)
    terror24_set_up(browser)
    heads = []
    for _ in range(3):  # Aki's and Ben's bids, then Lloyd's (the NPC's), which ends round 1
        lay_bid(browser)
        just_now = browser.find_element(By.ID, "last-step")
        heads.append(just_now.find_element(By.CSS_SELECTOR, ".headline").text)
        assert in_view(browser, just_now)
        next_key = browser.find_element(By.CSS_SELECTOR, "#board section.composer button.key")
        assert in_view(browser, next_key), f"the next pad is under the tools after {heads[-1]!r}"
        if len(heads) == 1:
            shot(browser, f"terror24-after-bid-{lang}")
    assert heads[0] == {"en": "Aki lays 2 cards face down", "ja": "Aki：2 枚を伏せた"}[lang]
    assert heads[2].startswith({"en": "Round 1: 1. ", "ja": "ラウンド1：1位"}[lang]), heads[2]
    shot(browser, f"terror24-round-end-{lang}")


def test_each_page_has_one_h1_its_own_help_and_disclosure_markers(browser, server):
    open_app(browser, server, "en")
    assert len(browser.find_elements(By.TAG_NAME, "h1")) == 1
    summary = browser.find_element(By.CSS_SELECTOR, "details.new-game summary")
    marker = browser.execute_script("return getComputedStyle(arguments[0], '::before').content", summary)
    assert marker == '"▸"'
    new_game(browser, "famiglia", "help-fam")
    assert [h.text for h in browser.find_elements(By.TAG_NAME, "h1")][0].startswith("help-fam")
    # an empty History is a sentence, not a list holding one
    history = browser.find_element(By.ID, "history-sheet")
    assert not history.find_elements(By.TAG_NAME, "ol")
    note = history.find_element(By.CSS_SELECTOR, "p.note").get_attribute("textContent")
    assert note == "Nothing has been played yet."
    famiglia_help = browser.find_element(By.ID, "help-sheet").get_attribute("textContent")
    assert "Street" in famiglia_help and "robot" in famiglia_help
    browser.get(server.url)
    ready(browser)
    terror24_set_up(browser)
    terror24_help = browser.find_element(By.ID, "help-sheet").get_attribute("textContent")
    assert "face down" in terror24_help and "life-or-death" in terror24_help
    assert "Street" not in terror24_help


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_text_reads_at_4_5_to_1_in_both_themes(browser, server, lang):
    open_app(browser, server, lang)
    new_game(browser, "famiglia", f"contrast-{lang}")
    rng = random.Random(2)
    for _ in range(9):
        famiglia_tap(browser, rng)
    famiglia = browser.current_url
    browser.get(server.url)
    ready(browser)
    terror24_set_up(browser)
    lay_bid(browser)
    terror24 = browser.current_url
    browser.get(server.url)
    ready(browser)
    showdown_new_game(browser, f"contrast-sd-{lang}", [("Ann", "void_clover"), ("Bob", "red_heart")])
    tap(browser, browser.find_element(By.CSS_SELECTOR, "#turn button[data-line='attack SJ']"))
    tap(browser, browser.find_element(By.CSS_SELECTOR, "#action button[data-line=roll]"))  # a verdict and "Just now"
    pages = {"home": server.url, "famiglia": famiglia, "terror24": terror24, "showdown": browser.current_url}
    for theme in ("light", "dark"):
        browser.execute_script("localStorage.setItem('theme', arguments[0])", theme)
        for page, url in pages.items():
            browser.get("about:blank")
            browser.get(url)
            ready(browser)
            assert browser.execute_script("return document.documentElement.dataset.theme") == theme
            assert browser.execute_script(CONTRAST) == [], (page, theme)
            shot(browser, f"{page}-{theme}-{lang}")


def test_the_exported_folder_installs(browser, server):
    open_app(browser, server, "en")
    WebDriverWait(browser, 20).until(lambda d: d.execute_script(
        "return navigator.serviceWorker.controller !== null") or d.refresh())
    errors = browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == []
    manifest = json.loads(urllib.request.urlopen(server.url + "manifest.webmanifest").read())
    assert manifest["scope"] == "./" and manifest["display"] == "standalone"


def test_undo_asks_then_redo_plays_it_again(browser, server):
    open_app(browser, server, "en")
    new_game(browser, "famiglia", "undo-redo")
    rng = random.Random(9)
    for _ in range(8):
        famiglia_tap(browser, rng)
    board = browser.find_element(By.ID, "board").text
    press(browser, browser.find_element(By.CSS_SELECTOR, "[data-tool=undo]"))
    assert "Take this back?" in browser.find_element(By.ID, "undo-sheet").text
    tap(browser, browser.find_element(By.CSS_SELECTOR, "#undo-sheet button[data-undo]"))
    assert browser.find_element(By.ID, "board").text != board
    tap(browser, browser.find_element(By.CSS_SELECTOR, "[data-tool=redo]"))
    assert browser.find_element(By.ID, "board").text == board
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-tool=redo]")


# ---- Hitman's Showdown ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang,theme", looks(("ja", "dark")))
def test_showdown_whole_game_by_taps(browser, server, lang, theme):
    open_app(browser, server, lang, theme)
    showdown_new_game(browser, "銃撃戦", [("Ann", "red_heart"), ("Bob", "void_clover")])
    shot(browser, f"showdown-start-{lang}-{theme}")
    rng = random.Random(4)
    taps = 0
    verdict_shown = False
    while showdown_tap(browser, rng):
        assert not refused(browser), refused(browser)
        assert not terminal_words(browser), terminal_words(browser)
        taps += 1
        assert taps < 400, "the game never ended"
        if not verdict_shown and browser.find_elements(By.CSS_SELECTOR, "#action .verdict"):
            shot(browser, f"showdown-verdict-{lang}-{theme}")
            verdict_shown = True
        if taps == 30:
            shot(browser, f"showdown-mid-{lang}-{theme}")
    shot(browser, f"showdown-over-{lang}-{theme}")
    outcome = browser.find_element(By.ID, "outcome")
    assert outcome.find_element(By.ID, "outcome-title").text == {"en": "Game over", "ja": "ゲーム終了"}[lang]
    places = outcome.find_elements(By.CSS_SELECTOR, ".ranking li")
    assert {p.find_element(By.CSS_SELECTOR, ".who").text.split()[0] for p in places} == {"Ann", "Bob"}
    assert outcome.find_elements(By.CSS_SELECTOR, ".winner-badge"), "the showdown names its winner"
    tap(browser, outcome.find_element(By.CSS_SELECTOR, "button[data-rematch]"))
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("銃撃戦 2")
    assert browser.find_element(By.CSS_SELECTOR, "#turn button[data-line=pass]")


def test_showdown_each_penalty_roll_shows_at_once_and_the_next_button_stays_in_view(browser, server):
    open_app(browser, server, "en")
    showdown_new_game(browser, "penalties", [("Ann", "void_clover"), ("Bob", "red_heart")])  # Void Clover rolls twice
    tap(browser, browser.find_element(By.CSS_SELECTOR, "#turn button[data-line='attack SJ']"))  # four 4s needed
    keys = browser.find_elements(By.CSS_SELECTOR, "#action .composer button.die-key")
    press(browser, keys[0])
    tap(browser, keys[1])  # Ann rolls 1 2: a failure
    just_now = browser.find_element(By.ID, "last-step")
    assert just_now.find_element(By.CSS_SELECTOR, ".headline").text == "Ann rolled 1 2 — total 3"
    settle = browser.find_element(By.CSS_SELECTOR, "#action .then button.tap")
    assert in_view(browser, just_now) and in_view(browser, settle), "after a roll the next button is above the fold"
    assert "Failure" in browser.find_element(By.CSS_SELECTOR, "#action .verdict").text
    tap(browser, settle)
    assert "fails: needs four 4s" in browser.find_element(By.CSS_SELECTOR, "#last-step .headline").text
    tap(browser, browser.find_element(By.CSS_SELECTOR, "#action .pad button[data-line='1']"))  # the first penalty roll
    headline = browser.find_element(By.CSS_SELECTOR, "#last-step .headline").text
    first = "Ann: penalty roll 1 of 2: rolled 1 → Your next action (attack or defence): total −3."
    assert headline == first, headline
    question = browser.find_element(By.CSS_SELECTOR, "#action .question").text
    assert "penalty roll 2 of 2" in question
    next_face = browser.find_element(By.CSS_SELECTOR, "#action .pad button[data-line='6']")
    shot(browser, "showdown-first-penalty-roll-en")
    assert in_view(browser, browser.find_element(By.ID, "last-step")) and in_view(browser, next_face)
    tap(browser, next_face)
    pending = browser.find_element(By.CSS_SELECTOR, ".team[data-team='Ann'] .pending").text
    assert pending == "next total -3 skips next turn", "the penalties still to apply are shown on the team"
    unfold(browser, "#board details")
    browser.execute_script("document.querySelector('.team').scrollIntoView()")
    shot(browser, "showdown-teams-en")
    browser.find_element(By.CSS_SELECTOR, "[data-tool=history]").click()
    entry = browser.find_elements(By.CSS_SELECTOR, "#history-sheet ol.history > li")[-1].text
    assert first in entry, "History keeps the first roll"
    assert "rolled 6 →" in entry, "and tells the second"


def test_showdown_a_card_use_with_choices_and_buying_several_are_forms(browser, server):
    """A soldier's use asks for the face its extra die shows and which die to set to what; two of an item
    are bought in one step. Both are forms that write the terminal's line, not lines to type."""
    open_app(browser, server, "en")
    showdown_new_game(browser, "forms", [("Ann", "red_heart"), ("Bob", "void_clover")])
    corrections = unfold(browser, "details.corrections")
    holder = corrections.find_elements(By.CSS_SELECTOR, "form")[1]
    card = Select(holder.find_element(By.NAME, "card"))
    soldier = next(o.get_attribute("value") for o in card.options if "Soldier" in o.text)
    card.select_by_value(soldier)
    Select(holder.find_element(By.NAME, "to")).select_by_value("Ann")
    tap(browser, holder.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert not refused(browser), refused(browser)
    corrections = unfold(browser, "details.corrections")
    money = corrections.find_elements(By.CSS_SELECTOR, "form")[0]
    Select(money.find_element(By.NAME, "team")).select_by_value("Ann")
    money.find_element(By.NAME, "amount").send_keys("5000")
    money.find_element(By.NAME, "why").send_keys("a windfall")
    tap(browser, money.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert not refused(browser), refused(browser)
    tap(browser, browser.find_elements(By.CSS_SELECTOR, "#turn .attack-group button.tap")[0])
    several = unfold(browser, "#action details.buy-several")
    item = Select(several.find_element(By.NAME, "item"))
    bought = item.first_selected_option.text
    times = several.find_element(By.NAME, "times")
    times.clear()
    times.send_keys("2")
    tap(browser, several.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert not refused(browser), refused(browser)
    just_now = browser.find_element(By.CSS_SELECTOR, ".headline").text
    assert bought in just_now and "×2" in just_now, just_now
    while not browser.find_elements(By.CSS_SELECTOR, "#action .composer"):
        tap(browser, browser.find_element(By.CSS_SELECTOR, "#action .then button.tap"))
    composer = browser.find_element(By.CSS_SELECTOR, "#action .composer")
    ones = composer.find_element(By.CSS_SELECTOR, "button.die-key[data-face='1']")
    for _ in range(int(composer.get_attribute("data-roll")) - 1):
        press(browser, ones)
    tap(browser, ones)
    use = browser.find_element(By.CSS_SELECTOR, "#action form.use-form")
    assert "Ann uses" in use.text and "Soldier" in use.text
    labels = [label.text.split("\n")[0] for label in use.find_elements(By.TAG_NAME, "label")]
    assert [label.split(" ")[0] for label in labels] == ["Extra", "A", "is"], labels
    extra, old, new = (Select(s) for s in use.find_elements(By.TAG_NAME, "select"))
    # the extra die comes first and may show any face, so the die to set may be any face too
    assert [o.get_attribute("value") for o in old.options] == ["1", "2", "3", "4", "5", "6"]
    extra.select_by_value("3")
    new.select_by_value("6")
    browser.execute_script("arguments[0].scrollIntoView()", use)
    shot(browser, "showdown-use-form-open-en")
    tap(browser, use.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    assert not refused(browser), refused(browser)
    ann = browser.find_elements(By.CSS_SELECTOR, "#action .side")[0]
    faces = sorted(int(d.get_attribute("textContent")) for d in ann.find_elements(By.CSS_SELECTOR, ".die"))
    assert 3 in faces and 6 in faces, ann.get_attribute("textContent")


def test_the_screen_stays_on_while_a_game_is_open(browser, server):
    """By the Wake Lock API where the browser grants it, else a silent looping video (started by a tap);
    the home page lets the screen sleep again."""
    open_app(browser, server, "en")
    new_game(browser, "famiglia", "awake")
    famiglia_tap(browser, random.Random(1))
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "const how = document.documentElement.dataset.awake; const v = document.querySelector('video.keep-awake');"
        "return how === 'lock' || (how === 'video' && v && !v.paused)"))
    browser.execute_script("window.sameVisit = true; history.back()")  # home, within the same document
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "games"))
    assert browser.execute_script("return window.sameVisit === true")
    assert browser.execute_script("return document.documentElement.dataset.awake ?? null") is None


def test_showdown_new_game_form_says_what_is_missing_and_starts_nothing(browser, server):
    open_app(browser, server, "en")
    form = browser.find_element(By.CSS_SELECTOR, "form[data-create='hitmans-showdown']")
    browser.execute_script("arguments[0].closest('details').open = true", form)
    rows = form.find_elements(By.CSS_SELECTOR, ".team-row")
    rows[0].find_element(By.NAME, "team_name").send_keys("Ann")
    press(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))  # refused: nothing redrawn
    first = rows[0].find_element(By.NAME, "team_name")
    assert first.get_attribute("validationMessage") == "Name at least 2 teams, one a row."
    rows[1].find_element(By.NAME, "team_name").send_keys("ann")
    press(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))  # refused: nothing redrawn
    assert first.get_attribute("validationMessage") == "Each team needs its own name and its own faction."
    assert not browser.find_elements(By.ID, "board")
    assert not browser.find_elements(By.CSS_SELECTOR, ".game-row"), "no game was started"
    second = rows[1].find_element(By.NAME, "team_name")
    second.clear()
    second.send_keys("Bob")  # put right, the same form is sent
    tap(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
