"""ReportLab's parse of a TrueType font, kept in the font cache between runs.

Registering a font makes ReportLab parse its tables (names, metrics, cmap, glyph offsets) into a
face, on every run. The parsed face is kept in `<font cache>/faces/` under the font's path, size
and mtime and ReportLab's version, its large tables as packed arrays: a pickle of the same dicts and
lists is slow to read back, where arrays are read at once and a dict is made from two of them
(bench/build_speed.py times a warm build).
A later run maps the font file and reads the record; embedding reads only the outlines of the
glyphs it uses (ReportLab would copy the whole outline table for each subset it writes).
The glyph → characters table, which only text shaping uses, is made from the record on first use.

A record is kept only if it reads back to exactly what ReportLab parsed, so a table of a type the
packing does not know is never changed, merely parsed every time. A record that is missing,
unreadable or made for another file or version is ignored and made again. The PDFs are the same
either way (tests/pnp/fonts/test_parsedfonts.py checks).
"""
from __future__ import annotations

import hashlib
import mmap
import pickle
from array import array
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.reportlab_internals import font_bytes, font_from_state, parsed_state
from tabletop.fileio import write_atomic

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FORMAT = 2  # bump when what is stored changes
_MAPS = ("charToGlyph", "charWidths")  # int → number dicts, kept as a key array and a value array
_SEQUENCES = ("glyphPos",)  # lists of numbers
# Not kept as they are: the tables packed apart (besides what reportlab_internals.parsed_state
# leaves out: the font's bytes, mapped from the file, the font-unit scaling function, made again from
# unitsPerEm, and the per-document subsetting state, which each run starts without).
_PACKED = ("glyphToChar", "hmetrics", *_MAPS, *_SEQUENCES)


def reportlab_font(name: str, path: Path, cache: Path) -> TTFont:
    """A ReportLab TrueType font named `name` for the file `path`, parsed or from `cache`.
    Raises what ReportLab raises for a font it cannot use."""
    from reportlab.pdfbase.ttfonts import TTFont

    key = _key(path)
    record = cache / "faces" / f"{hashlib.sha1(key['path'].encode()).hexdigest()[:16]}.record"
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
    try:
        with record.open("rb") as f:
            stored_key, font_state, face_state, tables = pickle.load(f)
        if stored_key != key:
            return None
        return font_from_state(name, font_state, {**face_state, **_unpack_tables(tables)}, _kept_face_class(),
                               _font_bytes(path), _scale(face_state["unitsPerEm"]))
    except Exception:  # every error: whatever is wrong with a cache record, the font is parsed
        return None


def _record(record: Path, key: dict, font: TTFont) -> None:
    face = vars(font.face)
    font_state, face_state = parsed_state(font, _PACKED)
    try:
        tables = _pack_tables(face)
        restored = _unpack_tables(tables)
        if any(restored[k] != face[k] for k in _MAPS) or \
                any(list(restored[k]) != face[k] for k in (*_SEQUENCES, "hmetrics")) or \
                _glyph_to_char(restored["_glyph_chars"]) != face["glyphToChar"]:
            return  # a table the packing would change: this font is parsed every time
        write_atomic(record, pickle.dumps((key, font_state, face_state, tables), protocol=pickle.HIGHEST_PROTOCOL))
    except (OSError, pickle.PicklingError, TypeError, AttributeError, KeyError, ValueError, OverflowError):
        pass  # not kept: the next run parses the font again


def _numbers(values) -> tuple[str, bytes]:
    """Numbers as a packed array: whole numbers as 64-bit integers, any other as doubles."""
    values = list(values)
    code = "q" if all(type(v) is int for v in values) else "d"
    return code, array(code, values).tobytes()


_Packed = tuple[str, bytes]  # numbers as an array's type code and its bytes


def _array(packed: _Packed) -> array:
    code, data = packed
    out = array(code)
    out.frombytes(data)
    return out


def _pack_tables(face: dict[str, Any]) -> dict[str, Any]:
    tables: dict[str, _Packed | tuple[_Packed, _Packed]] = {
        name: (_numbers(face[name].keys()), _numbers(face[name].values())) for name in _MAPS}
    tables.update({name: _numbers(face[name]) for name in _SEQUENCES})
    tables["hmetrics"] = (_numbers(a for a, _ in face["hmetrics"]), _numbers(b for _, b in face["hmetrics"]))
    pairs = [(glyph, char) for glyph, chars in face["glyphToChar"].items() for char in chars]
    tables["_glyph_chars"] = (_numbers(g for g, _ in pairs), _numbers(c for _, c in pairs))
    return tables


def _unpack_tables(tables: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {name: dict(zip(_array(keys), _array(values))) for name, (keys, values) in
                           ((n, tables[n]) for n in _MAPS)}
    out.update({name: _array(tables[name]) for name in _SEQUENCES})
    out["hmetrics"] = _Pairs(*map(_array, tables["hmetrics"]))
    out["_glyph_chars"] = tables["_glyph_chars"]
    return out


class _Pairs:
    """The horizontal metrics as ReportLab reads them (`hmetrics[glyph]` → (advance, bearing)),
    from two arrays: making 18,000 tuples up front would cost more than the whole subset."""

    def __init__(self, first: array, second: array):
        self.first, self.second = first, second

    def __getitem__(self, index: int) -> tuple:
        return self.first[index], self.second[index]

    def __len__(self) -> int:
        return len(self.first)


def _glyph_to_char(packed) -> dict[int, list[int]]:
    table: dict[int, list[int]] = {}
    for glyph, char in zip(*map(_array, packed)):
        table.setdefault(glyph, []).append(char)
    return table


@lru_cache(maxsize=1)
def _kept_face_class() -> type:
    from reportlab.pdfbase.ttfonts import TTFontFace

    class KeptFace(TTFontFace):
        """A face read from a record: its glyph → characters table is made when first asked for,
        and its glyph outlines are read from the mapped file glyph by glyph."""

        @property
        def glyphToChar(self) -> dict[int, list[int]]:
            if "_glyph_to_char" not in self.__dict__:
                self._glyph_to_char = _glyph_to_char(self.__dict__["_glyph_chars"])
            return self._glyph_to_char

        def get_table(self, tag):
            # Each subset of 256 characters asks for the whole outline table (5.4 MB in Noto Sans
            # JP) to slice out its glyphs: copying it was half the time of writing the PDF.
            if tag != "glyf":
                return super().get_table(tag)
            return _TableView(font_bytes(self), *self.get_table_pos(tag))

    return KeptFace


class _TableView:
    """A table of the font file as ReportLab reads it (`table[start:end]` → bytes), copying only
    the slices asked for."""

    def __init__(self, data, offset: int, length: int):
        self._data, self._offset, self._length = data, offset, length

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, where: slice) -> bytes:
        start, stop, step = where.indices(self._length)
        if step != 1:
            raise ValueError("a font table is read in runs of bytes")
        return bytes(self._data[self._offset + start:self._offset + max(start, stop)])


def _font_bytes(path: Path):
    """The font file's bytes for embedding, mapped rather than read: a build reads only the glyphs
    it uses of the 5.7 MB. The cache writes fonts by renaming a new file into place, so a mapped
    file is never changed under a running build."""
    with path.open("rb") as f:
        try:
            return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):  # an empty file or a system without mmap for it
            return f.read()


def _scale(units_per_em: int):
    """Font units to PDF's thousandths of an em, as ReportLab's parse makes it."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor
