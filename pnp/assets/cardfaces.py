"""Card-sized faces (sleeve inserts now; cards with backs later): template → boxes → sheets."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .. import content, render
from tabletop.data.errors import DataError
from ..fonts import FontSet
from ..geometry import grid, pt
from ..imposition import footer_box, guide_segments, plan_fronts
from ..render import FaceArt, SheetArt, TextArt
from ..text import TextOverflow, fit
from . import BuildError, Built, Game, Options
from .common import FOOTER_HEIGHT, card_size, check_glyphs, footer, page_size, variant
from .layout import LAYOUTS, FaceLayout
from tabletop.i18n import _



@dataclass(frozen=True)
class InsertFace:
    id: str
    name: str  # readable, in the build's language (exports show it)
    template: str
    context: dict[str, Any]


FaceSource = Callable[[Any, Options], list[InsertFace]]


@dataclass(frozen=True)
class CardFaces:
    name: str
    label: dict[str, str]
    faces: FaceSource
    layout: str = "insert"

    def filename(self, opts: Options) -> str:
        return f"{self.name}-{variant(opts)}{page_size(opts)[0]}-{opts.lang}.pdf"

    def build(self, game: Game, model: Any, opts: Options, fonts: FontSet) -> Built:
        try:
            layout = LAYOUTS[self.layout](opts.style, card_size(opts))
        except ValueError as e:
            raise BuildError(str(e)) from None
        data_file = game.data_file(opts.cards_dir)
        arts = []
        faces = self.faces(model, opts)
        for f in faces:
            xml = content.render(f.template, lang=opts.lang, t=lambda text: text(opts.lang), style=opts.style,
                                 flavor=opts.flavor, **f.context)
            face = content.parse_face(xml)
            where = f"cards[{f.id}]"
            check_glyphs(face.text(), fonts, where, data_file)
            arts.append(lay_out(face, layout, fonts, opts.lang, where, data_file))
        paper, page = page_size(opts)
        try:
            sheet_grid = grid(page, layout.size, opts.gutter, opts.bleed)
        except ValueError as e:
            raise BuildError(str(e)) from None
        sheets = plan_fronts(len(arts), sheet_grid, opts.guides)
        pages = []
        for n, sheet in enumerate(sheets, 1):
            segments = guide_segments(sheet)
            box = footer_box(sheet, segments, FOOTER_HEIGHT)
            pages.append(SheetArt(sheet, segments, footer(box, game.title[opts.lang], self.label[opts.lang],
                                                          n, len(sheets), opts.lang, fonts)))
        info = render.DocInfo(f"{game.title[opts.lang]} — {self.label[opts.lang]}", lang=opts.lang)
        cards = tuple((f.id, f.name or f.id, i, None) for i, f in enumerate(faces))
        return Built(render.card_sheets(pages, arts, fonts, info), len(sheets), len(arts), tuple(sheets), cards)


def lay_out(face: content.Face, layout: FaceLayout, fonts: FontSet, lang: str, where: str,
            data_file) -> FaceArt:
    items = []
    for name, paras in face.boxes.items():
        if name not in layout.boxes:
            raise content.TemplateError(f"the template fills box {name!r}, which the layout lacks")
        if not paras:
            continue
        for spec in layout.boxes[name]:
            try:
                fitted = fit(paras, layout.styles, pt(spec.rect.w), pt(spec.rect.h), fonts, lang,
                             layout.min_size)
            except TextOverflow as e:
                raise DataError(_("the {box} text does not fit: {detail}; shorten it").format(box=name, detail=e.detail),
                                file=data_file, where=where) from None
            items.append(TextArt(spec.rect, fitted, spec.valign, spec.rotation))
    return FaceArt(tuple(items))
