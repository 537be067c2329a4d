"""Hitman's Showdown: sleeve inserts for the 54 playing cards and a summary sheet.

The adapter here only hands the loaded model to the templates (plus `t` and `money` helpers and the
mafia cards grouped by role for the summary table); every word printed comes from the data or the
templates in templates/hitmans_showdown/.
"""
from __future__ import annotations

from typing import Any

from tabletop.data import hitmans_showdown as hs
from . import Game, Options
from .cardfaces import CardFaces
from .sheet import SUMMARY_LABEL, SummarySheet

JOKER_MARKS = {"color": "★", "black": "☆"}  # how the two jokers are told apart in print


def _helpers(model: hs.HitmansShowdown, lang: str) -> dict[str, Any]:
    return {"game": model, "t": lambda text: text(lang),
            "money": lambda amount: model.format_money(amount, lang), "joker_marks": JOKER_MARKS}


def insert_faces(model: hs.HitmansShowdown, opts: Options) -> list[tuple[str, dict[str, Any]]]:
    helpers = _helpers(model, opts.lang)
    return [(card.id, dict(helpers, card=card)) for card in model.deck()]


def summary_context(model: hs.HitmansShowdown, opts: Options) -> dict[str, Any]:
    """Mafia cards grouped by role, in deck order, each with its cards' indices (♡◇3–7 …)."""
    groups: dict[str, list[hs.CardView]] = {}
    for card in model.deck():
        if card.role.category == "mafia":
            groups.setdefault(card.role_id, []).append(card)
    rows = [{"role": cards[0].role, "view": cards[0], "cards": _card_list(cards)} for cards in groups.values()]
    return dict(_helpers(model, opts.lang), mafia=rows)


def _card_list(cards: list[hs.CardView]) -> str:
    """"♡◇ 3–7", "♣♠ K", "JOKER" — the cards of one role, compactly."""
    if all(c.joker for c in cards):
        return " ".join(JOKER_MARKS[c.joker] + "JOKER" for c in cards)
    suits = "".join(hs.SUIT_SYMBOLS[s] for s in hs.SUITS if any(c.suit == s for c in cards))
    ranks = [r for r in hs.RANKS if any(c.rank == r for c in cards)]
    positions = [hs.RANKS.index(r) for r in ranks]
    if len(ranks) > 2 and positions == list(range(positions[0], positions[-1] + 1)):
        text = f"{ranks[0]}–{ranks[-1]}"
    else:
        text = ",".join(ranks)
    return f"{suits} {text}"


GAME = Game(
    id=hs.GAME_ID,
    title={"ja": "ヒットマンズ・ショーダウン", "en": "Hitman's Showdown"},
    load=hs.load_game,
    assets={
        "inserts": CardFaces("inserts", {"ja": "スリーブ用インサート", "en": "Sleeve inserts"},
                             "hitmans_showdown/insert.j2", insert_faces),
        "summary": SummarySheet("summary", SUMMARY_LABEL,
                                "hitmans_showdown/summary.j2", summary_context),
    },
)
