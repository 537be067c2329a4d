"""Every PDF names who made what it prints: a game's designer as its data gives them (the rulebook's
credits), a deck's own `author`, else the kit — never ReportLab's "anonymous". Read back from the
document information and, in a print shop's file, from its XMP too."""
from __future__ import annotations

import io

import pikepdf
import pytest
from pypdf import PdfReader

from cardcheck import build
from pnp.assets.registry import GAMES
from pnp.base import KIT
from pnp.deck.draw.userdeck import deck_game
from pnp.deck.read.deckfile import load_deck
from tabletop.data.loaders import LOADERS

ASSETS = [(game.id, name) for game in GAMES.values() for name in game.assets]


def author_of(pdf: bytes) -> str:
    return PdfReader(io.BytesIO(pdf)).metadata["/Author"]


@pytest.mark.parametrize("game_id, name", ASSETS)
def test_every_built_in_pdf_names_the_designer_the_data_gives(game_id, name):
    expected = LOADERS[game_id](None).author or KIT
    for lang in ("ja", "en"):
        built, _ = build(GAMES[game_id], name, lang=lang)
        assert author_of(built.pdf) == expected, (game_id, name, lang)


def test_famiglia_names_its_designer_from_the_rulebook_credits():
    assert LOADERS["famiglia"](None).author == "Friedemann Friese"
    built, _ = build(GAMES["famiglia"], "robot", lang="ja")
    assert author_of(built.pdf) == "Friedemann Friese"


def test_a_print_shop_file_names_the_designer_in_its_xmp_too():
    built, _ = build(GAMES["famiglia"], "robot", lang="en", print_shop=True)
    assert author_of(built.pdf) == "Friedemann Friese"
    with pikepdf.open(io.BytesIO(built.pdf)) as pdf:
        assert pdf.open_metadata()["dc:creator"] == ["Friedemann Friese"]


DECK = """\
[deck]
title = "Sparks"
{author}
[fields]
title = "Name"
"""


@pytest.mark.parametrize("line, expected", [('author = "Ada Lovelace"', "Ada Lovelace"), ("", KIT)])
def test_a_deck_names_its_author_else_the_kit(tmp_path, line, expected):
    (tmp_path / "sparks.csv").write_text("Name\n火花\n炎\n", encoding="utf-8")
    deck_file = tmp_path / "sparks.toml"
    deck_file.write_text(DECK.format(author=line), encoding="utf-8")
    game = deck_game(load_deck(deck_file))
    name = next(iter(game.assets))
    built, _ = build(game, name, lang="ja")
    assert author_of(built.pdf) == expected
