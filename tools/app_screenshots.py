"""The screenshots of docs/play-pages.md: the phone app as a player sees it, in English and Japanese, light
and dark, at 360 × 640.

    python tools/app_screenshots.py             # writes docs/screenshots/app/*.png
    python tools/app_screenshots.py --out DIR   # somewhere else, e.g. to compare before committing

It exports the app (`companion app export`), serves the folder with Python's static file server under a
subpath (as a static host would), drives Debian's chromium through selenium as the browser tests do
(tests/support/: the same phone, the same taps, the kit's Noto Sans JP given to Chromium so Japanese
renders as Japanese) and saves each scene as a palette PNG (a screenshot of flat colours and text keeps
its look in 128 colours at a third of the size). A tool rather than a test or a benchmark: it makes the
doc's pictures, asserts nothing and measures nothing; tests/project/test_docs_images.py checks that the
doc and the folder name the same pictures. Needs the test extra (selenium) and Node (the saved-game
fixtures of tests/fixtures/journals/ are turned into the app's saved games by tests/js/fixture_journal.mjs).
"""
from __future__ import annotations

import argparse
import importlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))  # the browser tests' helpers, shared rather than copied
app = importlib.import_module("app_browsing")
browsing = importlib.import_module("browsing")

OUT = ROOT / "docs" / "screenshots" / "app"
COLOURS = 128


class Scratch:
    """What browsing.phone_browser asks of pytest's tmp_path_factory: a fresh folder by name."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def mktemp(self, name: str) -> Path:
        return Path(tempfile.mkdtemp(prefix=name, dir=self.root))


def save(browser, out: Path, name: str) -> None:
    from PIL import Image

    raw = out / f"{name}.raw.png"
    browser.save_screenshot(str(raw))
    with Image.open(raw) as image:
        image.convert("RGB").quantize(COLOURS, dither=Image.Dither.NONE).save(out / f"{name}.png", optimize=True)
    raw.unlink()
    print(f"{name}.png {(out / f'{name}.png').stat().st_size // 1024} KB")


def look(browser, lang: str, theme: str) -> None:
    """The language and theme kept on this device, the page drawn again in them."""
    browser.execute_script("localStorage.setItem('lang', arguments[0]); localStorage.setItem('theme', arguments[1]);",
                           lang, theme)
    browser.refresh()
    app.ready(browser)


def touch(browser, css: str) -> None:
    """A tap that leaves no tap highlight behind (a phone's lasts a moment; a screenshot would keep it)."""
    browser.execute_script("document.querySelector(arguments[0]).click()", css)


def sheet(browser, tool: str, dialog: str) -> None:
    touch(browser, f"button[data-tool={tool}]")
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return document.getElementById(arguments[0])?.open", dialog))


def top(browser) -> None:
    browser.execute_script("window.scrollTo(0, 0)")


def home(browser, server, out: Path) -> None:
    """The home page with games on the device, a new game's options, an end screen, the records."""
    app.open_app(browser, server, "en", "light")
    for name, fixture in (("Tuesday 24", "terror24-4p-virtual.json"),
                          ("Level 4 solo", "famiglia-level4-player-first.json")):
        app.put_game(browser, name, app.fixture_game(fixture))
    app.put_game(browser, "Sunday showdown", app.fixture_game("showdown-2teams.json"), 30)
    look(browser, "en", "light")
    save(browser, out, "home-en-light")
    look(browser, "ja", "dark")
    browser.execute_script("""
        const details = document.querySelector("form[data-create='hitmans-showdown']").closest('details');
        details.open = true;
        window.scrollTo(0, details.getBoundingClientRect().top + window.scrollY - 60);""")
    save(browser, out, "new-game-ja-dark")
    app.open_game(browser, server, "Tuesday 24")
    save(browser, out, "end-ja-dark")
    look(browser, "ja", "light")
    browser.get(server.url + "#records")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-records]"))
    save(browser, out, "records-ja-light")


def famiglia(browser, server, out: Path) -> None:
    """A few taps of Famiglia: the robot's turn leading the page, then History and Help."""
    app.open_app(browser, server, "en", "light")
    app.new_game(browser, "famiglia", "Friday solo")
    rng = random.Random(3)
    while len(browser.execute_script("return document.querySelectorAll('#history-sheet li')")) < 4:
        app.famiglia_tap(browser, rng)
    top(browser)
    save(browser, out, "famiglia-en-light")
    look(browser, "en", "dark")
    sheet(browser, "history", "history-sheet")
    save(browser, out, "history-en-dark")


def terror24(browser, server, out: Path) -> None:
    """24: a bid laid face down and the next bidder's pad; a round's end with its rule to remember."""
    app.open_app(browser, server, "ja", "dark")
    app.terror24_set_up(browser)
    app.lay_bid(browser)
    top(browser)
    save(browser, out, "terror24-bid-ja-dark")
    for _ in range(20):
        app.lay_bid(browser)
        if browser.find_elements(By.ID, "reminders"):
            break
    look(browser, "en", "light")
    top(browser)
    save(browser, out, "terror24-round-en-light")
    touch(browser, "#last-step button[data-to-reminders]")
    save(browser, out, "terror24-remember-en-light")


def showdown(browser, server, out: Path) -> None:
    """Hitman's Showdown: a team's turn, an attack's check, the undo question, Send this game, Help at A++."""
    app.open_app(browser, server, "ja", "light")
    app.showdown_new_game(browser, "Saturday", [("Ann", "red_heart"), ("Bob", "blood_diamond")])
    save(browser, out, "showdown-turn-ja-light")
    look(browser, "en", "dark")
    app.tap(browser, browser.find_elements(By.CSS_SELECTOR, "#turn .attack-group button.tap")[0])
    roll = browser.find_elements(By.CSS_SELECTOR, "#action button[data-line^=roll], #action button.roll")
    if roll:
        app.tap(browser, roll[0])
    top(browser)
    save(browser, out, "showdown-attack-en-dark")
    sheet(browser, "send", "send-sheet")
    save(browser, out, "send-en-dark")
    look(browser, "ja", "light")
    sheet(browser, "undo", "undo-sheet")
    save(browser, out, "undo-ja-light")
    browser.execute_script("localStorage.setItem('textSize', 'largest')")
    look(browser, "en", "light")
    sheet(browser, "help", "help-sheet")
    save(browser, out, "help-en-light-largest")


SCENES = [home, famiglia, terror24, showdown]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    binary, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not (binary and driver):
        sys.exit("app_screenshots: needs chromium and chromedriver on PATH (apt-get install chromium chromium-driver)")
    with tempfile.TemporaryDirectory(prefix="app-screenshots-") as scratch:
        root = Path(scratch)
        os.environ["FONTCONFIG_FILE"] = str(browsing.browser_fonts(root, root / "fontconfig"))
        site = root / "site"
        subprocess.run(browsing.COMPANION + ["app", "export", str(site / app.SUBPATH), "--quiet"], check=True)
        server = app.StaticServer(site)
        server.start()
        try:
            for scene in SCENES:
                browser = browsing.phone_browser(Scratch(root), (binary, driver))
                try:
                    scene(browser, server, args.out)
                finally:
                    browser.quit()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
