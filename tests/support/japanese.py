"""ASCII punctuation next to Japanese, which reads as a typo in Japanese type: 「ガンチップ(2)」, 「例: 直前の」."""
from __future__ import annotations

import re

JA = r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]"
ASCII_NEXT_TO_JAPANESE = re.compile(rf"(?<={JA}) ?[():;,.]|(?<!\d)[():;,.] ?(?={JA})|(?<=\d)[():;] ?(?={JA})")


def offences(text: str) -> list[str]:
    found = [text[max(0, m.start() - 6):m.end() + 6] for m in ASCII_NEXT_TO_JAPANESE.finditer(text)]
    if re.search(JA, text) and ("（" in text and ")" in text or "(" in text and "）" in text):
        found.append(f"mixed brackets in {text[:20]}…")
    return found
