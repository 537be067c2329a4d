"""`pnp watch` keeps each card's laid-out faces between saves: a save lays out again only the cards
whose inputs changed (counted), and the PDF it writes is the PDF a fresh build of the same files
makes, page for page; an edit to the deck file or a template lays out every card again, an edit to a
picture the cards showing it."""
import io
import os
import time
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.build.rebuild import Preview, Rebuilder
from pnp.deck.draw.userdeck import deck_game, deck_options
from pnp.deck.read.deckfile import load_deck
from repo_paths import ROOT

CARDS = 12  # two pages of fronts (9 and 3), two of backs
TOML = """[deck]
languages = ["en"]
back = "kind"

[layout]
name = "card"

[boxes.art]
left = 4
right = 4
top = 12
height = 30
image = {{ file = "art/{{id}}.png", fit = "fill" }}

[boxes.footer]
template = "footer.j2"

[backs.beast]
text = "BEAST {{{{ title }}}}"
color = "#5b3a29"

[backs.spell]
text = "SPELL"
color = "{spell}"
"""


def rows(edits: dict[int, str] | None = None) -> str:
    edits = edits or {}
    lines = [f"c{n},Card {n},{edits.get(n, f'Text of card {n}.')},{'beast' if n % 2 else 'spell'}"
             for n in range(1, CARDS + 1)]
    return "id,title,body,kind\n" + "\n".join(lines) + "\n"


def save(path: Path, text: str) -> None:
    tmp = path.with_name("." + path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def paint(folder: Path, n: int, colour: str, size=(60, 40)) -> None:
    Image.new("RGB", size, colour).save(folder / "art" / f"c{n}.png")


@pytest.fixture
def deck(tmp_path):
    (tmp_path / "art").mkdir()
    for n in range(1, CARDS + 1):
        paint(tmp_path, n, f"#{n * 20:02x}4060")
    (tmp_path / "deck.toml").write_text(TOML.format(spell="#2b3d6b"), encoding="utf-8")
    (tmp_path / "footer.j2").write_text("Row {{ row }}", encoding="utf-8")
    save(tmp_path / "deck.csv", rows())
    return tmp_path


def options(deck):
    return deck_options(deck, Options(lang="en"), set())


def watching(folder: Path) -> tuple[Rebuilder, Preview]:
    preview = Preview()
    rebuilder = Rebuilder(folder / "deck.csv", options, folder / "out", preview)
    rebuilder.rebuild()
    assert not preview.error, preview.error
    return rebuilder, preview


def written(folder: Path) -> bytes:
    (pdf,) = (folder / "out").rglob("*.pdf")
    return pdf.read_bytes()


def fresh(folder: Path) -> bytes:
    deck = load_deck(folder / "deck.csv")
    game = deck_game(deck)
    (asset,) = game.assets.values()
    return build_pdf(BuildJob(game, asset), options(deck)).pdf


def pages(pdf: bytes) -> list:
    """Each page's drawing and the pixels of each picture it shows, by the picture's name."""
    out = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        xobjects = page["/Resources"].get("/XObject", {})
        out.append((page.get_contents().get_data(),
                    {name: xobjects[name].get_object().get_data() for name in sorted(xobjects)}))
    return out


def test_one_edited_cell_lays_out_that_card_alone_and_prints_what_a_fresh_build_prints(deck):
    rebuilder, preview = watching(deck)
    assert rebuilder.laid_out == CARDS + 7
    fresh_before = fresh(deck)  # the fronts, and the backs: 6 beasts by title, one spell
    first = [version for version, _digest, _png in preview.pages]
    save(deck / "deck.csv", rows({5: "An edited text."}))
    rebuilder.rebuild()
    assert not preview.error
    assert rebuilder.laid_out == 1
    assert pages(written(deck)) == pages(fresh(deck))
    assert pages(written(deck)) != pages(fresh_before)
    # only the page showing card 5's front has a new image (its back is unchanged)
    now = [version for version, _digest, _png in preview.pages]
    assert [n for n, (a, b) in enumerate(zip(first, now)) if a != b] == [0]

    save(deck / "deck.csv", rows({5: "An edited text.", 10: "Another."}))
    rebuilder.rebuild()
    assert rebuilder.laid_out == 1  # card 10; card 5 is kept as it was
    assert pages(written(deck)) == pages(fresh(deck))


def test_a_cell_a_back_prints_lays_out_the_card_and_its_back(deck):
    rebuilder, _preview = watching(deck)
    save(deck / "deck.csv", rows().replace("Card 3,", "Card three,"))
    rebuilder.rebuild()
    assert rebuilder.laid_out == 2  # card 3's front, and its back, which prints its title
    assert pages(written(deck)) == pages(fresh(deck))


def test_an_edit_to_the_deck_file_or_a_template_lays_out_every_card_again(deck):
    rebuilder, _preview = watching(deck)
    time.sleep(0.01)
    (deck / "deck.toml").write_text(TOML.format(spell="#7a1f1f"), encoding="utf-8")
    rebuilder.rebuild()
    assert rebuilder.laid_out == CARDS + 7
    assert pages(written(deck)) == pages(fresh(deck))
    rebuilder.rebuild()
    assert rebuilder.laid_out == 0  # nothing changed since
    (deck / "footer.j2").write_text("Row {{ row }}!", encoding="utf-8")
    rebuilder.rebuild()
    assert rebuilder.laid_out == CARDS + 7  # any file the deck reads but its cards' and their pictures
    assert pages(written(deck)) == pages(fresh(deck))


def test_an_edit_to_a_picture_lays_out_the_card_showing_it_and_prints_its_new_pixels(deck):
    rebuilder, _preview = watching(deck)
    before = pages(written(deck))
    paint(deck, 7, "#ff0000")
    rebuilder.rebuild()
    assert rebuilder.laid_out == 1
    after = pages(written(deck))
    assert after == pages(fresh(deck))
    assert after[0][1] != before[0][1] and after[1:] == before[1:]  # the pixels changed on card 7's page alone


def test_in_a_deck_with_several_layouts_one_edited_cell_lays_out_that_card_alone(tmp_path):
    import shutil
    folder = tmp_path / "skirmish"
    shutil.copytree(ROOT / "examples" / "skirmish", folder)
    preview = Preview()
    rebuilder = Rebuilder(folder / "skirmish.toml", options, folder / "out", preview)
    rebuilder.rebuild()
    assert not preview.error, preview.error
    csv = folder / "skirmish.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2] + "!"  # the last column: the card's English text
    save(csv, "\n".join(lines) + "\n")
    rebuilder.rebuild()
    assert not preview.error, preview.error
    assert rebuilder.laid_out == 1
