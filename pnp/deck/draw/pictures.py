"""A deck's pictures on its faces: where each box's picture goes (the whole box, or a band at its
top with the text below), every picture the printed cards show prepared before they are laid out
(`deck/read/imagefiles.py`), the unreadable ones reported together, and the warnings a build prints about
them (soft pictures; stand-ins in a draft)."""
from __future__ import annotations

import math

from pnp.base import Options
from pnp.deck.draw.boxes import deck_geometry
from pnp.deck.read import imagefiles
from pnp.deck.read.deckfile import CardRow, Deck
from pnp.geometry import Rect, Size
from pnp.layout.facelayout import BoxSpec
from pnp.sheets.draw import ImageArt, VectorArt
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _
from tabletop.record import replace

IMAGE_GAP = 1.0  # mm between a picture at the top of a box and the box's text below it


def image_areas(deck: Deck, size: Size, opts: Options) -> dict[str, tuple[BoxSpec, ...]]:
    """Where each box's picture goes: the whole box, or the band of its height at the box's top."""
    geometry = deck_geometry(deck, size, opts.style)[0]
    return {box: tuple(split(spec, image.height)[0] for spec in geometry.boxes[box])
            for box, image in deck.images.items()}


Reach = tuple[float, float, float, float]  # mm a picture is drawn past its box: left, bottom, right, top
NO_REACH: Reach = (0.0, 0.0, 0.0, 0.0)
COVERING = ("fill", "stretch")  # fits whose picture covers its box, to its edges


def image_reaches(deck: Deck, size: Size, opts: Options) -> dict[str, tuple[Reach, ...]]:
    """How far each box's picture reaches past its box, place by place: into the bleed on each edge of
    the face the box lies on, where the picture covers its box (full art: a cut a little off shows the
    art, not white paper); nothing for a turned box, a `fit` picture or an edge inside the face. The
    picture is prepared for the bleed asked (`--bleed`), else for the most a build gives by default (a
    print shop's 3 mm), and drawn as far as the sheet's own bleed (sheets/draw.py)."""
    from pnp.geometry import SAFE_BLEED_MAX
    from pnp.sheets.printshop import BLEED

    bleed = SAFE_BLEED_MAX if opts.bleed is None else opts.bleed
    bleed = max(bleed, BLEED) if opts.print_shop else bleed
    face = deck_geometry(deck, size, opts.style)[0].size
    areas = image_areas(deck, size, opts)
    reaches = {}
    for box, image in deck.images.items():
        reaches[box] = tuple(_reach(spec.rect, face, bleed) if image.fit in COVERING and not spec.rotation
                             and bleed > 0 else NO_REACH for spec in areas[box])
    return reaches


def _reach(r: Rect, face: Size, bleed: float) -> Reach:
    edge = 0.01  # mm: a box given at 0 mm from an edge lies on it
    return (bleed if r.x <= edge else 0.0, bleed if r.y <= edge else 0.0,
            bleed if r.x1 >= face.w - edge else 0.0, bleed if r.y1 >= face.h - edge else 0.0)


def _outset(r: Rect, reach: Reach) -> Rect:
    left, bottom, right, top = reach
    return Rect(r.x - left, r.y - bottom, r.w + left + right, r.h + bottom + top)


def split(spec: BoxSpec, height: float | None) -> tuple[BoxSpec, BoxSpec]:
    """A box's picture part and text part: the same box, or the top `height` mm and the rest (the
    top as the box reads, however it is turned)."""
    if height is None:
        return spec, spec
    r = spec.rect
    h, rest = min(height, r.h), max(r.h - height - IMAGE_GAP, 0.0)
    return _part(spec, r.h - h, h), _part(spec, 0.0, rest)


def _part(spec: BoxSpec, y: float, h: float) -> BoxSpec:
    """The band `y`…`y + h` mm up a box as it reads. A turned box is drawn turned about its own
    centre (`render.TextArt`), so the band's centre is turned about the box's centre with it."""
    r = spec.rect
    dy = y + h / 2 - r.h / 2  # the band's centre above the box's, as the box reads
    a = math.radians(spec.rotation)
    cx, cy = r.x + r.w / 2 - dy * math.sin(a), r.y + r.h / 2 + dy * math.cos(a)
    return replace(spec, rect=Rect(cx - r.w / 2, cy - h / 2, r.w, h))


def _requests(deck: Deck, card: CardRow, areas: dict[str, tuple[BoxSpec, ...]], reaches=None):
    """(box, place in the face, the picture to prepare) for each picture the card shows (prepared for
    its box and the bleed it reaches into, `reaches`)."""
    for box, name in card.images.items():
        image = deck.images[box]
        for n, spec in enumerate(areas[box]):
            drawn = _outset(spec.rect, reaches[box][n]) if reaches else spec.rect
            yield box, spec, imagefiles.Request(deck.folder / name, (drawn.w, drawn.h), image.fit, image.align)


def _picture_error(deck: Deck, card: CardRow, box: str, message: str) -> DataError:
    image = deck.images[box]
    if image.columns:
        return deck.table.error(message, card.row, image.columns[0])
    return DataError(message, file=deck.file, where=f"boxes.{box}.image")


def prepared_pictures(deck: Deck, areas, opts: Options, reaches=None) -> dict:
    """Every picture the printed cards show, prepared; the unreadable ones all reported together
    (a draft draws a stand-in for each, and says so in its warnings)."""
    cards = [card for card in deck.cards if card.copies and card.images]
    prepared = imagefiles.prepare_all((r for card in cards for _box, _spec, r in _requests(deck, card, areas,
                                                                                             reaches)),
                                      deck.image_dpi)
    if not opts.draft:
        errors: dict[tuple[int | None, str], DataError] = {}
        for card in cards:
            for box, _spec, request in _requests(deck, card, areas, reaches):
                problem = prepared[request].problem
                svg = prepared[request].svg
                if opts.print_shop and svg is not None and svg.gradient:
                    # A gradient is a shading in RGB, which the print shop's conversion does not reach.
                    problem = _("its gradients (or patterns) are not converted to CMYK for a print shop: "
                                "give it flat colours")
                if problem:
                    errors.setdefault((card.row if deck.images[box].columns else None, box), _picture_error(
                        deck, card, box, _("picture {path!r}: {problem}").format(
                            path=card.images[box], problem=problem)))
        DataErrors.raise_all(list(errors.values()))
    return prepared


def pictures(deck: Deck, card: CardRow, areas, prepared: dict,
             reaches=None) -> dict[str, tuple[ImageArt | VectorArt, ...]]:
    """The card's pictures, box by box; one reaching into the bleed placed from its box's corner."""
    items: dict[str, tuple[ImageArt | VectorArt, ...]] = {}
    for (box, spec, request), reach in zip(_requests(deck, card, areas, reaches), _card_reaches(card, areas, reaches)):
        done = prepared[request]
        placed = done.placement.rect if done.placement else Rect(0, 0, spec.rect.w, spec.rect.h)
        if done.placement:  # placed in the box and the bleed it reaches into: from that area's corner
            placed = Rect(placed.x - reach[0], placed.y - reach[1], placed.w, placed.h)
        art = (VectorArt(spec.rect, placed, done.svg.drawing, spec.rotation) if done.svg is not None
               else ImageArt(spec.rect, placed, done.file, spec.rotation, reach))
        items[box] = items.get(box, ()) + (art,)
    return items


def _card_reaches(card: CardRow, areas, reaches):
    """Each of the card's pictures' reach, in `_requests`' order."""
    for box in card.images:
        for n in range(len(areas[box])):
            yield reaches[box][n] if reaches else NO_REACH


def image_warnings(deck: Deck, size: Size, opts: Options) -> tuple[str, ...]:
    """A picture that prints soft (under 150 dpi) or, in a draft, is missing: one line per picture,
    at the first card showing it. Read from the files' headers, so a file found up to date still
    says it."""
    if not deck.images:
        return ()
    areas, seen, lines = image_areas(deck, size, opts), set(), []
    for card in deck.cards:
        for box, name in card.images.items() if card.copies else ():
            request = next(r for b, _spec, r in _requests(deck, card, areas) if b == box)
            if request in seen:
                continue
            seen.add(request)
            placement, problem = imagefiles.measure(request)
            place = imagefiles.place_name(_picture_error(deck, card, box, ""))
            if problem and opts.draft:
                lines.append(_("warning: {place}: picture {path!r}: {problem}; drawn as a grey box (--draft)")
                             .format(place=place, path=name, problem=problem))
            elif placement and (dpi := imagefiles.low_dpi(placement)):
                lines.append(_("warning: {place}: picture {path!r} prints at {dpi:.0f} dpi in its box, under "
                               "{least} (soft); give it more pixels").format(
                    place=place, path=name, dpi=dpi, least=imagefiles.LOW_DPI))
    return tuple(lines)
