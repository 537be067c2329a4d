"""Write companion/app/lib/unassigned.js: the code points this Python's Unicode leaves unassigned.

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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tabletop.fileio import write_atomic  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "companion" / "app" / "lib" / "unassigned.js"


def unassigned_ranges() -> list[tuple[int, int]]:
    """The runs of code points that this Python's unicodedata calls unassigned (Cn), first and last."""
    ranges: list[tuple[int, int]] = []
    start = None
    for code in range(sys.maxunicode + 2):
        free = code <= sys.maxunicode and unicodedata.category(chr(code)) == "Cn"
        if free and start is None:
            start = code
        elif not free and start is not None:
            ranges.append((start, code - 1))
            start = None
    return ranges


def render() -> str:
    runs = " ".join(f"{a:x}" if a == b else f"{a:x}-{b:x}" for a, b in unassigned_ranges())
    return (f"// Made by tools/unicode_table.py from Python's unicodedata: do not edit.\n"
            f"// The code points Unicode {unicodedata.unidata_version} leaves unassigned, as hexadecimal runs.\n\n"
            f'export const UNICODE_VERSION = "{unicodedata.unidata_version}";\n\n'
            f'export const UNASSIGNED = "{runs}";\n')


if __name__ == "__main__":
    write_atomic(TABLE, render())
    print(f"{TABLE.relative_to(ROOT)}: Unicode {unicodedata.unidata_version}")
