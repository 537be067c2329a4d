"""companion/app/lib/textwidth.js counts a terminal's columns as tabletop/text_width.py does (a Japanese
character two, a combining mark none), by companion/app/lib/widths.js, the tables tools/unicode_table.py
writes from this Python's Unicode (tests/companion/app/test_js_numbers.py keeps them fresh)."""
from __future__ import annotations

import json
import subprocess
import sys

from companion import appfiles
from tabletop.text_width import display_width

TEXTS = ["Ann", "ボブ", "Ｋｅｎ", "a\u0301", "レッドハート", "Li Na Wu", "🎲", "İpek", "", "ｶﾅ", "한국", "\u3000x",
         "\u0300", "é", "𠀋", "\U0001F600x", "Straße", "\u1100\u1161"]


def test_the_browser_counts_columns_as_the_python_does(node):
    every = [chr(c) for c in range(0, sys.maxunicode + 1, 7) if not 0xD800 <= c <= 0xDFFF]
    texts = TEXTS + ["".join(every[i:i + 500]) for i in range(0, len(every), 500)]
    script = (f'import {{ displayWidth, pad }} from "{(appfiles.APP_DIR / "lib" / "textwidth.js").as_uri()}";\n'
              'let s = ""; for await (const chunk of process.stdin) s += chunk;\n'
              'const texts = JSON.parse(s);\n'
              'console.log(JSON.stringify([texts.map(displayWidth), texts.slice(0, 18).map((t) => pad(t, 8, true))]));')
    run = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(texts), capture_output=True,
                         text=True, encoding="utf-8", timeout=300)
    assert run.returncode == 0, run.stderr
    widths, padded = json.loads(run.stdout)
    assert widths == [display_width(t) for t in texts]
    assert widths[:3] == [3, 4, 6] and padded[1] == "    ボブ"

