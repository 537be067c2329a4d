"""The play pages in a real browser (Debian's chromium and chromium-driver, through Selenium) at a
360 × 640 phone viewport, played by taps alone against `companion serve` on a free localhost port.

Each test leaves a screenshot of the page it played in output/web-screenshots/ (never committed):
look at them, in both languages, after a change to a page.
"""
from __future__ import annotations

import json
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browsing import (
    COMPANION,
    HEIGHT,
    api,
    board_text,
    fits_phone,
    lay_keys,
    messages,
    new_game,
    open_page,
    open_sheet,
    shoot,
    status,
    tap,
    tap_keys,
    tap_line,
    undo,
    version,
    wait_moved,
)
from repo_paths import JOURNALS

# Without Chromium: skipped on a developer's machine, failed under CI (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("chromium")


# Game names as players give them (they head the page, and the README's screenshots).
NAMES = {"famiglia": {"en": "solo-night", "ja": "ソロの夜"}, "terror24": {"en": "table-24", "ja": "テロル卓"},
         "showdown": {"en": "showdown-club", "ja": "ショーダウン会"}}


# ---- Famiglia -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_famiglia_first_robot_turn_by_taps(browser, server, lang):
    name = NAMES["famiglia"][lang]
    new_game(server, "famiglia", name, {"level": 3, "first": "player"})
    open_page(browser, server, name, lang)
    fits_phone(browser)
    tap_keys(browser, ".draw", ["R1", "B2", "Y3", "G1", "R2", "B1"])  # the Street, in draw order
    assert [s["street"] for s in [status(server, name)]] == [["R1", "B2", "Y3", "G1", "R2", "B1"]]
    fits_phone(browser)
    tap_line(browser, "take 1")  # the robot finds no 0, refreshes the leftmost (B2): 2 cards owed
    assert "B2" in board_text(browser) and status(server, name)["awaiting_cards"] == 2
    tap_keys(browser, ".draw", ["Y0", "G0"])
    shown = status(server, name)
    assert shown["robot"].count("Y0") == 2 and shown["turn"] == "player"
    robot_turn = browser.find_element(By.CSS_SELECTOR, ".robot-turn")
    assert robot_turn.find_element(By.CSS_SELECTOR, ".fcard.big").text.startswith("Y0")
    assert len(robot_turn.find_elements(By.CSS_SELECTOR, ".steps li")) >= 2
    fits_phone(browser)
    shoot(browser, f"famiglia-{lang}")


def test_famiglia_refused_draw_changes_nothing_and_undo_takes_back(browser, server):
    name = "fam-undo"
    new_game(server, "famiglia", name)
    open_page(browser, server, name)
    tap_keys(browser, ".draw", ["R1", "B2", "Y3", "G1", "R2", "B1"])
    before = status(server, name)
    undo(browser)
    assert status(server, name)["street"] == [] and before["street"]
    assert browser.find_elements(By.CSS_SELECTOR, ".draw .key")  # the grid is back


# ---- 24 -------------------------------------------------------------------------------------------------

def fill_form(browser, values):
    """Set the current wizard form's fields in order (None leaves one as it is), then submit."""
    submit_form(browser, browser.find_element(By.CSS_SELECTOR, ".compose-form"), values)


def lay_grid(browser, letters):
    """24's event grid by taps: for each open place in order, its suit in the palette, then the place."""
    form = browser.find_element(By.CSS_SELECTOR, ".grid-taps")
    slots = form.find_elements(By.CSS_SELECTOR, ".slot-tap")
    assert len(slots) == len(letters)
    for slot, letter in zip(slots, letters):
        pick = form.find_element(By.CSS_SELECTOR, f'.suit-pick[data-letter="{letter}"]')
        for button in (pick, slot):
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
    assert [s.text for s in slots] == list(letters)
    shoot(browser, "terror24-grid-taps")
    send_form(browser, form)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_terror24_setup_and_a_whole_round_for_three_with_the_npc(browser, server, lang):
    name = NAMES["terror24"][lang]
    new_game(server, "terror24", name, {"npc_deck": "virtual", "seed": 7})
    open_page(browser, server, name, lang)
    fits_phone(browser)
    fill_form(browser, ["Aki", "scotch", "Ben", "wolf", "Chie", "hibachi", "", None, "", None])
    fill_form(browser, ["s", "c", "s"])
    fill_form(browser, ["lloyd", "Chie"])
    tap_line(browser, "Aki")  # the chief
    fits_phone(browser)
    lay_grid(browser, "RBYGRRBPGY")
    assert status(server, name)["phase"] == "bid"
    fits_phone(browser)
    hands = {s["name"]: s["hand"] for s in status(server, name)["seats"] if not s["npc"]}
    for player, cards in (("Aki", [3, 5]), ("Ben", [1, 2]), ("Chie", [0, 6])):
        assert all(c in hands[player] for c in cards)
        tap_keys(browser, f'.composer[data-prefix="{player}"]', [str(c) for c in cards])
    shown = status(server, name)  # the NPC turned its card by itself and the round was resolved
    assert shown["round"] == 2 and shown["rounds_played"] == 1
    text = board_text(browser)
    assert "Aki" in text and ("new chief" in text or "新しいチーフ" in text)
    result = browser.find_element(By.ID, "last-step")  # the round's result leads the page
    assert result.is_displayed() and result.location["y"] < HEIGHT / 3
    assert ("new chief" in result.text or "新しいチーフ" in result.text) and "VP" in result.text
    fits_phone(browser)
    shoot(browser, f"terror24-{lang}")


# ---- Hitman's Showdown ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ja"])
def test_showdown_attack_with_a_success_check_and_undo(browser, server, lang):
    name = NAMES["showdown"][lang]
    new_game(server, "showdown", name, {"teams": ["Ann=red_heart", "Bob=void_clover"], "seed": 3})
    open_page(browser, server, name, lang)
    fits_phone(browser)
    tap_line(browser, "attack SQ")  # at least four 4s: Ann's three dice need a bought one more
    tap_line(browser, "buy weapon")
    count = status(server, name)["action"]["sides"][0]["dice"]
    assert count == 4
    tap_keys(browser, ".action .composer", ["4"] * count)  # every die a 4: the check succeeds
    assert status(server, name)["action"]["stage"] == "after"
    assert browser.find_element(By.CSS_SELECTOR, ".standing").text
    fits_phone(browser)
    shoot(browser, f"showdown-{lang}")
    tap_line(browser, "done")
    shown = status(server, name)
    ann = next(t for t in shown["teams"] if t["name"] == "Ann")
    assert "SQ" in ann["cards"] and shown["action"] is None
    sheet = open_sheet(browser, "undo-sheet")
    assert "SQ" in sheet.text and "done" not in sheet.text.split()  # what goes back, in the table's words
    tap_line(browser, "undo")
    assert status(server, name)["action"]["stage"] == "after"
    tap_line(browser, "redo")  # and forward again, the same as before
    assert status(server, name)["teams"] == shown["teams"]
    history = open_sheet(browser, "history-sheet")
    assert history.rect["height"] >= HEIGHT - 2  # a full-height sheet
    words = history.text
    journal = ["attack SQ", "buy weapon", "roll 4 4 4 4", "done"]  # what was sent: never shown as such
    assert "SQ" in words and not any(line in words for line in journal) and " | " not in words
    shoot(browser, f"showdown-history-{lang}")


# ---- a game started in the terminal ----------------------------------------------------------------------

def test_game_started_in_the_terminal_continues_in_the_browser_and_back(browser, server):
    path = server["games"] / "from-terminal.game.json"
    subprocess.run(COMPANION + ["famiglia", "play", "--game", str(path), "--lang", "en"],
                   input="R1 B2 Y3 G1 R2 B1\n", text=True, capture_output=True, check=True)
    open_page(browser, server, "from-terminal")
    assert [c.text.split()[0] for c in browser.find_elements(By.CSS_SELECTOR, ".street-row .fcard")] == \
        ["R1", "B2", "Y3", "G1", "R2", "B1"]
    tap_line(browser, "take 1")
    tap_keys(browser, ".draw", ["Y0", "G0"])
    saved = json.loads(path.read_text())
    assert saved["entries"] == [["R1 B2 Y3 G1 R2 B1"], ["take 1", "Y0 G0"]]
    # back to the terminal for one more turn; the game ends as one played in one place
    rest = "take 2\nstatus --json\n"  # the robot then takes the G0 (a 0): no draw
    back = subprocess.run(COMPANION + ["famiglia", "play", "--game", str(path), "--resume"],
                          input=rest, text=True, capture_output=True, check=True).stdout
    alone = subprocess.run(COMPANION + ["famiglia", "play", "--game", str(path.with_name("alone.json")),
                                        "--lang", "en"],
                           input="R1 B2 Y3 G1 R2 B1\ntake 1\nY0 G0\n" + rest, text=True, capture_output=True,
                           check=True).stdout
    status_line = [line for line in back.splitlines() if line.startswith("{")]
    assert status_line and status_line == [line for line in alone.splitlines() if line.startswith("{")]


def test_a_card_use_that_needs_a_die_named_waits_in_the_line_box(browser, server):
    name = "sd-use"
    new_game(server, "showdown", name, {"teams": ["Ann=red_heart", "Bob=void_clover"], "seed": 3})
    for line in ("give H9 Ann", "attack SQ", "roll 1 4 4"):
        assert api(server, f"/api/games/{name}/lines", {"line": line})["ok"], line
    open_page(browser, server, name)
    tap(browser, css='[data-try="use H9"]')
    box = browser.find_element(By.CSS_SELECTOR, "[data-line-form] [name=line]")
    WebDriverWait(browser, 10).until(lambda d: box.get_attribute("value") == "use H9 ")
    assert "missing" in messages(browser)
    before = version(browser)
    box.send_keys("2 1>4\n")  # the extra die rolled 2; the 1 set to 4
    wait_moved(browser, before)
    assert status(server, name)["action"]["sides"][0]["faces"] == [4, 4, 4, 2]


# ---- the end of a game ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, fixture", [("en", "famiglia-level1-player-first"), ("ja", "showdown-3teams-ja"),
                                           ("en", "terror24-4p-virtual")])
def test_a_finished_game_leads_with_its_ranking_and_a_rematch_opens_the_new_game(browser, server, lang, fixture):
    journals = JOURNALS
    name = f"ended-{fixture}"
    game = json.loads((journals / f"{fixture}.json").read_text(encoding="utf-8"))["file"]
    (server["games"] / f"{name}.game.json").write_text(json.dumps(game, ensure_ascii=False), encoding="utf-8")
    open_page(browser, server, name, lang)
    outcome = browser.find_element(By.ID, "outcome")
    assert outcome.location["y"] < HEIGHT / 2  # the first thing on the page
    ranking = status(server, name)["outcome"]["ranking"]
    rows = outcome.find_elements(By.CSS_SELECTOR, ".ranking li")
    assert len(rows) == len(ranking) and rows[0].find_element(By.CSS_SELECTOR, ".place").text == "1"
    assert outcome.find_elements(By.CSS_SELECTOR, ".won .winner-badge")
    fits_phone(browser)
    shoot(browser, f"outcome-{fixture}-{lang}")
    button = outcome.find_element(By.CSS_SELECTOR, "[data-rematch]")
    button.click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith(f"/games/{name}-2"))
    assert status(server, f"{name}-2")["over"] is False


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_showdown_shows_failure_in_words_a_pending_penalty_on_the_row_and_the_steps_in_order(browser, server, lang):
    name = f"sd-order-{lang}"
    new_game(server, "showdown", name, {"teams": ["Ann=red_heart", "Bob=void_clover"], "seed": 3})
    open_page(browser, server, name, lang)
    tap_line(browser, "attack SQ")  # at least four 4s
    action = browser.find_element(By.CSS_SELECTOR, ".action")
    order = browser.execute_script("""
        const a = arguments[0];
        const at = (css) => { const e = a.querySelector(css); return e ? e.getBoundingClientRect().top : null; };
        return [at('[data-line="buy weapon"]'), at('.composer'), at('.then, [data-line="roll"]')];""", action)
    assert order[0] is not None and order[0] < order[1] <= order[2]  # buy, then the dice, then go on
    tap_keys(browser, ".action .composer", ["1", "1", "2"])  # a failure
    verdict = browser.find_element(By.CSS_SELECTOR, ".verdict.failure")
    assert verdict.text.startswith("✗") and len(verdict.text) > 2
    assert not browser.find_elements(By.CSS_SELECTOR, '[data-line="double"]')
    tap_line(browser, "done")
    tap_line(browser, "1")  # the penalty roll: 1 → total −3 on the next action
    rows = {row.find_element(By.TAG_NAME, "b").text: row for row in browser.find_elements(By.CSS_SELECTOR, ".team")}
    assert "−3" in rows["Ann"].find_element(By.CSS_SELECTOR, ".pending").text.replace("-", "−")
    ledger = browser.find_element(By.XPATH, "//details[.//table[contains(@class,'ledger')]]")
    browser.execute_script("arguments[0].open = true", ledger)
    assert len(ledger.find_elements(By.CSS_SELECTOR, ".ledger.totals tr")) == 3  # headers, Ann, Bob
    fits_phone(browser)
    shoot(browser, f"showdown-penalty-{lang}")


def test_a_half_laid_bid_survives_another_phones_change_and_is_cleared_with_a_word_when_it_no_longer_fits(
        browser, server):
    name = "half-laid"
    new_game(server, "terror24", name, {"npc_deck": "virtual", "seed": 7})
    for line in ("Aki=scotch Ben=wolf Chie=hibachi", "s c s", "lloyd after Chie", "Aki", "RB YG RR BP GY"):
        assert api(server, f"/api/games/{name}/lines", {"line": line})["ok"], line
    open_page(browser, server, name)
    hands = {s["name"]: s["hand"] for s in status(server, name)["seats"] if not s["npc"]}
    aki, ben = hands["Aki"], hands["Ben"]
    lay_keys(browser, '.composer[data-prefix="Aki"]', [str(aki[0])])
    before = version(browser)
    assert api(server, f"/api/games/{name}/lines", {"line": f"Ben {ben[0]} {ben[1]}"})["ok"]  # another phone
    WebDriverWait(browser, 10).until(lambda d: version(d) != before)
    pad = browser.find_element(By.CSS_SELECTOR, '.composer[data-prefix="Aki"]')
    assert pad.find_element(By.CSS_SELECTOR, ".chosen").text == "●"  # kept, and still secret
    assert str(aki[0]) not in pad.find_element(By.CSS_SELECTOR, ".send").text
    before = version(browser)
    assert api(server, f"/api/games/{name}/lines", {"line": f"Aki {aki[1]} {aki[2]}"})["ok"]  # Aki laid elsewhere
    WebDriverWait(browser, 10).until(lambda d: version(d) != before)
    WebDriverWait(browser, 10).until(lambda d: "no longer fits" in messages(d))
    assert str(aki[0]) not in messages(browser)  # said without giving the card away


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_robot_turn_ends_on_its_result_in_view_until_the_player_goes_on(browser, server, lang):
    name = f"result-{lang}"
    new_game(server, "famiglia", name, {"level": 3, "first": "player"})
    open_page(browser, server, name, lang)
    tap_keys(browser, ".draw", ["R1", "B2", "Y3", "G1", "R2", "B1"])
    tap_line(browser, "take 1")
    tap_keys(browser, ".draw", ["Y0", "G0"])  # the robot's turn ends with these cards drawn
    step = browser.find_element(By.ID, "last-step")
    WebDriverWait(browser, 5).until(lambda d: d.execute_script("return window.scrollY") == 0)
    assert step.is_displayed() and step.location["y"] < HEIGHT / 3  # at the top, in view
    assert "Y0" in step.text
    shoot(browser, f"result-{lang}")
    step.find_element(By.CSS_SELECTOR, "[data-dismiss-step]").click()
    assert not step.is_displayed()
    browser.refresh()  # dismissed for this step, also after a reload
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))
    assert not browser.find_element(By.ID, "last-step").is_displayed()
    tap_line(browser, "end")  # the next step brings its own result
    assert browser.find_element(By.ID, "last-step").is_displayed()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_24_bid_laid_on_a_phone_passed_round_shows_nowhere_until_the_round_is_resolved(browser, server, lang):
    name = f"secret-{lang}"
    new_game(server, "terror24", name, {"npc_deck": "virtual", "seed": 7})
    open_page(browser, server, name, lang)
    progress = browser.find_element(By.CSS_SELECTOR, ".step-of").text
    assert "1" in progress and "5" in progress  # players, styles, the NPC (until fewer players say no), chief, grid
    submit = browser.find_element(By.CSS_SELECTOR, ".compose-form button[type=submit]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", submit)
    submit.click()  # nothing written: said beside the button, nothing sent
    error = browser.find_element(By.CSS_SELECTOR, ".form-error")
    WebDriverWait(browser, 5).until(lambda d: error.text)
    for line in ("Aki=scotch Ben=wolf Chie=hibachi", "s c s", "lloyd after Chie", "Aki", "RB YG RR BP GY"):
        assert api(server, f"/api/games/{name}/lines", {"line": line})["ok"], line
    browser.refresh()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".composer"))
    hand = sorted(next(s for s in status(server, name)["seats"] if s["name"] == "Aki")["hand"])
    bid = [str(hand[0]), str(hand[-1])]
    tap_keys(browser, '.composer[data-prefix="Aki"]', bid)
    text = browser.execute_script("return document.body.innerText")
    assert f"{bid[0]} {bid[1]}" not in text and f"{bid[0]}+{bid[1]}" not in text
    row = next(r for r in browser.find_elements(By.CSS_SELECTOR, ".standings tr") if r.text.startswith("Aki"))
    assert " ".join(map(str, hand)) in row.text  # the hand as the round began, not one that shrank
    history = open_sheet(browser, "history-sheet").text
    assert f"{bid[0]} {bid[1]}" not in history
    shoot(browser, f"terror24-secret-{lang}")


def submit_form(browser, form, values):
    """Set a form's visible fields in order (selects chosen, inputs typed; None left as it is), then
    send it."""
    fields = form.find_elements(By.CSS_SELECTOR, "[data-part]:not([type=hidden])")
    for field, value in zip(fields, values):
        if value is None:
            continue
        if field.tag_name == "select":
            browser.execute_script("arguments[0].value = arguments[1]", field, value)
        else:
            field.clear()
            field.send_keys(value)
    send_form(browser, form)


def send_form(browser, form):
    """Tap a form's submit button and wait for the page to show the game it changed."""
    before = version(browser)
    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait_moved(browser, before)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_showdown_corrections_and_a_reroll_have_forms_of_their_own(browser, server, lang):
    name = f"sd-forms-{lang}"
    new_game(server, "showdown", name, {"teams": ["Ann=red_heart", "Bob=void_clover"], "seed": 3})
    open_page(browser, server, name, lang)
    browser.execute_script("document.querySelector('details.corrections').open = true")
    money, give = browser.find_elements(By.CSS_SELECTOR, "details.corrections form")
    submit_form(browser, money, ["Ann", "+", "2500", "found under the box"])
    assert next(t for t in status(server, name)["teams"] if t["name"] == "Ann")["money"] == 3500
    browser.execute_script("document.querySelector('details.corrections').open = true")
    give = browser.find_elements(By.CSS_SELECTOR, "details.corrections form")[1]
    submit_form(browser, give, ["H9", "Bob"])
    assert "H9" in next(t for t in status(server, name)["teams"] if t["name"] == "Bob")["cards"]
    tap_line(browser, "attack SQ")
    tap_line(browser, "buy backup_plan")
    tap_keys(browser, ".action .composer", ["1", "2", "3"])
    form = browser.find_element(By.CSS_SELECTOR, "form input[value^='reroll']").find_element(By.XPATH, "..")
    before = status(server, name)["action"]["sides"][0]
    submit_form(browser, form, ["1", "", ""])  # roll the 1 again, keep the others
    after = status(server, name)["action"]["sides"][0]
    assert after["backups"] == before["backups"] - 1 and 2 in after["faces"] and 3 in after["faces"]
    fits_phone(browser)
