"""Drawing: the only module that talks to ReportLab's canvas. Input is laid-out data in mm.

Every canvas starts with the project's embedded font (never ReportLab's default Helvetica, which
would otherwise be referenced, unembedded, by each page). ReportLab is imported by the functions
that draw, so the art classes cost nothing to a command that finds its files up to date.
"""
from __future__ import annotations

import io
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pnp.fonts.fontset import FontSet
from pnp.geometry import Rect, Size, pt
from pnp.sheets.imposition import Segment, Sheet
from pnp.text.content import Heading, Para
from pnp.text.fit import Fitted, TextStyle, bulleted, paragraph_style, rl_color
from tabletop.record import Record, replace

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

GUIDE_WIDTH = 0.4  # pt
GUIDE_COLOR = "#555555"


class TextArt(Record):
    """Fitted text drawn in a box, aligned vertically, maybe turned."""
    box: Rect  # relative to the face's trim box (mm)
    text: Fitted
    valign: str = "top"
    rotation: int = 0


class FillArt(Record):
    """A filled (and maybe stroked) rectangle."""
    box: Rect  # relative to the trim box; may reach into the bleed (negative x/y)
    color: str
    stroke: str | None = None


class ShapeArt(Record):
    """A closed polygon (`points`) or a circle (`circle` = cx, cy, r), mm from the trim's corner;
    `clip` keeps it inside the face's bleed box."""
    points: tuple[tuple[float, float], ...] = ()
    circle: tuple[float, float, float] | None = None
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.3  # mm
    clip: bool = False
    ellipse: Rect | None = None  # an ellipse inscribed in this rectangle (instead of points or circle)
    rounded: tuple[Rect, float] | None = None  # a rectangle with corners of this radius (mm)
    closed: bool = True  # False: `points` is an open line
    opacity: float = 1.0  # of its fill and stroke


class ImageArt(Record):
    """A picture in a box (`images.py` placed and prepared it), or, with no file, the placeholder a
    draft build draws for a missing one."""
    box: Rect  # relative to the face's trim box (mm)
    placed: Rect  # relative to the box: where the picture goes
    file: str | None  # the prepared file, embedded once however many faces show it
    rotation: int = 0
    # mm the picture is drawn past its box (left, bottom, right, top): into the bleed, as far as the sheet's
    # bleed goes (full art at the card's edge, deck/draw/pictures.py); `placed` reaches as far
    reach: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)


class VectorArt(Record):
    """An SVG picture in a box, drawn as vectors (svgpictures.py made its drawing), clipped to the box."""
    box: Rect  # relative to the face's trim box (mm)
    placed: Rect  # relative to the box: where the whole drawing goes
    drawing: Any  # a reportlab.graphics.shapes.Drawing
    rotation: int = 0


class FaceArt(Record):
    """Everything drawn on one face, in order."""
    items: tuple[TextArt | FillArt | ShapeArt | ImageArt | VectorArt, ...] = ()


class SheetArt(Record):
    """One page: its placed faces, cut guides, footer and fold lines."""
    sheet: Sheet
    guides: list[Segment]
    footer: TextArt | None  # box in page coordinates
    folds: tuple[Segment, ...] = ()  # fold lines, drawn dashed
    ruler: tuple[Rect, int] | None = None  # the scale check's box (page mm) and turn (imposition.ruler_box)
    marks: tuple[Rect, ...] = ()  # a cutting machine's registration marks, filled black (pnp/sheets/cutter.py)


class DocInfo(Record):
    """The PDF's metadata."""
    title: str
    subject: str = ""
    creator: str = "tabletop-kit"
    author: str = "tabletop-kit"  # the game's designer, a deck's maker, else the kit
    lang: str = "ja"


def card_sheets(pages: list[SheetArt], faces: list[FaceArt], fonts: FontSet, info: DocInfo) -> bytes:
    buf = io.BytesIO()
    first = pages[0].sheet.page
    c = _canvas(buf, first, fonts, info)
    for art in pages:
        sheet = art.sheet
        c.setPageSize((pt(sheet.page.w), pt(sheet.page.h)))
        c.setTrimBox(_pt_box(sheet.trim_box))
        c.setBleedBox(_pt_box(sheet.bleed_box))
        _draw_sheet(c, art, faces, fonts)
        c.showPage()
    c.save()
    return buf.getvalue()


def _draw_sheet(c: Canvas, art: SheetArt, faces: list[FaceArt], fonts: FontSet) -> None:
    sheet = art.sheet
    for placement in sheet.placements:
        _draw_face(c, faces[placement.face], placement.trim, placement.rotation, sheet.bleed)
    _draw_guides(c, art.guides)
    _draw_guides(c, list(art.folds), dash=(4, 3))
    if art.footer:
        _draw_text(c, art.footer, Rect(0, 0, sheet.page.w, sheet.page.h))
    if art.ruler:
        _draw_ruler(c, *art.ruler, fonts.regular)
    if art.marks:
        c.setFillColorRGB(0, 0, 0)
        for r in art.marks:
            c.rect(pt(r.x), pt(r.y), pt(r.w), pt(r.h), stroke=0, fill=1)


class TableLook(Record):
    """A flowing sheet's table cells: padding (pt) inside the grid, and the space above a table."""
    side: float = 3.0
    top: float = 1.5
    bottom: float = 2.0
    space_before: float = 2.0


def flowing_document(page: Size, margin: float, blocks: list, styles: dict[str, TextStyle],
                     fonts: FontSet, info: DocInfo, footer: Callable[[int, int], TextArt | None],
                     lead: tuple[list[SheetArt], list[FaceArt]] = ([], []),
                     table: TableLook = TableLook()) -> tuple[bytes, int]:
    """A sheet of headings, paragraphs and tables flowed over as many pages as needed.
    `footer(page, pages)` gives each page's footer (box in page coordinates). `lead` is pages drawn
    before them (a guide page: its sheets and their faces), left out of the footers' count. Returns
    the PDF and its page count (the flowed pages'). Styles needed: h1, h2, body, cell, th."""
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Table

    from pnp.reportlab_internals import held_pages_canvas
    from pnp.text.fallback import FallbackParagraph as Paragraph

    _binary_streams()
    buf = io.BytesIO()
    bottom = margin + 4
    frame = Frame(pt(margin), pt(bottom), pt(page.w - 2 * margin), pt(page.h - margin - bottom),
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    doc = BaseDocTemplate(buf, pagesize=(pt(page.w), pt(page.h)), title=info.title,
                          subject=info.subject, creator=info.creator, author=info.author, lang=info.lang,
                          initialFontName=fonts.regular, initialFontSize=9, pageCompression=1,
                          pageTemplates=[PageTemplate("page", [frame])])
    width = pt(page.w - 2 * margin)
    flowables = [f for block in blocks for f in _flowables(block, styles, fonts, info.lang, width, table)]
    for before, after in zip(flowables, flowables[1:]):
        if isinstance(before, Paragraph) and isinstance(after, Table):
            before.keepWithNext = True  # a table's introduction moves to the next page with it
    frame_rect = Rect(0, 0, page.w, page.h)

    def draw_footer(canvas, number, pages):
        art = footer(number, pages)
        if art:
            _draw_text(canvas, art, frame_rect)

    def draw_lead(canvas, n):
        _draw_sheet(canvas, lead[0][n], lead[1], fonts)

    footer_canvas = held_pages_canvas()
    doc.build(flowables, canvasmaker=lambda *a, **k: footer_canvas(draw_footer, (draw_lead, len(lead[0])), *a, **k))
    return buf.getvalue(), doc.page


def _flowables(block, styles, fonts, lang, width, look: TableLook) -> list:
    from reportlab.platypus import Table, TableStyle

    from pnp.text.fallback import FallbackParagraph as Paragraph

    def para(block: Para):
        paragraph_style_ = paragraph_style(styles[block.style], fonts, lang)
        paragraph_style_.spaceBefore = styles[block.style].space_before  # dropped at the top of a page
        return Paragraph(*bulleted(block, paragraph_style_))

    if isinstance(block, Heading):
        heading = para(Para(block.markup, "h1" if block.level <= 1 else "h2"))
        heading.keepWithNext = True
        return [heading]
    if isinstance(block, Para):
        return [para(block)]
    header = block.header_rows
    rows = [[para(cell if r >= header else replace(cell, style="th")) for cell in row]
            for r, row in enumerate(block.rows)]
    ncols = max(len(r) for r in rows)
    rel = block.widths or (1.0,) * ncols
    widths = [width * w / sum(rel) for w in rel]
    table = Table(rows, colWidths=widths, repeatRows=header, hAlign="LEFT")
    style = TableStyle()
    style.add("FONTNAME", (0, 0), (-1, -1), fonts.regular)  # ReportLab's default would be Helvetica
    style.add("GRID", (0, 0), (-1, -1), 0.4, rl_color("#999999"))
    style.add("VALIGN", (0, 0), (-1, -1), "TOP")
    style.add("LEFTPADDING", (0, 0), (-1, -1), look.side)
    style.add("RIGHTPADDING", (0, 0), (-1, -1), look.side)
    style.add("TOPPADDING", (0, 0), (-1, -1), look.top)
    style.add("BOTTOMPADDING", (0, 0), (-1, -1), look.bottom)
    if header:
        style.add("BACKGROUND", (0, 0), (-1, header - 1), rl_color("#e8e8e8"))
    table.setStyle(style)
    table.spaceBefore = look.space_before
    return [table]


def _binary_streams() -> None:
    """Every stream of the kit's PDFs in binary (Flate, or a JPEG's own DCT), not ASCII85, which adds
    a quarter to their size. ReportLab reads this from its process-wide settings as it writes each
    stream and has no setting of a document's own, so it is set before each PDF and left so."""
    from reportlab import rl_config

    rl_config.useA85 = 0


def _canvas(buf, page: Size, fonts: FontSet, info: DocInfo) -> Canvas:
    from reportlab.pdfgen.canvas import Canvas

    _binary_streams()
    c = Canvas(buf, pagesize=(pt(page.w), pt(page.h)),
               initialFontName=fonts.regular,  # type: ignore[arg-type]  # the stubs say float; it is a font's name
               initialFontSize=9, lang=info.lang, pageCompression=1)
    c.setTitle(info.title)
    c.setSubject(info.subject)
    c.setCreator(info.creator)
    c.setAuthor(info.author)
    return c


def _pt_box(r: Rect) -> tuple[float, float, float, float]:
    return (pt(r.x), pt(r.y), pt(r.x1), pt(r.y1))


def _draw_face(c: Canvas, face: FaceArt, trim: Rect, rotation: int, bleed: float) -> None:
    c.saveState()
    if rotation:
        c.translate(pt(trim.x + trim.w / 2), pt(trim.y + trim.h / 2))
        c.rotate(rotation)
        c.translate(-pt(trim.w / 2), -pt(trim.h / 2))
    else:
        c.translate(pt(trim.x), pt(trim.y))
    local = Rect(0, 0, trim.w, trim.h)
    for item in face.items:
        if isinstance(item, FillArt):
            _draw_fill(c, item, local.outset(bleed))
        elif isinstance(item, ShapeArt):
            _draw_shape(c, item, local.outset(bleed))
        elif isinstance(item, ImageArt):
            _draw_image(c, item, bleed)
        elif isinstance(item, VectorArt):
            _draw_vector(c, item)
        else:
            _draw_text(c, item, local)
    c.restoreState()


def _draw_shape(c: Canvas, shape: ShapeArt, limit: Rect) -> None:
    c.saveState()
    if shape.clip:
        box = c.beginPath()
        box.rect(pt(limit.x), pt(limit.y), pt(limit.w), pt(limit.h))
        c.clipPath(box, stroke=0, fill=0)
    if shape.fill:
        c.setFillColor(rl_color(shape.fill))
    if shape.stroke:
        c.setStrokeColor(rl_color(shape.stroke))
        c.setLineWidth(pt(shape.width))
    if shape.opacity < 1:
        c.setFillAlpha(shape.opacity)
        c.setStrokeAlpha(shape.opacity)
    paint = {"fill": 1 if shape.fill and shape.closed else 0, "stroke": 1 if shape.stroke else 0}
    if shape.circle:
        cx, cy, r = shape.circle
        c.circle(pt(cx), pt(cy), pt(r), **paint)
    elif shape.ellipse:
        e = shape.ellipse
        c.ellipse(pt(e.x), pt(e.y), pt(e.x1), pt(e.y1), **paint)
    elif shape.rounded:
        rect, radius = shape.rounded
        c.roundRect(pt(rect.x), pt(rect.y), pt(rect.w), pt(rect.h), pt(radius), **paint)
    else:
        path = c.beginPath()
        path.moveTo(pt(shape.points[0][0]), pt(shape.points[0][1]))
        for x, y in shape.points[1:]:
            path.lineTo(pt(x), pt(y))
        if shape.closed:
            path.close()
        c.drawPath(path, **paint)
    c.restoreState()


def _draw_fill(c: Canvas, fill: FillArt, limit: Rect) -> None:
    b = fill.box
    x0, y0 = max(b.x, limit.x), max(b.y, limit.y)
    x1, y1 = min(b.x1, limit.x1), min(b.y1, limit.y1)
    c.setFillColor(rl_color(fill.color))
    if fill.stroke:
        c.setStrokeColor(rl_color(fill.stroke))
        c.setLineWidth(0.5)
    c.rect(pt(x0), pt(y0), pt(x1 - x0), pt(y1 - y0), fill=1, stroke=1 if fill.stroke else 0)


def _draw_image(c: Canvas, art: ImageArt, bleed: float = 0.0) -> None:
    from pnp.reportlab_internals import draw_kept_image

    box, placed = art.box, art.placed
    c.saveState()
    c.translate(pt(box.x + box.w / 2), pt(box.y + box.h / 2))
    c.rotate(art.rotation)
    c.translate(-pt(box.w / 2), -pt(box.h / 2))
    if any(art.reach):  # as far into the bleed as the sheet has: never over a neighbour
        left, bottom, right, top = (min(r, bleed) for r in art.reach)
        clip = c.beginPath()
        clip.rect(-pt(left), -pt(bottom), pt(box.w + left + right), pt(box.h + bottom + top))
        c.clipPath(clip, stroke=0, fill=0)
    if art.file is None:  # a draft's stand-in: a grey panel crossed out
        c.setFillColor(rl_color("#dddddd"))
        c.setStrokeColor(rl_color("#888888"))
        c.setLineWidth(0.5)
        c.rect(0, 0, pt(box.w), pt(box.h), fill=1, stroke=1)
        c.line(0, 0, pt(box.w), pt(box.h))
        c.line(0, pt(box.h), pt(box.w), 0)
    else:
        # Made once per version of the file, however many documents draw it (pnp watch makes one a save).
        draw_kept_image(c, art.file, pt(placed.x), pt(placed.y), pt(placed.w), pt(placed.h))
    c.restoreState()


def _draw_vector(c: Canvas, art: VectorArt) -> None:
    from reportlab.graphics import renderPDF

    from pnp.reportlab_internals import canvas_font

    box, placed, drawing = art.box, art.placed, art.drawing
    drawing.initialFontName = canvas_font(c)  # its state starts in the page's embedded font, not Helvetica
    c.saveState()
    c.translate(pt(box.x + box.w / 2), pt(box.y + box.h / 2))
    c.rotate(art.rotation)
    c.translate(-pt(box.w / 2), -pt(box.h / 2))
    edge = c.beginPath()
    edge.rect(0, 0, pt(box.w), pt(box.h))
    c.clipPath(edge, stroke=0, fill=0)
    c.translate(pt(placed.x), pt(placed.y))
    c.scale(pt(placed.w) / drawing.width, pt(placed.h) / drawing.height)
    renderPDF.draw(drawing, c, 0, 0)
    c.restoreState()


def _draw_text(c: Canvas, art: TextArt, frame: Rect) -> None:
    box = art.box
    free = pt(box.h) - art.text.height
    offset = {"top": 0.0, "middle": free / 2, "bottom": free}[art.valign]
    c.saveState()
    if art.rotation:
        c.translate(pt(frame.x + box.x + box.w / 2), pt(frame.y + box.y + box.h / 2))
        c.rotate(art.rotation)
        c.translate(-pt(box.w / 2), -pt(box.h / 2))
    else:
        c.translate(pt(frame.x + box.x), pt(frame.y + box.y))
    y = pt(box.h) - offset
    for para, space in art.text.paras:  # down the box, one after the other
        y -= space + para.height
        para.drawOn(c, 0, y)
    c.restoreState()


RULER_LINE = 0.2  # mm: thick enough for an inkjet, thin enough to measure against
RULER_LABEL = 6.5  # pt


def _draw_ruler(c: Canvas, box: Rect, rotation: int, font: str) -> None:
    """A scale check to measure after printing: a bar as long as the box (50 mm) with ticks every
    10 mm (5 mm half as tall), and its length in words over it; in black, the colour every printer
    prints most sharply."""
    c.saveState()
    c.translate(pt(box.x + box.w / 2), pt(box.y + box.h / 2))
    if rotation:
        c.rotate(rotation)
    c.translate(-pt(box.w / 2), -pt(box.h / 2))
    c.setFillColorRGB(0, 0, 0)
    # Filled bars, not stroked lines: its marks are not cut lines to anything reading the page's lines.
    w = RULER_LINE
    c.rect(-pt(w / 2), 0, pt(box.w + w), pt(w), stroke=0, fill=1)
    for mm in range(0, round(box.w) + 1, 5):
        tall = 1.6 if mm in (0, round(box.w)) else 1.1 if mm % 10 == 0 else 0.6
        c.rect(pt(mm - w / 2), 0, pt(w), pt(tall), stroke=0, fill=1)
    base = w / 2
    c.setFont(font, RULER_LABEL)
    c.drawCentredString(pt(box.w / 2), pt(base + 2.2), f"{box.w:g} mm")
    c.restoreState()


def _draw_guides(c: Canvas, segments: list[Segment], dash: tuple[float, ...] = ()) -> None:
    if not segments:
        return
    c.saveState()
    c.setStrokeColor(rl_color(GUIDE_COLOR))
    c.setLineWidth(GUIDE_WIDTH)
    if dash:
        c.setDash(*dash)
    for x0, y0, x1, y1 in segments:
        c.line(pt(x0), pt(y0), pt(x1), pt(y1))
    c.restoreState()
