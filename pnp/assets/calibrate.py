"""`pnp calibrate`: a two-sided test sheet whose scales read off the --back-offset a printer needs.

The front carries two rulers, X below the panel's centre and Y right of it, each with its zero on
the panel's centre line. The back carries a cross through the panel's centre: a cross is its own
mirror image, so it lands on the rulers whichever edge the printer flips on. Held against the light,
each line of the cross meets its ruler where the printer put it; every ruler mark is labelled with
the offset that cancels that misalignment (backs.correction), plus the offset in use.
"""
from __future__ import annotations

from pnp.assets.cardfaces import lay_out
from pnp.fonts.fontset import FontSet
from pnp.geometry import Rect, Size, pt
from pnp.layout.facelayout import BoxSpec, FaceLayout
from pnp.sheets import draw
from pnp.sheets.backs import BackMode, behind, correction, flip_axis, shifted
from pnp.sheets.draw import FaceArt, FillArt, SheetArt, TextArt
from pnp.sheets.imposition import Placement, Sheet
from pnp.text import content
from pnp.text.content import Para
from pnp.text.fit import TextStyle, fit
from tabletop.i18n import N_

MARGIN = 12.0  # mm from the page edge to the panel
REACH = 5  # mm either side of zero (home printers drift 1–4 mm)
X_AT, Y_AT = -40.0, 40.0  # mm from the panel's centre: X ruler below it, Y ruler right of it
TICK = 5.0  # mm, whole-millimetre marks; half-millimetre marks are half as long
LABEL_GAP = 1.5  # mm: odd millimetres are labelled on the far side of the ruler's line
INK = "#000000"
LINE = 0.2  # mm
STYLES = {"title": TextStyle(13, bold=True, leading=1.3), "body": TextStyle(8.5, leading=1.4),
          "step": TextStyle(8.5, leading=1.4, space_before=3),
          "note": TextStyle(7.5, color="#555555", leading=1.35, space_before=5),
          "tick": TextStyle(5.5, align="center", leading=1.0)}
OTHER = {"duplex-long": "duplex-short", "duplex-short": "duplex-long"}
# What `pnp calibrate` says after writing the sheet (in the user's language, not the sheet's).
HINT = N_("Print it two-sided at 100%, hold it to the light and read X and Y where the back's cross meets the "
          "two rulers; then build with --back-offset X,Y.")


def _signed(value: float) -> str:
    return "0" if abs(value) < 1e-9 else f"{value:+g}".replace("-", "−")


def _label(text: str, box: Rect, fonts: FontSet, lang: str) -> TextArt:
    return TextArt(box, fit((Para(text, "tick"),), STYLES, pt(box.w), pt(box.h), fonts, lang, 4.0), "middle")


def _rulers(panel: Size, page: Size, mode: BackMode, offset: tuple[float, float], fonts: FontSet,
            lang: str) -> list:
    cx, cy = panel.w / 2, panel.h / 2
    items: list = [FillArt(Rect(cx - REACH, cy + X_AT - LINE / 2, 2 * REACH, LINE), INK),
                   FillArt(Rect(cx + Y_AT - LINE / 2, cy - REACH, LINE, 2 * REACH), INK)]
    for i in range(-2 * REACH, 2 * REACH + 1):
        d = i / 2  # mm from zero, as seen on this side
        whole, odd = i % 2 == 0, (i // 2) % 2 == 1
        # Whole millimetres reach out to their label: even ones on the mark side, odd ones across the line.
        a, b = (-LABEL_GAP, TICK) if whole and odd else (0.0, TICK if whole else TICK / 2)
        items.append(FillArt(Rect(cx + d - LINE / 2, cy + X_AT + a, LINE, b - a), INK))
        items.append(FillArt(Rect(cx + Y_AT + a, cy + d - LINE / 2, b - a, LINE), INK))
        if not whole:
            continue
        x_value = offset[0] + correction(mode, page, d, 0.0)[0]
        y_value = offset[1] + correction(mode, page, 0.0, d)[1]
        x_at = cy + X_AT - LABEL_GAP - 2.6 if odd else cy + X_AT + TICK + 0.2
        y_at = cx + Y_AT - LABEL_GAP - 3.6 if odd else cx + Y_AT + TICK + 0.2
        x_box, y_box = Rect(cx + d - 1.5, x_at, 3, 2.4), Rect(y_at, cy + d - 1.2, 3.4, 2.4)
        items.append(_label(_signed(x_value), x_box, fonts, lang))
        items.append(_label(_signed(y_value), y_box, fonts, lang))
    items.append(_label("<b>X</b>", Rect(cx - REACH - 7, cy + X_AT - 1, 5, 4), fonts, lang))
    items.append(_label("<b>Y</b>", Rect(cx + Y_AT - 2.5, cy + REACH + 1.5, 5, 4), fonts, lang))
    return items


def _cross(panel: Size) -> tuple:
    """Two lines through the panel's centre: the same after any flip."""
    cx, cy = panel.w / 2, panel.h / 2
    return (FillArt(Rect(cx - LINE / 2, 0, LINE, panel.h), INK), FillArt(Rect(0, cy - LINE / 2, panel.w, LINE), INK))


def build(page: Size, paper: str, mode: BackMode, offset: tuple[float, float], fonts: FontSet, lang: str) -> bytes:
    panel_rect = Rect(MARGIN, MARGIN, page.w - 2 * MARGIN, page.h - 2 * MARGIN)
    panel = Size(panel_rect.w, panel_rect.h)
    layout = FaceLayout(panel, {
        "front": (BoxSpec(Rect(4, panel.h / 2 + 12, panel.w - 8, panel.h / 2 - 16)),),
        "back": (BoxSpec(Rect(4, 6, panel.w - 8, 25), valign="bottom"),),
    }, STYLES)
    xml = content.render("common/calibrate.j2", lang=lang, mode=mode, other=OTHER[mode], paper=paper,
                         offset=f"{offset[0]:g},{offset[1]:g}")
    face = content.parse_face(xml)
    words = {name: lay_out(content.FaceText({name: paras}), layout, fonts, lang, "calibrate", None).items
             for name, paras in face.boxes.items()}
    front = FaceArt(tuple(_rulers(panel, page, mode, offset, fonts, lang)) + words["front"])
    back = FaceArt(_cross(panel) + words["back"])
    rect, turn = behind(panel_rect, page, flip_axis(mode, page))
    sheets = [SheetArt(Sheet(page, (Placement(0, panel_rect),), 0.0, "none"), [], None),
              SheetArt(Sheet(page, (Placement(1, shifted(rect, offset), turn),), 0.0, "none"), [], None)]
    return draw.card_sheets(sheets, [front, back], fonts, draw.DocInfo("calibrate", lang=lang))
