"""The font facts cache: a warm run learns whether a font is variable without opening it with
fontTools; a changed font, a stale or corrupt record are noticed and the facts found again."""
import io
import json
import os

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

from pnp.fonts import facts as fontfacts
from pnp.fonts.facts import FontFacts, font_facts
from tabletop.data.errors import DataError


def _font_bytes(variable: bool, glyph_width: int = 100) -> bytes:
    pen = TTGlyphPen(None)
    pen.moveTo((100, 0)), pen.lineTo((100 + glyph_width, 0)), pen.lineTo((100 + glyph_width, 700))
    pen.closePath()
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({ord("A"): "A"})
    fb.setupGlyf({".notdef": pen.glyph(), "A": pen.glyph()})
    fb.setupHorizontalMetrics({".notdef": (500, 100), "A": (500, 100)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Tiny", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    if variable:
        fb.setupFvar([("wght", 100, 400, 900, "Weight")], [])
    buf = io.BytesIO()
    fb.save(buf)
    return buf.getvalue()


@pytest.fixture
def font(tmp_path):
    path = tmp_path / "Tiny.ttf"
    path.write_bytes(_font_bytes(variable=True))
    return path


@pytest.fixture
def counted(monkeypatch):
    """How many times the font was really opened (with fontTools)."""
    calls = []
    examine = fontfacts._examine
    monkeypatch.setattr(fontfacts, "_examine", lambda path: calls.append(path) or examine(path))
    return calls


def _record(cache):
    (record,) = (cache / "facts").iterdir()
    return record


def test_facts_are_found_once_then_read_from_the_cache(font, tmp_path, counted):
    cache = tmp_path / "cache"
    assert font_facts(font, cache) == FontFacts(variable=True)
    assert font_facts(font, cache) == FontFacts(variable=True)
    assert counted == [font]
    assert json.loads(_record(cache).read_text())["key"]["path"] == str(font.resolve())


def test_a_changed_font_file_is_noticed(font, tmp_path, counted):
    cache = tmp_path / "cache"
    assert font_facts(font, cache).variable
    font.write_bytes(_font_bytes(variable=False))  # another font under the same name
    assert not font_facts(font, cache).variable
    assert not font_facts(font, cache).variable
    assert len(counted) == 2


def test_a_font_touched_in_place_is_looked_at_again(font, tmp_path, counted):
    cache = tmp_path / "cache"
    font_facts(font, cache)
    st = font.stat()
    os.utime(font, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # same size, new mtime
    font_facts(font, cache)
    assert len(counted) == 2


def test_a_stale_record_is_rebuilt(font, tmp_path, counted):
    cache = tmp_path / "cache"
    font_facts(font, cache)
    record = _record(cache)
    stored = json.loads(record.read_text())
    stored["key"]["format"] = fontfacts.FORMAT - 1  # written by an older version, saying the opposite
    stored["facts"]["variable"] = False
    record.write_text(json.dumps(stored))
    assert font_facts(font, cache).variable
    assert json.loads(record.read_text())["key"]["format"] == fontfacts.FORMAT
    assert font_facts(font, cache).variable and len(counted) == 2


@pytest.mark.parametrize("garbage", [b"\x00\xff not json", b"[]", b'{"key": 1}', b"",
                                     b'{"key": KEY, "facts": {"variable": "yes"}}',
                                     b'{"key": KEY, "facts": {"variable": true, "colour": 1}}'])
def test_a_corrupt_record_is_ignored_and_replaced(font, tmp_path, counted, garbage):
    cache = tmp_path / "cache"
    font_facts(font, cache)
    record = _record(cache)
    key = json.dumps(json.loads(record.read_text())["key"]).encode()
    record.write_bytes(garbage.replace(b"KEY", key))
    assert font_facts(font, cache) == FontFacts(variable=True)
    assert json.loads(record.read_text())["facts"] == {"variable": True}
    assert len(counted) == 2


def test_an_unwritable_cache_still_gives_the_facts(font, tmp_path):
    blocked = tmp_path / "cache"
    blocked.write_text("a file where the cache folder would be")
    assert font_facts(font, blocked).variable


def test_an_unusable_font_is_refused_and_not_recorded(tmp_path):
    fake = tmp_path / "font.otf"
    fake.write_bytes(b"OTTO" + bytes(100))
    with pytest.raises(DataError, match="no TrueType outlines"):
        font_facts(fake, tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


def test_the_drawable_characters_are_the_fonts_own_cmap():
    from fontTools.ttLib import TTFont

    from pnp.fonts.fontset import bundled_font, load_fonts, static_instances

    regular = static_instances(bundled_font())["regular"]
    found = load_fonts()
    assert found.faces[0].chars == frozenset(TTFont(regular, lazy=True).getBestCmap())
    symbols = TTFont(bundled_font("Noto Sans Symbols 2"), lazy=True).getBestCmap()
    assert found.faces[1].chars == frozenset(symbols)
    assert found.chars == frozenset().union(*(face.chars for face in found.faces))  # what the chain draws
