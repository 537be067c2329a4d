"""Famiglia solo: two robot reference cards (the program; levels, refresh and VP) and a one-page
solo summary, for play beside the companion or without it."""
from __future__ import annotations

from typing import Any

from tabletop.data import famiglia as fm
from tabletop.data.errors import DataError
from ..geometry import Size
from . import Game, Options
from .cards import Cards, Face, Piece, PieceSet, Words
from .common import card_size
from .decor import framed_panel
from .sheet import SummarySheet, game_context
from tabletop.i18n import _

INK = "#7a1f2b"  # the robot cards' frame


def _require_sheet(model: fm.FamigliaData) -> None:
    if model.sheet is None:
        raise DataError(_("the printed robot cards need the [sheet] texts"), where="sheet")


def robot_cards(model: fm.FamigliaData, opts: Options, size: Size) -> PieceSet:
    _require_sheet(model)
    words = Words("famiglia/labels.j2", opts.lang)  # each card's title is the word of its name
    return PieceSet(size, [Piece(name, Face(f"famiglia/robot_{name}.j2", "reference", {"game": model},
                                            framed_panel(size, INK)), name=words.W(name))
                           for name in ("program", "levels")])


def summary_context(model: fm.FamigliaData, opts: Options) -> dict[str, Any]:
    _require_sheet(model)
    return game_context(model, opts)


GAME = Game(
    id=fm.GAME_ID,
    title={"ja": "ファミリア ソロ", "en": "Famiglia solo"},
    load=fm.load_famiglia,
    assets={
        "robot": Cards("robot", {"ja": "ロボットのリファレンスカード", "en": "Robot reference cards"},
                       robot_cards, card_size),
        "summary": SummarySheet("summary", {"ja": "ソロ サマリーシート", "en": "Solo summary sheet"},
                                "famiglia/summary.j2", summary_context),
    },
)
