"""A scale check on every sheet: a 50 mm ruler, read back from the PDF of every
built-in card asset on A4 and Letter (and fold-and-glue sheets), to measure after printing. It lies
5 mm inside the page like everything printed, on no card of either side of the sheet and across no
cut line."""
from __future__ import annotations

import pytest

from cardcheck import build, open_pdf, ruler_bars
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES
from pnp.geometry import Rect
from pnp.sheets.imposition import RULER, guide_segments

MM = 72 / 25.4
CARD_ASSETS = [(game.id, name) for game in GAMES.values() for name, asset in game.assets.items()
               if isinstance(asset, Cards)]


def overlaps(line, rect: Rect, page_h: float) -> bool:
    x0, x1 = line["x0"] / MM, line["x1"] / MM
    y0, y1 = (page_h - line["bottom"]) / MM, (page_h - line["top"]) / MM
    return x0 < rect.x1 and x1 > rect.x and y0 < rect.y1 and y1 > rect.y


@pytest.mark.parametrize("paper, backs", [("a4", "duplex-long"), ("letter", "duplex-long"), ("a4", "fold"),
                                          ("letter", "fold")])
@pytest.mark.parametrize("game_id, name", CARD_ASSETS)
def test_every_sheet_carries_a_50mm_ruler_in_its_margin(game_id, name, paper, backs):
    built, _ = build(GAMES[game_id], name, paper=paper, lang="ja", backs=backs)
    with open_pdf(built.pdf) as pdf:
        for n, (page, sheet) in enumerate(zip(pdf.pages, built.sheets), 1):
            where = f"{game_id} {name} {paper} {backs} page {n}"
            bars = ruler_bars(page)
            assert len(bars) == 1, where
            [bar] = bars
            w, h = page.width / MM, page.height / MM
            assert min(bar["x0"] / MM, bar["top"] / MM, w - bar["x1"] / MM, h - bar["bottom"] / MM) >= 5.0, where
            cards = sheet.bleed_boxes() + list(sheet.reverse)
            assert not any(overlaps(bar, r, page.height) for r in cards), where
            for x0, y0, x1, y1 in guide_segments(sheet):
                cut = Rect(min(x0, x1) - 0.05, min(y0, y1) - 0.05, abs(x1 - x0) + 0.1, abs(y1 - y0) + 0.1)
                assert not overlaps(bar, cut, page.height), where
            horizontal = bar["x1"] - bar["x0"] > bar["bottom"] - bar["top"]
            along, across = (RULER / 2, 5.0) if horizontal else (5.0, RULER / 2)
            label = [c for c in page.chars if c["text"].strip()
                     if abs((c["x0"] + c["x1"]) / 2 - (bar["x0"] + bar["x1"]) / 2) < along * MM
                     and abs((c["top"] + c["bottom"]) / 2 - (bar["top"] + bar["bottom"]) / 2) < across * MM]
            assert "".join(c["text"] for c in label).replace(" ", "") == "50mm", where
