"""A game page's tools as a player meets them (companion/app/ui/play.js, send.js), in Debian's chromium at
360 × 640 against the exported folder served under a subpath: Undo and Redo say to a screen reader what
they took back and played again; a rule to remember comes after the board, with the next thing to tap
still in view under "Just now"; "Send this game" builds its link on the folder the app was opened from,
whatever page address and query opened it."""
from __future__ import annotations

import random

import pytest
from selenium.webdriver.common.by import By

import app_browsing as app
from tabletop.i18n import translator

pytestmark = pytest.mark.usefixtures("chromium")


def announced(browser) -> str:
    return browser.execute_script("return document.getElementById('announcer').textContent")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_undo_and_redo_say_what_they_took_back_and_played_again(browser, server, lang):
    app.open_app(browser, server, lang, "light")
    app.new_game(browser, "famiglia", "said")
    rng = random.Random(5)
    for _tap in range(30):  # taps until a step leads the page, one undo can take back
        if len(browser.find_elements(By.CSS_SELECTOR, "#last-step, button[data-tool=undo]")) == 2:
            break
        assert app.famiglia_tap(browser, rng)
    headline = browser.execute_script("return document.querySelector('#last-step .headline').textContent")
    assert headline
    said = translator(lang)
    app.press(browser, browser.find_element(By.CSS_SELECTOR, "button[data-tool=undo]"))
    app.tap(browser, browser.find_element(By.CSS_SELECTOR, "button[data-undo]"))
    app.WebDriverWait(browser, 10).until(
        lambda d: announced(d) == said("Taken back: {step}").format(step=headline), announced(browser))
    app.tap(browser, browser.find_element(By.CSS_SELECTOR, "button[data-tool=redo]"))
    app.WebDriverWait(browser, 10).until(
        lambda d: announced(d) == said("Played again: {step}").format(step=headline), announced(browser))


def test_a_rule_to_remember_follows_the_board_and_the_next_pad_stays_in_view(browser, server):
    app.open_app(browser, server, "en", "dark")
    app.terror24_set_up(browser)
    for _bid in range(20):  # bids until a round ends with a rule to remember (round 2's end phase)
        app.lay_bid(browser)
        if browser.find_elements(By.ID, "reminders"):
            break
    assert browser.find_elements(By.ID, "reminders"), "no round ended with a rule to remember"
    browser.execute_script("window.scrollTo(0, 0)")
    after_board = browser.execute_script("""return Boolean(document.getElementById('board')
        .compareDocumentPosition(document.getElementById('reminders')) & Node.DOCUMENT_POSITION_FOLLOWING)""")
    assert after_board, "the rules to remember come after the board"
    assert app.in_view(browser, browser.find_element(By.CSS_SELECTOR, "#board section.composer button.key"))
    to_rules = browser.find_element(By.CSS_SELECTOR, "#last-step button[data-to-reminders]")
    assert app.in_view(browser, to_rules) and to_rules.text == "Remember ↓"
    to_rules.click()
    app.WebDriverWait(browser, 5).until(lambda d: app.in_view(d, d.find_element(By.CSS_SELECTOR, "#reminders li")))


def test_the_link_sent_is_built_on_the_apps_own_folder(browser, server):
    app.open_app(browser, server, "en", "light")
    app.new_game(browser, "famiglia", "linked")
    browser.get(server.url + "index.html?from=a-poster#game=linked")  # another address of the same page
    browser.refresh()
    app.ready(browser)
    app.press(browser, browser.find_element(By.CSS_SELECTOR, "button[data-tool=send]"))
    link = app.WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "send-link"))[0]
    assert link.get_attribute("value").startswith(server.url + "#import=")
