"""24 −共鳴するテロル−: every printed component (detectives, time cards with a back per detective,
event cards with one shared back, score cards, summary cards) and the summary sheet. While the event
values are the provisional ones, the event cards and sheet say so and every build warns."""
from __future__ import annotations

from tabletop.data import terror24 as t24
from ..geometry import Size
from . import Game, Options
from .card_layouts import detective_band, score_cells
from .cards import Cards, Face, Piece, PieceSet, Words
from .common import card_size
from .decor import box, framed_panel, plain_back
from .sheet import SUMMARY_LABEL, SummarySheet, game_context
from tabletop.i18n import current

DARK = "#2b2b2b"
BAND = "#e8e8e8"  # behind the sideways coop text of a detective card
SUMMARY_CARDS = (("goal", "setup", "investigation"), ("resolution", "end_phase", "game_end"))


def card_pieces(model: t24.Terror24, opts: Options, size: Size) -> PieceSet:
    ctx = {"game": model}
    words, t = Words("terror24/labels.j2", opts.lang), (lambda text: text(opts.lang))
    pieces, backs = [], {"event": Face("terror24/event_back.j2", "title-back", ctx, plain_back(size, DARK))}
    for d in model.detectives:
        band = box(detective_band(size), fill=BAND)
        pieces.append(Piece(f"detective-{d.id}", Face("terror24/detective.j2", "detective", dict(ctx, detective=d),
                                                      framed_panel(size, d.ink) + (band,)),
                            name=t(d.name)))
    for d in model.detectives:
        backs[f"time-{d.id}"] = Face("terror24/time_back.j2", "title-back", dict(ctx, detective=d),
                                     plain_back(size, d.ink))
        for n, value in enumerate(model.time_cards.values, 1):
            face = Face("terror24/time_card.j2", "value", dict(ctx, detective=d, value=value),
                        framed_panel(size, d.ink))
            pieces.append(Piece(f"time-{d.id}-{n}", face, f"time-{d.id}",
                                f"{words.W('time')} {value}{words.paren(t(d.name))}"))
    for s in model.events.suits:
        for n in range(1, s.cards + 1):
            face = Face("terror24/event.j2", "reference", dict(ctx, suit=s), framed_panel(size, s.colour_hex))
            pieces.append(Piece(f"event-{s.id}-{n}", face, "event", t(s.name) + words.paren(words.W("event"))))
    for d in model.detectives:
        cells = tuple(box(r, stroke=d.ink) for r in score_cells(size).values())
        pieces.append(Piece(f"score-{d.id}", Face("terror24/score_card.j2", "score", dict(ctx, detective=d),
                                                  framed_panel(size, d.ink) + cells),
                            name=f"{words.W('score')} — {t(d.name)}"))
    for n, sections in enumerate(SUMMARY_CARDS, 1):
        pieces.append(Piece(f"summary-{n}", Face("terror24/summary_card.j2", "panel", dict(ctx, sections=sections),
                                                 framed_panel(size, DARK)),
                            name=f"{words.W('summary')} {n}/{len(SUMMARY_CARDS)}"))
    return PieceSet(size, pieces, backs)


def warnings(model: t24.Terror24, opts: Options) -> tuple[str, ...]:
    # Said to the user in the user's language, whatever language the PDF is in.
    message = t24.provisional_warning(model, current())
    return (message,) if message else ()


GAME = Game(
    id=t24.GAME_ID,
    title={"ja": "24 −共鳴するテロル−", "en": "24: Resonating Terror"},
    load=t24.load_terror24,
    assets={
        "cards": Cards("cards", {"ja": "全カード（刑事・タイム・事件・スコア・サマリー）",
                                 "en": "All cards (detectives, time, events, score, summary)"},
                       card_pieces, card_size),
        "summary": SummarySheet("summary", SUMMARY_LABEL,
                                "terror24/summary.j2", game_context),
    },
    warnings=warnings,
)
