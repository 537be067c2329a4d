"""Rich text in the fields a deck names (`rich`): bold, italic, line breaks, colour and size spans in a
Markdown subset (markdown-it-py), with its own escape; a plain field prints `&`, `<`, `*`, `#` as
typed; a deck's own codes (`replace`) turned into rich text or icons without Jinja. Read back from
the PDF's characters."""
import io
from pathlib import Path

import pdfplumber
import pytest

from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from tabletop.data.errors import DataError


def write_deck(folder: Path, csv: str, deck: str = "", extra: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.csv").write_text(csv, encoding="utf-8")
    (folder / "deck.toml").write_text(f'[deck]\nlanguages = ["en", "ja"]\n{deck}\n[layout]\nname = "card"\n{extra}',
                                      encoding="utf-8")
    return folder / "deck.csv"


def chars_of(path: Path, lang: str = "en"):
    deck = load_deck(path)
    game = deck_game(deck)
    (asset,) = game.assets.values()
    pdf = build_pdf(BuildJob(game, asset), deck_options(deck, Options(lang=lang, backs="none"), set())).pdf
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        return [c for c in page.chars if c["bottom"] < 800 and c["x0"] < 220], page.images


def text(chars) -> str:
    return "".join(c["text"] for c in chars)


def run(chars, word: str):
    """The characters of the first occurrence of `word`."""
    joined = text(chars)
    start = joined.index(word)
    return chars[start:start + len(word)]


def test_a_plain_field_prints_markup_characters_as_typed(tmp_path):
    path = write_deck(tmp_path, 'title,body\nR&D <3,"R&D <3 5 * 2 #1 **not bold** [x]{color=""#ff0000""}"\n')
    chars, _ = chars_of(path)
    assert "R&D<35*2#1**notbold**[x]{color=\"#ff0000\"}" in text(chars).replace(" ", "")
    assert all("Bold" not in c["fontname"] for c in run(chars, "not bold"))


def test_a_rich_field_has_bold_italic_line_breaks_colour_and_size(tmp_path):
    path = write_deck(tmp_path, 'title,body\nSpark,"**Strong** and *slanted* R&D <3 5 \\* 2 #1\n'
                                '[red]{color=""#c8102e""} [big]{size=12} end"\n', deck='rich = ["body"]')
    chars, _ = chars_of(path)
    assert "R&D <3 5 * 2 #1" in text(chars)
    assert all("Bold" in c["fontname"] for c in run(chars, "Strong"))
    plain = run(chars, "and")[0]
    assert "Bold" not in plain["fontname"]
    slanted = run(chars, "slanted")[0]
    assert slanted["fontname"] != plain["fontname"]  # Noto Sans JP has no italic: its slanted copy (oblique.py)
    red = run(chars, "red")[0]
    assert red["non_stroking_color"] == pytest.approx((0xc8 / 255, 0x10 / 255, 0x2e / 255), abs=0.01)
    assert run(chars, "big")[0]["size"] == pytest.approx(12)
    assert plain["size"] < 12
    # the cell's line break is a line break: "[red]" starts a lower line than "#1"
    assert red["top"] > run(chars, "#1")[0]["top"] + 1 and red["x0"] < plain["x0"]


def test_rich_per_box_and_a_span_shrinks_with_its_text(tmp_path):
    long = " ".join(["Spend *one* to draw a card."] * 22)
    path = write_deck(tmp_path, f'title,body\nLong,"[Big]{{size=12}} {long}"\n',
                      extra="[boxes.body]\nrich = true\n")
    chars, _ = chars_of(path)
    body = run(chars, "Spend")[0]["size"]
    assert body < 8.4  # shrunk from 8.5 pt to fit
    assert run(chars, "Big")[0]["size"] == pytest.approx(12 * body / 8.5, rel=0.02)


def test_a_deck_maps_its_own_codes_to_rich_text_and_icons(tmp_path):
    from PIL import Image

    path = write_deck(tmp_path, "title,body\nSpark,<strong>Click</strong> [click] to win\n",
                      deck='rich = ["body"]\nreplace = { "<strong>" = "**", "</strong>" = "**", "[click]" = ":tap:" }',
                      extra='[icons]\ntap = "tap.png"\n')
    Image.new("RGB", (40, 40), "#ff0000").save(tmp_path / "tap.png")
    chars, images = chars_of(path)
    assert "Click  to win" in text(chars) or "Click to win" in text(chars)
    assert all("Bold" in c["fontname"] for c in run(chars, "Click"))
    assert len(images) == 1


def test_an_escaped_colon_in_a_rich_field_starts_no_icon(tmp_path):
    from PIL import Image

    path = write_deck(tmp_path, "title,body\nClock,**at** 10\\:30\\:00 \\:tap: :tap:\n", deck='rich = ["body"]',
                      extra='[icons]\ntap = "tap.png"\n')
    Image.new("RGB", (40, 40), "#ff0000").save(tmp_path / "tap.png")
    chars, images = chars_of(path)
    assert "at 10:30:00 :tap:" in text(chars)
    assert len(images) == 1


def test_bad_spans_are_named_one_line_per_cell(tmp_path):
    path = write_deck(tmp_path, 'title,body\nA,"[x]{colour=""red""}"\nB,ok\nC,"[y]{color=red}"\n',
                      deck='rich = ["body"]')
    with pytest.raises(DataError) as e:
        load_deck(path)
    lines = str(e.value).splitlines()
    assert lines == [f'{path}, row 2, column B "body": a span takes color and size, not colour',
                     f'{path}, row 4, column B "body": a span\'s color is written "#rrggbb" (quoted), got \'red\'']


def test_rich_names_fields_the_deck_has(tmp_path):
    path = write_deck(tmp_path, "title,body\nA,b\n", deck='rich = ["bdy"]')
    with pytest.raises(DataError) as e:
        load_deck(path)
    assert "[deck.rich[0]]" in str(e.value) and "unknown field 'bdy'" in str(e.value)
