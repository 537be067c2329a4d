"""Deleting a game kept on the phone (companion/app/ui/deleting.js), in Debian's chromium at 360 × 640
against the exported folder: "Delete this game…" asks first, naming the game and saying it cannot be
undone and that the record stays; "Keep it" keeps it; "Delete it" removes it from the device and the
list, for good (a reload does not bring it back), lands on the home page with a notice, and the
finished game's record stays in Records. (A game the server keeps: test_app_server_browser.py.)"""
from __future__ import annotations

import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import app_browsing as app
import browsing
from tabletop.i18n import translator

pytestmark = pytest.mark.usefixtures("chromium")


def records(browser) -> list[str]:
    """The names of the records on this device, as ui/store.js lists them."""
    return browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        import(new URL('ui/store.js', document.baseURI).href).then((store) => store.listRecords())
          .then((all) => done(all.map((r) => r.name)));""")


def listed(browser) -> list[str]:
    return browser.execute_script(
        "return [...document.querySelectorAll('#games .game-name')].map((n) => n.textContent)")


def ask_to_delete(browser) -> None:
    app.press(browser, browser.find_element(By.CSS_SELECTOR, "button[data-tool=delete]"))
    app.press(browser, WebDriverWait(browser, 5).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#delete-sheet[open] button[data-delete]"))[0])


def open_game(browser, server, name: str) -> None:
    browser.get("about:blank")
    browser.get(server.url + "#" + urllib.parse.urlencode({"game": name}))
    app.ready(browser)
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))


@pytest.mark.parametrize("lang, theme", [("en", "light"), ("ja", "dark")])
def test_deleting_a_game_asks_first_keep_it_keeps_it_and_delete_removes_it_for_good(browser, server, lang, theme):
    said = translator(lang)
    app.open_app(browser, server, lang, theme)
    app.put_game(browser, "finished", app.fixture_game("famiglia-level1-robot-first.json"))
    app.put_game(browser, "other", app.fixture_game("famiglia-level1-robot-first.json"), 3)
    open_game(browser, server, "finished")
    assert browser.find_elements(By.ID, "outcome")
    WebDriverWait(browser, 10).until(lambda d: "finished" in records(d))  # written as the end is shown
    delete = browser.find_element(By.CSS_SELECTOR, "button[data-tool=delete]")
    assert delete.text == said("Delete this game…")
    # it asks first, in words: the game named, for good, the record kept
    app.press(browser, delete)
    sheet = WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#delete-sheet[open]"))[0]
    text = sheet.text
    assert said("Delete “{name}”?").format(name="finished") in text
    assert said("The game is deleted from this device, with every step played. This cannot be undone.") in text
    assert said("A finished game's record stays in Records.") in text
    # the button a stray Enter would press keeps the game
    assert browser.execute_script("return document.activeElement.dataset.keep") == ""
    assert app.small_targets(browser) == []
    assert browser.execute_script("return document.documentElement.scrollWidth") <= browsing.WIDTH
    app.shot(browser, f"delete-sheet-{lang}-{theme}")
    # "Keep it": nothing changes
    app.press(browser, sheet.find_element(By.CSS_SELECTOR, "button[data-keep]"))
    WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.ID, "delete-sheet"))
    assert app.kept_game(browser, "finished") is not None and browser.find_elements(By.ID, "board")
    # "Delete it": gone from the device, the home page says so
    ask_to_delete(browser)
    notice = WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "notice"))[0]
    assert notice.text == said("“{name}” is deleted from this device.").format(name="finished")
    assert urllib.parse.urlsplit(browser.current_url).fragment == ""
    assert listed(browser) == ["other"]
    assert app.kept_game(browser, "finished") is None
    app.shot(browser, f"delete-done-{lang}-{theme}")
    # a reload does not bring it back, and the record stays
    browser.refresh()
    app.ready(browser)
    assert listed(browser) == ["other"] and not browser.find_elements(By.ID, "notice")
    assert records(browser) == ["finished"]
    browser.find_element(By.ID, "records-link").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-records=famiglia]"))


def test_a_game_the_device_cannot_delete_stays_and_its_page_says_why(browser, server):
    app.open_app(browser, server, "en", "light")
    app.put_game(browser, "stuck", app.fixture_game("famiglia-level1-robot-first.json"), 3)
    open_game(browser, server, "stuck")
    # the device refuses to delete (as a browser out of storage, or one that locked its database, would)
    browser.execute_script("IDBObjectStore.prototype.delete = () => { "
                           "throw new DOMException('The database is locked.', 'UnknownError'); };")
    ask_to_delete(browser)
    refusal = WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#notice.refused"))[0]
    assert refusal.text.startswith("“stuck” could not be deleted from this device (")
    assert "The database is locked." in refusal.text and refusal.text.endswith("it is still here.")
    assert browser.find_elements(By.ID, "board"), "its page is still shown"
    assert urllib.parse.parse_qs(urllib.parse.urlsplit(browser.current_url).fragment)["game"] == ["stuck"]
    assert app.kept_game(browser, "stuck") is not None
    app.shot(browser, "delete-refused-en")
