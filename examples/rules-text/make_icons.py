"""Draws this example's icons (icons/*.png) with Pillow: the project's own art, free to copy.
Run it again to remake them: python examples/rules-text/make_icons.py"""
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent / "icons"
SIZE = 96  # px: an icon prints as high as its text, 12 pt at most here: 96 px is 200 dpi at 12 pt


def tap() -> Image.Image:
    """A card turned a quarter: a rounded rectangle lying on its side with an arrow."""
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((8, 26, 88, 82), radius=9, fill="#2b3a4a")
    draw.polygon([(30, 40), (66, 54), (30, 68)], fill="#ffffff")
    return image


def coin() -> Image.Image:
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((6, 6, 90, 90), fill="#c9a227", outline="#7a5c00", width=6)
    draw.ellipse((30, 30, 66, 66), outline="#7a5c00", width=5)
    return image


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    tap().save(HERE / "tap.png", optimize=True)
    coin().save(HERE / "coin.png", optimize=True)
