"""One card-sized face: a template's boxes fitted into a named layout, over its artwork.

The insert layouts (`layout/facelayout.py`) follow the insert style (`overlay` is narrower than the card);
the others (`layout/builtin.py`) follow the card's size only. `pieces.py` lays out sets of such faces
(inserts, cards with backs, chips) on sheets.
"""
from __future__ import annotations

from dataclasses import fields
from functools import lru_cache
from typing import Any

from pnp.assets.common import check_glyphs
from pnp.base import BuildError, FitError, Options, TooSmall
from pnp.fonts.fontset import FontSet
from pnp.geometry import CARD_SIZES, Size, pt
from pnp.layout.builtin import CARD_LAYOUTS
from pnp.layout.facelayout import LAYOUTS as INSERT_LAYOUTS
from pnp.layout.facelayout import FaceLayout
from pnp.sheets.draw import FaceArt, TextArt
from pnp.text import content
from pnp.text.fit import TextOverflow, TextStyle, fit
from tabletop.i18n import _
from tabletop.record import Record, field, replace


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
    its styles' sizes. The template sees `lang`, `t`, `style` and `flavor` besides the face's own context.
    A face whose text does not fit gives way step by step (`give_way`); the last step's error stands."""
    if face.template is None:
        return FaceArt(face.decor)
    steps = give_way(face_layout(face.layout, card, opts.style), card, opts.flavor)
    parsed_with: dict[bool, content.FaceText] = {}  # the template's output with and without flavour text
    for n, (flavor, layout) in enumerate(steps, 1):
        if flavor not in parsed_with:
            xml = content.render(face.template, lang=opts.lang, t=lambda text: text(opts.lang), style=opts.style,
                                 flavor=flavor, **face.context)
            parsed_with[flavor] = content.parse_face(xml)
            check_glyphs(parsed_with[flavor].text(), fonts, where, data_file)
        parsed = parsed_with[flavor]
        try:
            text = lay_out(parsed, layout, fonts, opts.lang, where, data_file, most)
        except FitError as e:
            if n < len(steps):
                continue
            if n > 1:  # a small card that gave all it may: the face is not made at this size
                raise TooSmall(*(getattr(e, f.name) for f in fields(e))) from None
            raise
        return FaceArt(face.decor + text.items)
    raise AssertionError("give_way gives at least one step")


# pt: the least text on a card smaller than a poker card (Japanese small, bridge, mini), once its
# flavour text and padding have given way; poker cards keep LEGIBLE.
SMALL_CARD_FLOOR = 6.0


def give_way(layout: FaceLayout, card: Size, flavor: bool) -> list[tuple[bool, FaceLayout]]:
    """What a face is fitted with, tried in turn until its text fits. A poker card (or larger) has one
    way, as it is: text that does not fit is the data's to shorten. A smaller card (Japanese small,
    bridge, mini) then gives way: its flavour text, then padding (space between paragraphs, line
    height), then the text floor, down to SMALL_CARD_FLOOR. A face that fits as it is prints as it did."""
    if not smaller_than_poker(card):
        return [(flavor, layout)]
    snug = replace(layout, styles={name: snug_style(style) for name, style in layout.styles.items()})
    return [(flavor, layout)] + ([(False, layout)] if flavor else []) + [
        (False, snug), (False, replace(snug, min_size=min(snug.min_size, SMALL_CARD_FLOOR)))]


def smaller_than_poker(card: Size) -> bool:
    poker = Size(*CARD_SIZES["poker"])
    return card.w < poker.w or card.h < poker.h


def snug_style(style: TextStyle) -> TextStyle:
    """A style with less padding: half the space before a paragraph, lines 0.1 closer (at least 1.1 high)."""
    return replace(style, space_before=style.space_before / 2, leading=max(min(style.leading, 1.1),
                                                                           style.leading - 0.1))


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


def lay_out(face: content.FaceText, layout: FaceLayout, fonts: FontSet, lang: str, where: str,
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
                raise FitError(_("the {box} text does not fit: {detail}; shorten it").format(box=name, detail=e.detail),
                                file=data_file, where=where) from None
            items.append(TextArt(spec.rect, fitted, spec.valign, spec.rotation))
    return FaceArt(tuple(items))
