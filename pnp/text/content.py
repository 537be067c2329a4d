"""Templates → text blocks. A template renders a small XML document:

    <face><box name="header"><p style="title">…</p></box>…</face>          (one card face)
    <doc><h>…</h><p>…</p><table widths="20,80"><tr><td>…</td></tr></table></doc>   (a sheet)

The environment autoescapes, so `<`, `>`, `&` and quotes in the data print literally; the markup
inside <p>/<td>/<h> is ReportLab paragraph markup (<b>, <i>, <font color>, <br/>). A list item is
`<p bullet="・">…</p>`: the bullet is printed first and the text hangs from it.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.data import TEMPLATES_DIR
from tabletop.record import Record, field

if TYPE_CHECKING:  # imported when a template is first rendered: an up-to-date build renders none
    import jinja2


_LAYOUT_SPACE = re.compile(r"[^\S\xa0]+")  # any whitespace but the no-break space


class Para(Record):
    """A paragraph of ReportLab markup in a named style. `bullet` (`<p bullet="・">`): printed before
    the text, which hangs from it — its wrapped lines start under the text, not under the bullet."""
    markup: str
    style: str = "body"
    bullet: str = ""


class SheetTable(Record):
    """A table of paragraphs on a sheet."""
    rows: tuple[tuple[Para, ...], ...]
    widths: tuple[float, ...] = ()  # relative column widths
    header_rows: int = 1


class Heading(Record):
    """A sheet's heading (level 1 or 2)."""
    markup: str
    level: int = 1


Block = Para | SheetTable | Heading


class FaceText(Record):
    """A face's text: paragraphs by box name."""
    boxes: dict[str, tuple[Para, ...]] = field(default_factory=dict)

    def text(self) -> str:
        return " ".join(p.bullet + p.markup for paras in self.boxes.values() for p in paras)


class TemplateError(Exception):
    """A template produced something that is not the expected XML (a bug in the template)."""


@cache
def environment(templates_dir: str = str(TEMPLATES_DIR)) -> jinja2.Environment:
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates_dir), autoescape=True,
                             extensions=["jinja2.ext.do"], bytecode_cache=_compiled_templates(),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env


def template_cache_dir() -> Path:
    """Where compiled templates are kept between runs: beside the font cache."""
    from pnp.fonts.fontset import cache_dir

    return cache_dir().parent / "templates"


def _compiled_templates() -> jinja2.BytecodeCache | None:
    """Jinja2's cache of compiled templates (it recompiles a template whose source changed);
    None, so every run compiles, if the folder cannot be made or written."""
    import os

    import jinja2

    folder = template_cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(str(folder)) if os.access(folder, os.W_OK | os.X_OK) else None


def render(template: str, templates_dir: Path | None = None, **context) -> str:
    env = environment(str(templates_dir or TEMPLATES_DIR))
    return env.get_template(template).render(**context)


def parse_face(xml: str) -> FaceText:
    root = _parse(xml, "face")
    boxes = {}
    for box in root.iter("box"):
        boxes[box.get("name", "")] = tuple(_para(p) for p in box if p.tag == "p")
    return FaceText(boxes)


def parse_doc(xml: str) -> list[Block]:
    blocks: list[Block] = []
    for el in _parse(xml, "doc"):
        if el.tag == "h":
            blocks.append(Heading(_inner(el), int(el.get("level", "1"))))
        elif el.tag == "p":
            blocks.append(_para(el))
        elif el.tag == "table":
            rows = tuple(tuple(_para(td, "cell") for td in tr if td.tag in ("td", "th"))
                         for tr in el.iter("tr"))
            widths = tuple(float(w) for w in el.get("widths", "").split(",") if w.strip())
            blocks.append(SheetTable(rows, widths, int(el.get("header", "1"))))
        else:
            raise TemplateError(f"unexpected <{el.tag}> in a sheet template")
    return blocks


def _parse(xml: str, root_tag: str) -> ET.Element:
    try:
        root = ET.fromstring(xml)
    except ET.ParseError as e:
        raise TemplateError(f"template output is not well-formed: {e}") from None
    if root.tag != root_tag:
        raise TemplateError(f"template output must be a <{root_tag}>, got <{root.tag}>")
    return root


def _para(el: ET.Element, default: str = "body") -> Para:
    return Para(_inner(el), el.get("style", default), el.get("bullet", ""))


def _inner(el: ET.Element) -> str:
    """The element's content as markup, whitespace runs collapsed (templates are indented)."""
    tail, el.tail = el.tail, None
    text = ET.tostring(el, encoding="unicode")
    el.tail = tail
    inner = text[text.index(">") + 1: text.rindex("<")] if not text.endswith("/>") else ""
    # Only the template's own layout whitespace: a no-break space (&#160;) is meant and stays.
    return _LAYOUT_SPACE.sub(" ", inner).strip(" ")
