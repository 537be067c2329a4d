"""docs/decks.md says where each built-in layout's boxes lie, in mm: the table must say what the layout
files hold, box by box, so a designer who moves a box starts from the real numbers."""
import re
import tomllib

import pytest

from repo_paths import ROOT

ROWS = {"card": "`card`", "insert-full": "`insert` (`full`)", "insert-overlay": "`insert` (`overlay`",
        "halves": "`halves`", "chip": "`chip`"}
SIDES = ("left", "right", "top", "bottom", "width", "height")


def _number(value) -> str:
    """A layout's length as the table writes it: 3.7, 16, 50 % + 1.8, 42 %."""
    text = str(value)
    return re.sub(r"%", " %", text).replace("  ", " ")


@pytest.mark.parametrize("layout", sorted(ROWS))
def test_the_docs_table_gives_each_box_where_its_layout_file_puts_it(layout):
    boxes = tomllib.loads((ROOT / "templates" / "layouts" / f"{layout}.toml").read_text(encoding="utf-8"))["boxes"]
    docs = (ROOT / "docs" / "decks.md").read_text(encoding="utf-8")
    row = next(line for line in docs.splitlines() if line.startswith(f"| {ROWS[layout]}"))
    parts = {re.search(r"`(\w+)`", part).group(1): part for part in row.split("|")[2].split("·")}
    for name, box in boxes.items():
        for side in SIDES:
            if side in box:
                assert _number(box[side]) in parts[name], (layout, name, side, box[side], parts[name])
