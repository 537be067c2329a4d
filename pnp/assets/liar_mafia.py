"""LIAR MAFIA: 6 two-way mafia cards and 2 summary cards with 180°-symmetric backs, 4 two-sided
gun chips, and the summary sheet. Words come from cards/liar_mafia.toml and templates/liar_mafia/."""
from __future__ import annotations

from tabletop.data import liar_mafia as lt
from ..geometry import Size
from . import Game, Options
from .cards import Cards, Face, Piece, PieceSet, Words
from .common import card_size
from .decor import centre_line, chip_disc, framed_panel, symmetric_back
from .sheet import SUMMARY_LABEL, SummarySheet, game_context

CHIP_GUTTER = 2.0  # mm between chips, room for scissors


def card_pieces(model: lt.LiarMafia, opts: Options, size: Size) -> PieceSet:
    backs = {c.id: Face("liar_mafia/back.j2", "emblem-back", {"back": c.back},
                        symmetric_back(size, c.back.base, c.back.line, c.back.rays))
             for c in model.colours}
    words = Words("liar_mafia/labels.j2", opts.lang)
    pieces = []
    for c in model.colours:
        for role in model.roles:
            moves = {half: model.moves_on(role.id, half) for half in lt.HALVES}
            face = Face("liar_mafia/mafia_card.j2", "halves", {"colour": c, "role": role, "moves": moves},
                        framed_panel(size, c.ink) + (centre_line(size, c.ink),))
            pieces.append(Piece(f"{c.id}-{role.id}", face, c.id, role.name + words.paren(c.name(opts.lang))))
    for c in model.colours:
        face = Face("liar_mafia/summary_card.j2", "panel", {"colour": c, "game": model}, framed_panel(size, c.ink))
        pieces.append(Piece(f"{c.id}-summary", face, c.id, words.W("summary") + words.paren(c.name(opts.lang))))
    return PieceSet(size, pieces, backs)


def chip_pieces(model: lt.LiarMafia, opts: Options, size: Size) -> PieceSet:
    chips = model.chips

    def side(value: str, cut: bool) -> Face:
        return Face("liar_mafia/chip.j2", "chip", {"chips": chips, "value": value}, chip_disc(size, chips.ink, cut))

    name = f"{chips.label(opts.lang)} {chips.front}/{chips.back}"
    pieces = [Piece(f"chip-{n}", side(chips.front, True), chips.back, name) for n in range(1, chips.count + 1)]
    return PieceSet(size, pieces, {chips.back: side(chips.back, False)}, gutter=CHIP_GUTTER, guides="none")


GAME = Game(
    id=lt.GAME_ID,
    title={"ja": "ライアーマフィア", "en": "LIAR MAFIA"},
    load=lt.load_liar_mafia,
    assets={
        "cards": Cards("cards", {"ja": "マフィアカード・サマリーカード", "en": "Mafia and summary cards"},
                       card_pieces, card_size),
        "chips": Cards("chips", {"ja": "ガンチップ", "en": "Gun chips"}, chip_pieces,
                       lambda opts: Size(opts.chip_diameter, opts.chip_diameter)),
        "summary": SummarySheet("summary", SUMMARY_LABEL,
                                "liar_mafia/summary.j2", game_context),
    },
)
