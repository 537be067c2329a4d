"""Rasterise card regions of a PDF with PDFium, on every core.

Each worker process opens the PDF once and renders small runs of jobs, so results stream back in
order and the caller can paste each image and let it go (memory stays flat however big the deck).
A job either writes a PNG itself (per-card exports: no image crosses a process boundary) or hands
back the pixels (sheets assembled by the caller)."""
from __future__ import annotations

import io
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from pnp.export.regions import Region
from tabletop.fileio import write_atomic
from tabletop.record import Record

if TYPE_CHECKING:  # imported where a PDF is opened: `pnp build` never loads PDFium
    import pypdfium2 as pdfium

PNG_COMPRESS_LEVEL = 1  # far faster to encode than zlib's default, and no bigger for flat-colour cards
RUN = 6  # jobs per task: small enough to stream, big enough to keep both cores busy


class RasterJob(Record):
    region: Region
    trim: tuple[int, int]  # pixels the card's trim box becomes
    pad: tuple[int, int, int, int] = (0, 0, 0, 0)  # bleed pixels left, top, right, bottom
    dest: Path | None = None  # write a PNG here; None: return the image
    dpi: int = 300


def render(pdf: Path, jobs: list[RasterJob], workers: int | None = None) -> Iterator[Image.Image | None]:
    """Run the jobs, yielding each job's image in order (None for jobs that wrote a file)."""
    workers = min(workers or os.cpu_count() or 1, max(1, len(jobs) // 4))
    if workers <= 1:
        _open(str(pdf))
        try:
            for job in jobs:
                yield _result(job)
        finally:
            _close()
        return
    runs = [jobs[i:i + RUN] for i in range(0, len(jobs), RUN)]
    with ProcessPoolExecutor(max_workers=workers, initializer=_open, initargs=(str(pdf),)) as pool:
        for results in pool.map(_run, runs):
            for r in results:
                yield None if r is None else Image.frombytes("RGB", r[0], r[1])


def images(pdf: Path, jobs: list[RasterJob], workers: int | None = None) -> Iterator[Image.Image]:
    """Run jobs that write no file (`dest` None), yielding each one's image in order."""
    for image in render(pdf, jobs, workers):
        assert image is not None  # a job without a file gives its image
        yield image


_doc: pdfium.PdfDocument | None = None  # the PDF this process renders from
_pages: dict[int, pdfium.PdfPage] = {}


def _open(pdf_path: str) -> None:
    global _doc
    import pypdfium2 as pdfium

    _doc = pdfium.PdfDocument(pdf_path)
    _pages.clear()


def _close() -> None:
    global _doc
    for page in _pages.values():
        page.close()
    _pages.clear()
    if _doc is not None:
        _doc.close()
        _doc = None


def _run(jobs: list[RasterJob]) -> list:
    """In a worker: the jobs' images as raw pixels (None for those written to a file)."""
    out = []
    for job in jobs:
        image = _result(job)
        out.append(None if image is None else (image.size, image.tobytes()))
    return out


def _result(job: RasterJob) -> Image.Image | None:
    if job.region.page not in _pages:
        assert _doc is not None  # _open opened it in this process first
        _pages[job.region.page] = _doc[job.region.page]
    image = render_job(_pages[job.region.page], job)
    if job.dest is None:
        return image
    save_png(job.dest, image, job.dpi)
    return None


def save_png(path: Path, image: Image.Image, dpi: int | None = None) -> None:
    """Write `image` atomically as a quickly encoded PNG (with its resolution, if given)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL, **({"dpi": (dpi, dpi)} if dpi else {}))
    write_atomic(path, buf.getvalue())


def render_job(page: pdfium.PdfPage, job: RasterJob) -> Image.Image:
    region, (tw, th) = job.region, job.trim
    bw, bh = region.size
    scale = max(tw / bw, th / bh)  # cover the trim; the excess (a pixel or two) is cut evenly
    left, top, right, bottom = job.pad
    if region.rotate == 180:  # the page's left is the image's right
        left, top, right, bottom = right, bottom, left, top
    if job.pad != (0, 0, 0, 0) and region.bleed * scale >= max(job.pad):
        grow = (left / scale, bottom / scale, right / scale, top / scale)  # page: l, b, r, t
        image = _turn(_render_box(page, region.box, grow, scale, (tw + left + right, th + top + bottom)),
                      region.rotate)
        if bleed_painted(image, job.pad):
            return image
        x, y = job.pad[0], job.pad[1]
        return edge_pad(image.crop((x, y, x + tw, y + th)), *job.pad)
    image = _turn(_render_box(page, region.box, (0, 0, 0, 0), scale, (tw, th)), region.rotate)
    return edge_pad(image, *job.pad)


def bleed_painted(image: Image.Image, pad: tuple[int, int, int, int]) -> bool:
    """False when the page left some bleed blank (white) beside a card edge that is not white:
    that card was drawn only to its trim, and its edge must be extended instead."""
    w, h = image.size
    left, top, right, bottom = pad
    sides = [((0, top, 1, h - bottom), (left + 1, top, left + 2, h - bottom)) if left else None,
             ((w - 1, top, w, h - bottom), (w - right - 2, top, w - right - 1, h - bottom)) if right else None,
             ((left, 0, w - right, 1), (left, top + 1, w - right, top + 2)) if top else None,
             ((left, h - 1, w - right, h), (left, h - bottom - 2, w - right, h - bottom - 1)) if bottom else None]
    return not any(side and _white(image.crop(side[0])) and not _white(image.crop(side[1])) for side in sides)


def _white(line: Image.Image) -> bool:
    """Whether every band of the (RGB) line is at its lowest near white."""
    return all(isinstance(band, tuple) and band[0] >= 250 for band in line.getextrema())


def _render_box(page, box, grow, scale, size) -> Image.Image:
    left, bottom, right, top = page.get_cropbox()
    x0, y0, x1, y1 = box
    crop = (x0 - grow[0] - left, y0 - grow[1] - bottom, right - x1 - grow[2], top - y1 - grow[3])
    bitmap = page.render(scale=scale, crop=tuple(max(0.0, c) for c in crop), rev_byteorder=True)
    image = bitmap.to_pil().convert("RGB")
    bitmap.close()
    return fit(image, size)


def _turn(image: Image.Image, rotate: int) -> Image.Image:
    return image.transpose(Image.Transpose.ROTATE_180) if rotate == 180 else image


def fit(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """Exactly `size`: cut a rounding excess evenly from both sides, or resample if short."""
    w, h = image.size
    tw, th = size
    if (w, h) == (tw, th):
        return image
    if w >= tw and h >= th:
        x, y = (w - tw) // 2, (h - th) // 2
        return image.crop((x, y, x + tw, y + th))
    return image.resize(size, Image.Resampling.LANCZOS)


def edge_pad(image: Image.Image, left: int, top: int, right: int, bottom: int) -> Image.Image:
    """Extend the card's outermost pixels straight out into the bleed: its background or edge frame
    continues past the cut, and nothing from inside the card (a frame line, text) reappears there."""
    if not (left or top or right or bottom):
        return image
    # The outermost pixel ring may blend with whatever lies beside the card on the page: drop it.
    image = image.crop((1, 1, image.width - 1, image.height - 1))
    left, top, right, bottom = left + 1, top + 1, right + 1, bottom + 1
    w, h = image.size
    nearest = Image.Resampling.NEAREST
    wide = Image.new(image.mode, (w + left + right, h))
    wide.paste(image, (left, 0))
    if left:
        wide.paste(image.crop((0, 0, 1, h)).resize((left, h), nearest), (0, 0))
    if right:
        wide.paste(image.crop((w - 1, 0, w, h)).resize((right, h), nearest), (left + w, 0))
    out = Image.new(image.mode, (wide.width, h + top + bottom))
    out.paste(wide, (0, top))
    if top:
        out.paste(wide.crop((0, 0, wide.width, 1)).resize((wide.width, top), nearest), (0, 0))
    if bottom:
        out.paste(wide.crop((0, h - 1, wide.width, h)).resize((wide.width, bottom), nearest), (0, top + h))
    return out
