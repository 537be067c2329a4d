"""Japanese line breaking (kinsoku shori) for ReportLab paragraphs.

ReportLab's CJK wrapping lets at most one forbidden mark hang past the margin and ignores opening
brackets, so "。」" can still put "」" at the start of a line and "「" can end one. Here a line
takes as many characters as fit, then its end moves back (oidashi) until the next line starts
with no closing mark, this one ends with no opening bracket, and no Latin word or number is cut.
Nothing hangs past the width. Used only where the style says wordWrap="CJK" (Japanese).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from reportlab.lib.textsplit import ALL_CANNOT_END, ALL_CANNOT_START
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus.paragraph import Paragraph, ParaLines

from pnp.reportlab_internals import cjk_line, wrapped_lines

FUZZ = 1e-6  # pt: a line may take this much more than its width, as ReportLab's own breaking allows
# ReportLab's lists lack full-width ？！：；, the ellipsis and a few closing brackets.
NO_LINE_START = ALL_CANNOT_START + "".join(c for c in "？！：；｝〉》〙〗〟’”｠»…‥，．" if c not in ALL_CANNOT_START)
NO_LINE_END = ALL_CANNOT_END + "".join(c for c in "(«〘〖〝｟" if c not in ALL_CANNOT_END)
_CJK_FROM = 0x2E80  # below: Latin, digits, symbols — kept together as words
# A number keeps its counter or unit (「出目合計値25／以上」, 「1／つ」): these never
# begin a line after a digit. The counters and units the games' texts put after a number.
COUNTERS = "つ個枚人回位金円点倍本列手巡刻周段番名組匹歳秒分度以未超〜～％"
SIGNS = "+-−±×"  # before a digit, a sign belongs to the number: 「ダイス数／+1」 reads as two notes
RANGE = "〜～"  # 「1〜4」: a range keeps both its ends
# A no-break space (`&#160;` in a template) joins what must share a line — a label and its amount
# (「前準備金 2000金」, "Advance 2,000 gold") — in Japanese as ReportLab's Latin wrapping does.
NO_BREAK = "\u00a0"


def _katakana(c: str) -> bool:
    """A letter of a katakana word (ー included, the ・ between words not): a short word such as
    「リロード」 is not split (「リロー／ド！」), as a Latin word is not."""
    return "\u30a1" <= c <= "\u30fa" or c == "ー"


def can_break(before: str, after: str, following: str = "", words: bool = True) -> bool:
    """May a line end after `before` and the next begin with `after` (followed by `following`)?
    `words`: a katakana word keeps together too (a soft rule: a word wider than the line breaks)."""
    if (after and after in NO_LINE_START) or (before and before in NO_LINE_END):
        return False
    if NO_BREAK in (before, after):  # a template's join: a label keeps its amount (「前準備金 2000金」)
        return False
    if not before or not after or before.isspace() or after.isspace():
        return True
    if before.isdigit() and after in COUNTERS or before in RANGE and after.isdigit():
        return False
    if after in SIGNS and following.isdigit():
        return False
    if words and _katakana(before) and _katakana(after):
        return False
    return ord(before) >= _CJK_FROM or ord(after) >= _CJK_FROM


_TAG_OR_TEXT = re.compile(r"(<[^>]*>)")
_NUMBER_THEN_WORD = re.compile(r"(?<=\d) (?=[A-Za-z])")
_SIGN_THEN_NUMBER = re.compile(r"(?<=[≥≤=×]) (?=\d)")


def keep_numbers(markup: str) -> str:
    """Latin text: a number keeps the word after it ("Advance 2,000 gold", "+1 die") and the sign
    before it ("total ≥ 25") — the space between them becomes a no-break space, which ReportLab does
    not break at. Tags stay as they are."""
    return "".join(part if part.startswith("<") else
                   _SIGN_THEN_NUMBER.sub("\u00a0", _NUMBER_THEN_WORD.sub("\u00a0", part))
                   for part in _TAG_OR_TEXT.split(markup))


def line_texts(lines) -> list[str]:
    """The text of each line of a wrapped paragraph (`wrapped_lines(para).lines`), either form."""
    return ["".join(getattr(w, "text", w) for w in (line.words if hasattr(line, "words") else line[1]))
            for line in lines]


IDEOGRAPHIC_SPACE = "\u3000"  # 全角スペース: a kanji's width of blank, typed to line things up
# Stands in for it while ReportLab parses the markup: ReportLab folds every run of whitespace, this one
# included, into one half-width space.
_KEPT_SPACE = "\ue001"


class KinsokuParagraph(Paragraph):
    lines_given = False  # the first half of a split: ReportLab gave it the lines it had broken

    def __init__(self, text, style=None, *args, **kwargs):
        if style is not None and getattr(style, "wordWrap", None) != "CJK":
            text = keep_numbers(text)
        kept = isinstance(text, str) and IDEOGRAPHIC_SPACE in text
        if kept:
            text = text.replace(IDEOGRAPHIC_SPACE, _KEPT_SPACE)
        super().__init__(text, style, *args, **kwargs)
        if kept:
            for frag in self.frags:
                if isinstance(getattr(frag, "text", None), str):
                    frag.text = frag.text.replace(_KEPT_SPACE, IDEOGRAPHIC_SPACE)

    def split(self, availWidth, availHeight):
        halves = super().split(availWidth, availHeight)
        first = halves[0] if len(halves) == 2 else None
        if isinstance(first, KinsokuParagraph):  # ReportLab splits a paragraph into two of its own class
            first.lines_given = True  # ReportLab gives the first half the lines it had broken
        return halves

    def breakLinesCJK(self, maxWidths):
        if self.lines_given:
            return wrapped_lines(self)  # the first half of a paragraph split across frames
        if not self.frags or self.bulletText or self.style.endDots:
            return super().breakLinesCJK(maxWidths)
        widths = list(maxWidths) if isinstance(maxWidths, (list, tuple)) else [maxWidths]
        self.height = 0
        chars = [_char(t, f) for f in self.frags for t in (_frag_text(f) or [""])]
        if len(self.frags) == 1 and not hasattr(self.frags[0], "cbDefn"):
            # one run of one style: ReportLab's plain line form, which draws much faster
            frag = self.frags[0]
            plain: list[tuple[float, list[str]]] = []  # (space left, [the line's text]) per line
            for start, end, _ in _breaks(chars, widths):
                width = widths[min(len(plain), len(widths) - 1)]
                plain.append((width - sum(u.width for u in chars[start:end]), ["".join(chars[start:end])]))
            return frag.clone(kind=0, lines=plain, ascent=frag.fontSize, descent=-0.2 * frag.fontSize)
        calc_bounds = getattr(self, "autoLeading", getattr(self.style, "autoLeading", "")) not in ("", "off")
        lines: list[Any] = []  # ReportLab's line records (cjk_line)
        for start, end, hard in _breaks(chars, widths):
            width = widths[min(len(lines), len(widths) - 1)]
            used = sum(u.width for u in chars[start:end])
            lines.append(cjk_line(chars[start:end], width, used, width - used, hard, calc_bounds))
        return ParaLines(kind=1, lines=lines)


def _frag_text(frag) -> str:
    """A run's text; the second half of a paragraph split across frames holds its run as words."""
    return frag.text if hasattr(frag, "text") else "".join(getattr(frag, "words", []))


class _Char(str):
    """One character with its fragment (font, size, colour) and advance width, as ReportLab's cjkU
    holds them; the width is measured once per character, font and size, not once per use."""
    frag: Any  # ReportLab's fragment: its font, size and colour, and an inline image's `cbDefn`
    width: float


def _char(text: str, frag) -> _Char:
    char = _Char(text)
    char.frag = frag
    if hasattr(frag, "cbDefn"):  # an inline image or anchor: its own width
        char.width = getattr(frag.cbDefn, "width", 0)
    else:
        char.width = _width(text, frag.fontName, frag.fontSize)
    return char


@lru_cache(maxsize=1 << 16)
def _width(text: str, font: str, size: float) -> float:
    return stringWidth(text, font, size)


def _joined(chars: list) -> frozenset[int]:
    """The places no line may end at because a no-break space joins the words around them: every place
    inside a run of characters between two (breaking) spaces that holds a NO_BREAK — 「前準備金 2000金」
    stays on one line whole, not only its space."""
    out: set[int] = set()
    start = 0
    for end in range(len(chars) + 1):
        if end == len(chars) or (chars[end].isspace() and chars[end] != NO_BREAK):
            if any(c == NO_BREAK for c in chars[start:end]):
                out.update(range(start + 1, end))
            start = end + 1
    return frozenset(out)


def _breaks(chars: list, widths: list[float]):
    """(start, end, ends at <br/>) of each line; spaces at a soft break are dropped."""
    joined = _joined(chars) if any(c == NO_BREAK for c in chars) else frozenset()
    start, count, n = 0, 0, len(chars)
    while start < n:
        width = widths[min(count, len(widths) - 1)]
        end, used, hard = start, 0.0, False
        while end < n:
            u = chars[end]
            if hasattr(u.frag, "lineBreak"):
                end, hard = end + 1, True
                break
            if used + u.width > width + FUZZ and end > start:
                break
            used += u.width
            end += 1
        if not hard and end < n:
            end = _back_off(chars, start, end, joined)
        stop = end
        while not hard and stop > start + 1 and chars[stop - 1].isspace():
            stop -= 1
        yield start, stop, hard
        count += 1
        start = end
        while not hard and start < n and chars[start].isspace():
            start += 1


def _back_off(chars: list, start: int, end: int, joined: frozenset[int] = frozenset()) -> int:
    """The latest break at or before `end` that kinsoku allows (and no no-break space forbids: `joined`).
    If the line has none (a long run of marks or one long Latin word), the next allowed break after it:
    that line is too wide, and the fitting in text/fit.py shrinks the text until it is not."""
    def allowed(k: int, words: bool = True) -> bool:
        return (k not in joined or not words) and can_break(
            chars[k - 1], chars[k], chars[k + 1] if k + 1 < len(chars) else "", words)

    whole = next((k for k in range(end, start, -1) if allowed(k)), None)
    if whole is not None:
        return _inside_a_long_word(chars, whole, end, allowed) or whole
    # a katakana word longer than the line is broken rather than overflow
    for k in range(end, start, -1):
        if allowed(k, False):
            return k
    return next((k for k in range(end + 1, len(chars)) if allowed(k, False)), len(chars))


# Keeping a katakana word whole may leave at most this many characters' room empty at the end of a
# line; where it would leave more (「…未満なら、／ストリートで」 left five), a long word breaks inside.
LONG_VOID = 2
LONG_WORD = 5  # kana: a shorter word is never split (「スタ／ンド」, 「リロー／ド」 read as two words)
WORD_PART = 2  # kana a split word keeps on each line: 「スト／リート」


def _inside_a_long_word(chars: list, whole: int, end: int, allowed) -> int | None:
    """Where to break inside the katakana word that keeping whole would carry to the next line from
    `whole`, leaving more than LONG_VOID characters empty: the latest place kinsoku allows that keeps
    WORD_PART kana of the word on each line, in a word of LONG_WORD kana or more that no closing mark
    follows (「…ド！」 split reads as two notes). None: keep the word whole."""
    if end - whole <= LONG_VOID or end >= len(chars):
        return None
    for k in range(end, whole, -1):
        if not (_katakana(chars[k - 1]) and _katakana(chars[k]) and allowed(k, False)):
            continue
        first = last = k
        while first > 0 and _katakana(chars[first - 1]):
            first -= 1
        while last < len(chars) and _katakana(chars[last]):
            last += 1
        closing = last < len(chars) and chars[last] in NO_LINE_START
        if last - first >= LONG_WORD and min(k - first, last - k) >= WORD_PART and not closing:
            return k
    return None
