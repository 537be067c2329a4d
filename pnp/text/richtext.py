"""Rich text in the fields a deck names (`rich` in `[deck]` or a box): a small Markdown subset read by
markdown-it-py (CommonMark's own reference port, well kept) with its attributes plugin for spans —
**bold**, *italic*, a line break, `[text]{color="#c8102e" size=12}` — turned into ReportLab's
paragraph markup. Nothing else of Markdown is on (no headings, lists, links or HTML), so `#1`,
`- 2` and `<3` in a rich field print as typed; a backslash escapes (`\\*`). A field without `rich`
never comes here: its `5 * 2` is text."""
from __future__ import annotations

import html
import re
from functools import cache

from tabletop.i18n import _, listing

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
ATTRIBUTES = ("color", "size")
LARGEST_SPAN = 1.5  # times the field's size: a line keeps its height, so more would overlap the lines around


class RichTextError(ValueError):
    """A span with an attribute it cannot take (said in the message)."""


@cache
def _parser():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.attrs import attrs_plugin

    # "zero": every rule off; then only emphasis, backslash escapes, line breaks and spans.
    return MarkdownIt("zero").enable(["emphasis", "escape", "newline"]).use(attrs_plugin, spans=True)


def to_markup(text: str, size: float, escape=None) -> str:
    """`text` as paragraph markup; `size` is the field's size (pt), for
    callers that check a cell alone. `escape(text)` turns a text run into markup
    (html escaping, and the deck's icons). Raises RichTextError."""
    escape = escape or (lambda t: html.escape(t, quote=False))
    out = []
    tokens = _parser().parseInline(text)
    for token in tokens[0].children if tokens else ():
        kind = token.type
        if kind == "text":
            out.append(escape(token.content))
        elif kind in ("softbreak", "hardbreak"):  # a line break in the cell is a line break on the card
            out.append("<br/>")
        elif kind in ("strong_open", "strong_close", "em_open", "em_close"):
            tag = "b" if kind.startswith("strong") else "i"
            out.append(f"<{'/' if kind.endswith('close') else ''}{tag}>")
        elif kind == "span_open":
            out.append(_font(dict(token.attrs), size))
        elif kind == "span_close":
            out.append("</font>")
        else:  # not reachable with the rules enabled above; printed as typed rather than lost
            out.append(escape(token.content))
    return "".join(out)


def _font(attrs: dict, size: float) -> str:
    unknown = sorted(set(attrs) - set(ATTRIBUTES))
    if unknown:
        raise RichTextError(_("a span takes color and size, not {names}").format(names=listing(unknown)))
    parts = []
    colour = attrs.get("color")
    if colour is not None:
        if not _COLOUR.fullmatch(str(colour)):
            raise RichTextError(_('a span\'s color is written "#rrggbb" (quoted), got {value!r}').format(value=colour))
        parts.append(f'color="{colour}"')
    if "size" in attrs:
        try:
            points = float(attrs["size"])
        except ValueError:
            points = 0.0
        if not 0 < points <= 200:
            raise RichTextError(_("a span's size is in pt, a number more than 0, got {value!r}").format(
                value=attrs["size"]))
        if points > LARGEST_SPAN * size:  # a line keeps its height: a larger span runs into its neighbours
            raise RichTextError(_("a span's size is at most {times:g} times its field's ({most:g} pt), got {value:g}: "
                                  "make the field larger instead").format(
                times=LARGEST_SPAN, most=LARGEST_SPAN * size, value=points))
        parts.append(f'size="{points:g}"')  # shrunk with its text when fitted (fallback.scale_spans)
    return f"<font {' '.join(parts)}>" if parts else "<font>"
