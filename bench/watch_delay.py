"""`pnp watch`: how long from a save to the page's new image, as the page sees it.

    python bench/watch_delay.py [--cards 54] [--saves 12]

Makes a deck of 54 cards (6 pages of fronts, 6 of backs), starts `pnp watch` as a user runs it (its own
process, port 0, no browser), and saves the CSV `--saves` times, each time changing one card's text
(a different page each time), as an editor saves (a new file renamed over the old). For each save it
polls `/state` every 10 ms, as the page does every 250 ms, until the changed page's number moves, then
fetches that page's PNG: the delay is from the rename to the PNG in hand. Printed: median, best and
worst delay; the build's own time (`seconds` in the state: reading the deck, laying out, the PDF, the
page images); how many pages each save redrew (2 of 12: the card changed now, and the one the
save before changed, put back). The page's own poll adds up to
250 ms more in a browser."""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

TOML = '[deck]\nlanguages = ["en"]\n\n[back]\ntext = "{{ title }}"\n'


def rows(cards: int, changed: int | None = None, n: int = 0) -> str:
    lines = [f"Card {k},{'Changed text ' + str(n) if k == changed else 'Text of card ' + str(k)}.,1"
             for k in range(1, cards + 1)]
    return "title,body,copies\n" + "\n".join(lines) + "\n"


def save(folder: Path, text: str) -> float:
    tmp = folder / ".deck.csv.tmp"
    tmp.write_text(text, encoding="utf-8")
    now = time.perf_counter()
    os.replace(tmp, folder / "deck.csv")
    return now


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=54)
    parser.add_argument("--saves", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "deck.toml").write_text(TOML, encoding="utf-8")
        (folder / "deck.csv").write_text(rows(args.cards), encoding="utf-8")
        proc = subprocess.Popen([sys.executable, "-c", "from pnp.cli.command import main; main()", "watch",
                                 str(folder / "deck.csv"), "--port", "0", "--no-open", "--out", str(folder / "out")],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env={**os.environ, "TABLETOP_KIT_LANG": "en"})
        try:
            line = proc.stdout.readline()
            url = line[line.index("http://"):].split()[0]
            state = {"pages": []}
            while not state["pages"]:
                time.sleep(0.05)
                state = json.loads(get(url + "state"))
            pages = len(state["pages"])
            delays, builds, redrawn = [], [], []
            for n in range(1, args.saves + 1):
                card = 1 + (n * 9) % args.cards  # a card on another page each time
                before = state["pages"]
                started = save(folder, rows(args.cards, card, n))
                while True:
                    state = json.loads(get(url + "state"))
                    if state["pages"] != before:
                        break
                    time.sleep(0.01)
                changed = [k for k, (a, b) in enumerate(zip(before, state["pages"]), 1) if a != b]
                get(f"{url}page/{changed[0]}.png")
                delays.append(time.perf_counter() - started)
                builds.append(state["seconds"])
                redrawn.append(len(changed))
                time.sleep(0.3)
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"pnp watch, {args.cards} cards, {pages} pages, {args.saves} saves (load average {os.getloadavg()[0]:.1f})")
    print(f"  save → new page image: median {statistics.median(delays) * 1000:.0f} ms, "
          f"best {min(delays) * 1000:.0f} ms, worst {max(delays) * 1000:.0f} ms")
    print(f"  the build itself (deck, PDF, page images): median {statistics.median(builds) * 1000:.0f} ms")
    print(f"  pages redrawn per save: {sorted(set(redrawn))} of {pages}")


if __name__ == "__main__":
    main()
