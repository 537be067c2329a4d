"""The phone the browser benches measure on: Debian's headless Chromium, driven through chromedriver, at
360 × 640 with its CPU slowed (4× is Chrome DevTools' "mid-tier mobile" setting). One way to start it,
so that every bench's figures are taken on the same phone.
"""
from __future__ import annotations

import shutil

from selenium import webdriver

WIDTH, HEIGHT = 360, 640
RATE = 4

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         # nothing of the browser's own on the network or the CPU while a page is timed
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


def phone(profile: str, rate: float = RATE, script_timeout: float = 60) -> webdriver.Chrome:
    """A new Chromium with its own profile folder `profile`, its CPU slowed `rate`×; a script run in its
    pages (execute_async_script) may take `script_timeout` seconds."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser")
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": WIDTH, "height": HEIGHT,
                                                                          "pixelRatio": 1}})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(shutil.which("chromedriver")))
    driver.set_script_timeout(script_timeout)
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
    return driver
