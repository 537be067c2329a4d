"""A deck's tuck box (`[tuckbox]`): one page with the box's dieline, its front and back panels the deck's
card size plus the ease, printed in the deck's back colour; its sides as deep as the cards' stack (cards ×
thickness per card, plus the ease), measured between the dashed folds; a glue flap; every bad key refused
with its line."""
import io
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.cli.main import main
from pnp.deck.draw.tuckbox import box_size, dieline
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from pnp.geometry import Size

MM = 72 / 25.4
DECK = """[deck]
languages = ["en"]
card_size = "{size}"
[back]
color = "#1b3f6b"
{tuckbox}
[[cards]]
title = "One"
copies = 30

[[cards]]
title = "Two"
copies = 24
"""


def write(folder: Path, tuckbox: str = "[tuckbox]", size: str = "63x88") -> Path:
    path = folder / "deck.toml"
    path.write_text(DECK.format(tuckbox=tuckbox, size=size), encoding="utf-8")
    return path


def built_box(path: Path):
    deck = load_deck(path)
    game = deck_game(deck)
    asset = game.assets["tuckbox"]
    opts = deck_options(deck, Options(lang="en", backs="none"), set())
    return build_pdf(BuildJob(game, asset), opts)


def rounded(values) -> list[float]:
    return sorted({round(v, 1) for v in values})


@pytest.mark.parametrize("size, tuckbox, cards, thickness, ease", [
    ("63x88", "[tuckbox]", 54, 0.5, 1.0),  # the default: the deck's cards, sleeved
    ("59x86", "[tuckbox]\ncards = 60\nthickness = 0.32\nease = 0.5", 60, 0.32, 0.5),
])
def test_the_panels_measure_the_card_size_and_the_sides_the_stack_of_cards(tmp_path, size, tuckbox, cards,
                                                                           thickness, ease):
    result = built_box(write(tmp_path, tuckbox, size))
    w, h = (float(v) for v in size.split("x"))
    depth = cards * thickness + ease
    with pdfplumber.open(io.BytesIO(result.pdf)) as doc:
        page = doc.pages[0]
        panels = [r for r in page.rects if r["fill"]]
        lines = page.lines
    assert len(panels) == 2  # front and back
    for r in panels:
        assert r["width"] / MM == pytest.approx(w + ease, abs=0.01)
        assert r["height"] / MM == pytest.approx(h + ease, abs=0.01)
        assert tuple(round(c * 255) for c in r["non_stroking_color"]) == (0x1b, 0x3f, 0x6b)
    folds = [ln for ln in lines if ln.get("dash") and ln["dash"][0]]
    verticals = rounded(ln["x0"] / MM for ln in folds if abs(ln["x0"] - ln["x1"]) < 0.01)
    gaps = [round(b - a, 2) for a, b in zip(verticals, verticals[1:])]
    assert gaps == pytest.approx([w + ease, depth, w + ease], abs=0.1)  # back | side | front between folds
    horizontals = rounded(page.height / MM - ln["top"] / MM for ln in folds if abs(ln["top"] - ln["bottom"]) < 0.01)
    assert [round(b - a, 1) for a, b in zip(horizontals, horizontals[1:])] == pytest.approx([h + ease, depth],
                                                                                             abs=0.1)


def test_the_dieline_is_one_closed_outline_with_a_glue_flap():
    flat = dieline(box_size(Size(63, 88), 54, 0.5, 1.0))
    ends = {}
    for x0, y0, x1, y1 in flat.cuts:
        for point in ((round(x0, 6), round(y0, 6)), (round(x1, 6), round(y1, 6))):
            ends[point] = ends.get(point, 0) + 1
    assert all(n == 2 for n in ends.values())  # every corner joins two cuts: a closed outline
    glue = flat.panels["glue"]
    assert glue.w == 10 and glue.x == flat.panels["front"].x1 and glue.h == flat.panels["front"].h


BAD = {
    "a thickness of 0": ("[tuckbox]\nthickness = 0", "tuckbox.thickness", "more than 0"),
    "no cards": ("[tuckbox]\ncards = 0", "tuckbox.cards", "1 to 1000"),
    "an unknown key": ("[tuckbox]\nthick = 1", "tuckbox.thick", "unknown key"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_tuckbox_key_is_one_line_naming_it(tmp_path, case):
    tuckbox, where, words = BAD[case]
    result = CliRunner().invoke(main, ["build", str(write(tmp_path, tuckbox)), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    (line,) = [line for line in result.output.splitlines() if line.startswith("error")]
    assert f"[{where}]" in line and words in line and "line " in line, line


def test_a_deck_without_tuckbox_has_no_tuck_box(tmp_path):
    assert "tuckbox" not in deck_game(load_deck(write(tmp_path, ""))).assets
