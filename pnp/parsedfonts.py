"""ReportLab's parse of a TrueType font, kept in the font cache between runs.

Registering a font makes ReportLab parse its tables (names, metrics, cmap, glyph offsets) into a
face: 45 ms for each face of Noto Sans JP, on every run. The parsed face, less the font's bytes, is
pickled into `<font cache>/faces/` under the font's path, size and mtime and ReportLab's version; a
later run reads the font's bytes (embedding needs them) and the pickle, ~10 ms. A record that is
missing, unreadable or made for another file or version is ignored and made again, and a font
whose parse cannot be kept (a newer ReportLab holding something pickle cannot write) is simply
parsed every time. The PDFs are the same either way (tests/test_parsedfonts.py checks).
"""
from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from tabletop.fileio import write_atomic

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FORMAT = 1  # bump when what is stored changes
# Not kept: the font's bytes (read from the file), the per-document subsetting state (each run
# starts without one) and the font-unit scaling function (made again from unitsPerEm).
_FRESH_FACE = ("_ttf_data", "_pdfScale")
_FRESH_FONT = ("face", "state")


def reportlab_font(name: str, path: Path, cache: Path) -> TTFont:
    """A ReportLab TrueType font named `name` for the file `path`, parsed or from `cache`.
    Raises what ReportLab raises for a font it cannot use."""
    from reportlab.pdfbase.ttfonts import TTFont

    key = _key(path)
    record = cache / "faces" / f"{hashlib.sha1(key['path'].encode()).hexdigest()[:16]}.pickle"
    font = _recorded(record, key, name, path)
    if font is None:
        font = TTFont(name, str(path))
        _record(record, key, font)
    return font


def _key(path: Path) -> dict:
    import reportlab

    st = path.stat()
    return {"path": str(path.resolve()), "size": st.st_size, "mtime_ns": st.st_mtime_ns,
            "reportlab": reportlab.Version, "format": FORMAT}


def _recorded(record: Path, key: dict, name: str, path: Path) -> TTFont | None:
    from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

    try:
        with record.open("rb") as f:
            stored_key, font_state, face_state = pickle.load(f)
        if stored_key != key:
            return None
        face = TTFontFace.__new__(TTFontFace)
        face.__dict__.update(face_state)
        face._ttf_data = path.read_bytes()
        face._pdfScale = _scale(face.unitsPerEm)
        font = TTFont.__new__(TTFont)
        font.__dict__.update(font_state)
    except Exception:  # noqa: BLE001 — whatever is wrong with a cache record, the font is parsed
        return None
    font.fontName, font.face, font.state = name, face, WeakKeyDictionary()
    return font


def _record(record: Path, key: dict, font: TTFont) -> None:
    face_state = {k: v for k, v in font.face.__dict__.items() if k not in _FRESH_FACE}
    font_state = {k: v for k, v in font.__dict__.items() if k not in _FRESH_FONT}
    try:
        write_atomic(record, pickle.dumps((key, font_state, face_state), protocol=pickle.HIGHEST_PROTOCOL))
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # not kept: the next run parses the font again


def _scale(units_per_em: int):
    """Font units to PDF's thousandths of an em, as ReportLab's parse makes it."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
