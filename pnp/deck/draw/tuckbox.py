"""A tuck box for a deck (`[tuckbox]` in the deck file): one sheet with the box's dieline — cut lines
solid, folds dashed — sized for the deck's cards: its front and back panels the card's size plus the
ease, its sides and flaps as deep as the stack of cards (cards × thickness per card, plus the ease).
The front and back panels are printed in the deck's back (its colour, or its picture covering them).

      ┌──────┐                           lid and tuck flap above the back
      │ tuck │
      ├──────┤
  ╱ ╲ │ lid  │ ╱ ╲                       dust flaps above the sides
 ├───┼──────┼───┼──────┼──╮
 │ S │ back │ S │front │ g│              S: sides (the deck's depth), g: the glue flap
 ├───┼──────┼───┼──────┼──╯
  ╲ ╱ │bottom│ ╲ ╱ │bottom│              bottom flaps, glued over each other

Geometry only (mm from the page's bottom-left corner); sheets/draw.py draws it as a card sheet."""
from __future__ import annotations

from typing import Any

from pnp.assets.common import card_size, page_size
from pnp.base import BuildError, Built, Options
from pnp.deck.read import imagefiles
from pnp.deck.read.backchoice import DEFAULT
from pnp.fonts.fontset import FontSet
from pnp.geometry import Rect, Size
from pnp.layout.keys import BACK
from pnp.sheets import draw
from pnp.sheets.images import parse_align
from pnp.sheets.imposition import Placement, Sheet
from tabletop.i18n import _
from tabletop.record import Record

GLUE = 10.0  # mm: the glue flap's width
TUCK = 15.0  # mm: the tuck flap's height, slid in behind the front
MARGIN = 10.0  # mm kept clear at the page's edges
DUST = 0.8  # a dust flap's height, as a share of the depth (it folds inside, under the lid)
LABEL = {"ja": "タックボックス", "en": "Tuck box"}


class TuckBoxSize(Record):
    """The box for `cards` cards of `card` size: its inside, mm."""
    width: float
    height: float
    depth: float


def box_size(card: Size, cards: int, thickness: float, ease: float) -> TuckBoxSize:
    return TuckBoxSize(card.w + ease, card.h + ease, cards * thickness + ease)


class Dieline(Record):
    """The box laid flat: its panels by name, its cut lines and folds (segments x0, y0, x1, y1)."""
    panels: dict[str, Rect]
    cuts: tuple[tuple[float, float, float, float], ...]
    folds: tuple[tuple[float, float, float, float], ...]
    size: Size  # the whole dieline's extent


def dieline(box: TuckBoxSize) -> Dieline:
    """The flat box with its bottom-left corner at (0, 0)."""
    w, h, d = box.width, box.height, box.depth
    dust = d * DUST
    y0 = d  # the bottom flaps below the main row
    xs = [0.0, d, d + w, 2 * d + w, 2 * d + 2 * w]  # side, back, side, front, then the glue flap
    panels = {"side_left": Rect(xs[0], y0, d, h), "back": Rect(xs[1], y0, w, h),
              "side_right": Rect(xs[2], y0, d, h), "front": Rect(xs[3], y0, w, h),
              "glue": Rect(xs[4], y0, GLUE, h), "lid": Rect(xs[1], y0 + h, w, d),
              "tuck": Rect(xs[1], y0 + h + d, w, TUCK), "bottom_back": Rect(xs[1], 0, w, d),
              "bottom_front": Rect(xs[3], 0, w, d)}
    top = y0 + h
    folds = [(x, y0, x, top) for x in xs[1:]]  # between the panels of the main row
    folds += [(xs[1], top, xs[2], top), (xs[1], top + d, xs[2], top + d)]  # lid's two folds
    folds += [(xs[0], top, xs[1], top), (xs[2], top, xs[3], top)]  # dust flaps above the sides
    folds += [(xs[0], y0, xs[4], y0)]  # bottom flaps and bottom dust flaps
    cuts: list[tuple[float, float, float, float]] = []

    def outline(points):
        cuts.extend((*a, *b) for a, b in zip(points, points[1:]))

    slope = min(d / 4, 3.0)  # the dust flaps' and glue flap's bevel
    # Round the outline anticlockwise from the bottom-left of the left side's dust flap.
    outline([(xs[0], y0), (xs[0] + slope, y0 - dust), (xs[1] - slope, y0 - dust), (xs[1], y0),
             (xs[1], 0), (xs[2], 0), (xs[2], y0), (xs[2] + slope, y0 - dust), (xs[3] - slope, y0 - dust),
             (xs[3], y0), (xs[3], 0), (xs[4], 0), (xs[4], y0), (xs[4] + GLUE, y0 + slope),
             (xs[4] + GLUE, top - slope), (xs[4], top), (xs[3], top), (xs[3] - slope, top + dust),
             (xs[2] + slope, top + dust), (xs[2], top), (xs[2], top + d), (xs[2], top + d + TUCK - slope),
             (xs[2] - slope, top + d + TUCK), (xs[1] + slope, top + d + TUCK), (xs[1], top + d + TUCK - slope),
             (xs[1], top + d), (xs[1], top), (xs[1] - slope, top + dust), (xs[0] + slope, top + dust),
             (xs[0], top), (xs[0], y0)])
    extent = Size(xs[4] + GLUE, top + d + TUCK)
    return Dieline(panels, tuple(cuts), tuple(folds), extent)


def _moved(segment, dx: float, dy: float):
    x0, y0, x1, y1 = segment
    return x0 + dx, y0 + dy, x1 + dx, y1 + dy


class TuckBox(Record):
    """The deck's tuck box as an asset: one page, the dieline centred on it."""
    name: str
    label: dict[str, str]
    deck: Any = None  # the Deck
    cards: int = 0
    thickness: float = 0.5
    ease: float = 1.0

    def filename(self, opts: Options) -> str:
        return f"{self.name}-{page_size(opts)[0]}-{opts.lang}.pdf"

    def size(self, opts: Options) -> TuckBoxSize:
        return box_size(card_size(opts), self.cards, self.thickness, self.ease)

    def build(self, game, model: Any, opts: Options, fonts: FontSet) -> Built:
        box = self.size(opts)
        flat = dieline(box)
        page = _page(opts, flat.size)
        dx, dy = (page.w - flat.size.w) / 2, (page.h - flat.size.h) / 2
        faces: list[draw.FaceArt] = []
        placements = []
        for name in ("back", "front"):
            r = flat.panels[name]
            trim = Rect(r.x + dx, r.y + dy, r.w, r.h)
            placements.append(Placement(len(faces), trim))
            faces.append(draw.FaceArt(self._panel(Size(r.w, r.h))))
        sheet = Sheet(page, tuple(placements), 0.0, "none")
        art = draw.SheetArt(sheet, [_moved(s, dx, dy) for s in flat.cuts], None,
                              tuple(_moved(s, dx, dy) for s in flat.folds))
        title = f"{game.title[opts.lang]} — {self.label[opts.lang]}"
        pdf = draw.card_sheets([art], faces, fonts, draw.DocInfo(title, lang=opts.lang))
        return Built(pdf, 1, 2)  # pages, not cards: exports show it as a page

    def _panel(self, size: Size) -> tuple:
        """A front or back panel: the deck's back colour, its picture covering the panel."""
        deck = self.deck
        back = deck.backs.backs.get(DEFAULT) or next(iter(deck.backs.backs.values()), None)
        colour = (back.color if back else None) or BACK
        items: tuple = (draw.FillArt(Rect(0, 0, size.w, size.h), colour),)
        if back and back.image:
            request = imagefiles.Request(deck.folder / back.image, (size.w, size.h), "fill",
                                         parse_align("center"))
            done = imagefiles.prepare_all([request], deck.image_dpi)[request]
            if done.problem or done.placement is None:  # placed unless it has a problem
                raise BuildError(_("{file}: the back's picture {path!r}: {problem}").format(
                    file=deck.file.name, path=back.image, problem=done.problem))
            items += (draw.ImageArt(Rect(0, 0, size.w, size.h), done.placement.rect, done.file),)
        return items


def _page(opts: Options, needed: Size) -> Size:
    """The paper chosen, turned if the box fits only that way."""
    name, page = page_size(opts)
    for size in (page, Size(page.h, page.w)):
        if needed.w + 2 * MARGIN <= size.w and needed.h + 2 * MARGIN <= size.h:
            return size
    raise BuildError(_("the tuck box lies flat over {w:.0f} × {h:.0f} mm, more than {paper} holds: fewer cards "
                       "(cards in [tuckbox]) or larger paper").format(w=needed.w, h=needed.h, paper=name))


def tuck_boxes(deck) -> dict[str, TuckBox]:
    """The deck's tuck box as an asset, if it has `[tuckbox]`."""
    box = deck.tuckbox
    if box is None:
        return {}
    cards = box.cards if box.cards is not None else sum(card.copies for card in deck.cards)
    return {"tuckbox": TuckBox("tuckbox", LABEL, deck, cards, box.thickness, box.ease)}
