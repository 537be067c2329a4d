"""Write companion/app/lib/unassigned.js, the code points this Python's Unicode leaves unassigned, and
companion/app/lib/widths.js, those a terminal shows two columns wide or none (tabletop/text_width.py).

    python tools/unicode_table.py

Lines are read after NFKC, and NFKC grows with Unicode: Node 20 knows Unicode 17, where U+1CCF0 (an outlined
digit zero) becomes "0", while Python 3.11 knows Unicode 14 and leaves it as it is. The browser's port keeps
such characters as they are, as the Python does, by this table; for every character both versions assign,
Unicode's stability policy keeps NFKC the same. Run it after moving CI to a Python with a newer Unicode
(tests/test_js_numbers.py says when).
"""
from __future__ import annotations

import sys
import unicodedata
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tabletop.fileio import write_atomic  # noqa: E402
from tabletop.text_width import is_wide  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "companion" / "app" / "lib" / "unassigned.js"
WIDTHS = ROOT / "companion" / "app" / "lib" / "widths.js"


def ranges(holds: Callable[[str], bool]) -> list[tuple[int, int]]:
    """The runs of code points whose character `holds`, first and last."""
    found: list[tuple[int, int]] = []
    start = None
    for code in range(sys.maxunicode + 2):
        free = code <= sys.maxunicode and holds(chr(code))
        if free and start is None:
            start = code
        elif not free and start is not None:
            found.append((start, code - 1))
            start = None
    return found


def unassigned_ranges() -> list[tuple[int, int]]:
    """The runs of code points that this Python's unicodedata calls unassigned (Cn), first and last."""
    return ranges(lambda c: unicodedata.category(c) == "Cn")


def hex_runs(runs: list[tuple[int, int]]) -> str:
    return " ".join(f"{a:x}" if a == b else f"{a:x}-{b:x}" for a, b in runs)


def render() -> str:
    runs = hex_runs(unassigned_ranges())
    return (f"// Made by tools/unicode_table.py from Python's unicodedata: do not edit.\n"
            f"// The code points Unicode {unicodedata.unidata_version} leaves unassigned, as hexadecimal runs.\n\n"
            f'export const UNICODE_VERSION = "{unicodedata.unidata_version}";\n\n'
            f'export const UNASSIGNED = "{runs}";\n')


def base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = digits[d] + out
        if not n:
            return out


def stepped_runs(runs: list[tuple[int, int]]) -> str:
    """Runs as steps, smaller than code points and smaller still once compressed: for each run, how far
    its first code point is from the last one of the run before (from 0 for the first), then how far its
    last is from its first, in base 36."""
    steps, last = [], 0
    for first, end in runs:
        steps += [base36(first - last), base36(end - first)]
        last = end
    return " ".join(steps)


def render_widths() -> str:
    wide = stepped_runs(ranges(is_wide))
    combining = stepped_runs(ranges(lambda c: unicodedata.combining(c) != 0))
    return (f"// Made by tools/unicode_table.py from Python's unicodedata: do not edit.\n"
            f"// The code points Unicode {unicodedata.unidata_version} calls wide or full-width (two terminal columns) and\n"
            f"// those it calls combining (none), as runs: for each, the step from the end of the one before to\n"
            f"// its first code point, then to its last, in base 36.\n\n"
            f'export const UNICODE_VERSION = "{unicodedata.unidata_version}";\n\n'
            f'export const WIDE = "{wide}";\n\n'
            f'export const COMBINING = "{combining}";\n')


if __name__ == "__main__":
    write_atomic(TABLE, render())
    write_atomic(WIDTHS, render_widths())
    print(f"{TABLE.relative_to(ROOT)}, {WIDTHS.relative_to(ROOT)}: Unicode {unicodedata.unidata_version}")
