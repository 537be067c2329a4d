"""The browser reads numbers in lines by the Python's rule (companion/numbers.py), held together by files the
Python writes: tests/fixtures/numbers.json, every case below with what the Python reads in it (the browser's
test, tests/js/numbers.test.mjs, reads them all the same), and companion/app/lib/unassigned.js, the code
points this Python's Unicode leaves unassigned, which the browser's NFKC keeps as they are (with
companion/app/lib/widths.js, the columns a terminal gives each character, from the same tool).

    python tests/companion/app/test_js_numbers.py     # writes tests/fixtures/numbers.json again
"""
from __future__ import annotations

import importlib.util
import json
import sys
import unicodedata
from pathlib import Path

# Run as a script (below), the checkout and the tests' helpers go on the path first: this file is
# tests/companion/app/test_js_numbers.py.
sys.path[:0] = [str(Path(__file__).resolve().parents[3]), str(Path(__file__).resolve().parents[2] / "support")]
from companion.numbers import LARGEST, signed, whole
from repo_paths import FIXTURES, ROOT
from tabletop.fileio import write_atomic

VECTORS = FIXTURES / "numbers.json"
# Digits Unicode added after 14.0 (Python 3.11's): Kawi, Nag Mundari, Kirat Rai, outlined. A newer NFKC makes
# some of them ASCII digits; the Python reads none of them as a number.
NEWER_DIGITS = [chr(c) for first in (0x11F50, 0x1E4F0, 0x16D70, 0x1CCF0) for c in range(first, first + 10)]


def number_characters() -> list[str]:
    """Every character this Python's Unicode calls a digit or a number (Nd, Nl, No)."""
    return [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) in ("Nd", "Nl", "No")]


def cases() -> list[str]:
    plain = ["7", "07", "１２", "²", "⓵", "٣", "፩", "1.5", "", "+3", "Ⅻ", "-500", "－５", "+", "+⓵", "-", "+-3",
             "-0", "+0", "0", "00", " 3", "3 ", "3\n", "1 2", "0x10", "1e3", "1_000", "１_０００", "＋３", "⁺³", "⁻²",
             "₊₁", "３\u3000", "1٣", "½", "10²", "Ⅻ1"]
    limits = [str(LARGEST), str(LARGEST + 1), f"-{LARGEST}", f"-{LARGEST + 1}", f"+{LARGEST}", "0" * 40 + "7",
              "9" * 17, "1" * 5000, "-" + "1" * 5000, "１" * 16]
    characters = number_characters() + NEWER_DIGITS
    return plain + limits + characters + [f"1{c}" for c in characters] + [f"-{c}" for c in characters[::7]]


def vectors() -> list[list]:
    return [[text, whole(text), signed(text), signed(text, sign_required=True)] for text in cases()]


def render() -> str:
    return json.dumps({"made_by": "tests/companion/app/test_js_numbers.py", "unicode": unicodedata.unidata_version,
                       "cases": vectors()}, ensure_ascii=False, separators=(",", ":")) + "\n"


def unicode_table():
    spec = importlib.util.spec_from_file_location("unicode_table", ROOT / "tools" / "unicode_table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_vector_file_holds_what_the_python_reads():
    assert VECTORS.read_text(encoding="utf-8") == render(), "run `python tests/companion/app/test_js_numbers.py`"


def test_the_vectors_cover_what_matters():
    read = {text: (w, s, r) for text, w, s, r in vectors()}
    assert read["１２"] == (12, 12, None) and read["－５"] == (None, -5, -5) and read["-0"] == (None, 0, 0)
    assert read[str(LARGEST)][0] == LARGEST and read[str(LARGEST + 1)] == (None, None, None)
    assert read["1" * 5000] == (None, None, None)  # refused before `int`, which raises past 4,300 digits
    assert all(read[c] == (None, None, None) for c in NEWER_DIGITS)


def test_the_browsers_unassigned_table_is_this_pythons():
    table = unicode_table()
    text = table.TABLE.read_text(encoding="utf-8")
    assert f'UNICODE_VERSION = "{unicodedata.unidata_version}"' in text, \
        f"the browser keeps Unicode {text.split(chr(34))[1]}, this Python has {unicodedata.unidata_version}: " \
        "run `python tools/unicode_table.py`"
    assert text == table.render(), "run `python tools/unicode_table.py`"
    assert table.WIDTHS.read_text(encoding="utf-8") == table.render_widths(), "run `python tools/unicode_table.py`"


if __name__ == "__main__":
    write_atomic(VECTORS, render())
    print(f"{VECTORS.relative_to(ROOT)}: {len(vectors())} cases")
