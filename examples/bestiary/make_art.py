"""Draws this example's art with Pillow (simple shapes: the pictures are ours, free to copy).
Run it again to remake art/: python examples/bestiary/make_art.py"""
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

ART = Path(__file__).resolve().parent / "art"
W, H = 600, 450


def canvas():
    return Image.new("RGBA", (W, H), (0, 0, 0, 0))  # transparent: the card shows through


def sun():
    im = canvas()
    d = ImageDraw.Draw(im)
    for n in range(12):
        a = n * math.pi / 6
        d.line((W / 2, H / 2, W / 2 + 210 * math.cos(a), H / 2 + 210 * math.sin(a)), fill="#f39c12", width=14)
    d.ellipse((W / 2 - 120, H / 2 - 120, W / 2 + 120, H / 2 + 120), fill="#f1c40f", outline="#e67e22", width=8)
    return im


def wave():
    im = canvas()
    d = ImageDraw.Draw(im)
    for k, colour in enumerate(("#1f618d", "#2e86c1", "#5dade2")):
        points = [(x, 150 + 70 * k + 40 * math.sin(x / 45 + k)) for x in range(0, W + 1, 6)]
        d.polygon(points + [(W, H), (0, H)], fill=colour)
    return im


def leaf():
    im = canvas()
    d = ImageDraw.Draw(im)
    d.ellipse((120, 60, 480, 390), fill="#27ae60")
    d.line((150, 360, 450, 90), fill="#145a32", width=10)
    for t in range(1, 6):
        x, y = 150 + 50 * t, 360 - 45 * t
        d.line((x, y, x - 40, y - 70), fill="#145a32", width=5)
        d.line((x, y, x + 60, y + 30), fill="#145a32", width=5)
    return im


def mountain():
    im = canvas()
    d = ImageDraw.Draw(im)
    d.polygon([(40, 420), (250, 80), (460, 420)], fill="#7f8c8d")
    d.polygon([(250, 80), (200, 160), (300, 160)], fill="#ecf0f1")
    d.polygon([(260, 420), (420, 170), (580, 420)], fill="#566573")
    return im


def moon():
    im = canvas()
    mask = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(mask)
    d.ellipse((150, 50, 500, 400), fill=255)
    d.ellipse((230, 20, 560, 350), fill=0)
    im.paste(Image.new("RGBA", (W, H), "#d4ac0d"), mask=mask)
    return im


def dusk():
    """A photo-like JPEG: a sky gradient, hills and grain."""
    im = Image.new("RGB", (900, 675))
    d = ImageDraw.Draw(im)
    for y in range(675):
        t = y / 675
        d.line((0, y, 900, y), fill=(int(40 + 200 * t), int(30 + 90 * t), int(90 + 40 * (1 - t))))
    for k in range(3):
        base = 420 + 70 * k
        ridge = [(x, base - 60 * math.sin(x / (120 + 40 * k) + k)) for x in range(0, 901, 10)]
        d.polygon(ridge + [(900, 675), (0, 675)], fill=(30 + 15 * k, 20 + 10 * k, 40 + 10 * k))
    grain = Image.effect_noise((900, 675), 18).convert("RGB")
    return Image.blend(im, grain, 0.08).filter(ImageFilter.SMOOTH)


if __name__ == "__main__":
    ART.mkdir(exist_ok=True)
    for make in (sun, wave, leaf, mountain, moon):
        make().save(ART / f"{make.__name__}.png", optimize=True)
    dusk().save(ART / "dusk.jpg", quality=85)
