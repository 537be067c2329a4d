"""Pixel geometry of the per-card targets at 300 dpi, and the file names that sort in upload order."""
from __future__ import annotations

from pnp.export.regions import BuiltDeck, CardRef, ExportError, slug
from tabletop.i18n import _, listing
from tabletop.record import Record

DPI = 300
POKER_MM = (63.5, 88.9)  # 2.5 × 3.5 in: the cut size of the print services' poker decks
POKER_TOLERANCE_MM = 1.5  # 63×88 (our poker preset) is within it; bridge and Japanese small are not


class Layout(Record):
    canvas: tuple[int, int]  # the whole image, bleed included
    trim: tuple[int, int]  # the card's cut size inside it
    offset: tuple[int, int]  # where the trim's top-left corner sits

    @property
    def bleed(self) -> tuple[int, int, int, int]:
        """Pixels of bleed on the left, top, right and bottom."""
        (cw, ch), (tw, th), (x, y) = self.canvas, self.trim, self.offset
        return x, y, cw - tw - x, ch - th - y


# Print services publish an exact upload size for poker cards; the trim is 2.5×3.5 in at 300 dpi.
_SERVICES = {
    "mpc": (822, 1122),  # MakePlayingCards
    "tgc": (825, 1125),  # The Game Crafter: ⅛ in bleed
}
TARGETS = ("mpc", "tgc", "png")


def px(mm: float) -> int:
    return round(mm / 25.4 * DPI)


def layout(target: str, size_mm: tuple[float, float]) -> Layout:
    if target == "png":
        trim = (px(size_mm[0]), px(size_mm[1]))
        return Layout(canvas=trim, trim=trim, offset=(0, 0))
    if target not in _SERVICES:
        raise ExportError(_("unknown target {target!r}; choose one of {targets}").format(
            target=target, targets=listing(TARGETS)))
    if any(abs(a - b) > POKER_TOLERANCE_MM for a, b in zip(size_mm, POKER_MM)):
        raise ExportError(_("target {target} takes poker-size cards ({poker_w}×{poker_h} mm); these cards are "
                            "{width:g}×{height:g} mm — use --target png").format(
            target=target, poker_w=POKER_MM[0], poker_h=POKER_MM[1], width=size_mm[0], height=size_mm[1]))
    canvas = _SERVICES[target]
    trim = (px(POKER_MM[0]), px(POKER_MM[1]))
    offset = ((canvas[0] - trim[0]) // 2, (canvas[1] - trim[1]) // 2)
    return Layout(canvas=canvas, trim=trim, offset=offset)


def card_file_name(deck: BuiltDeck, card: CardRef, side: str) -> str:
    """game_asset_index_cardid_side.png; the index is zero-padded so names sort in deck order."""
    width = max(3, len(str(len(deck.cards))))
    card_id = slug(card.card_id)
    parts = [deck.game, deck.asset, f"{card.index:0{width}d}"] + ([card_id] if card_id else [])
    return "_".join(parts + [side]) + ".png"


def shared_back_file_name(deck: BuiltDeck) -> str:
    """The one back image when every card of the deck shares it (the services' "same back" option)."""
    return f"{deck.game}_{deck.asset}_back.png"
