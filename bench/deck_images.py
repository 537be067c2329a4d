"""A deck with art on every card: how long `pnp build` takes and how much memory it needs.

    python bench/deck_images.py [--cards 500] [--png] [--art DIR]

Makes a deck of 500 cards, each with its own photo-like 1500×2100 px JPEG (noise over gradients, as
artists export them; --png: the same pictures as PNG), shown with `fit = "fill"` in the card
layout's body box, then runs, each as a fresh process as a user would:

1. a cold build: empty output and an empty picture cache (every picture read and resampled);
2. the same build again with the art unchanged (`--force`: the PDF is remade, the resampled pictures
   come from the cache);
3. the same command once more with nothing changed (up to date).

Targets (2 cores): cold ≤ 20 s, again ≤ 5 s, peak memory ≤ 600 MB. Also printed: the PDF's size
against the resampled pictures' own (the PDF should hold little more than them)."""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_all import measure, pnp, report

COLD_TARGET, AGAIN_TARGET, MEMORY_TARGET = 20.0, 5.0, 600
W, H = 1500, 2100


def make_pictures(folder: Path, n: int, png: bool) -> float:
    """n distinct pictures: a two-colour gradient at an angle, a soft blob of a third colour and
    grain, all with Pillow. Returns the seconds spent."""
    import random

    from PIL import Image, ImageOps

    start = time.perf_counter()
    rng = random.Random(1)
    folder.mkdir(parents=True, exist_ok=True)
    ramp, blob = Image.linear_gradient("L"), Image.radial_gradient("L")

    def colour():
        return tuple(rng.randrange(256) for _ in range(3))

    for i in range(n):
        turned = ramp.resize((512, 512)).rotate(rng.uniform(0, 360), Image.Resampling.BILINEAR)
        slope = turned.crop((128, 128, 384, 384))
        image = ImageOps.colorize(slope.resize((W, H), Image.Resampling.BILINEAR), colour(), colour())
        r = rng.randrange(300, 1200)
        mask = ImageOps.invert(blob.resize((r, r), Image.Resampling.BILINEAR))
        image.paste(Image.new("RGB", (r, r), colour()), (rng.randrange(-r // 2, W), rng.randrange(-r // 2, H)),
                    mask.point(lambda v: v // 2))
        grain = Image.effect_noise((W, H), 40).convert("RGB")  # as a camera or a brush leaves
        picture = Image.blend(image, grain, 0.12)
        if png:
            picture.save(folder / f"{i:04}.png", compress_level=6)
        else:
            picture.save(folder / f"{i:04}.jpg", quality=90)
    return time.perf_counter() - start


def write_deck(folder: Path, n: int, png: bool) -> Path:
    rows = ["id,title,body"] + [f'{i:04},Card {i},"Text of card {i}: draw a card, then discard one."' for i in range(n)]
    (folder / "art.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "art.toml").write_text(f"""[deck]
id = "art"
languages = ["en"]

[layout]
name = "card"

[boxes.body.image]
file = "art/{{id}}.{'png' if png else 'jpg'}"
fit = "fill"
height = 45
""", encoding="utf-8")
    return folder / "art.csv"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--png", action="store_true", help="PNG pictures instead of JPEG")
    parser.add_argument("--art", type=Path, help="keep the pictures in DIR, made only if missing (runs again)")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (1 min)")
    with tempfile.TemporaryDirectory(prefix="pnp-art-") as tmp:
        tmp = Path(tmp)
        art = tmp / "deck" / "art"
        if args.art:
            kind = f"{args.cards}-{'png' if args.png else 'jpg'}"
            if not (args.art / kind).is_dir():
                make_pictures(args.art / f"{kind}.part", args.cards, args.png)
                (args.art / f"{kind}.part").rename(args.art / kind)
            art.mkdir(parents=True)  # linked, not a symbolic link: a deck's files stay in its folder
            for picture in (args.art / kind).iterdir():
                try:
                    os.link(picture, art / picture.name)
                except OSError:
                    shutil.copyfile(picture, art / picture.name)
            seconds = 0.0
        else:
            seconds = make_pictures(art, args.cards, args.png)
        size = sum(p.stat().st_size for p in art.iterdir())
        print(f"{args.cards} pictures {W}×{H} px ({'PNG' if args.png else 'JPEG'}): {size / 1e6:.0f} MB, "
              f"made in {seconds:.1f} s")
        deck = write_deck(tmp / "deck", args.cards, args.png)
        out = tmp / "out"
        os.environ.pop("TABLETOP_KIT_FONT_CACHE", None)
        cache = tmp / "cache"  # an empty picture cache beside a warm font cache
        os.environ["XDG_CACHE_HOME"] = str(cache)
        _link_fonts(cache)
        command = pnp("build", str(deck), "--out", str(out))
        cold = measure(command)
        report(f"cold: {args.cards} cards, every picture resampled", cold, f"≤ {COLD_TARGET:g} s")
        again = measure(command + ["--force"])
        report("again, art unchanged (--force)", again, f"≤ {AGAIN_TARGET:g} s")
        noop = measure(command)
        report("again, nothing changed (up to date)", noop)
        pdf = next((out / "art").glob("*.pdf"))
        resampled = sum(p.stat().st_size for p in (cache / "tabletop-kit" / "images").iterdir())
        print(f"PDF {pdf.stat().st_size / 1e6:.1f} MB; the resampled pictures {resampled / 1e6:.1f} MB "
              f"({pdf.stat().st_size / resampled:.2f}×)")
        peak = max(cold.maxrss_mb, again.maxrss_mb)
        print(f"targets: cold {'met' if cold.seconds <= COLD_TARGET else 'MISSED'}, again "
              f"{'met' if again.seconds <= AGAIN_TARGET else 'MISSED'}, memory "
              f"{'met' if peak <= MEMORY_TARGET else 'MISSED'} ({peak:.0f} MB)")


def _link_fonts(cache: Path) -> None:
    """The user's font cache, linked into the bench's cache folder: fonts are warm, pictures cold."""
    real = Path(os.environ.get("HOME", "~")).expanduser() / ".cache" / "tabletop-kit"
    (cache / "tabletop-kit").mkdir(parents=True, exist_ok=True)
    for name in ("fonts", "templates"):
        if (real / name).exists() and not (cache / "tabletop-kit" / name).exists():
            (cache / "tabletop-kit" / name).symlink_to(real / name)


if __name__ == "__main__":
    main()
