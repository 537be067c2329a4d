"""Draws this example's pictures with Pillow: a picture per card (art/), two icons (icons/) and the
backs' emblems (backs/). Simple shapes: the pictures are the project's own, free to copy.
Run it again to remake them: python examples/showcase/make_art.py"""
import math
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
W, H = 800, 560  # px: a 55 × 38 mm band at about 370 dpi


def sky(top: str, bottom: str) -> Image.Image:
    """A vertical gradient from `top` to `bottom`."""
    a = [int(top[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(bottom[i:i + 2], 16) for i in (1, 3, 5)]
    im = Image.new("RGB", (W, H))
    d = ImageDraw.Draw(im)
    for y in range(H):
        t = y / (H - 1)
        d.line((0, y, W, y), fill=tuple(round(x + (z - x) * t) for x, z in zip(a, b)))
    return im


def hills(d: ImageDraw.ImageDraw, colour: str, base: int, wave: float, phase: float) -> None:
    d.polygon([(x, base - 40 * math.sin(x / wave + phase)) for x in range(0, W + 1, 8)] + [(W, H), (0, H)],
              fill=colour)


def lantern() -> Image.Image:
    im = sky("#1b2a49", "#f0a35e")
    d = ImageDraw.Draw(im)
    hills(d, "#2d2a32", 430, 90, 0.3)
    d.line((400, 0, 400, 150), fill="#2d2a32", width=6)
    d.rounded_rectangle((320, 150, 480, 380), radius=50, fill="#e4572e", outline="#7a1f10", width=8)
    for y in (200, 265, 330):
        d.line((330, y, 470, y), fill="#7a1f10", width=5)
    return im


def fox() -> Image.Image:
    im = sky("#f6d18b", "#e07b39")
    d = ImageDraw.Draw(im)
    hills(d, "#6b8f3a", 470, 120, 1.1)
    d.polygon([(260, 420), (400, 180), (540, 420)], fill="#c4511b")  # head
    d.polygon([(300, 300), (280, 140), (370, 230)], fill="#c4511b")  # ears
    d.polygon([(500, 300), (520, 140), (430, 230)], fill="#c4511b")
    d.polygon([(330, 400), (400, 300), (470, 400), (400, 470)], fill="#fbe9d7")  # muzzle
    d.ellipse((350, 290, 372, 312), fill="#1d1d1d")
    d.ellipse((428, 290, 450, 312), fill="#1d1d1d")
    return im


def owl() -> Image.Image:
    im = sky("#0f1c3f", "#3b4f8a")
    d = ImageDraw.Draw(im)
    d.ellipse((600, 40, 720, 160), fill="#f4f1de")  # moon
    d.rectangle((0, 440, W, H), fill="#3a2a1a")  # branch
    d.ellipse((300, 160, 500, 450), fill="#8d6e4c")
    for cx in (355, 445):
        d.ellipse((cx - 42, 210, cx + 42, 294), fill="#f4f1de")
        d.ellipse((cx - 16, 236, cx + 16, 268), fill="#1d1d1d")
    d.polygon([(385, 300), (415, 300), (400, 330)], fill="#e0a030")
    return im


def koi() -> Image.Image:
    im = sky("#5fb8c4", "#1f5f8b")
    d = ImageDraw.Draw(im)
    for k in range(5):
        d.arc((80 + 120 * k, 60 + 60 * (k % 2), 240 + 120 * k, 160 + 60 * (k % 2)), 200, 340, fill="#bfe6ea", width=4)
    d.ellipse((220, 220, 580, 380), fill="#f4f1de")
    d.polygon([(560, 300), (700, 220), (700, 380)], fill="#f4f1de")  # tail
    d.ellipse((280, 240, 380, 320), fill="#e4572e")
    d.ellipse((420, 280, 520, 360), fill="#e4572e")
    d.ellipse((250, 270, 266, 286), fill="#1d1d1d")
    return im


def bell() -> Image.Image:
    im = sky("#f4e9cd", "#c9b79c")
    d = ImageDraw.Draw(im)
    d.rectangle((120, 90, 680, 110), fill="#5b3a29")  # beam
    d.line((400, 110, 400, 160), fill="#5b3a29", width=10)
    d.chord((270, 150, 530, 500), 180, 360, fill="#b08d57")
    d.rectangle((270, 324, 530, 420), fill="#b08d57")
    d.rectangle((250, 410, 550, 440), fill="#8a6a3a")
    return im


def moonlit() -> Image.Image:
    im = sky("#101830", "#2b3d6b")
    d = ImageDraw.Draw(im)
    for n in range(40):
        x, y = (n * 173) % W, (n * 97) % 300
        d.ellipse((x, y, x + 5, y + 5), fill="#f4f1de")
    d.ellipse((300, 120, 500, 320), fill="#f4f1de")
    d.ellipse((350, 100, 550, 300), fill="#101830")
    hills(d, "#0b0f1c", 470, 100, 2.0)
    return im


def icon(draw_on) -> Image.Image:
    im = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
    draw_on(ImageDraw.Draw(im))
    return im


def coin(d: ImageDraw.ImageDraw) -> None:
    d.ellipse((6, 6, 90, 90), fill="#c9a227", outline="#7a5c00", width=6)
    d.ellipse((30, 30, 66, 66), outline="#7a5c00", width=5)


def tap(d: ImageDraw.ImageDraw) -> None:
    d.rounded_rectangle((8, 26, 88, 82), radius=9, fill="#2b3a4a")
    d.polygon([(30, 40), (66, 54), (30, 68)], fill="#ffffff")


def emblem(colour: str, sun: bool) -> Image.Image:
    """A back's emblem, the same after a half turn: a sun's rays, or a ring of stars, around a clear
    middle for the back's word, with room all round so nothing meets the card's edge."""
    w, h = 630, 880  # the card's proportions: a back's picture covers the card
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    c, m = w / 2, h / 2
    count = 16 if sun else 8
    for n in range(count):
        a = n * 2 * math.pi / count
        if sun:
            d.line((c + 150 * math.cos(a), m + 150 * math.sin(a), c + 225 * math.cos(a), m + 225 * math.sin(a)),
                   fill=colour, width=16)
        else:
            x, y = c + 190 * math.cos(a), m + 190 * math.sin(a)
            d.ellipse((x - 18, y - 18, x + 18, y + 18), fill=colour)
    d.ellipse((c - 120, m - 120, c + 120, m + 120), outline=colour, width=14)
    return im


if __name__ == "__main__":
    for folder in ("art", "icons", "backs"):
        (HERE / folder).mkdir(exist_ok=True)
    for make in (lantern, fox, owl, koi, bell, moonlit):
        make().save(HERE / "art" / f"{make.__name__}.jpg", quality=88)  # as artists export: JPEG
    icon(coin).save(HERE / "icons" / "coin.png", optimize=True)
    icon(tap).save(HERE / "icons" / "tap.png", optimize=True)
    emblem("#f6d18b", sun=True).save(HERE / "backs" / "sun.png", optimize=True)
    emblem("#c9d6f2", sun=False).save(HERE / "backs" / "moon.png", optimize=True)
