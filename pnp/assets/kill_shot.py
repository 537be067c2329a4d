"""KILL SHOT: a summary sheet and one quick-reference card per game type, printed only from what
the rulebook gives (cards/kill_shot.toml); facts it leaves out print as blanks."""
from __future__ import annotations

from tabletop.data import kill_shot as ks
from ..geometry import Size
from . import Game, Options
from .cards import Cards, Face, Piece, PieceSet
from .common import card_size
from .decor import framed_panel
from .sheet import SUMMARY_LABEL, SummarySheet, game_context

INK = "#3b4a3a"  # the frame of the reference cards


def type_cards(model: ks.KillShot, opts: Options, size: Size) -> PieceSet:
    return PieceSet(size, [Piece(gt.id, Face("kill_shot/type_card.j2", "reference", {"game": model, "gt": gt},
                                             framed_panel(size, INK)),
                                 name=f"#{gt.number} {gt.name(opts.lang)}")
                           for gt in model.game_types])


GAME = Game(
    id=ks.GAME_ID,
    title={"ja": "キルショット", "en": "KILL SHOT"},
    load=ks.load_kill_shot,
    assets={
        "reference": Cards("reference", {"ja": "ゲームタイプ別クイックリファレンス",
                                         "en": "Quick reference per game type"}, type_cards, card_size),
        "summary": SummarySheet("summary", SUMMARY_LABEL,
                                "kill_shot/summary.j2", game_context),
    },
)
