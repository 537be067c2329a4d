"""Fonts: find the bundled Noto Sans JP, make static Regular/Bold instances once, register them.

ReportLab embeds only TrueType outlines, and embeds a variable font at its default instance (Thin
for Noto Sans JP). So the variable font from the `justmytype-intl-cjk` wheel is instanced at
wght 400 and 700 with fontTools and cached outside the repository; later builds load the cache.
Only ReportLab reads a font on a warm run: whether a font is variable is recorded in the cache
(`fontfacts.py`), ReportLab's parse of each face is kept there too (`parsedfonts.py`), and the
characters a face can draw are ReportLab's own cmap of it.
"""
from __future__ import annotations

import io
import os
import zlib
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import Callable

from tabletop.data.errors import DataError
from tabletop.fileio import write_atomic
from tabletop.i18n import _
from tabletop.record import Record
from .fontfacts import font_facts
from .parsedfonts import reportlab_font

CACHE_ENV = "TABLETOP_KIT_FONT_CACHE"
WEIGHTS = {"regular": 400, "bold": 700}
CACHE_VERSION = 3  # bump when the instances are made differently (3: without the OpenType layout tables)
LAYOUT_TABLES = ("GSUB", "GPOS", "GDEF")
_BUNDLED = ("justmytype_intl_cjk", "fonts/ofl/notosansjp/NotoSansJP[wght].ttf")


class FontSet(Record):
    """The registered ReportLab font names and the characters the regular face can draw."""
    regular: str
    bold: str
    chars: frozenset[int]

    def missing(self, text: str) -> list[str]:
        return sorted({c for c in text if ord(c) not in self.chars and not c.isspace()})


def cache_dir() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "tabletop-kit" / "fonts"


def bundled_font() -> Path:
    """The font file inside its installed package (found, not imported: a wheel installs it as files)."""
    package, name = _BUNDLED
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise DataError(_("the bundled font package {package} is not installed; use --font FILE.ttf").format(
            package=package))
    return Path(spec.submodule_search_locations[0]) / name


def font_source(font_path: str | None) -> Path:
    source = Path(font_path).expanduser() if font_path else bundled_font()
    if not source.is_file():
        raise DataError(_("font file not found"), file=source)
    return source


def instance_paths(source: Path) -> dict[str, Path] | None:
    """Where the cached static instances of a variable font live; None for a static font."""
    if not font_facts(source, cache_dir()).variable:
        return None
    key = f"{source.stem.replace('[', '-').replace(']', '')}-{source.stat().st_size}"
    return {style: cache_dir() / f"{key}-{w}-v{CACHE_VERSION}.ttf" for style, w in WEIGHTS.items()}


def needs_instancing(font_path: str | None = None) -> bool:
    """True if the next `load_fonts` will spend seconds making the cached instances."""
    paths = instance_paths(font_source(font_path))
    return bool(paths) and not all(p.is_file() for p in paths.values())


def static_instances(source: Path, waiting: Callable[[list[str]], None] | None = None) -> dict[str, Path]:
    """Paths of static Regular/Bold TTFs for `source`: the file itself if it is not variable,
    else cached instances (made now if missing; written atomically, so concurrent or interrupted
    runs never leave a half-written font behind). The missing weights are made side by side, one
    process each where there are cores for it: each takes ~10 s of pure Python (fontTools applying
    the weight's deltas to 17 000 glyphs, then writing them). `waiting(styles)` is called about
    twice a second with the weights still being made (a progress bar's tick)."""
    paths = instance_paths(source)
    if paths is None:
        return {style: source for style in WEIGHTS}
    missing = [style for style, path in paths.items() if not path.is_file()]
    if len(missing) > 1 and (os.cpu_count() or 1) > 1:
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        with ProcessPoolExecutor(max_workers=min(len(missing), os.cpu_count() or 1)) as pool:
            pending = {pool.submit(make_instance, source, style, paths[style]): style for style in missing}
            while pending:
                if waiting:
                    waiting(sorted(pending.values(), key=list(WEIGHTS).index))
                done, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for future in done:
                    pending.pop(future)
                    future.result()  # a worker's error is this process's
    else:
        for style in missing:
            if waiting:
                waiting([style])
            make_instance(source, style, paths[style])
    return paths


def make_instance(source: Path, style: str, path: Path) -> None:
    """Write the static instance of `source` for `style` to `path` (in a worker process: the bytes
    stay there rather than crossing a pipe)."""
    write_atomic(path, _instance_bytes(source, style))


def _instance_bytes(source: Path, style: str) -> bytes:
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    # The font is read for this instance alone, so it is changed in place rather than copied first.
    # (fontTools can write the glyphs faster, less tightly packed, but the PDFs would embed them so:
    # 50% more glyph data for 16% less time.)
    font = TTFont(source)
    for tag in LAYOUT_TABLES:  # ReportLab neither reads nor embeds them; instancing them is a tenth of the time
        if tag in font:
            del font[tag]
    static = instancer.instantiateVariableFont(font, {"wght": WEIGHTS[style]}, updateFontNames=False, inplace=True)
    # ReportLab shares one face between fonts with the same PostScript name, so each instance
    # gets its own names (the variable font names its default instance "Thin").
    family = static["name"].getBestFamilyName() or "Font"
    subfamily = style.title()
    names = {1: family, 2: subfamily, 4: f"{family} {subfamily}",
             6: f"{family.replace(' ', '')}-{subfamily}"}
    static["name"].names = [n for n in static["name"].names if n.nameID not in (*names, 16, 17)]
    for name_id, value in names.items():
        static["name"].setName(value, name_id, 3, 1, 0x409)
    static["OS/2"].usWeightClass = WEIGHTS[style]
    out = io.BytesIO()
    static.save(out)
    return out.getvalue()


@lru_cache(maxsize=None)
def load_fonts(font_path: str | None = None) -> FontSet:
    """Register Regular and Bold with ReportLab (once per process) and return their names."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    source = font_source(font_path)
    paths = static_instances(source)
    # str hashes change from run to run; the font's name is in the PDF, so it must not
    tag = "Bundled" if font_path is None else f"User{zlib.crc32(str(source).encode()) % 10**6}"
    names = {style: f"TK{tag}-{style.title()}" for style in WEIGHTS}
    for style, path in paths.items():
        try:
            pdfmetrics.registerFont(reportlab_font(names[style], path, cache_dir()))
        except Exception as e:  # ReportLab raises plain exceptions for unusable fonts
            raise DataError(_("cannot use font: {reason}").format(reason=e), file=path) from None
    family = names["regular"]  # <b> in paragraph markup switches to the bold face
    addMapping(family, 0, 1, names["regular"])
    addMapping(family, 1, 1, names["bold"])
    addMapping(family, 0, 0, names["regular"])
    addMapping(family, 1, 0, names["bold"])
    chars = frozenset(pdfmetrics.getFont(names["regular"]).face.charToGlyph)
    return FontSet(regular=names["regular"], bold=names["bold"], chars=chars)
