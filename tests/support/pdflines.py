"""A PDF's printed text as lines with their positions, to tell whether two builds print the same.

Each page becomes its size and a list of [text, x, y]: a run of characters along one baseline (in
any of the four directions faces are turned to), cut where a gap wider than GAP_MM opens, placed at
its first character's origin, in tenths of a millimetre from the page's bottom-left corner.

Run as a script to write the fixture of the built-in games' assets (only when a change to what they
print is intended), from builds made with:
    pnp build all --lang all --out OUT/default
    pnp build hitmans-showdown --asset inserts --style overlay --lang all --out OUT/overlay
    pnp build liar-mafia --asset cards --backs fold --lang all --out OUT/fold
    python tests/support/pdflines.py OUT tests/fixtures/builtin_pdf_lines.json
"""
from __future__ import annotations

import io
import json
import math
import sys
from pathlib import Path

import pdfplumber

MM = 72 / 25.4
GAP_MM = 1.5


def _tenths(value_pt: float) -> int:
    return round(value_pt / MM * 10)


def page_lines(page) -> list[list]:
    runs: dict[tuple, list[dict]] = {}
    for ch in page.chars:
        a, b, _, _, e, f = ch["matrix"]
        angle = round(math.degrees(math.atan2(b, a))) % 360
        ux, uy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        across = round(-e * uy + f * ux, 1)  # the baseline's distance from the origin, across the text
        runs.setdefault((angle, across), []).append(dict(ch, along=e * ux + f * uy))
    lines = []
    for (angle, _), chars in runs.items():
        chars.sort(key=lambda c: c["along"])
        start = prev = chars[0]
        text = [start["text"]]
        for ch in chars[1:]:
            extent = prev["x1"] - prev["x0"] if angle % 180 == 0 else prev["bottom"] - prev["top"]
            if ch["along"] - prev["along"] - extent > GAP_MM * MM:
                lines.append(_line(text, start))
                start, text = ch, []
            text.append(ch["text"])
            prev = ch
        lines.append(_line(text, start))
    return sorted(lines, key=lambda line: (-line[2], line[1], line[0]))


def _line(text: list[str], first: dict) -> list:
    _, _, _, _, e, f = first["matrix"]
    return ["".join(text).strip(), _tenths(e), _tenths(f)]


def pdf_pages(pdf: bytes) -> list[dict]:
    """Per page: its size [w, h] in tenths of a mm and its lines."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [{"size": [_tenths(p.width), _tenths(p.height)], "lines": [line for line in page_lines(p) if line[0]]}
                for p in doc.pages]


def first_difference(expected: list[dict], actual: list[dict], tolerance: int = 2) -> str | None:
    """None when both have the same pages with the same texts within `tolerance` tenths of a mm;
    otherwise what differs first, in words."""
    if len(expected) != len(actual):
        return f"{len(actual)} pages, expected {len(expected)}"
    for n, (want, got) in enumerate(zip(expected, actual), 1):
        if want["size"] != got["size"]:
            return f"page {n}: size {got['size']}, expected {want['size']} (0.1 mm)"
        unmatched = list(got["lines"])
        for text, x, y in want["lines"]:
            match = next((line for line in unmatched if line[0] == text
                          and abs(line[1] - x) <= tolerance and abs(line[2] - y) <= tolerance), None)
            if match is None:
                near = [line for line in unmatched if line[0] == text]
                where = f" (nearest at x={near[0][1] / 10} y={near[0][2] / 10})" if near else " (not found)"
                return f"page {n}: {text!r} expected at x={x / 10} y={y / 10} mm{where}"
            unmatched.remove(match)
        if unmatched:
            text, x, y = unmatched[0]
            return f"page {n}: unexpected text {text!r} at x={x / 10} y={y / 10} mm"
    return None


if __name__ == "__main__":
    out, fixture = Path(sys.argv[1]), Path(sys.argv[2])
    found = {str(p.relative_to(out)): pdf_pages(p.read_bytes()) for p in sorted(out.rglob("*.pdf"))}
    fixture.write_text("{\n" + ",\n".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False, separators=(',', ':'))}"
                                          for k, v in found.items()) + "\n}\n", encoding="utf-8")
    print(f"{len(found)} PDFs, {fixture.stat().st_size // 1024} KB")
