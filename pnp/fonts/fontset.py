"""Fonts: a fallback chain of faces — by default the bundled Noto Sans JP, then Noto Sans Symbols 2 and
STIX Two Math for the symbols card games use (➪ ✕ ⚡ ↻ ⟳) — each registered with ReportLab in Regular
and Bold (and Italic where the font has one; else a slanted copy made on first use, `oblique.py`).
`fallback.py` sets each character in the first face of the chain that draws it.

ReportLab embeds only TrueType outlines, and embeds a variable font at its default instance (Thin
for Noto Sans JP). So the variable font from the `justmytype-intl-cjk` wheel is instanced at
wght 400 and 700 with fontTools and cached outside the repository; later builds load the cache.
Only ReportLab reads a font on a warm run: whether a font is variable is recorded in the cache
(`fonts/facts.py`), ReportLab's parse of each face is kept there too (`fonts/parsed.py`), and the
characters a face can draw are ReportLab's own cmap of it.
"""
from __future__ import annotations

import io
import os
import zlib
from collections.abc import Callable
from functools import cache, partial
from importlib.util import find_spec
from pathlib import Path

from pnp.fonts.facts import font_facts
from pnp.fonts.parsed import reportlab_font
from tabletop.data.errors import DataError
from tabletop.fileio import write_atomic
from tabletop.i18n import _
from tabletop.record import Record

CACHE_ENV = "TABLETOP_KIT_FONT_CACHE"
WEIGHTS = {"regular": 400, "bold": 700}
CACHE_VERSION = 3  # bump when the instances are made differently (3: without the OpenType layout tables)
LAYOUT_TABLES = ("GSUB", "GPOS", "GDEF")
# The bundled fonts, by the name a deck file gives them: JustMyType's font packs, Google Fonts'
# OFL files as wheels. The western pack is the only packaged source of both symbol fonts.
BUNDLED = {"Noto Sans JP": ("justmytype_intl_cjk", "fonts/ofl/notosansjp/NotoSansJP[wght].ttf"),
           "Noto Sans Symbols 2": ("justmytype_western_core",
                                   "fonts/ofl/notosanssymbols2/NotoSansSymbols2-Regular.ttf"),
           "STIX Two Math": ("justmytype_western_core", "fonts/ofl/stixtwomath/STIXTwoMath-Regular.ttf")}
_TAGS = {"Noto Sans JP": "Bundled", "Noto Sans Symbols 2": "Symbols2", "STIX Two Math": "STIXMath"}
_BUNDLED = BUNDLED["Noto Sans JP"]


class FontSpec(Record):
    """One font of a chain: its files by style (a path, or a name of BUNDLED). A variable font's Bold
    is its wght 700; a missing Italic is the upright face slanted."""
    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


DEFAULT_CHAIN = tuple(FontSpec(name) for name in BUNDLED)


class ChainFont(Record):
    """One font of the chain as registered: ReportLab names per style and the characters it draws.
    `italic`/`bold_italic` None: the font has none (a slanted copy is made when first needed, from
    `files`); `has_bold` False: its bold text prints in its regular face."""
    label: str
    regular: str
    bold: str
    chars: frozenset[int]
    italic: str | None = None
    bold_italic: str | None = None
    has_bold: bool = True
    files: tuple[str, str] = ("", "")  # the regular and bold TrueType files, for a slanted copy


class FontSet(Record):
    """The chain's faces; `regular`/`bold` are the first face's (a paragraph's own font), `chars`
    what the chain as a whole can draw."""
    regular: str
    bold: str
    chars: frozenset[int]
    faces: tuple[ChainFont, ...] = ()

    def missing(self, text: str) -> list[str]:
        return sorted({c for c in text if ord(c) not in self.chars and not c.isspace()})

    def has(self, text: str) -> bool:
        return not self.missing(text)


def cache_dir() -> Path:
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "tabletop-kit" / "fonts"


def bundled_font(label: str = "Noto Sans JP") -> Path:
    """The font file inside its installed package (found, not imported: a wheel installs it as files)."""
    package, name = BUNDLED[label]
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise DataError(_("the bundled font package {package} is not installed; reinstall tabletop-kit").format(
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


def sources_to_instance(font_path: str | None = None, chain: tuple[FontSpec, ...] = ()) -> list[Path]:
    """The variable fonts whose static instances the next `load_fonts` would have to make first."""
    sources = [font_source(font_path)] if font_path else []
    sources += [_file(spec.regular) for spec in chain or DEFAULT_CHAIN if spec.bold is None]
    return [source for source in dict.fromkeys(sources)
            if (paths := instance_paths(source)) and not all(p.is_file() for p in paths.values())]


def needs_instancing(font_path: str | None = None, chain: tuple[FontSpec, ...] = ()) -> bool:
    """True if the next `load_fonts` will spend seconds making the cached instances."""
    return bool(sources_to_instance(font_path, chain))


# The steps of making one weight, in order, as the first run's bar counts them: applying the weight's
# deltas to every glyph, then writing the glyphs out (each a large share of the time: bench/first_run.py).
STEPS = ("instancing", "writing")
Report = Callable[[dict[str, int]], None]


def static_instances(source: Path, report: Report | None = None) -> dict[str, Path]:
    """Paths of static Regular/Bold TTFs for `source`: the file itself if it is not variable,
    else cached instances (made now if missing; written atomically, so concurrent or interrupted
    runs never leave a half-written font behind). The missing weights are made side by side, one
    process each where there are cores for it: each is seconds of pure Python (fontTools applying
    the weight's deltas to every glyph, then writing them; bench/first_run.py times it). `report(done)` is
    called about twice a second with each missing weight's count of STEPS finished so far."""
    paths = instance_paths(source)
    if paths is None:
        return {style: source for style in WEIGHTS}
    missing = [style for style, path in paths.items() if not path.is_file()]
    done = dict.fromkeys(missing, 0)

    def reached(style: str, steps: int) -> None:
        done[style] = steps
        if report:
            report(dict(done))

    if len(missing) > 1 and (os.cpu_count() or 1) > 1:
        _side_by_side(source, missing, paths, done, report)
    else:
        for style in missing:
            if report:
                report(dict(done))
            make_instance(source, style, paths[style], partial(reached, style))
    return paths


def _side_by_side(source: Path, missing: list[str], paths: dict[str, Path], done: dict[str, int],
                  report: Report | None) -> None:
    """One worker process per weight; each says on a queue when it finished a step."""
    import multiprocessing
    import queue as queues
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    context = multiprocessing.get_context()
    steps = context.Queue()
    with ProcessPoolExecutor(max_workers=min(len(missing), os.cpu_count() or 1), mp_context=context,
                             initializer=_take_queue, initargs=(steps,)) as pool:
        pending = {pool.submit(make_instance, source, style, paths[style]): style for style in missing}
        while pending:
            try:
                while True:
                    style, reached = steps.get_nowait()
                    done[style] = max(done[style], reached)
            except queues.Empty:
                pass
            if report:
                report(dict(done))
            finished, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in finished:
                style = pending.pop(future)
                future.result()  # a worker's error is this process's
                done[style] = len(STEPS)
    if report:
        report(dict(done))
    steps.close()


_worker_steps = None  # a worker's queue to the process waiting for it


def _take_queue(steps) -> None:
    global _worker_steps
    _worker_steps = steps


def make_instance(source: Path, style: str, path: Path, reached: Callable[[int], None] | None = None) -> None:
    """Write the static instance of `source` for `style` to `path` (in a worker process: the bytes
    stay there rather than crossing a pipe); `reached(n)` once each of STEPS is done (a worker puts
    it on its queue instead)."""
    if reached is None:
        reached = (lambda n: _worker_steps.put((style, n))) if _worker_steps is not None else (lambda n: None)
    write_atomic(path, _instance_bytes(source, style, lambda: reached(1)))
    reached(len(STEPS))


def _instance_bytes(source: Path, style: str, step: Callable[[], None] = lambda: None) -> bytes:
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer

    # The font is read for this instance alone, so it is changed in place rather than copied first.
    # (fontTools can write the glyphs faster, less tightly packed, but every PDF would then embed the
    # looser glyph data: a one-time saving paid for in each file.)
    font = TTFont(source)
    for tag in LAYOUT_TABLES:  # ReportLab neither reads nor embeds them: instancing them is time for nothing
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
    step()
    out = io.BytesIO()
    static.save(out)
    return out.getvalue()


@cache
def load_fonts(font_path: str | None = None, chain: tuple[FontSpec, ...] = ()) -> FontSet:
    """Register the chain's faces with ReportLab (once per process): `chain` (a deck's fonts, paths
    already resolved), else `font_path` (--font) before the default chain, else the default chain.
    The default chain always ends a deck's own, so the kit's words (footers) always have glyphs."""
    specs = tuple(dict.fromkeys(((FontSpec(font_path),) if font_path else ()) + chain + DEFAULT_CHAIN))
    faces = tuple(_register(spec) for spec in specs)
    chars = frozenset().union(*(face.chars for face in faces))
    return FontSet(regular=faces[0].regular, bold=faces[0].bold, chars=chars, faces=faces)


def chain_files(font_path: str | None = None, chain: tuple[FontSpec, ...] = ()) -> tuple[Path, ...]:
    """Every font file a chain is made from (what a build depends on)."""
    specs = ((FontSpec(font_path),) if font_path else ()) + chain + DEFAULT_CHAIN
    # a missing file is a dependency too (the build will say so): named, not checked
    return tuple(dict.fromkeys(bundled_font(f) if f in BUNDLED else Path(f).expanduser() for spec in specs
                               for f in (spec.regular, spec.bold, spec.italic, spec.bold_italic) if f))


def _file(name: str) -> Path:
    return bundled_font(name) if name in BUNDLED else font_source(name)


def _tag(spec: FontSpec) -> str:
    """The registered names' stem. str hashes change from run to run; the name is in the PDF, so it
    must not: a user's font is named after a checksum of its path."""
    if spec.regular in BUNDLED and spec.bold is None:
        return _TAGS[spec.regular]
    key = "|".join(str(_file(f)) if f else "" for f in (spec.regular, spec.bold, spec.italic, spec.bold_italic))
    return f"User{zlib.crc32(key.encode()) % 10**6}"


def regular_name(spec: FontSpec) -> str:
    """The name ReportLab knows the font's regular face by, once `load_fonts` registered it."""
    return f"TK{_tag(spec)}-Regular"


def _register(spec: FontSpec) -> ChainFont:
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    source = _file(spec.regular)
    tag = _tag(spec)
    if spec.bold is not None:
        paths = {"regular": source, "bold": _file(spec.bold)}
    else:
        paths = static_instances(source)
    has_bold = spec.bold is not None or paths["bold"] != paths["regular"]
    paths |= {style: _file(f) for style, f in (("italic", spec.italic), ("bold_italic", spec.bold_italic)) if f}
    names = {style: f"TK{tag}-{style.title().replace('_', '')}" for style in paths}
    fonts = {}
    for style, path in paths.items():
        try:
            fonts[style] = reportlab_font(names[style], path, cache_dir())
            pdfmetrics.registerFont(fonts[style])
        except Exception as e:  # ReportLab raises plain exceptions for unusable fonts
            raise DataError(_("cannot use font: {reason}").format(reason=e), file=path) from None
    # <b> and <i> in paragraph markup switch faces (fallback.py slants where there is no italic).
    # ReportLab reads a font name's style from the last mapping naming it: the upright ones go last.
    family = names["regular"]
    addMapping(family, 0, 1, names.get("italic", names["regular"]))
    addMapping(family, 1, 1, names.get("bold_italic", names.get("italic", names["bold"])))
    addMapping(family, 0, 0, names["regular"])
    addMapping(family, 1, 0, names["bold"])
    chars = frozenset(fonts["regular"].face.charToGlyph)
    return ChainFont(spec.regular if spec.regular in BUNDLED else source.name, names["regular"], names["bold"], chars,
                names.get("italic"), names.get("bold_italic"), has_bold, (str(paths["regular"]), str(paths["bold"])))
