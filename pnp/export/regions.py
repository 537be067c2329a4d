"""The contract between an asset and the exporters: which PDF region holds each card's face and back."""
from __future__ import annotations

import re
from pathlib import Path

from tabletop.record import Record


class Region(Record):
    """One card image in a PDF: the trim box in points (origin bottom-left of the page), how much
    artwork the page carries beyond it (bleed, points) and a turn to undo (backs printed upside down)."""
    page: int  # 0-based
    box: tuple[float, float, float, float]  # x0, y0, x1, y1
    bleed: float = 0.0
    rotate: int = 0  # 0 or 180

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return x1 - x0, y1 - y0


class CardRef(Record):
    index: int  # 1-based position in the deck: the upload order
    card_id: str
    name: str
    face: Region
    back: Region | None = None  # None: the asset has no printed back (e.g. sleeve inserts)


class BuiltDeck(Record):
    """A built card asset as the exporters read it: the PDF, and where each card's face and back sit in it."""
    game: str  # e.g. hitmans-showdown
    asset: str  # e.g. inserts
    pdf: Path
    size_mm: tuple[float, float]  # the card's trim
    cards: tuple[CardRef, ...]  # a sheet asset (previewed, never exported): one per page

    @property
    def backs(self) -> list[Region]:
        """The distinct back regions, in first-use order."""
        seen: dict[Region, None] = {}
        for card in self.cards:
            if card.back is not None:
                seen.setdefault(card.back)
        return list(seen)

    @property
    def shared_back(self) -> Region | None:
        """The one back every card has, if they all share it (one image serves them all)."""
        backs = self.backs
        return backs[0] if len(backs) == 1 and all(card.back is not None for card in self.cards) else None


def slug(text: str) -> str:
    """A file-name-safe form of an id: ASCII letters, digits, dot and dash."""
    return re.sub(r"[^A-Za-z0-9.-]+", "-", text).strip("-")


class ExportError(Exception):
    """A user error while exporting (an unsuitable card size, an asset without cards...)."""
