"""A deck's pictures: which file each card shows in which box (`[boxes.NAME.image]`), the paths
checked to stay in the deck's folder, and every picture of a build prepared (read, placed,
downsampled, cached: `images.py`) before the cards are laid out, in parallel threads (Pillow
decodes and resamples without holding the GIL). Every bad picture of a build is reported at once."""
from __future__ import annotations

import os
import re
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

from pnp.deck.read.folder import checked
from pnp.deck.read.spreadsheet import Spreadsheet
from pnp.layout import values
from pnp.layout.keys import BoxOptions, ImageOptions
from pnp.sheets import svgpictures
from pnp.sheets.images import (
    LOW_DPI,
    Align,
    ImageError,
    ImageFit,
    cache_dir,
    dpi_of,
    parse_align,
    place,
    prepare,
    read_source,
)
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _, listing
from tabletop.record import Record

_COLUMN = re.compile(r"\{([^{}]+)\}")
WORKERS = min(8, os.cpu_count() or 1)


class BoxImage(Record):
    """A box's picture as the deck file gives it."""
    pattern: str  # `art/{id}.png`: `{id}` is the card's cell in column id
    columns: tuple[str, ...]  # the columns the pattern names
    fit: str
    align: Align
    height: float | None  # mm at the top of the box; None: the whole box, under the text
    choice: values.ValueMap | None = None  # the file a cell picks from a value map (then no pattern)


def box_image(box: str, spec: BoxOptions, table: Spreadsheet, folder: Path) -> BoxImage | None:
    """The picture `[boxes.box]` asks for, its keys checked; None if it has none."""
    if spec.image is None:
        return None
    options = ImageOptions(spec.image) if isinstance(spec.image, str) else spec.image
    where = f"boxes.{box}.image" + ("" if isinstance(spec.image, str) else ".file")
    choice = options.file if isinstance(options.file, values.ValueMap) else None
    pattern = options.file if isinstance(options.file, str) else ""  # a file name, "{column}"s in it
    columns = (choice.column,) if choice else tuple(dict.fromkeys(_COLUMN.findall(pattern)))
    for column in columns:
        if column not in table.columns:
            raise DataError(_("no column {column!r} for the picture's file name (columns: {known})").format(
                column=column, known=listing(table.columns)), where=where)
    if not columns:  # one picture on every card: checked once, here
        checked_path(folder, pattern, lambda message: DataError(message, where=where))
    for name in (*choice.map.values(), *([choice.default] if choice.default is not None else [])) if choice else ():
        checked_path(folder, str(name), lambda message: DataError(message, where=where))
    try:
        align = parse_align(options.align)
    except ValueError:
        raise DataError(_("align is one or two of top, middle, bottom, left, right, or center; got {value!r}")
                        .format(value=options.align), where=f"boxes.{box}.image.align") from None
    if options.height is not None and options.height <= 0:
        raise DataError(_("height is the picture's height in mm, more than 0"), where=f"boxes.{box}.image.height")
    return BoxImage(pattern, columns, options.fit, align, options.height, choice)


def card_images(images: dict[str, BoxImage], table: Spreadsheet, folder: Path,
                rows: Iterable) -> dict[int, dict[str, str]]:
    """Row → box → the picture's path as written (relative to the deck's folder). A card whose
    pattern names an empty cell shows no picture there. Every path out of the folder is reported."""
    found: dict[int, dict[str, str]] = {}
    errors = []
    for row in rows:
        for box, image in images.items():
            cells = {c: str(row.cells.get(c, "")).strip() for c in image.columns}
            column = image.columns[0] if image.columns else None
            wrong = partial(table.error, row=row.number, column=column)
            if image.choice is not None:  # a value map: the cell picks the file
                try:
                    name = values.chosen(image.choice, cells[image.choice.column])
                except values.Unchosen as e:
                    errors.append(table.error(str(e), row.number, column))
                    continue
                if name is None:
                    continue
                found.setdefault(row.number, {})[box] = checked_path(folder, str(name), wrong)
                continue
            if any(not v for v in cells.values()):
                continue
            name = _COLUMN.sub(partial(_cell, cells), image.pattern)
            try:
                found.setdefault(row.number, {})[box] = checked_path(folder, name, wrong)
            except DataError as e:
                errors.append(e)
    DataErrors.raise_all(errors)
    return found


def _cell(cells: dict[str, str], match: re.Match[str]) -> str:
    """The value of the column a `{column}` in an image pattern names."""
    return cells[match.group(1)]


def checked_path(folder: Path, name: str, error) -> str:
    """A picture's `name` with `/` separators, once `folder.py` finds it one the deck may read;
    refused as `error(message)`."""
    name = name.replace("\\", "/")  # a path typed on Windows
    if "://" in name:  # a link copied from a browser: said as such, not as a file that is missing
        raise error(_("picture {path!r} is a web address: a deck prints only files in its own folder and never "
                      "fetches one; save the picture there and name the file").format(path=name))
    checked(folder, name, error, _("picture {path!r}").format(path=name))
    return name


class Request(Record):
    """One picture to prepare: a file at a box's size (cards showing the same file share it)."""
    path: Path
    size: tuple[float, float]  # the box, mm
    fit: str
    align: Align


class PreparedImage(Record):
    placement: ImageFit | None  # None: the file is missing or unreadable (a draft draws a stand-in)
    file: str | None
    problem: str = ""
    svg: Any = None  # an SVG picture, drawn as vectors (svgpictures.Svg)


def prepare_all(requests: Iterable[Request], dpi: int) -> dict[Request, PreparedImage]:
    """Every request read, placed and resampled (threads: Pillow works without the GIL); a picture
    prepared before in this process, its file unchanged since, is not read again (`pnp watch`)."""
    cache = cache_dir()
    versions = {r: _version(r, dpi, cache) for r in dict.fromkeys(requests)}  # before the files are read
    done = {r: kept for r, key in versions.items() if (kept := _kept(key)) is not None}
    todo = [r for r in versions if r not in done]
    with ThreadPoolExecutor(WORKERS) as pool:
        for request, prepared in zip(todo, pool.map(lambda r: _prepare(r, dpi, cache), todo)):
            done[request] = prepared
            _keep(versions[request], prepared)
    return done


_KEPT_MOST = 20_000
_kept_prepared: dict[tuple, PreparedImage] = {}  # (request, dpi, cache, the file's size and mtime) → its preparation


def _version(request: Request, dpi: int, cache: Path) -> tuple | None:
    try:
        stat = request.path.stat()
    except OSError:
        return None
    return request, dpi, cache, stat.st_size, stat.st_mtime_ns


def _kept(key: tuple | None) -> PreparedImage | None:
    """The preparation of this version of the picture, if it was made before and its file is there."""
    prepared = _kept_prepared.get(key) if key else None
    if prepared is None:
        return None
    # An SVG is kept as its checked drawing; a raster picture as a prepared file, which must still be there.
    return prepared if prepared.svg is not None or (prepared.file and Path(prepared.file).is_file()) else None


def _keep(key: tuple | None, prepared: PreparedImage) -> None:
    if key is None or prepared.problem:  # a picture missing or unreadable is read again next time
        return
    if len(_kept_prepared) >= _KEPT_MOST:
        _kept_prepared.clear()
    _kept_prepared[key] = prepared


def _prepare(request: Request, dpi: int, cache: Path) -> PreparedImage:
    if svgpictures.is_svg(request.path):
        try:
            svg = svgpictures.load(request.path)
        except svgpictures.SvgError as e:
            return PreparedImage(None, None, str(e))
        return PreparedImage(svgpictures.place(svg, *request.size, request.fit, request.align), None, svg=svg)
    try:
        source, data = read_source(request.path)
        placement = place(*source.size, *request.size, request.fit, request.align)
        return PreparedImage(placement, str(prepare(source, data, placement, dpi, cache)))
    except ImageError as e:
        return PreparedImage(None, None, str(e))


def measure(request: Request) -> tuple[ImageFit | None, str]:
    """Where the picture goes, from its header alone (the rest of the file is not read); or why it
    cannot be read."""
    from pnp.sheets.images import picture_size

    if svgpictures.is_svg(request.path):  # a vector prints sharp at any size
        return None, ""
    try:
        size = picture_size(request.path)
    except ImageError as e:
        return None, str(e)
    return place(*size, *request.size, request.fit, request.align), ""


def low_dpi(placement: ImageFit) -> float | None:
    """The picture's resolution if it prints soft (under LOW_DPI)."""
    dpi = dpi_of(placement)
    return dpi if dpi < LOW_DPI else None


def place_name(error: DataError) -> str:
    """`deck.csv, row 3, column E "art"`: where an error without its message points."""
    from tabletop.data.load import locate

    return locate(error).location()
