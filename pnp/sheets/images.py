"""Card art: where an image goes in its box (fit, fill, stretch; aligned) and the file that is
embedded, downsampled to the print resolution at its placed size and kept in a cache.

Pure arithmetic (`place`) and Pillow (`prepare`); drawing is sheets/draw.py's. A prepared file is named
by a hash of the source's bytes and of how it is placed, so the same art drawn at the same size is
one file, which ReportLab embeds once per PDF (it names an image XObject after its file name), and a
rebuild with the art unchanged resamples nothing.
"""
from __future__ import annotations

import hashlib
import io
import math
import os
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.geometry import Rect
from tabletop.fileio import write_atomic
from tabletop.i18n import _
from tabletop.record import Record

if TYPE_CHECKING:
    from PIL import Image as PILImage

FITS = ("fit", "fill", "stretch")
# Pillow is asked to read these formats only: the art a designer exports, and nothing that makes
# Pillow run another program (EPS runs Ghostscript).
FORMATS = ("PNG", "JPEG", "WEBP")
DPI_CHOICES = (300, 600)
LOW_DPI = 150  # below this, art prints visibly soft: a warning
JPEG_QUALITY = 92
_VERSION = b"images 2"  # change when the resampling or the encoding changes: the cache is remade
_PIXELS = re.compile(r"\((\d+) pixels\)")
_H = {"left": 0.0, "center": 0.5, "right": 1.0}
_V = {"top": 0.0, "middle": 0.5, "center": 0.5, "bottom": 1.0}


class ImageError(Exception):
    """An image that cannot be read (not found, not an image, a format not taken)."""


class Align(Record):
    """Where an image that does not fill its box sits: fractions from the left and from the top."""
    x: float = 0.5
    y: float = 0.5


def parse_align(text: str) -> Align:
    """`center`, `top`, `bottom left`, `right top`...: one or two words. Raises ValueError."""
    words = text.replace("-", " ").split()
    x = y = None
    for word in words:
        if word in ("top", "bottom", "middle") and y is None:
            y = _V[word]
        elif word in ("left", "right") and x is None:
            x = _H[word]
        elif word == "center" and len(words) == 1:
            x = y = 0.5
        else:
            raise ValueError(word)
    if not words or len(words) > 2:
        raise ValueError(text)
    return Align(0.5 if x is None else x, 0.5 if y is None else y)


class ImageFit(Record):
    """The part of the source shown (pixels: left, top, right, bottom) and where it goes in its box
    (mm from the box's bottom-left corner)."""
    crop: tuple[float, float, float, float]
    rect: Rect


def place(width: int, height: int, box_w: float, box_h: float, fit: str, align: Align) -> ImageFit:
    """fit: all of it, as large as fits; fill: the box covered, the overflow cropped; stretch: the
    box covered, the proportions changed."""
    if fit == "stretch":
        return ImageFit((0, 0, width, height), Rect(0, 0, box_w, box_h))
    if fit == "fill":
        scale = max(box_w / width, box_h / height)
        shown_w, shown_h = box_w / scale, box_h / scale
        left, top = max(0.0, align.x * (width - shown_w)), max(0.0, align.y * (height - shown_h))
        crop = (left, top, min(float(width), left + shown_w), min(float(height), top + shown_h))
        return ImageFit(crop, Rect(0, 0, box_w, box_h))
    scale = min(box_w / width, box_h / height)
    w, h = width * scale, height * scale
    return ImageFit((0, 0, width, height), Rect(align.x * (box_w - w), (1 - align.y) * (box_h - h), w, h))


def dpi_of(placement: ImageFit) -> float:
    """The resolution the source prints at (the lower of the two directions)."""
    left, top, right, bottom = placement.crop
    return min((right - left) / (placement.rect.w / 25.4), (bottom - top) / (placement.rect.h / 25.4))


class Source(Record):
    """An image file as read: its digest, pixel size (upright, as its EXIF orientation shows it) and
    format."""
    path: Path
    digest: str
    size: tuple[int, int]
    format: str | None  # Pillow's name for it (None only for an image made in memory, never one read here)
    mode: str
    orientation: int = 1  # EXIF: 1 stored upright; 2–8 mirrored and/or turned (a phone's photo)


_EXIF_ORIENTATION = 0x0112
_TURNED = (5, 6, 7, 8)  # orientations stored a quarter turn from upright: width and height trade


def _orientation(image: PILImage.Image) -> int:
    try:
        value = image.getexif().get(_EXIF_ORIENTATION, 1)
    except (OSError, ValueError, SyntaxError):  # a damaged EXIF block: the pixels as stored
        return 1
    return value if value in range(1, 9) else 1


def _upright(size: tuple[int, int], orientation: int) -> tuple[int, int]:
    return (size[1], size[0]) if orientation in _TURNED else size


def open_image(path: Path, data: bytes | None = None) -> PILImage.Image:
    from PIL import Image, UnidentifiedImageError

    try:
        data = path.read_bytes() if data is None else data
    except FileNotFoundError:
        raise ImageError(_("not found")) from None
    except OSError as e:
        raise ImageError(e.strerror or str(e)) from None
    try:
        return Image.open(io.BytesIO(data), formats=FORMATS)
    except Image.DecompressionBombError as e:
        raise too_large(e) from None
    except (UnidentifiedImageError, OSError, ValueError):
        raise ImageError(_("not a PNG, JPEG or WebP image")) from None


def too_large(error: Exception) -> ImageError:
    """A picture with more pixels than Pillow opens: its guard against a small file that would unpack
    into gigabytes (a decompression bomb) refuses twice its MAX_IMAGE_PIXELS. Said with the figures."""
    from PIL import Image

    assert Image.MAX_IMAGE_PIXELS is not None  # the guard that refused the picture is on
    limit = _megapixels(2 * Image.MAX_IMAGE_PIXELS)
    found = _PIXELS.search(str(error))  # Pillow's message is the only place its count is given
    if found:
        return ImageError(_("too large: {size} megapixels, more than the {limit} a picture may have; "
                            "scale it down (300 dpi at the card's size is enough)").format(
            size=_megapixels(int(found.group(1))), limit=limit))
    return ImageError(_("too large: more than the {limit} megapixels a picture may have; scale it down "
                        "(300 dpi at the card's size is enough)").format(limit=limit))


def _megapixels(pixels: int) -> str:
    """195 for 195 000 000 pixels, 0.35 for 350 000: three figures at most."""
    return f"{pixels / 1e6:.3g}"


def picture_size(path: Path) -> tuple[int, int]:
    """The pixel size, from the file's header; raises ImageError."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path, formats=FORMATS) as image:
            return _upright(image.size, _orientation(image))
    except FileNotFoundError:
        raise ImageError(_("not found")) from None
    except Image.DecompressionBombError as e:
        raise too_large(e) from None
    except (UnidentifiedImageError, ValueError):
        raise ImageError(_("not a PNG, JPEG or WebP image")) from None
    except OSError as e:
        raise ImageError(e.strerror or str(e)) from None


def read_picture(path: Path, error: type[Exception] = ImageError) -> bytes:
    """A picture file's bytes; a file missing or unreadable raises `error` with the reason in words."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise error(_("not found")) from None
    except OSError as e:
        raise error(e.strerror or str(e)) from None


def read_source(path: Path) -> tuple[Source, bytes]:
    """The file's header (size, format) and its bytes; raises ImageError."""
    data = read_picture(path)
    image = open_image(path, data)
    orientation = _orientation(image)
    return Source(path, hashlib.sha256(data).hexdigest(), _upright(image.size, orientation), image.format,
                  image.mode, orientation), data


def prepare(source: Source, data: bytes | None, placement: ImageFit, dpi: int, cache: Path) -> Path:
    """The file to embed: the source itself when it is a plain JPEG or PNG shown whole at no more
    than `dpi`, else its shown part resampled to `dpi` at the placed size (never up), JPEG art as
    JPEG and anything else as PNG (lossless), kept in `cache` under a name made from what it is."""
    left, top, right, bottom = placement.crop
    target = (max(1, math.ceil(placement.rect.w / 25.4 * dpi)), max(1, math.ceil(placement.rect.h / 25.4 * dpi)))
    shown = (right - left, bottom - top)
    smaller = tuple(min(t, round(s)) for t, s in zip(target, shown))  # never upsampled
    whole = placement.crop == (0, 0, *source.size) and smaller == tuple(source.size) and source.orientation == 1
    if whole and (source.format, source.mode) in {("JPEG", "RGB"), ("JPEG", "L"), ("PNG", "RGB"),
                                                  ("PNG", "RGBA"), ("PNG", "L")}:
        return source.path
    jpeg = source.format == "JPEG"
    key = hashlib.sha256(b"%s %s %r %r" % (_VERSION, source.digest.encode(), placement.crop, smaller)).hexdigest()
    out = cache / f"{key[:40]}.{'jpg' if jpeg else 'png'}"
    if out.exists():
        return out
    image = open_image(source.path, data)
    if jpeg:  # decoded at 1/2, 1/4 or 1/8 scale when the print needs that few pixels: much faster
        scale = max(want / have for want, have in zip(smaller, shown))
        w, h = image.size
        image.draft(image.mode, (math.ceil(w * scale), math.ceil(h * scale)))
    try:
        image.load()
    except (OSError, ValueError, SyntaxError) as e:
        raise ImageError(_("cannot be decoded ({reason})").format(reason=e)) from None
    if source.orientation != 1:  # stood upright as the camera meant, before it is cropped
        from PIL import ImageOps

        image = ImageOps.exif_transpose(image)
    fx, fy = image.size[0] / source.size[0], image.size[1] / source.size[1]  # after a draft
    box = (left * fx, top * fy, min(right * fx, image.size[0]), min(bottom * fy, image.size[1]))
    image = _plain_mode(image)
    if smaller != image.size or box != (0, 0, *image.size):
        from PIL import Image

        image = image.resize(smaller, Image.Resampling.LANCZOS, box=box, reducing_gap=3.0)
    buffer = io.BytesIO()
    if jpeg:
        image.save(buffer, "JPEG", quality=JPEG_QUALITY, optimize=False)
    else:
        image.save(buffer, "PNG", compress_level=1)  # a cache: fast to write; the PDF compresses again
    write_atomic(out, buffer.getvalue())
    return out


def _plain_mode(image: PILImage.Image) -> PILImage.Image:
    """RGB, RGBA or L, as ReportLab embeds them (a palette PNG, grey with alpha, a CMYK JPEG are
    converted; transparency is kept)."""
    if image.mode in ("RGB", "RGBA", "L"):
        return image
    if "A" in image.mode or "a" in image.mode or "transparency" in image.info:
        return image.convert("RGBA")
    return image.convert("RGB")


def cache_dir() -> Path:
    """Resampled art, beside the font cache (`pnp/fonts/fontset.py`); a folder of this run's own, removed at
    exit, if that cannot be made or written (the build still works, only slower next time)."""
    folder = _cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return _scratch()
    return folder if os.access(folder, os.W_OK | os.X_OK) else _scratch()


def _cache_folder() -> Path:
    from pnp.fonts.fontset import cache_dir as fonts_cache

    return fonts_cache().parent / "images"


@cache
def _scratch() -> Path:
    import atexit
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="tabletop-kit-images-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def edge_colour(path: str) -> str:
    """The average colour of a picture's outermost pixels, #rrggbb: what a back's bleed is filled with
    around a picture that covers the card, so a cut a little off shows no other colour."""
    from PIL import Image, ImageStat

    with Image.open(path) as image:
        rgb = image.convert("RGBA")
        backdrop = Image.new("RGBA", rgb.size, "#ffffff")  # a transparent edge is the white card
        rgb = Image.alpha_composite(backdrop, rgb).convert("RGB")
        w, h = rgb.size
        strips = [rgb.crop(box) for box in ((0, 0, w, 1), (0, h - 1, w, h), (0, 0, 1, h), (w - 1, 0, w, h))]
        sums = [0.0, 0.0, 0.0]
        count = 0
        for strip in strips:
            stat = ImageStat.Stat(strip)
            n = strip.size[0] * strip.size[1]
            sums = [total + mean * n for total, mean in zip(sums, stat.mean)]
            count += n
    return "#" + "".join(f"{round(total / count):02x}" for total in sums)
