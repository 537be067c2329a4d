"""Where the ink lies in a rendered page: the box of what is printed inside a window, in mm, and
whether two boxes agree within a tolerance."""
from __future__ import annotations

from PIL import Image, ImageChops

from pnp.geometry import Rect


def ink_box(image: Image.Image, window: Rect) -> Rect:
    """The bounding box, mm, of what is printed inside `window` (mm): a pixel counts where it is at least
    half as dark as the darkest there, so an edge's antialiased pixel counts by its coverage."""
    px = image.info["dpi"][0] / 25.4
    crop = image.crop((round(window.x * px), round(window.y * px), round(window.x1 * px), round(window.y1 * px)))
    r, g, b = crop.convert("RGB").split()
    darkness = ImageChops.invert(ImageChops.darker(ImageChops.darker(r, g), b))
    half = darkness.getextrema()[1] / 2
    left, top, right, bottom = darkness.point(lambda v: 255 if v >= half else 0).getbbox()
    x0, y0 = round(window.x * px), round(window.y * px)
    return Rect((x0 + left) / px, (y0 + top) / px, (right - left) / px, (bottom - top) / px)


def near(a: Rect, b: Rect, tol: float) -> bool:
    return all(abs(x - y) <= tol for x, y in zip((a.x, a.y, a.x1, a.y1), (b.x, b.y, b.x1, b.y1)))
