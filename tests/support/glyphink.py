"""Where a printed character's ink lies: its glyph's bounding box, read from the font file the kit set it
in, placed at the character's origin in the PDF. pdfplumber's own boxes are the font's ascent and
descent for every character; a Q's tail or a pip's top is only in the glyph.

Positions are in the text's own frame, in pt: `along` its baseline in reading direction, `across` it
upwards as the text reads (so a 180° corner index measures as an upright one)."""
from __future__ import annotations

import math
from functools import cache

from fontTools.ttLib import TTFont

from pnp.fonts.fontset import load_fonts


class Frame:
    def __init__(self, char: dict):
        a, b, _, _, e, f = char["matrix"]
        self.angle = round(math.degrees(math.atan2(b, a))) % 360
        ux, uy = math.cos(math.radians(self.angle)), math.sin(math.radians(self.angle))
        self.along = e * ux + f * uy
        self.across = -e * uy + f * ux


@cache
def _fonts() -> dict[str, TTFont]:
    """The kit's font files by PostScript name (the name a PDF's BaseFont carries after its subset tag)."""
    found = {}
    for face in load_fonts().faces:
        for path in face.files:
            if path:
                font = TTFont(path)
                found.setdefault(font["name"].getDebugName(6), font)
    return found


def ink(char: dict) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the character's glyph in its frame, pt."""
    font = _fonts()[char["fontname"].split("+", 1)[-1]]
    glyph = font["glyf"][font.getBestCmap()[ord(char["text"])]]
    scale = char["size"] / font["head"].unitsPerEm
    frame = Frame(char)
    if not hasattr(glyph, "xMin"):  # a blank glyph (a space): no ink, a point at the origin
        return frame.along, frame.across, frame.along, frame.across
    return (frame.along + glyph.xMin * scale, frame.across + glyph.yMin * scale,
            frame.along + glyph.xMax * scale, frame.across + glyph.yMax * scale)
