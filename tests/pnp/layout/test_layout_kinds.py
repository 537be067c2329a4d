"""The built-in games' layouts are whole in their files (`templates/layouts/NAME.toml`), with the kinds
a deck file has no use for: a grid of cells by rows (24's score card), an area the artwork fills (24's
detective band), a style that grows with the face (a chip's value). A broken file is one line naming
the file, the line and the key."""
from __future__ import annotations

import pytest

from pnp.geometry import Rect, Size
from pnp.layout import facelayout
from pnp.layout.builtin import CARD_LAYOUTS, detective_band, score_cells
from pnp.layout.facelayout import file_layout, layout_file
from tabletop.data.errors import DataError

POKER = Size(63, 88)


def test_every_built_in_layout_is_a_file_of_boxes_and_styles():
    for name, lay_out in CARD_LAYOUTS.items():
        file = layout_file(name)
        assert file.fields, name  # its styles are in the file, not in the code
        assert lay_out(POKER).boxes, name


def test_the_score_cells_run_down_two_columns_two_mm_apart_under_the_title():
    cells = score_cells(POKER)
    assert list(cells) == [f"tens{n}" for n in range(10)] + [f"ones{n}" for n in range(10)]
    tens0, ones0, tens9 = cells["tens0"], cells["ones0"], cells["tens9"]
    assert tens0.x == 4 and ones0.x1 == pytest.approx(63 - 4) and ones0.x - tens0.x1 == pytest.approx(2)
    assert tens0.y1 == pytest.approx(88 - 15) and tens9.y == pytest.approx(4)  # the top cell first
    assert all(c.h == pytest.approx((88 - 19) / 10) for c in cells.values())
    layout = file_layout("score", POKER)
    title = layout.boxes["title"][0].rect
    assert title.y >= tens0.y1  # the title stands above the cells
    # Each number's box is its cell less the padding, centred in it.
    assert layout.boxes["ones3"][0].rect == cells["ones3"].inset(0.6)
    assert layout.boxes["ones3"][0].valign == "middle"


def test_the_detective_band_is_an_area_of_its_layout_and_the_coop_box_reads_sideways():
    assert detective_band(POKER) == Rect(3, 3, 14.5, 82)
    coop = CARD_LAYOUTS["detective"](POKER).boxes["coop"][0]
    # 13 × 81 mm up the left edge, given in its reading shape about the same centre
    assert coop.rotation == 90 and coop.rect == Rect(10 - 40.5, 44 - 6.5, 81, 13)


@pytest.mark.parametrize("diameter", [25.0, 30.0])
def test_a_chips_value_grows_with_its_diameter(diameter):
    layout = CARD_LAYOUTS["value-chip"](Size(diameter, diameter))
    assert layout.styles["value"].size == pytest.approx(1.3 * diameter)
    assert layout.styles["label"].size == 6.5  # the label stays legible at any size


@pytest.fixture
def layouts(tmp_path, monkeypatch):
    """A folder of layout files read in place of the kit's."""
    (tmp_path / "layouts").mkdir()
    monkeypatch.setattr(facelayout, "TEMPLATES_DIR", tmp_path)
    layout_file.cache_clear()
    yield tmp_path / "layouts"
    layout_file.cache_clear()


SCORE = '''[boxes.title]
left = 4
right = 4
top = 4
height = 10

[cells.score]
columns = ["tens", "ones"]
rows = 10
gap = 2
left = 4
right = 4
top = 15
bottom = 4
'''


@pytest.mark.parametrize("written, instead, line, where, message", [
    ("rows = 10", "rows = 0", 9, "cells.score.rows", "rows is a whole number, 1 or more"),
    ("gap = 2", "gap = 60", 10, "cells.score.gap", "2 columns 60 mm apart leave no room in 55.0 mm"),
    ('columns = ["tens", "ones"]', "columns = []", 8, "cells.score.columns", "name one column at least"),
    ("bottom = 4\n", 'bottom = "four"\n', 14, "cells.score.bottom", "a length is mm"),
    ("rows = 10", "rows = 10\nrow = 3", 10, "cells.score.row", "unknown key 'row'"),
    ("[boxes.title]", '[areas.band]\nleft = 3\nwidth = 90\ntop = 3\nbottom = 3\n\n[boxes.title]', 3,
     "areas.band.width", "reaches past the face's edge"),
    ("[boxes.title]", '[fields.value]\nsize_per_mm = "big"\n\n[boxes.title]', 2, "fields.value.size_per_mm",
     "must be a number"),
])
def test_a_broken_layout_file_is_one_line_naming_file_line_and_key(layouts, written, instead, line, where, message):
    (layouts / "score.toml").write_text(SCORE.replace(written, instead, 1), encoding="utf-8")
    with pytest.raises(DataError) as e:
        file_layout("score", POKER)
        facelayout.face_areas("score", POKER)
    said = str(e.value)
    assert "\n" not in said and message in said
    assert said.startswith(f"{layouts / 'score.toml'}, line {line} [{where}")


def test_the_sheets_looks_are_its_files_each_over_the_one_before(layouts):
    (layouts / "sheet.toml").write_text("""[fields.body]
size = 8.5
leading = 1.4

[table]
top = 1.5

[[tighter]]
fields.body = { leading = 1.3 }
table = { top = 1.0 }

[[tighter]]
fields.body = { size = 8 }
""", encoding="utf-8")
    from pnp.assets.sheet import sheet_looks

    looks = sheet_looks()
    assert [(look.styles["body"].size, look.styles["body"].leading, look.table.top) for look in looks] == [
        (8.5, 1.4, 1.5), (8.5, 1.3, 1.0), (8, 1.3, 1.0)]
    (layouts / "sheet.toml").write_text('[[tighter]]\nfields.body = { size = "small" }\n', encoding="utf-8")
    layout_file.cache_clear()  # read again, as a new run would
    with pytest.raises(DataError) as e:
        sheet_looks()
    assert str(e.value).startswith(f"{layouts / 'sheet.toml'}, line 2 [tighter[0].fields.body.size]")
