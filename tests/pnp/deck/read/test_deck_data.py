"""A deck's cards from the data designers have: JSON, a CSV without a header row or with an unnamed
column, a row filter, columns ignored on purpose; every bad cell of a build named at once; --style
on a layout without styles refused; a deck built in Japanese by default that holds none says so."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcheck import open_pdf
from pnp.cli.main import main
from pnp.deck.read.deckfile import load_deck

CARDS = [{"id": "A1", "set": "core", "rarity": "common", "title": {"ja": "火花", "en": "Spark"},
          "body": {"ja": "1ダメージ。", "en": "Deal 1 damage."}, "cost": 1, "note": None},
         {"id": "A2", "set": "core", "rarity": "rare", "title": {"ja": "湧き水", "en": "Spring"},
          "body": {"ja": "2回復。", "en": "Recover 2."}, "cost": 2, "note": "memo"},
         {"id": "B1", "set": "expansion", "rarity": "common", "title": {"ja": "若木", "en": "Sapling"},
          "body": {"ja": "2枚引く。", "en": "Draw 2."}, "cost": 3, "note": ""}]


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def deck_file(folder: Path, toml: str, **files) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name.replace("_", ".")).write_text(text, encoding="utf-8")
    (folder / "deck.toml").write_text(toml, encoding="utf-8")
    return folder / "deck.toml"


def pdf_text(path: Path) -> str:
    with open_pdf(path.read_bytes()) as pdf:
        return "".join("".join(page.extract_text().split()) for page in pdf.pages)


def errors_of(result) -> list[str]:
    return [line for line in result.output.splitlines() if line.startswith("error:")]


JSON_DECK = """[deck]
languages = ["ja", "en"]
data = "cards.json"
data_path = "set.cards"
ignore = ["id", "set", "rarity", "note"]
[fields]
cost = { column = "cost", type = "integer" }
[boxes.footer]
fields = ["cost"]
"""


def test_json_cards_at_a_path_inside_the_file(tmp_path):
    path = deck_file(tmp_path / "d", JSON_DECK, cards_json=json.dumps({"set": {"name": "x", "cards": CARDS}}))
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output  # id, set, rarity and note are ignored on purpose
    assert "Spark" in pdf_text(tmp_path / "out" / "deck" / "cards-a4-en.pdf")
    assert "湧き水" in pdf_text(tmp_path / "out" / "deck" / "cards-a4-ja.pdf")
    assert [c.row for c in load_deck(path).cards] == [1, 2, 3]


@pytest.mark.parametrize("kind", ["toml", "json"])
def test_one_text_beside_texts_per_language_is_the_same_in_every_language(tmp_path, kind):
    """title = {ja, en} on one card and title = "Wand" on another: "Wand" prints in both languages."""
    cards = [{"title": {"ja": "火花", "en": "Spark"}, "body": {"ja": "1点", "en": "One"}},
             {"title": "Wand", "body": {"ja": "2点", "en": "Two"}}]
    deck = '[deck]\nlanguages = ["ja", "en"]\n'
    if kind == "json":
        path = deck_file(tmp_path / "d", deck + 'data = "cards.json"\n', cards_json=json.dumps(cards))
    else:
        path = deck_file(tmp_path / "d", deck + '[[cards]]\ntitle = { ja = "火花", en = "Spark" }\n'
                         'body = { ja = "1点", en = "One" }\n[[cards]]\ntitle = "Wand"\n'
                         'body = { ja = "2点", en = "Two" }\n')
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 0 and "no box prints" not in result.output, result.output
    for lang in ("ja", "en"):
        assert "Wand" in pdf_text(tmp_path / "out" / "deck" / f"cards-a4-{lang}.pdf")


def test_a_json_array_is_the_cards_and_a_bad_value_names_its_entry_and_key(tmp_path):
    cards = [dict(c) for c in CARDS]
    cards[1]["cost"] = "many"
    cards[2]["cost"] = [3]
    path = deck_file(tmp_path / "d", JSON_DECK.replace('data_path = "set.cards"\n', ""), cards_json=json.dumps(cards))
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2
    json_file = tmp_path / "d" / "cards.json"
    assert errors_of(result) == [f"error: {json_file} [[1].cost]: 'many' is not a whole number",
                                 f"error: {json_file} [[2].cost]: must be text or a number, got [3]"]


@pytest.mark.parametrize("content, expected", [
    ('{"set": {"name": "x"}}', "no key 'cards' at 'set' (keys there: name)"),
    ('{"set": {"cards": {"a": 1}}}', "the cards must be an array of objects (data_path in [deck] names where"),
    ('{"set": {"cards": [1, 2]', "line 1: not valid JSON"),
])
def test_a_json_file_without_cards_where_said_is_refused(tmp_path, content, expected):
    path = deck_file(tmp_path / "d", JSON_DECK, cards_json=content)
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2 and len(errors_of(result)) == 1, result.output
    assert expected in errors_of(result)[0] and "cards.json" in errors_of(result)[0]


HEADERLESS = "火花,1ダメージ。,1\n湧き水,2回復。,two\n若木,2枚引く。,3\n"


def test_a_csv_without_a_header_row_has_columns_a_b_c(tmp_path):
    path = deck_file(tmp_path / "d", '[deck]\ndata = "cards.csv"\nheader = false\n'
                     '[fields]\ntitle = "A"\nbody = "B"\n[boxes.footer]\nfields = ["C"]\n', cards_csv=HEADERLESS)
    deck = load_deck(path)
    assert [c.row for c in deck.cards] == [1, 2, 3]  # the first row is a card
    assert deck.table.columns == ("A", "B", "C") and not deck.warnings
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "火花" in pdf_text(tmp_path / "out" / "deck" / "cards-a4-ja.pdf")


def test_a_csv_without_a_header_row_named_in_the_deck_file(tmp_path):
    path = deck_file(tmp_path / "d", '[deck]\ndata = "cards.csv"\ncolumn_names = ["title", "body", "cost"]\n'
                     '[fields]\ncost = { column = "cost", type = "integer" }\n[boxes.footer]\nfields = ["cost"]\n',
                     cards_csv=HEADERLESS)
    result = invoke("build", path, "--out", tmp_path / "out")
    assert errors_of(result) == [f"error: {tmp_path / 'd' / 'cards.csv'}, row 2, column C \"cost\": "
                                 "'two' is not a whole number"]


def test_an_empty_header_cell_names_the_column_by_its_letter_with_a_warning(tmp_path):
    csv = "title,body,\n火花,1ダメージ。,x\n"
    deck_file(tmp_path / "d", '[deck]\n[boxes.footer]\nfields = ["C"]\n', d_csv=csv)
    (tmp_path / "d" / "deck.toml").rename(tmp_path / "d" / "d.toml")
    result = invoke("build", tmp_path / "d" / "d.csv", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert f"warning: {tmp_path / 'd' / 'd.csv'}, row 1, column C: the column has no name; it is called C" \
        in result.output
    assert "火花" in pdf_text(tmp_path / "out" / "d" / "cards-a4-ja.pdf")


def test_where_keeps_the_rows_holding_the_values(tmp_path):
    cards = [dict(c) for c in CARDS]
    cards[2]["cost"] = "junk"  # in a row left out: not checked
    toml = JSON_DECK.replace("[fields]", 'where = { set = "core", rarity = ["common", "rare"] }\n[fields]')
    path = deck_file(tmp_path / "d", toml, cards_json=json.dumps({"set": {"cards": cards}}))
    assert [c.cells["id"] for c in load_deck(path).cards] == ["A1", "A2"]
    path.write_text(toml.replace('rarity = ["common", "rare"]', 'rarity = "rare", cost = 2'), encoding="utf-8")
    assert [c.cells["id"] for c in load_deck(path).cards] == ["A2"]  # every column must hold


@pytest.mark.parametrize("where, expected", [
    ('{ sets = "core" }', "line 5 [deck.where.sets]: no column 'sets' to filter on"),
    ('{ set = "promo" }', "line 5 [deck.where]: no row of cards.json matches where (rows: 3)"),
])
def test_a_filter_on_a_column_missing_or_keeping_nothing_is_refused(tmp_path, where, expected):
    toml = JSON_DECK.replace('ignore = ["id", "set", "rarity", "note"]', f"where = {where}")
    path = deck_file(tmp_path / "d", toml, cards_json=json.dumps({"set": {"cards": CARDS}}))
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 2 and len(errors_of(result)) == 1, result.output
    assert expected in errors_of(result)[0]


def test_ignore_silences_the_unused_column_warning_and_names_a_typo(tmp_path):
    toml = JSON_DECK.replace('ignore = ["id", "set", "rarity", "note"]', 'ignore = ["id", "set"]')
    path = deck_file(tmp_path / "d", toml, cards_json=json.dumps({"set": {"cards": CARDS}}))
    warned = [w for w in load_deck(path).warnings if "no box prints" in w]
    assert len(warned) == 2 and "rarity" in warned[0] and "note" in warned[1]
    path.write_text(toml.replace('"set"]', '"sett"]'), encoding="utf-8")
    result = invoke("build", path, "--out", tmp_path / "out")
    assert errors_of(result) == [f"error: {path}, line 5 [deck.ignore[1]]: no column 'sett' to ignore "
                                 "(columns: id, set, rarity, title_ja, title_en, body_ja, body_en, cost, note)"]


def test_every_bad_cell_is_named_at_once_and_the_pdf_is_left_as_it_was(tmp_path):
    toml = '[deck]\n[fields]\ncost = { column = "cost", type = "integer" }\n[boxes.footer]\nfields = ["cost", "suit"]\n'
    good = "copies,title,cost,suit\n1,火花,1,H\n2,湧き水,2,S\n1,若木,3,C\n"
    deck_file(tmp_path / "d", toml, d_csv=good)
    (tmp_path / "d" / "deck.toml").rename(tmp_path / "d" / "d.toml")
    csv, out = tmp_path / "d" / "d.csv", tmp_path / "out"
    assert invoke("build", csv, "--out", out).exit_code == 0
    pdf = out / "d" / "cards-a4-ja.pdf"
    before = pdf.read_bytes()
    csv.write_text("copies,title,cost,suit\nthree,火花,x,H\n2,湧き水,2,Q\n1,若木,3.5,C\n", encoding="utf-8")
    result = invoke("build", csv, "--out", out)
    assert result.exit_code == 2
    assert errors_of(result) == [
        f"error: {csv}, row 2, column C \"cost\": 'x' is not a whole number",
        f"error: {csv}, row 2, column A \"copies\": the number of copies must be a whole number from 0 to 999, "
        "got 'three'",
        f"error: {csv}, row 3, column D \"suit\": unknown suit 'Q' (known: S ♠, H ♥, D ♦, C ♣; add yours "
        "under [suits])",
        f"error: {csv}, row 4, column C \"cost\": '3.5' is not a whole number"]
    assert pdf.read_bytes() == before


def test_every_missing_column_is_named_at_once(tmp_path):
    toml = '[deck]\n[fields]\ntitle = "Name"\nbody = "Efect"\n'
    deck_file(tmp_path / "d", toml, d_csv="name,effect\nA,B\n")
    (tmp_path / "d" / "deck.toml").rename(tmp_path / "d" / "d.toml")
    result = invoke("build", tmp_path / "d" / "d.csv", "--out", tmp_path / "out")
    errors = errors_of(result)
    assert len(errors) == 2 and '"Name"' in errors[0] and '"Efect"' in errors[1], result.output


def test_style_on_a_layout_without_styles_is_an_error(tmp_path):
    path = deck_file(tmp_path / "d", '[deck]\n[[cards]]\ntitle = "火花"\n')
    result = invoke("build", path, "--style", "overlay", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert errors_of(result) == ["error: --style chooses the style of inserts (full or overlay); the card layout "
                                 "has none"]
    assert invoke("build", path, "--out", tmp_path / "out").exit_code == 0


def test_a_deck_built_in_japanese_by_default_without_japanese_says_so(tmp_path):
    path = deck_file(tmp_path / "d", '[deck]\n[[cards]]\ntitle = "Spark"\n')
    result = invoke("build", path, "--out", tmp_path / "out")
    assert result.exit_code == 0
    assert (f"warning: {path}: the deck is built in Japanese (the default), but no card holds Japanese text; "
            'choose its language in [deck]: languages = ["en"]') in result.output
    path.write_text('[deck]\nlanguages = ["ja"]\n[[cards]]\ntitle = "Spark"\n', encoding="utf-8")  # chosen
    assert "Japanese" not in invoke("build", path, "--out", tmp_path / "out").output
    path.write_text('[deck]\n[[cards]]\ntitle = "火花"\n', encoding="utf-8")
    assert "Japanese" not in invoke("build", path, "--out", tmp_path / "out").output
