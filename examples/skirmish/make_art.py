"""Draws this example's emblems with Pillow (art/): one per faction, shown on its leaders. Simple
shapes: the pictures are the project's own, free to copy.
Run it again to remake them: python examples/skirmish/make_art.py"""
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
S = 600  # px: a 30 mm emblem at about 500 dpi


def ember() -> Image.Image:
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((20, 20, S - 20, S - 20), fill="#f3d9c4", outline="#7a1f10", width=18)
    d.polygon([(300, 90), (420, 300), (370, 470), (230, 470), (180, 300)], fill="#c0392b")  # a flame
    d.polygon([(300, 230), (360, 350), (330, 440), (270, 440), (240, 350)], fill="#f39c12")
    return im


def tide() -> Image.Image:
    im = Image.new("RGBA", (S, S), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((20, 20, S - 20, S - 20), fill="#d6e6f5", outline="#1b3f6b", width=18)
    for n, y in enumerate((230, 320, 410)):  # three waves
        d.arc((110 + 20 * n, y - 90, 490 - 20 * n, y + 90), 200, 340, fill="#2e6fb0", width=34)
    return im


if __name__ == "__main__":
    (HERE / "art").mkdir(exist_ok=True)
    ember().save(HERE / "art" / "ember.png")
    tide().save(HERE / "art" / "tide.png")
