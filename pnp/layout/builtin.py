"""The built-in games' face layouts by the name a print file gives (`layout = "halves"`): each is its
file, `templates/layouts/NAME.toml` — boxes, grids of cells, areas for artwork and text styles — laid
on the face's size (`facelayout.file_layout`). Layouts that read the same after a half turn (LIAR
MAFIA's faces and backs, 24's corners) give their boxes `both_ends` or `rotation = 180`."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pnp.geometry import Rect, Size
from pnp.layout.facelayout import FaceLayout, face_areas, face_cells, file_layout

PANEL = 2.5  # mm: the coloured frame around a face's white panel (the artwork `frame`)
PANEL_INSET = PANEL + 1.0  # mm: the standard inset of text from the frame (a detective card's, a header's)

NAMES = ("halves", "panel", "reference", "value-chip", "emblem-back", "title-back", "detective", "value", "score")
CARD_LAYOUTS: dict[str, Callable[[Size], FaceLayout]] = {name: partial(file_layout, name) for name in NAMES}


def detective_band(size: Size) -> Rect:
    """The shaded band behind a detective card's sideways `coop` box (`[areas.band]`)."""
    return face_areas("detective", size)["band"]


def score_cells(size: Size) -> dict[str, Rect]:
    """The score card's numbered cells, whole (`[cells.score]`): `tens0`… on the left, `ones0`… on the right."""
    return face_cells("score", size)
