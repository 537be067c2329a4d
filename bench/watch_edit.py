"""`pnp watch` on a deck with art: what one edited cell costs, and what a whole build costs.

    python bench/watch_edit.py [--cards 133] [--edits 8]

Makes a deck in a temporary folder: `--cards` rows, each with its own picture (a 600×840 px PNG of
gradients and grain, made with Pillow), shown full-card under the title, body and a type band, and a
back per card's type. Then:

1. a whole build, `pnp build DECK --force`, as a fresh process (its wall and CPU time);
2. `pnp watch`'s rebuild in one process, as the command runs it: a first build, then `--edits` saves of
   the CSV, each changing one cell of one card (a different card each time). For each edit: the CPU time
   of the rebuild (this process and its threads: reading the deck, laying out, the PDF, the page images),
   its wall time, and how many cards were laid out again.

Goal (2 cores): a one-cell edit under watch ≤ 1 s."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_all import measure, pnp, report

GOAL = 1.0  # s of CPU per edited cell
W, H = 600, 840
TOML = """[deck]
languages = ["en"]
back = "kind"

[layout]
name = "card"

[boxes.art]
left = 0
right = 0
top = 0
bottom = 0
image = { file = "art/{id}.png", fit = "fill" }

[boxes.kind]
fields = ["kind"]
left = 4
right = 4
bottom = 9
height = 5
padding = 0.8
valign = "middle"
background = "#f1e6cf"

[back]
text = "{{ kind }}"

[backs.beast]
text = "BEAST"
color = "#5b3a29"

[backs.spell]
text = "SPELL"
color = "#2b3d6b"
"""
KINDS = ("beast", "spell")


def cells(n: int, edit: int = 0) -> list[str]:
    body = f"Edited text {edit}: draw a card." if edit else f"When this enters play, draw a card. Card {n}."
    return [f"c{n:03}", f"Card {n}", body, KINDS[n % 2]]


def csv_text(cards: int, edited: int | None = None, edit: int = 0) -> str:
    rows = [",".join(["id", "title", "body", "kind"])]
    rows += [",".join(f'"{c}"' for c in cells(n, edit if n == edited else 0)) for n in range(1, cards + 1)]
    return "\n".join(rows) + "\n"


def make_deck(folder: Path, cards: int) -> Path:
    """The deck's files: deck.toml, deck.csv and art/cNNN.png."""
    import random

    from PIL import Image, ImageOps

    rng = random.Random(1)
    art = folder / "art"
    art.mkdir(parents=True)
    ramp = Image.linear_gradient("L").resize((W, H))
    grain = Image.effect_noise((W, H), 30).convert("RGB")
    for n in range(1, cards + 1):
        colours = [tuple(rng.randrange(256) for _ in range(3)) for _ in range(2)]
        picture = Image.blend(ImageOps.colorize(ramp.rotate(rng.uniform(0, 360)), *colours), grain, 0.1)
        picture.save(art / f"c{n:03}.png", compress_level=1)
    (folder / "deck.toml").write_text(TOML, encoding="utf-8")
    (folder / "deck.csv").write_text(csv_text(cards), encoding="utf-8")
    return folder / "deck.csv"


def save(path: Path, text: str) -> None:
    """As an editor saves: a new file renamed over the old."""
    tmp = path.with_name(".deck.csv.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def watch_edits(path: Path, out: Path, cards: int, edits: int) -> None:
    from pnp.base import Options
    from pnp.build.rebuild import Preview, Rebuilder
    from pnp.deck.draw.userdeck import deck_options

    preview = Preview()
    rebuilder = Rebuilder(path, lambda deck: deck_options(deck, Options(lang="en"), set()), out, preview)
    start, cpu = time.perf_counter(), time.process_time()
    rebuilder.rebuild()
    if preview.error:
        sys.exit(preview.error)
    print(f"watch: first build {time.perf_counter() - start:.2f} s wall, {time.process_time() - cpu:.2f} s CPU, "
          f"{len(preview.pages)} pages, {rebuilder.laid_out} cards laid out")
    walls, cpus, laid = [], [], []
    for n in range(1, edits + 1):
        card = 1 + (n * 17) % cards
        save(path, csv_text(cards, card, n))
        start, cpu = time.perf_counter(), time.process_time()
        rebuilder.rebuild()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        laid.append(rebuilder.laid_out)
        if preview.error:
            sys.exit(preview.error)
    print(f"watch: one cell edited, {edits} times: CPU median {statistics.median(cpus):.2f} s "
          f"(best {min(cpus):.2f}, worst {max(cpus):.2f}), wall median {statistics.median(walls):.2f} s; "
          f"cards laid out again per edit: {sorted(set(laid))}; goal ≤ {GOAL:g} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=133)
    parser.add_argument("--edits", type=int, default=8)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        start = time.perf_counter()
        path = make_deck(folder / "deck", args.cards)
        print(f"{args.cards} cards with art made in {time.perf_counter() - start:.1f} s")
        run = measure(pnp("build", str(path), "--force", "--out", str(folder / "out")))
        report(f"pnp build, {args.cards} cards with art", run)
        watch_edits(path, folder / "watch-out", args.cards, args.edits)


if __name__ == "__main__":
    main()
