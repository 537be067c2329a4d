"""companion/app/lib/format.js says what Python's str.format says: every catalog message in both languages
filled with values of each field's kind, and each kind of format spec over thousands of values."""
import json
import math
import random
import string
import struct
import subprocess
import unicodedata

import pytest
from babel.messages.pofile import read_po

from repo_paths import JS
from tabletop.catalog import catalogs

CASES = JS / "pyformat_cases.mjs"

# Every (conversion, spec) a catalog message uses; a message with another form fails
# test_the_catalog_uses_only_the_forms_listed_here until format.js is checked for it.
CATALOG_FORMS = {("r", ""), ("", "g"), ("", ".1f"), ("", ".2f"), ("", ".0f"), ("", ".1%"), ("", "+d"), ("", ">3"),
                 ("", "02x")}
INT_SPECS = {"+d", "02x"}
FLOAT_SPECS = {"g", ".1f", ".2f", ".0f", ".1%"}


def _texts() -> list[str]:
    """Every English and Japanese text of the catalog that has a brace in it."""
    with catalogs()[0].open("rb") as f:
        catalog = read_po(f)
    texts = []
    for m in catalog:
        if m.id:
            for text in (*_forms(m.id), *_forms(m.string)):
                if text and ("{" in text or "}" in text):
                    texts.append(text)
    return sorted(set(texts))


def _forms(value) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


def _fields(text: str) -> dict[str, set[tuple[str, str]]]:
    """Each field of a format string with the (conversion, spec) pairs it is used with."""
    found: dict[str, set[tuple[str, str]]] = {}
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:  # not a format string: Python refuses it, and so must format.js
        return {}
    for _, name, spec, conversion in parsed:
        if name is not None:
            found.setdefault(name, set()).add((conversion or "", spec or ""))
    return found


# ---- values of each kind ----------------------------------------------------------------------------

INTS = [0, 1, -1, 2, 3, 7, -7, 9, 10, 15, 16, 99, 100, -100, 255, 999, 1000, -1000, 12345, 10 ** 6, -(10 ** 9),
        2 ** 31, 2 ** 53, -(2 ** 53) - 1, 2 ** 64 + 1, -(2 ** 70), 10 ** 30]
FLOATS = [0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.05, 0.005, 0.015, 1 / 3, 2 / 3, 0.999, 0.9995, 99.95, 1e-5,
          1e-4, 123456.789, -2.675, 1e15, 1e16, 1e22, 1e300, 5e-324, 3.0, -7.0, math.inf, -math.inf, math.nan]
STRS = ["", "a", "R0", "it's", 'say "hi"', "both ' and \"", "日本語", "「カード」（2枚）", "back\\slash", "tab\there",
        "line\nbreak", "\r", "\x00\x07\x1b\x7f", "\x85\xa0\xad", "\u200b\u2028\u2029\ufeff", "\u3000全角", "é", "😀",
        "\U0001f0a1", "\ue000", "\ud800", "ａｂｃ１２３", "a b", "'", '"', "\\"]
OTHERS = [None, True, False, [1, "it's", None], []]


def _pick(rng: random.Random, forms: set[tuple[str, str]]):
    specs = {spec for _, spec in forms}
    if specs & INT_SPECS:
        return rng.choice(INTS + [True, False])
    if specs & FLOAT_SPECS:
        return rng.choice(FLOATS + INTS)
    if ">3" in specs:
        return rng.choice(INTS + STRS)
    return rng.choice(STRS + INTS + FLOATS + OTHERS)


def _typed(value):
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, float):
        return {"float": repr(value)}
    if isinstance(value, str):
        return {"str": value}
    if value is None:
        return {"none": None}
    return {"list": [_typed(v) for v in value]}


def _python(template: str, named: dict, positional: list) -> dict:
    try:
        return {"out": template.format(*positional, **named)}
    except (KeyError, IndexError, ValueError, TypeError, OverflowError) as e:
        return {"error": type(e).__name__}


def _compare(node: str, cases: list[tuple[str, dict, list]]) -> None:
    """Run `cases` through format.js and assert each comes out as Python's str.format makes it."""
    lines = "\n".join(json.dumps({"template": t, "named": {k: _typed(v) for k, v in named.items()},
                                  "positional": [_typed(v) for v in positional]}) for t, named, positional in cases)
    run = subprocess.run([node, str(CASES)], input=lines + "\n", capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    got = [json.loads(line) for line in run.stdout.split("\n") if line]  # not splitlines: U+2028 is in the text
    assert len(got) == len(cases)
    wrong = [(t, named, positional, want, js) for (t, named, positional), js in zip(cases, got)
             if (want := _python(t, named, positional)) != js]
    assert not wrong, f"{len(wrong)} of {len(cases)} differ, e.g.:\n" + "\n".join(
        f"{t!r} {named!r} {positional!r}: Python {want!r}, JavaScript {js!r}"
        for t, named, positional, want, js in wrong[:10])


def test_the_catalog_uses_only_the_forms_listed_here():
    used = {form for text in _texts() for forms in _fields(text).values() for form in forms}
    assert used - {("", "")} == CATALOG_FORMS
    assert not {name for text in _texts() for name in _fields(text) if not name.isidentifier()}  # named fields only


def test_every_catalog_message_in_both_languages_formats_as_in_python(node):
    rng = random.Random(20261128)
    cases = []
    texts = _texts()
    for text in texts:
        fields = _fields(text)
        for _ in range(8):
            cases.append((text, {name: _pick(rng, forms) for name, forms in fields.items()}, []))
    assert len(texts) > 900 and len(cases) == 8 * len(texts)
    _compare(node, cases)


def _random_float(rng: random.Random) -> float:
    kind = rng.randrange(6)
    if kind == 0:  # any bit pattern: subnormals, huge, tiny, nan, inf
        return struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
    if kind == 1:  # a decimal with a few places: the ties and near-ties of rounding
        return round(rng.uniform(-1000, 1000), rng.randrange(0, 5))
    if kind == 2:  # an exact binary fraction: true ties
        return rng.randrange(-4096, 4096) / 2 ** rng.randrange(0, 12)
    if kind == 3:
        return float(rng.randrange(-10 ** 7, 10 ** 7))
    if kind == 4:
        return rng.uniform(-1, 1) * 10 ** rng.randrange(-30, 30)
    return rng.choice(FLOATS)


def _random_int(rng: random.Random) -> int:
    kind = rng.randrange(5)
    if kind == 0:
        return rng.randrange(-30, 30)
    if kind == 1:
        return rng.randrange(-(2 ** 31), 2 ** 31)
    if kind == 2:
        return rng.randrange(-(2 ** 80), 2 ** 80)
    if kind == 3:
        return rng.choice([-1, 1]) * (10 ** rng.randrange(0, 25) + rng.randrange(-2, 3))
    return rng.choice(INTS)


def _assigned(code: int) -> bool:
    # Characters Python's Unicode (14) leaves unassigned may be assigned in Node's (newer): not compared.
    return unicodedata.category(chr(code)) != "Cn"


def _random_str(rng: random.Random) -> str:
    pools = [(0x00, 0x7f), (0x80, 0xff), (0x3000, 0x30ff), (0x4e00, 0x9fff), (0xff00, 0xffef), (0x2000, 0x206f),
             (0x1f300, 0x1f64f), (0xe000, 0xe0ff), (0x100, 0xd7ff), (0xf900, 0xfffd)]
    chars = []
    for _ in range(rng.randrange(0, 8)):
        if rng.random() < 0.2:
            chars.append(rng.choice("'\"\\\n\t\r "))
            continue
        low, high = rng.choice(pools)
        code = rng.randrange(low, high + 1)
        if _assigned(code):
            chars.append(chr(code))
    if rng.random() < 0.05:
        chars.append("\ud800")  # a lone surrogate, never next to a low one
    return "".join(chars)


# Each kind of spec, the catalog's and those narration code is likely to want, with the values it takes.
FUZZ = {
    "int": ["{x}", "{x!r}", "{x:d}", "{x:+d}", "{x: d}", "{x:02x}", "{x:>3}", "{x:<5}", "{x:^7}", "{x:*^9}",
            "{x:=+8}", "{x:,}", "{x:_}", "{x:010,}", "{x:08,}", "{x:#x}", "{x:#X}", "{x:#o}", "{x:#b}", "{x:_x}",
            "{x:05}", "{x:g}", "{x:.1f}", "{x:.1%}", "{x:e}", "{x:0<4}"],
    "float": ["{x}", "{x!r}", "{x:g}", "{x:.1f}", "{x:.2f}", "{x:.0f}", "{x:.1%}", "{x:%}", "{x:.0%}", "{x:f}",
              "{x:e}", "{x:.3e}", "{x:E}", "{x:G}", "{x:.10g}", "{x:.17g}", "{x:#g}", "{x:#.0f}", "{x:.3}", "{x:.1}",
              "{x:,.2f}", "{x:010.2f}", "{x:+012,.3f}", "{x:z.1f}", "{x:>10}", "{x:^12.4g}", "{x:_g}", "{x:d}"],
    "str": ["{x}", "{x!r}", "{x!a}", "{x!s}", "{x:>3}", "{x:<6}", "{x:^9}", "{x:.2}", "{x:*>5.3}", "{x:05}",
            "{x!r:>12}", "{x:d}", "{x:+}"],
}
DRAWS = {"int": _random_int, "float": _random_float, "str": _random_str}


@pytest.mark.parametrize("kind", FUZZ)
def test_each_spec_over_a_thousand_values_formats_as_in_python(node, kind):
    rng = random.Random(f"format {kind}")
    cases = [(template, {"x": DRAWS[kind](rng)}, []) for template in FUZZ[kind] for _ in range(1000)]
    _compare(node, cases)


def test_escapes_positions_and_mistakes_as_in_python(node):
    cases = [("{{x}} {x}}}", {"x": 1}, []), ("{} and {}", {}, ["a", 2]), ("{1}{0}{1}", {}, ["a", "b"]),
             ("{0} {}", {}, [1, 2]), ("{} {0}", {}, [1, 2]), ("{2}", {}, [1]), ("{y}", {"x": 1}, []),
             ("{x", {"x": 1}, []), ("x}", {}, []), ("{", {}, []), ("{x!q}", {"x": 1}, []), ("{x!rr}", {"x": 1}, []),
             ("{x:,_}", {"x": 1}, []), ("{x:.}", {"x": 1.5}, []), ("{x:.2d}", {"x": 1}, []), ("{x:,x}", {"x": 1}, []),
             ("{x:>3}", {"x": None}, []), ("{x:5}", {"x": [1]}, []), ("{x}", {"x": [1.5, "日本", [True]]}, []),
             ("{x:=5}", {"x": "ab"}, []), ("{x:#}", {"x": "ab"}, []), ("{x:c}", {"x": 26085}, []),
             ("{x:>5}", {"x": True}, []), ("{x}", {"x": True}, []), ("{x:.1f}", {"x": 10 ** 400}, [])]
    _compare(node, cases)
