"""One card-sized face: a template's boxes fitted into a named layout, over its artwork.

The insert layouts (`layout.py`) follow the insert style (`overlay` is narrower than the card);
the others (`card_layouts.py`) follow the card's size only. `cards.py` lays out sets of such faces
(inserts, cards with backs, chips) on sheets.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from tabletop.data.errors import DataError
from tabletop.i18n import _
from tabletop.record import Record, field

from .. import content
from ..fonts import FontSet
from ..geometry import Size, pt
from ..render import FaceArt, TextArt
from ..text import TextOverflow, fit
from . import BuildError, Options
from .card_layouts import CARD_LAYOUTS
from .common import check_glyphs
from .layout import LAYOUTS as INSERT_LAYOUTS
from .layout import FaceLayout


class Face(Record):
    """One printed side: a template filling the boxes of a named layout, over some artwork."""
    template: str | None
    layout: str
    context: dict[str, Any] = field(default_factory=dict)
    decor: tuple = ()


@lru_cache(maxsize=64)
def face_layout(name: str, card: Size, style: str) -> FaceLayout:
    """The layout `name` for a card of this size: an insert layout in the insert style, any other
    at the card's size. The same for every face of an asset: made once."""
    try:
        return INSERT_LAYOUTS[name](style, card) if name in INSERT_LAYOUTS else CARD_LAYOUTS[name](card)
    except ValueError as e:
        raise BuildError(str(e)) from None


def face_art(face: Face, card: Size, opts: Options, fonts: FontSet, where: str, data_file,
             most: float = 1.0) -> FaceArt:
    """Artwork first, then the template's text fitted into the layout's boxes, at most at `most` times
    its styles' sizes. The template sees `lang`, `t`, `style` and `flavor` besides the face's own context."""
    if face.template is None:
        return FaceArt(face.decor)
    xml = content.render(face.template, lang=opts.lang, t=lambda text: text(opts.lang), style=opts.style,
                         flavor=opts.flavor, **face.context)
    parsed = content.parse_face(xml)
    check_glyphs(parsed.text(), fonts, where, data_file)
    text = lay_out(parsed, face_layout(face.layout, card, opts.style), fonts, opts.lang, where, data_file, most)
    return FaceArt(face.decor + text.items)


def text_scale(art: FaceArt) -> float:
    """The scale a face's text was fitted at: its smallest box's (1.0 for a face without text)."""
    return min((item.text.scale for item in art.items if isinstance(item, TextArt)), default=1.0)


def fit_together(faces: list[Face], card: Size, opts: Options, fonts: FontSet, wheres: list[str],
                 data_file) -> list[FaceArt]:
    """Each face's artwork, those in a `together` layout (FaceLayout) all at the scale the fullest of them
    needs."""
    arts = [face_art(f, card, opts, fonts, w, data_file) for f, w in zip(faces, wheres)]
    shared = [i for i, f in enumerate(faces) if f.template and face_layout(f.layout, card, opts.style).together]
    most = min((text_scale(arts[i]) for i in shared), default=1.0)
    while True:  # a refitted face may shrink a step further (kinsoku keeps a lone character off a line)
        for i in shared:
            if text_scale(arts[i]) > most:
                arts[i] = face_art(faces[i], card, opts, fonts, wheres[i], data_file, most)
        least = min((text_scale(arts[i]) for i in shared), default=1.0)
        if least >= most:
            return arts
        most = least


def lay_out(face: content.Face, layout: FaceLayout, fonts: FontSet, lang: str, where: str,
            data_file, most: float = 1.0) -> FaceArt:
    """Each box's paragraphs fitted into every place the layout gives that box."""
    items = []
    for name, paras in face.boxes.items():
        if name not in layout.boxes:
            raise content.TemplateError(f"the template fills box {name!r}, which the layout lacks")
        if not paras:
            continue
        for spec in layout.boxes[name]:
            try:
                fitted = fit(paras, layout.styles, pt(spec.rect.w), pt(spec.rect.h), fonts, lang,
                             layout.min_size, most)
            except TextOverflow as e:
                raise DataError(_("the {box} text does not fit: {detail}; shorten it").format(box=name, detail=e.detail),
                                file=data_file, where=where) from None
            items.append(TextArt(spec.rect, fitted, spec.valign, spec.rotation))
    return FaceArt(tuple(items))
