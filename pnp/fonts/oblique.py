"""A slanted copy of an upright TrueType face, for italic text in a font that has no italic (Noto
Sans JP has none; ReportLab cannot slant a font as it draws). Every outline is sheared by 12°
with fontTools, once, and kept in the font cache; the copy is registered under its own name."""
from __future__ import annotations

import io
import math
from functools import cache
from pathlib import Path

from tabletop.fileio import write_atomic

SLANT = math.tan(math.radians(12))  # the usual oblique angle
VERSION = 2  # bump when the copies are made differently


@cache
def oblique(name: str, source: str) -> str:
    """The ReportLab name of `name` (a registered upright face made from `source`) slanted,
    registered now (made the first time and cached)."""
    from reportlab.pdfbase import pdfmetrics

    from pnp.fonts.fontset import cache_dir
    from pnp.fonts.parsed import reportlab_font

    slanted = f"{name}-Oblique"
    path = Path(source)
    target = cache_dir() / f"{slanted}-{path.stat().st_size}-v{VERSION}.ttf"
    if not target.is_file():
        write_atomic(target, _slanted_bytes(path, slanted))
    pdfmetrics.registerFont(reportlab_font(slanted, target, cache_dir()))
    return slanted


def _slanted_bytes(source: Path, postscript: str) -> bytes:
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables.ttProgram import Program

    no_hints = Program()
    no_hints.fromBytecode(b"")
    font = TTFont(source)
    glyf = font["glyf"]
    shear = ((1, 0), (SLANT, 1))  # x' = x + y·tan(12°), y' = y
    for glyph_name in font.getGlyphOrder():
        glyph = glyf[glyph_name]
        if glyph.isComposite():
            for component in glyph.components:  # the parts are sheared themselves; move their offsets
                component.x += round(component.y * SLANT)
        elif glyph.numberOfContours > 0:
            glyph.coordinates.transform(shear)
            glyph.coordinates.toInt()
            glyph.program = no_hints  # hints made for upright outlines would distort these
    for table in ("fpgm", "prep", "cvt "):
        if table in font:
            del font[table]
    font["post"].italicAngle = -12.0
    names = font["name"]
    family = names.getBestFamilyName() or "Font"
    given = {2: "Oblique", 4: f"{family} Oblique", 6: postscript}
    # Every platform's record of these names goes: ReportLab shares one face between fonts of the same
    # PostScript name, and a font that also names itself for the Mac (most Latin fonts do) would keep
    # its upright name there, and print upright.
    names.names = [n for n in names.names if n.nameID not in given]
    for name_id, value in given.items():
        names.setName(value, name_id, 3, 1, 0x409)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
