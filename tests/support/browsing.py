"""Driving Chromium as a phone (360 × 640) beside `companion serve`: the server, the browser, the API calls a
test makes beside it, and the contrast every page is held to. The app's own helpers (taps, its pages) are in
app_browsing.py; the fixtures in tests/companion/app/conftest.py."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from selenium import webdriver

from serving import address

WIDTH, HEIGHT = 360, 640
COMPANION = [sys.executable, "-c", "from companion.cli import run; run()"]


def serve(games: Path, *extra: str, port: int = 0) -> tuple[subprocess.Popen, str]:
    """`companion serve` over `games`, listening: on the port the system gives it (so no other test's server
    can take it first), or on `port` (a server started again where a phone knew it). The process and the
    address it printed (under --lan, with its token); its later lines stay unread."""
    process = subprocess.Popen(COMPANION + ["serve", "--port", str(port), "--games", str(games), *extra], text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "LANG": "C.UTF-8"})
    url, printed = address(process)
    if not url:
        process.kill()
        raise RuntimeError(f"companion serve did not start: {''.join(printed)}{process.stdout.read()}")
    return process, url


def stop_serving(process: subprocess.Popen) -> None:
    """Stopped as Ctrl-C stops it, the requests under way finished (killed if it does not stop)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            raise


@contextmanager
def companion_serve(games: Path) -> Iterator[dict]:
    """`serve` over `games`, stopped as Ctrl-C stops it (the requests under way finished) once the test is
    done. Yields its address and folder."""
    process, url = serve(games)
    try:
        yield {"url": url.rstrip("/"), "games": games}  # the tests add paths that start with one
    finally:
        stop_serving(process)


def phone_browser(tmp_path_factory, chromium):
    """Chromium at a phone's viewport, with a profile of its own."""
    binary, driver_path = chromium
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
                 f"--window-size={WIDTH},{HEIGHT}"):
        options.add_argument(flag)
    # a phone's viewport: 360 × 640 CSS px whatever the window decorations take
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": WIDTH, "height": HEIGHT,
                                                                          "pixelRatio": 1}})
    # (its fonts: the system's and the kit's Noto Sans JP, from the run's fontconfig file, tests/conftest.py)
    service = webdriver.ChromeService(executable_path=driver_path)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(20)
    return driver


def browser_fonts(folder: Path, cache: Path) -> Path:
    """A fontconfig file (written in `folder`) giving Chromium the system's fonts and the kit's own Noto
    Sans JP, so Japanese pages render in a real Japanese font, as on a phone, rather than as empty boxes on
    a machine with no CJK font installed: what the tests measure (widths, overflow, contrast) and what a
    screenshot shows is then what a player sees. Chromium reads it from $FONTCONFIG_FILE."""
    from pnp.fonts.fontset import bundled_font

    conf = folder / "browser-fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        f"  <dir>{bundled_font().parent}</dir>\n"
        f"  <cachedir>{cache}</cachedir>\n"
        "</fontconfig>\n", encoding="utf-8")
    return conf


def api(server, path, data=None):
    request = urllib.request.Request(server["url"] + urllib.parse.quote(path),
                                     method="POST" if data is not None else "GET",
                                     data=json.dumps(data).encode() if data is not None else None,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


# Each visible text against the colour behind it (alpha composed up the tree), WCAG's contrast ratio.
CONTRAST = """
const parse = (text) => {
  let m = text.match(/rgba?\\(([\\d.]+),? ([\\d.]+),? ([\\d.]+)(?:,? \\/? ?([\\d.]+))?\\)/);
  if (m) return [+m[1] / 255, +m[2] / 255, +m[3] / 255, m[4] === undefined ? 1 : +m[4]];
  m = text.match(/color\\(srgb ([\\d.]+) ([\\d.]+) ([\\d.]+)(?: \\/ ([\\d.]+))?\\)/);
  if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]];
  return null;
};
const over = (top, below) => {
  const a = top[3];
  return [0, 1, 2].map(i => top[i] * a + below[i] * (1 - a)).concat(1);
};
const behind = (el) => {
  const layers = [];
  for (let e = el; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let colour = parse(getComputedStyle(document.documentElement).backgroundColor) || [1, 1, 1, 1];
  if (colour[3] < 1) colour = [1, 1, 1, 1];
  for (const layer of layers.reverse()) colour = over(layer, colour);
  return colour;
};
const lum = (c) => { const f = (v) => v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
                     return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
const low = [];
for (const el of document.querySelectorAll('body *')) {
  if (el.closest('dialog:not([open]), details:not([open]) > :not(summary), [disabled], .keep-awake, svg')) continue;
  if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;
  const text = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent.trim()).join('');
  if (!text) continue;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || +style.opacity < 0.5) continue;
  const fg = parse(style.color); if (!fg) continue;
  const bg = behind(el);
  const c = over(fg, bg);
  const [a, b] = [lum(c), lum(bg)].sort((x, y) => y - x);
  const ratio = (a + 0.05) / (b + 0.05);
  const under = bg.map(v => Math.round(v * 255));
  if (ratio < 4.5) low.push(`${text.slice(0, 30)} ${ratio.toFixed(2)} (${style.color} on ${under})`);
}
return low;
"""
