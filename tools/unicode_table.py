"""Write the browser's tables of this Python's Unicode: companion/app/lib/unassigned.js (the code points
left unassigned) and companion/app/lib/widths.js (the wide and the combining ones).

    python tools/unicode_table.py

Lines are read after NFKC, and NFKC grows with Unicode: Node 20 knows Unicode 17, where U+1CCF0 (an outlined
digit zero) becomes "0", while Python 3.11 knows Unicode 14 and leaves it as it is. The browser's port keeps
such characters as they are, as the Python does, by this table; for every character both versions assign,
Unicode's stability policy keeps NFKC the same. The widths are the terminal's columns the Python counts
(tabletop/text_width.py: two for East Asian wide and full-width, none for a combining mark), which
JavaScript cannot ask its own Unicode for. Run it after moving CI to a Python with a newer Unicode
(tests/companion/app/test_js_numbers.py says when).
"""
from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tabletop.fileio import write_atomic
from tabletop.text_width import is_wide

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "companion" / "app" / "lib" / "unassigned.js"
WIDTHS = ROOT / "companion" / "app" / "lib" / "widths.js"
MADE_BY = "// Made by tools/unicode_table.py from Python's unicodedata: do not edit.\n"


def runs_of(chosen: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The runs of code points `chosen` picks, first and last."""
    ranges: list[tuple[int, int]] = []
    start = None
    for code in range(sys.maxunicode + 2):
        picked = code <= sys.maxunicode and chosen(chr(code))
        if picked and start is None:
            start = code
        elif not picked and start is not None:
            ranges.append((start, code - 1))
            start = None
    return ranges


def unassigned_ranges() -> list[tuple[int, int]]:
    """The runs of code points that this Python's unicodedata calls unassigned (Cn), first and last."""
    return runs_of(lambda char: unicodedata.category(char) == "Cn")


def _hex(ranges: list[tuple[int, int]]) -> str:
    return " ".join(f"{a:x}" if a == b else f"{a:x}-{b:x}" for a, b in ranges)


def render() -> str:
    return (f"{MADE_BY}// The code points Unicode {unicodedata.unidata_version} leaves unassigned, "
            "as hexadecimal runs.\n\n"
            f'export const UNICODE_VERSION = "{unicodedata.unidata_version}";\n\n'
            f'export const UNASSIGNED = "{_hex(unassigned_ranges())}";\n')


def render_widths() -> str:
    wide = runs_of(is_wide)
    combining = runs_of(lambda char: unicodedata.combining(char) != 0)
    return (f"{MADE_BY}// Unicode {unicodedata.unidata_version}'s wide and full-width code points "
            "(two columns of a terminal)\n"
            f"// and its combining marks (none), as hexadecimal runs.\n\n"
            f'export const UNICODE_VERSION = "{unicodedata.unidata_version}";\n\n'
            f'export const WIDE = "{_hex(wide)}";\n\n'
            f'export const COMBINING = "{_hex(combining)}";\n')


if __name__ == "__main__":
    write_atomic(TABLE, render())
    write_atomic(WIDTHS, render_widths())
    print(f"{TABLE.relative_to(ROOT)}, {WIDTHS.relative_to(ROOT)}: Unicode {unicodedata.unidata_version}")
