"""A small deck of Japanese text and symbols (the fallback fonts' characters), written to a folder and built
in process."""
from pathlib import Path

from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck

CSV = "title,body\n矢印 ➪,回す↻ 戻す⟳ ✕印 ⚡電撃 Latin ★\n"


def write_deck(folder: Path, deck: str = "", csv: str = CSV, template: str | None = None) -> Path:
    (folder / "deck.csv").write_text(csv, encoding="utf-8")
    boxes = '[boxes.body]\ntemplate = "body.j2"\n' if template else ""
    if template:
        (folder / "body.j2").write_text(template, encoding="utf-8")
    (folder / "deck.toml").write_text(f'[deck]\nlanguages = ["ja", "en"]\n{deck}\n[layout]\nname = "card"\n{boxes}',
                                      encoding="utf-8")
    return folder / "deck.csv"


def build(path: Path, lang: str = "ja", **options):
    deck = load_deck(path)
    game = deck_game(deck)
    (asset,) = game.assets.values()
    opts = deck_options(deck, Options(lang=lang, backs="none", **options), set(options))
    return deck, build_pdf(BuildJob(game, asset), opts).pdf
