"""Every built-in asset builds at the smaller card sizes people sleeve: Japanese small (59×86) and bridge
(57×89), in both languages. On a card smaller than a poker card a face whose text does not fit gives
way, in this order: its flavour text, then padding, then its text floor, down to 6 pt — never a rule.
At mini size (44×63) an asset that does not fit even so is said not made, in one line; the rest are
built, and the command ends with the list (exit 2), never with an internal error."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardcheck import build, chars_in, font_size, open_pdf
from pnp.assets.cardfaces import SMALL_CARD_FLOOR, face_layout, give_way, snug_style
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES
from pnp.base import TooSmall
from pnp.cli.main import main
from pnp.geometry import Size
from pnp.layout.facelayout import LEGIBLE
from pnp.text.fit import TextStyle

CARD_ASSETS = [(game.id, name) for game in GAMES.values() for name, asset in game.assets.items()
               if isinstance(asset, Cards)]
# The faces that needed more than their layout: KILL SHOT's type-1 card, Famiglia's Japanese robot card.
HARDEST = [("kill-shot", "reference"), ("famiglia", "robot")]


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("card_size", ["ja-small", "bridge"])
@pytest.mark.parametrize("game_id, name", CARD_ASSETS)
def test_every_card_asset_builds_at_japanese_small_and_bridge_size(game_id, name, card_size):
    for lang in ("ja", "en"):
        built, _ = build(GAMES[game_id], name, lang=lang, card_size=card_size)
        with open_pdf(built.pdf) as pdf:
            for page, sheet in zip(pdf.pages, built.sheets):
                for placement in sheet.placements:
                    # every character on the card, none smaller than the floor
                    chars = [c for c in chars_in(page, placement.trim, page.height) if c["text"].strip()]
                    assert all(font_size(c) >= SMALL_CARD_FLOOR - 0.01 for c in chars), (lang, placement)


@pytest.mark.parametrize("card_size", ["ja-small", "bridge"])
@pytest.mark.parametrize("game_id, name", HARDEST)
def test_the_hardest_cards_keep_their_text_inside_the_safe_zone(game_id, name, card_size):
    """The text of the cards that had to give way stays 3 mm inside their trim, as on every card."""
    for lang in ("ja", "en"):
        built, _ = build(GAMES[game_id], name, lang=lang, card_size=card_size)
        with open_pdf(built.pdf) as pdf:
            page, sheet = pdf.pages[0], built.sheets[0]
            for placement in sheet.placements:
                everything = chars_in(page, placement.trim, page.height)
                inside = chars_in(page, placement.trim, page.height, inset=3.0 - 0.3)
                assert len(inside) == len(everything) > 0, (lang, placement)


def test_a_small_card_gives_way_in_order_and_a_poker_card_not_at_all():
    reference = face_layout("reference", Size(57, 89), "full")
    steps = give_way(reference, Size(57, 89), flavor=True)
    assert [flavor for flavor, _ in steps] == [True, False, False, False]
    assert steps[0][1] == steps[1][1] == reference  # first the flavour text goes, the layout as it is
    assert steps[2][1].styles == {k: snug_style(v) for k, v in reference.styles.items()}  # then padding
    assert steps[2][1].min_size == LEGIBLE and steps[3][1].min_size == SMALL_CARD_FLOOR  # then the floor
    poker = face_layout("reference", Size(63, 88), "full")
    assert give_way(poker, Size(63, 88), flavor=True) == [(True, poker)]


def test_snug_takes_padding_not_size():
    style = TextStyle(7, space_before=2.0, leading=1.25)
    snug = snug_style(style)
    assert (snug.size, snug.space_before, snug.leading) == (7, 1.0, pytest.approx(1.15))
    assert snug_style(TextStyle(7, leading=1.05)).leading == 1.05  # never looser than it was


def test_mini_leaves_out_what_does_not_fit_and_builds_the_rest(tmp_path):
    result = invoke("build", "all", "--lang", "all", "--card-size", "mini", "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    said = [line for line in lines if "not made at card size mini" in line]
    last = lines[-1]
    assert last.startswith("error: ") and f"{len(said)} files not made" in last
    for line in said:  # one line each: the file, and the card and box whose text does not fit
        label = line.split("]", 1)[1].split(":", 1)[0].strip()
        assert label in last
        assert "does not fit" in line and "6 pt" in line
    # everything else was built: the summary sheets and LIAR MAFIA's chips
    built = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.pdf")}
    for game in GAMES.values():
        for name in game.assets:
            for lang in ("ja", "en"):
                made = any(p.startswith(f"{game.id}/{name}-") and p.endswith(f"-{lang}.pdf") for p in built)
                assert made != (f"{game.id} {name} ({lang})" in last), (game.id, name, lang)
    assert any(p.startswith("liar-mafia/chips-") for p in built)


def test_a_face_that_does_not_fit_a_mini_card_says_so():
    with pytest.raises(TooSmall, match="does not fit"):
        build(GAMES["kill-shot"], "reference", lang="en", card_size="mini")


@pytest.mark.parametrize("card_size", ["ja-small", "bridge"])
def test_build_all_at_the_smaller_sizes_exits_0(tmp_path, card_size):
    result = invoke("build", "all", "--lang", "all", "--card-size", card_size, "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.rglob("*.pdf"))) == sum(len(g.assets) for g in GAMES.values()) * 2
