"""The app's accessibility, in a real browser at 360 × 640 against the exported folder (the fixtures of
test_app_browser.py): axe-core over the recorded states of every page — the home page, each game's new
game, each play page at a choice, a result, the undo question, History, Help and its end — every text at
4.5:1 including the faded states (disabled buttons, out teams, dead seats), a step's result said to
screen readers by the one live region, and the text-size setting, kept on the device and fitting the
play pages at 360 px wide at its largest.

axe-core is a development dependency (package.json); its script is put into the page by the test's
driver, never shipped in the exported app. In CI each page's states run in one language and theme;
TABLETOP_APP_MATRIX=1 runs every state in both languages and both themes.
"""
from __future__ import annotations

import json
import urllib.parse
from dataclasses import dataclass, field

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import app_browsing as app
from ci import under_ci
from repo_paths import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
JOURNALS = ROOT / "tests" / "fixtures" / "journals"

# the exported app served under a subpath, and a phone's browser on it

pytestmark = pytest.mark.usefixtures("chromium")

# Every text's contrast with what is painted behind it, as WCAG measures it, the faded states included:
# a disabled control is measured too (WCAG exempts it; a key that cannot be tapped now must still be
# read), and an element's opacity and its ancestors' fade its text and backgrounds as they are painted.
ALL_TEXT = """
const colour = (text) => {
  const m = text.match(/^(?:rgba?\\(|color\\(srgb )([\\d.]+),? ([\\d.]+),? ([\\d.]+)(?:,? \\/? ?([\\d.]+))?\\)$/);
  if (!m) return null;
  const scale = text.startsWith("color") ? 1 : 255;
  return [+m[1] / scale, +m[2] / scale, +m[3] / scale, m[4] === undefined ? 1 : +m[4]];
};
const faded = (el) => {
  let opacity = 1;
  for (let e = el; e; e = e.parentElement) opacity *= +getComputedStyle(e).opacity;
  return opacity;
};
const over = (top, below) => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat(1);
const behind = (el) => {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = colour(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) { c[3] *= faded(e); layers.push(c); if (c[3] >= 1) break; }
  }
  let painted = colour(getComputedStyle(document.documentElement).backgroundColor);
  if (!painted || painted[3] < 1) painted = [1, 1, 1, 1];
  for (const layer of layers.reverse()) painted = over(layer, painted);
  return painted;
};
const luminance = (c) => c.slice(0, 3).map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
  .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
const low = [];
for (const el of document.querySelectorAll("body *")) {
  if (el.closest("dialog:not([open]), details:not([open]) > :not(summary), .visually-hidden, svg")) continue;
  if (!el.getClientRects().length) continue;
  const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join("");
  const style = getComputedStyle(el);
  if (!text || style.visibility === "hidden") continue;
  const ink = colour(style.color);
  if (!ink) { low.push(`${text.slice(0, 30)}: a colour the check cannot read (${style.color})`); continue; }
  ink[3] *= faded(el);
  const ground = behind(el);
  const [a, b] = [luminance(over(ink, ground)), luminance(ground)].sort((x, y) => y - x);
  const ratio = (a + 0.05) / (b + 0.05);
  const under = ground.map((v) => Math.round(v * 255));
  if (ratio < 4.5) low.push(`${text.slice(0, 30)} ${ratio.toFixed(2)} (${style.color} on ${under})`);
}
return low;
"""

# axe's checks, plus its experimental one that a control's name contains the words it shows
AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {rules: {"label-content-name-mismatch": {enabled: true}}, resultTypes: ["violations"]})
  .then((r) => done(r.violations.map((v) => ({id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5)}))),
        (e) => done([{id: "axe failed", nodes: [String(e)]}]));
"""

SAVE = """
const [file, done] = [arguments[0], arguments[arguments.length - 1]];
import(new URL("ui/store.js", document.baseURI).href)
  .then((store) => store.saveGame(file)).then(() => done(""), (e) => done(String(e)));
"""


def axe_source() -> str:
    if not AXE.exists():
        message = "node_modules/axe-core is missing: run `npm ci` first"
        if under_ci():
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return AXE.read_text("utf-8")


def journal(fixture: str) -> dict:
    return json.loads((JOURNALS / f"{fixture}.json").read_text("utf-8"))["file"]


def put_game(browser, file: dict, name: str, lang: str, steps: int | None = None, seen: bool = True) -> None:
    """A game on the device, its journal cut after `steps` entries; `seen` False shows its last step."""
    entries = file["entries"] if steps is None else file["entries"][:steps]
    saved = {**file, "entries": entries, "undone": [], "options": {**file["options"], "lang": lang},
             "name": name, "updated": 0, "seen": seen, "over": steps is None}
    assert browser.execute_async_script(SAVE, saved) == ""


def open_game(browser, server, name: str) -> None:
    browser.get("about:blank")
    browser.get(server.url + "#" + urllib.parse.urlencode({"game": name}))
    app.ready(browser)
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.ID, "board"))


def open_tool(browser, tool: str) -> None:
    app.press(browser, browser.find_element(By.CSS_SELECTOR, f"[data-tool={tool}]"))


@dataclass
class Checked:
    """What the run found: a line a problem, and the states it looked at."""
    states: int = 0
    found: list[str] = field(default_factory=list)


def check_state(browser, state: str, lang: str, themes: list[str], checked: Checked) -> None:
    """axe and every text's contrast over the page as it stands, in each theme."""
    if not browser.execute_script("return typeof axe !== 'undefined'"):
        browser.execute_script(axe_source())
    for theme in themes:
        browser.execute_script("document.documentElement.dataset.theme = arguments[0]", theme)
        where = f"{state} ({lang}, {theme})"
        checked.states += 1
        for violation in browser.execute_async_script(AXE_RUN):
            checked.found.append(f"{where}: axe {violation['id']} at {violation['nodes']}")
        checked.found.extend(f"{where}: contrast {low}" for low in browser.execute_script(ALL_TEXT))


GAMES = {  # a game's saved journal, the step to stop at for a choice, a result, an action under way
    "famiglia": ("famiglia-level1-player-first", {"choice": 3, "result": 2}),
    "terror24": ("terror24-3p-virtual", {"setup": 0, "choice": 6, "result": 7}),
    "hitmans-showdown": ("showdown-2teams", {"choice": 4, "result": 4, "action": 2}),
}


SHOWS = {"setup": ".wizard", "choice": "#board button", "result": "#last-step .headline", "action": "#action .composer",
         "end": "#outcome .ranking"}


def walk_every_page(browser, server, lang: str, looks: dict[str, list[str]], checked: Checked) -> None:
    """The pages `looks` names, each at its recorded states, checked in the themes it gives."""
    app.open_app(browser, server, lang, "light")
    for game, (fixture, steps) in GAMES.items():
        file = journal(fixture)
        for state, count in steps.items():
            put_game(browser, file, f"{game}-{state}-{lang}", lang, count, seen=state != "result")
        put_game(browser, file, f"{game}-end-{lang}", lang)
    if "home" in looks:
        app.open_app(browser, server, lang, "light")
        check_state(browser, "home", lang, looks["home"], checked)
        for game in GAMES:
            form = browser.find_element(By.CSS_SELECTOR, f"form[data-create='{game}']")
            browser.execute_script("arguments[0].closest('details').open = true", form)
            check_state(browser, f"new {game}", lang, looks["home"], checked)
            browser.execute_script("arguments[0].closest('details').open = false", form)
    for game, (_fixture, steps) in GAMES.items():
        if game not in looks:
            continue
        for state in [*steps, "end"]:
            open_game(browser, server, f"{game}-{state}-{lang}")
            assert browser.find_elements(By.CSS_SELECTOR, SHOWS[state]), f"{game} {state}: not the page at that state"
            check_state(browser, f"{game} {state}", lang, looks[game], checked)
            if state == "choice":
                for tool in ("undo", "history", "help", "delete"):
                    open_tool(browser, tool)
                    assert browser.find_element(By.ID, f"{tool}-sheet").get_attribute("open") is not None
                    check_state(browser, f"{game} {tool}", lang, looks[game], checked)
                    browser.execute_script("document.querySelector('dialog[open]').close()")
                if browser.find_elements(By.CSS_SELECTOR, "main details:not([open])"):  # 24's and Showdown's
                    app.unfold(browser, "main details")  # what a fold holds is made as it opens
                    check_state(browser, f"{game} every fold open", lang, looks[game], checked)


STATES = 29  # the home page and each game's new game (4), Famiglia's 7, 24's 9, Hitman's Showdown's 9


def test_axe_finds_nothing_over_every_page(browser, server):
    """In CI each page in one language and theme; the matrix runs every state in all four."""
    checked = Checked()
    pages = ("home", *GAMES)
    if app.FULL_MATRIX:
        for lang in ("en", "ja"):
            walk_every_page(browser, server, lang, {page: ["light", "dark"] for page in pages}, checked)
    else:
        walk_every_page(browser, server, "en", {"home": ["light"], "famiglia": ["dark"]}, checked)
        walk_every_page(browser, server, "ja", {"terror24": ["light"], "hitmans-showdown": ["dark"]}, checked)
    print(f"axe and contrast: {checked.states} states checked, {len(checked.found)} problems")
    assert checked.found == [], "\n".join(checked.found)
    assert checked.states == STATES * (4 if app.FULL_MATRIX else 1)


def test_the_checks_find_a_control_whose_name_hides_its_words_and_faint_text(browser, server):
    """The run above can fail: a button named otherwise than it reads, and a faded key, are found."""
    app.open_app(browser, server, "en", "light")
    browser.execute_script("""
        const main = document.querySelector('main');
        main.insertAdjacentHTML('beforeend', '<button aria-label="Close">Start the game</button>'
          + '<button disabled style="opacity: 0.4">Take</button>');""")
    checked = Checked()
    check_state(browser, "planted", "en", ["light"], checked)
    assert any("label-content-name-mismatch" in line for line in checked.found), checked.found
    assert any("contrast Take" in line for line in checked.found), checked.found


def test_a_steps_result_is_said_by_the_one_live_region(browser, server):
    app.open_app(browser, server, "en")
    app.new_game(browser, "famiglia", "said")
    live = "return [...document.querySelectorAll('[aria-live]')].map((e) => e.id)"
    assert browser.execute_script(live) == ["announcer"], "the result region alone is live, not the page"
    announcer = browser.find_element(By.ID, "announcer")
    assert announcer.get_attribute("aria-live") == "polite" and announcer.get_attribute("role") == "status"
    for _ in range(2):
        app.tap(browser, browser.find_element(By.CSS_SELECTOR, "section.draw button.key:enabled"))
        headline = browser.find_element(By.CSS_SELECTOR, "#last-step .headline").text
        WebDriverWait(browser, 5).until(lambda d, said=headline: announcer.get_attribute("textContent") == said)
    # the same element through every redraw, so a screen reader keeps listening to it
    assert browser.execute_script(live) == ["announcer"]
    assert browser.find_element(By.ID, "announcer") == announcer


TEXT_SIZE = "return [document.documentElement.dataset.textSize || 'normal', getComputedStyle(document.body).fontSize]"


def test_the_text_size_is_kept_on_the_device_and_sizes_the_whole_app(browser, server):
    app.open_app(browser, server, "en")
    assert browser.execute_script(TEXT_SIZE) == ["normal", "16px"]
    seen = []
    for _ in range(3):
        switch = browser.find_element(By.CSS_SELECTOR, ".size-switch")
        seen.append((switch.text, switch.get_attribute("aria-label")))
        app.tap(browser, switch)
    assert seen == [("A", "Text size: A"), ("A+", "Text size: A+"), ("A++", "Text size: A++")]
    assert browser.execute_script(TEXT_SIZE) == ["normal", "16px"]  # round again
    for _ in range(2):
        app.tap(browser, browser.find_element(By.CSS_SELECTOR, ".size-switch"))
    browser.refresh()
    app.ready(browser)
    assert browser.execute_script(TEXT_SIZE) == ["largest", "22px"]
    heading = browser.find_element(By.TAG_NAME, "h1")
    assert browser.execute_script("return getComputedStyle(arguments[0]).fontSize", heading) == "25.3px"


# The play pages at each of their main states, as a player sees them at the largest text size
FITS = {"famiglia": ("famiglia-level1-player-first", {"draw": 0, "choice": 3, "result": 2}),
        "terror24": ("terror24-3p-virtual", {"setup": 0, "choice": 6, "result": 7}),
        "hitmans-showdown": ("showdown-2teams", {"choice": 4, "result": 4, "action": 2})}


# the bar's and the tools' words each on one line, and neither wider than the screen
BROKEN = """
const broken = [];
for (const el of document.querySelectorAll(".bar a, .bar button, .tools button")) {
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  if (lines.size > 1) broken.push(`"${el.textContent}" broken over ${lines.size} lines`);
}
for (const el of document.querySelectorAll(".bar, .tools")) {
  if (el.scrollWidth > el.clientWidth) broken.push(`${el.className} ${el.scrollWidth} px wide`);
}
return broken;
"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_at_the_largest_text_the_play_pages_fit_a_360_px_screen(browser, server, lang):
    app.open_app(browser, server, lang)
    browser.execute_script("localStorage.setItem('textSize', 'largest')")
    for game, (fixture, steps) in FITS.items():
        file = journal(fixture)
        for state, count in [*steps.items(), ("end", None)]:
            put_game(browser, file, f"{game}-{state}", lang, count, seen=state != "result")
    wide = []
    for theme in ("light", "dark"):
        browser.execute_script("localStorage.setItem('theme', arguments[0])", theme)
        app.open_app(browser, server, lang, theme)  # the home page, every new game's form open
        browser.execute_script("document.querySelectorAll('details.new-game').forEach((d) => { d.open = true; })")
        width = browser.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
        if width[0] > width[1]:
            wide.append(f"home ({theme}): {width[0]} px wide on a {width[1]} px screen")
        wide.extend(f"home ({theme}): {words}" for words in browser.execute_script(BROKEN))
        app.shot(browser, f"largest-home-{lang}-{theme}")
        for game, (_fixture, steps) in FITS.items():
            for state in [*steps, "end"]:
                open_game(browser, server, f"{game}-{state}")
                assert browser.execute_script(TEXT_SIZE)[0] == "largest"
                width = browser.execute_script("return [document.documentElement.scrollWidth, innerWidth]")
                if width[0] > width[1]:
                    wide.append(f"{game} {state} ({theme}): {width[0]} px wide on a {width[1]} px screen")
                wide.extend(f"{game} {state} ({theme}): {words}" for words in browser.execute_script(BROKEN))
                app.shot(browser, f"largest-{game}-{state}-{lang}-{theme}")
    assert wide == []
