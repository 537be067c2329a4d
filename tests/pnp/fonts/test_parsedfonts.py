"""ReportLab's parse of a font kept between runs: the same PDF as a fresh parse; a changed font, a
record of another ReportLab version or a corrupt record mean a fresh parse, never a crash."""
import os
import pickle
import shutil
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfbase import ttfonts

from pdfcheck import page_set_in
from pnp.fonts import parsed as parsedfonts
from pnp.fonts.fontset import bundled_font, static_instances
from pnp.fonts.parsed import reportlab_font
from pnp.reportlab_internals import PDF_SCALE


@pytest.fixture
def font(tmp_path):
    path = tmp_path / "Vera.ttf"
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf", path)
    return path


@pytest.fixture
def parses(monkeypatch):
    """Each real parse of a font by ReportLab."""
    calls = []
    parse = ttfonts.TTFont.__init__

    def counted(self, name, filename, *args, **kwargs):
        calls.append(filename)
        parse(self, name, filename, *args, **kwargs)

    monkeypatch.setattr(ttfonts.TTFont, "__init__", counted)
    return calls


def test_a_kept_parse_makes_the_same_pdf_as_a_fresh_one(tmp_path, parses):
    regular = static_instances(bundled_font())["regular"]
    fresh = reportlab_font("TKTest-Regular", regular, tmp_path)
    kept = reportlab_font("TKTest-Regular", regular, tmp_path)
    assert len(parses) == 1 and kept is not fresh and kept.face is not fresh.face
    assert kept.face.charToGlyph == fresh.face.charToGlyph
    assert kept.face.charWidths == fresh.face.charWidths
    assert list(kept.face.glyphPos) == fresh.face.glyphPos
    assert list(kept.face.hmetrics) == fresh.face.hmetrics
    # made on demand: only text shaping asks for it
    assert kept.face.glyphToChar == fresh.face.glyphToChar
    assert page_set_in(kept) == page_set_in(fresh)


def test_the_parse_is_kept_per_file_and_named_per_use(font, tmp_path, parses):
    a = reportlab_font("A", font, tmp_path / "cache")
    b = reportlab_font("B", font, tmp_path / "cache")
    assert (a.fontName, b.fontName) == ("A", "B")
    assert len(parses) == 1
    assert len(list((tmp_path / "cache" / "faces").iterdir())) == 1


def test_a_changed_font_is_parsed_again(font, tmp_path, parses):
    reportlab_font("A", font, tmp_path)
    st = font.stat()
    os.utime(font, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    reportlab_font("A", font, tmp_path)
    reportlab_font("A", font, tmp_path)
    assert len(parses) == 2


def test_a_record_of_another_reportlab_is_not_used(font, tmp_path, parses, monkeypatch):
    reportlab_font("A", font, tmp_path)
    monkeypatch.setattr(reportlab, "Version", reportlab.Version + ".next")
    reportlab_font("A", font, tmp_path)
    assert len(parses) == 2


@pytest.mark.parametrize("garbage", [b"", b"not a pickle", pickle.dumps([1, 2]), pickle.dumps(("k", {}, {}))])
def test_a_corrupt_record_is_ignored_and_replaced(font, tmp_path, parses, garbage):
    reportlab_font("A", font, tmp_path)
    (record,) = (tmp_path / "faces").iterdir()
    record.write_bytes(garbage)
    again = reportlab_font("A", font, tmp_path)
    assert again.face.charToGlyph and len(parses) == 2
    reportlab_font("A", font, tmp_path)
    assert len(parses) == 2  # the record was made again


def test_an_unwritable_cache_still_gives_the_font(font, tmp_path, parses):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    assert reportlab_font("A", font, blocked).face.charToGlyph
    assert reportlab_font("A", font, blocked).face.charToGlyph
    assert len(parses) == 2


def test_an_unusable_font_still_fails_as_before(tmp_path):
    bad = tmp_path / "bad.ttf"
    bad.write_bytes(b"\x00\x01\x00\x00" + bytes(8))
    # ReportLab's own refusal: TTFError, or KeyError for a file without the tables it looks up
    with pytest.raises((ttfonts.TTFError, KeyError)):
        reportlab_font("A", bad, tmp_path)
    assert not (tmp_path / "faces").exists()


def test_a_kept_face_embeds_the_same_glyphs_in_every_subset(tmp_path):
    # More than 256 characters: ReportLab embeds several subsets, each reading its glyphs' outlines
    # from the mapped file instead of a copy of the whole outline table.
    regular = static_instances(bundled_font())["regular"]
    fresh = reportlab_font("TKTest-Regular", regular, tmp_path)
    kept = reportlab_font("TKTest-Regular", regular, tmp_path)
    assert isinstance(kept.face.get_table("glyf"), parsedfonts._TableView)
    kanji = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 600))
    lines = [kanji[i:i + 60] for i in range(0, len(kanji), 60)]
    pdf = page_set_in(kept, *lines)
    assert pdf == page_set_in(fresh, *lines)
    assert pdf.count(b"/FontFile2") >= 3  # three subsets or more


def test_composite_glyphs_are_embedded_as_from_a_fresh_parse(font, tmp_path):
    # Vera draws accented letters from parts (composite glyphs): the subset renumbers the parts.
    fresh = reportlab_font("A", font, tmp_path)
    kept = reportlab_font("A", font, tmp_path)
    assert isinstance(kept.face.get_table("glyf"), parsedfonts._TableView)
    assert page_set_in(kept, "Ça été ÀÉÎÕÜ ñ ¼½¾ Šž") == page_set_in(fresh, "Ça été ÀÉÎÕÜ ñ ¼½¾ Šž")


def test_a_table_view_reads_the_bytes_asked_for():
    data = bytes(range(100))
    view = parsedfonts._TableView(data, 10, 50)
    assert len(view) == 50
    assert view[0:4] == data[10:14] and view[46:60] == data[56:60] and view[5:2] == b""
    with pytest.raises(ValueError):
        view[0:10:2]


def test_the_unit_scale_is_remade_as_reportlab_makes_it(font, tmp_path):
    fresh = reportlab_font("A", font, tmp_path)
    kept = reportlab_font("A", font, tmp_path)
    for units in (0, 1, 250.5, 2048):
        assert vars(kept.face)[PDF_SCALE](units) == vars(fresh.face)[PDF_SCALE](units)
    assert parsedfonts._scale(1000)(123) == 123
