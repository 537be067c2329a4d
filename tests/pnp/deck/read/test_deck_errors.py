"""A bad deck as a user makes one: exit 2 with one line naming the file, the row and the column (or,
in TOML, the line and the field), and the PDF built before left byte for byte as it was."""
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli.main import main

CSV = """copies,名前,Name,効果,Effect,cost,suit
2,火花,Spark,相手1人に1ダメージ。,Deal 1 damage.,1,H
1,湧き水,Spring,体力を2回復する。,Recover 2 health.,2,D
3,若木,Sapling,カードを2枚引く。,Draw 2 cards.,3,C
"""
TOML = """[deck]
id = "bad"
languages = ["ja", "en"]

[layout]
name = "card"

[fields]
title = { ja = "名前", en = "Name" }
body = { ja = "効果", en = "Effect" }
cost = { column = "cost", type = "integer" }

[boxes.footer]
template = "footer.j2"

[back]
text = "PROTO"
"""
FOOTER = "cost {{ cost }}\n"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def write_deck(folder: Path, csv: str = CSV, toml: str = TOML, footer: str = FOOTER) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.csv").write_text(csv, encoding="utf-8")
    (folder / "deck.toml").write_text(toml, encoding="utf-8")
    (folder / "footer.j2").write_text(footer, encoding="utf-8")
    return folder / "deck.csv"


@pytest.fixture
def previous(tmp_path):
    """A good build whose PDF every failing build must leave as it was."""
    deck = write_deck(tmp_path / "deck")
    out = tmp_path / "out"
    result = invoke("build", deck, "--lang", "ja", "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out / "bad" / "cards-a4-ja.pdf"
    return deck.parent, out, pdf, pdf.read_bytes()


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


def fails(previous, expected: list[str], *, csv_bytes: bytes | None = None, **files):
    folder, out, pdf, before = previous
    for name, text in files.items():
        (folder / name.replace("_", ".")).write_text(text, encoding="utf-8")
    if csv_bytes is not None:
        (folder / "deck.csv").write_bytes(csv_bytes)
    result = invoke("build", folder / "deck.csv", "--lang", "ja", "--out", out)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert result.exit_code == 2, result.output
    assert len(errors) == 1 and "Traceback" not in result.output, result.output
    for part in expected:
        assert part in errors[0], (part, errors[0])
    assert pdf.read_bytes() == before
    return errors[0]


def test_missing_column(previous):
    toml = TOML.replace('en = "Effect"', 'en = "Efect"')
    fails(previous, ['deck.csv, row 1, column "Efect"', "field 'body'"], deck_toml=toml)


def test_unknown_field_in_a_box(previous):
    toml = TOML.replace('[boxes.footer]', '[boxes.body]\nfields = ["body", "flavour"]\n\n[boxes.footer]')
    line = line_of(toml, 'fields = ["body", "flavour"]')
    fails(previous, [f"deck.toml, line {line} [boxes.body.fields[1]]", "unknown field 'flavour'"], deck_toml=toml)


def test_unknown_field_in_a_template(previous):
    fails(previous, ["footer.j2, line 2 [costs]", "unknown field 'costs'"],
          footer_j2="{# the cost #}\ncost {{ costs }}\n")


@pytest.mark.parametrize("tag", ['<ondraw name="x"/>', '<index item="x"/>', '<a href="https://example.org">x</a>'])
def test_a_template_tag_that_calls_into_the_drawing_is_refused_with_the_tags_it_takes(previous, tag):
    fails(previous, ["footer.j2, line 2", f"<{tag[1:].split()[0].rstrip('/>')}> is not taken in a box template",
                     "<b>, <i>"], footer_j2=f"cost {{{{ cost }}}}\n{tag}\n")


@pytest.mark.parametrize("footer, said", [
    ("cost <b>{{ cost }}\n", ["footer.j2: its markup does not read", "close every tag"]),
    ("cost {{ cost }}</i>\n", ["footer.j2: its markup does not read", "saw </i>"]),
    ('<font color="blurple">{{ cost }}</font>\n', ["footer.j2: its markup does not read", "blurple"]),
    ("{{ cost | nosuch }}\n", ["footer.j2, line 1", "No filter named 'nosuch'"]),
    ("cost\n{{ 1 / (cost|int - cost|int) }}\n", ["deck.csv, row 2", "footer.j2, line 2: ZeroDivisionError"]),
])
def test_a_template_that_fails_is_the_users_error_not_the_kits(previous, footer, said):
    assert "internal error" not in fails(previous, said, footer_j2=footer)


def test_a_template_not_in_utf8_is_named(previous):
    folder = previous[0]
    (folder / "footer.j2").write_bytes("caf\xe9 {{ cost }}\n".encode("latin-1"))
    fails(previous, ["footer.j2: cannot read: the file is not UTF-8 text"])


@pytest.mark.parametrize("text, said", [('"{{ cost | nope }}"', ["[back.text]", "No filter named 'nope'"]),
                                        ('"{{ 1 / (cost|int - cost|int) }}"',
                                         ["row 2", "back.text: ZeroDivisionError"])])
def test_a_backs_text_that_fails_is_the_users_error(previous, text, said):
    fails(previous, said, deck_toml=TOML.replace('text = "PROTO"', f"text = {text}"))


@pytest.mark.parametrize("look, where, said", [
    ("size = 0", "fields.body.size", "size is pt, more than 0"),
    ("leading = -1", "fields.body.leading", "more than 0"),
    ("space_before = -2", "fields.body.space_before", "0 or more"),
])
def test_a_fields_look_that_would_lose_its_text_is_refused(previous, look, where, said):
    toml = TOML.replace('body = { ja = "効果", en = "Effect" }', f'body = {{ ja = "効果", en = "Effect", {look} }}')
    fails(previous, [f"[{where}]", said], deck_toml=toml)


def test_an_empty_code_to_replace_is_refused(previous):
    toml = TOML.replace('languages = ["ja", "en"]', 'languages = ["ja", "en"]\nreplace = { "" = "x" }')
    fails(previous, ["[deck.replace]", "cannot be empty"], deck_toml=toml)


def test_a_rich_span_much_larger_than_its_field_is_refused(previous):
    toml = TOML.replace('languages = ["ja", "en"]', 'languages = ["ja", "en"]\nrich = ["body"]')
    csv = CSV.replace("相手1人に1ダメージ。", "相手1人に[1]{size=200}ダメージ。")
    fails(previous, ['deck.csv, row 2, column D "効果"', "at most 1.5 times its field's"], deck_toml=toml, deck_csv=csv)


def test_a_templates_font_much_larger_than_its_paragraph_is_refused(previous):
    fails(previous, ["footer.j2: a <font size> is at most 1.5 times", "got 300"],
          footer_j2='cost <font size="300">{{ cost }}</font>\n')


def test_a_quote_left_open_is_named_not_read_into_the_rest_of_the_file(previous):
    csv = CSV.replace("1,湧き水,Spring,", '1,"湧き水,Spring,')
    fails(previous, ["deck.csv, row 3", "never closes"], deck_csv=csv)


def test_wrong_type(previous):
    fails(previous, ['deck.csv, row 3, column F "cost"', "'many' is not a whole number"],
          deck_csv=CSV.replace("Recover 2 health.,2,D", "Recover 2 health.,many,D"))


def test_copies_not_a_number(previous):
    fails(previous, ['deck.csv, row 4, column A "copies"', "'three'"],
          deck_csv=CSV.replace("3,若木", "three,若木"))


def test_text_too_long_even_at_the_smallest_size(previous):
    long = "長い効果の説明文。" * 120
    fails(previous, ['deck.csv, row 2, column D "効果"', "火花", "does not fit"],
          deck_csv=CSV.replace("相手1人に1ダメージ。", long))


def test_text_that_does_not_fit_names_the_column_it_overflows_at_every_card_at_once(previous):
    """The body box prints 効果 then cost: a long cost is what overflows; two cards' boxes, one report."""
    folder, out, pdf, before = previous
    toml = TOML.replace('[boxes.footer]', '[boxes.body]\nfields = ["body", "extra"]\n\n[boxes.footer]')
    csv = CSV.replace("copies,名前", "extra,copies,名前").replace("\n2,火花", "\n" + "長い説明。" * 200 + ",2,火花")
    csv = csv.replace("\n1,湧き水", "\n,1,湧き水").replace("\n3,若木", "\n" + "長い。" * 300 + ",3,若木")
    (folder / "deck.toml").write_text(toml, encoding="utf-8")
    (folder / "deck.csv").write_text(csv, encoding="utf-8")
    result = invoke("build", folder / "deck.csv", "--lang", "ja", "--out", out)
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert len(errors) == 2, result.output
    csv = folder / "deck.csv"
    assert errors[0].startswith(f'error: {csv}, row 2, column A "extra": 火花: the body text does not fit')
    assert errors[1].startswith(f'error: {csv}, row 4, column A "extra": 若木: the body text does not fit')
    assert pdf.read_bytes() == before


def test_the_text_floor_is_the_deck_s_own(previous):
    folder, out, pdf, before = previous
    (folder / "deck.csv").write_text(CSV.replace("相手1人に1ダメージ。", "長い効果の説明文。" * 70), encoding="utf-8")
    result = invoke("build", folder / "deck.csv", "--lang", "ja", "--out", out)
    assert result.exit_code == 2 and "even at 6.5 pt" in result.output, result.output
    (folder / "deck.toml").write_text(TOML.replace('id = "bad"', 'id = "bad"\nmin_text_size = 4.5'), encoding="utf-8")
    result = invoke("build", folder / "deck.csv", "--lang", "ja", "--out", out)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("value", ["3.9", "0", "-1", "nan"])
def test_a_text_floor_under_4_pt_is_refused_naming_the_line(previous, value):
    toml = TOML.replace('id = "bad"', f'id = "bad"\nmin_text_size = {value}')
    fails(previous, ["deck.toml, line 3 [deck.min_text_size]", "min_text_size is pt, at least 4"], deck_toml=toml)


def test_long_text_shrinks_before_it_fails(previous):
    folder, out, pdf, _ = previous
    (folder / "deck.csv").write_text(CSV.replace("相手1人に1ダメージ。", "長い効果の説明文。" * 25), encoding="utf-8")
    result = invoke("build", folder / "deck.csv", "--lang", "ja", "--out", out)
    assert result.exit_code == 0, result.output


def test_unreadable_encoding(previous):
    data = CSV.encode("utf-8").replace("湧き水".encode(), b"\xff\xfe\xfd")
    fails(previous, ["deck.csv, row 3, column B", "neither UTF-8 nor Shift_JIS (cp932)"], csv_bytes=data)


def test_unknown_suit(previous):
    fails(previous, ['deck.csv, row 4, column G "suit"', "unknown suit 'X'"],
          deck_csv=CSV.replace("3,C", "3,X"))


def test_toml_cards_name_line_and_field(previous):
    folder = previous[0]
    card = '\n[[cards]]\n"名前" = {}\nName = "a"\n"効果" = "b"\nEffect = "b"\ncost = 1\n'
    toml = TOML + card.format('"a"') + card.format('["b"]')
    (folder / "deck.csv").unlink()
    line = line_of(toml, '"名前" = ["b"]')
    (folder / "deck.toml").write_text(toml, encoding="utf-8")
    result = invoke("build", folder / "deck.toml", "--lang", "ja", "--out", previous[1])
    assert result.exit_code == 2
    assert f"deck.toml, line {line} [cards[1].名前]: must be text or a number" in result.output


@pytest.mark.parametrize("key, value", [("template", "../footer.j2"), ("data", "../deck.csv")])
def test_files_outside_the_deck_folder_are_refused(previous, key, value):
    folder = previous[0]
    shutil.copy(folder / "footer.j2", folder.parent / "footer.j2")
    shutil.copy(folder / "deck.csv", folder.parent / "deck.csv")
    if key == "template":
        toml = TOML.replace('template = "footer.j2"', f'template = "{value}"')
        where, path = "[boxes.footer.template]", folder / "deck.csv"
    else:
        toml = TOML.replace('languages = ["ja", "en"]', f'languages = ["ja", "en"]\ndata = "{value}"')
        where, path = "[deck.data]", folder / "deck.toml"
    (folder / "deck.toml").write_text(toml, encoding="utf-8")
    result = invoke("build", path, "--lang", "ja", "--out", previous[1])
    assert result.exit_code == 2, result.output
    assert where in result.output and "outside the deck's folder" in result.output


def test_a_column_no_box_prints_is_a_warning(previous):
    folder, out, pdf, _ = previous
    (folder / "deck.csv").write_text(CSV.replace(",suit\n", ",suit,memo\n").replace(",H\n", ",H,draft\n"),
                                     encoding="utf-8")
    result = invoke("build", folder / "deck.csv", "--lang", "ja", "--out", out)
    assert result.exit_code == 0, result.output
    assert 'warning: ' in result.output
    assert 'deck.csv, row 1, column H "memo": no box prints this column' in result.output


def workbook(path: Path, rows: list[list], sheet: str = "Cards") -> None:
    import openpyxl

    book = openpyxl.Workbook()
    book.active.title = sheet
    for row in rows:
        book.active.append(row)
    book.save(path)


def test_xlsx_errors_name_the_row_and_the_column_letter(tmp_path):
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.toml").write_text('[deck]\nid = "x"\nworksheet = "Cards"\n[fields]\n'
                                      'cost = { column = "Cost", type = "number" }\n'
                                      '[boxes.body]\nfields = ["body", "cost"]\n', encoding="utf-8")
    rows = [["title", "body", "Cost", "copies"], ["A", "a", 1.5, 2], ["B", "b", 2, "2枚"]]
    workbook(folder / "deck.xlsx", rows)
    result = invoke("build", folder / "deck.xlsx", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert 'deck.xlsx, row 3, column D "copies": the number of copies must be a whole number' in result.output
    rows[2][3], rows[1][2] = 1, "cheap"
    workbook(folder / "deck.xlsx", rows)
    result = invoke("build", folder / "deck.xlsx", "--out", tmp_path / "out")
    assert 'deck.xlsx, row 2, column C "Cost": \'cheap\' is not a number' in result.output
    workbook(folder / "deck.xlsx", rows, sheet="Sheet1")
    result = invoke("build", folder / "deck.xlsx", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "no worksheet 'Cards' (it has: Sheet1)" in result.output
    (folder / "deck.xlsx").write_bytes(b"not a zip")
    result = invoke("build", folder / "deck.xlsx", "--out", tmp_path / "out")
    assert result.exit_code == 2 and "deck.xlsx: not an Excel .xlsx workbook" in result.output


def test_an_xlsx_date_in_a_typed_column_is_one_line_saying_what_to_do(tmp_path):
    import datetime

    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "deck.toml").write_text('[deck]\nid = "x"\n[fields]\ncost = { column = "Cost", type = "integer" }\n'
                                      '[boxes.body]\nfields = ["body", "cost"]\n', encoding="utf-8")
    workbook(folder / "deck.xlsx", [["title", "body", "Cost"], ["A", "a", datetime.datetime(2024, 1, 1)]])
    result = invoke("build", folder / "deck.xlsx", "--out", tmp_path / "out")
    errors = [line for line in result.output.splitlines() if line.startswith("error")]
    assert result.exit_code == 2 and len(errors) == 1, result.output
    assert 'row 2, column C "Cost": a date or time (2024-01-01T00:00:00): format the cell as text' in errors[0]


def test_a_spreadsheet_without_its_deck_file(tmp_path):
    (tmp_path / "lonely.csv").write_text("title\nA\n", encoding="utf-8")
    result = invoke("build", tmp_path / "lonely.csv", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "lonely.toml: no deck file: a spreadsheet needs lonely.toml beside it" in result.output


def test_a_deck_file_finds_the_spreadsheet_of_its_name(tmp_path):
    (tmp_path / "d.csv").write_text("title,copies\nA,0\nB,3\n", encoding="utf-8")
    (tmp_path / "d.toml").write_text("[deck]\n", encoding="utf-8")
    result = invoke("build", tmp_path / "d.toml", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "read as UTF-8" in result.output and "(1 page," in result.output


def test_a_template_linked_from_outside_the_folder_is_refused(previous):
    folder = previous[0]
    (folder.parent / "secret.j2").write_text("{{ cost }}", encoding="utf-8")
    (folder / "link.j2").symlink_to(folder.parent / "secret.j2")
    toml = TOML.replace('template = "footer.j2"', 'template = "link.j2"')
    fails(previous, ["[boxes.footer.template]", "outside the deck's folder"], deck_toml=toml)


def test_an_edit_to_the_spreadsheet_or_a_template_rebuilds(previous):
    folder, out, pdf, before = previous
    build = ("build", folder / "deck.csv", "--lang", "ja", "--out", out)
    assert "(up to date)" in invoke(*build).output
    (folder / "footer.j2").write_text("cost: {{ cost }}\n", encoding="utf-8")
    assert "(up to date)" not in invoke(*build).output and pdf.read_bytes() != before
    changed = pdf.read_bytes()
    (folder / "deck.csv").write_text(CSV.replace("Draw 2 cards.", "Draw 3 cards."), encoding="utf-8")
    output = invoke(*build).output  # only the English text changed: the Japanese PDF's content did not
    assert "content unchanged" in output and pdf.read_bytes() == changed


def test_a_character_the_font_lacks(previous):
    fails(previous, ['deck.csv, row 3, column B "名前"', "no font of the deck has a glyph for 🔥"],
          deck_csv=CSV.replace("湧き水", "湧き水🔥"))


def test_a_copy_count_past_999_is_a_typo(previous):
    fails(previous, ['deck.csv, row 2, column A "copies"', "from 0 to 999, got '1500'"],
          deck_csv=CSV.replace("2,火花", "1500,火花"))


@pytest.mark.parametrize("addition, where, message", [
    ('\n[suits.fire]\nsymbol = "▲"\ncolor = "red"\n', "[suits.fire.color]", "must be a colour like #a51d2d"),
    ('\n[boxes.corner]\nfields = ["title"]\n', "[boxes.corner]", "the card layout has no box 'corner'"),
])
def test_deck_file_mistakes_name_line_and_key(previous, addition, where, message):
    toml = TOML + addition
    line = line_of(toml, addition.strip().splitlines()[-1]) if "color" in addition else line_of(toml, "[boxes.corner]")
    fails(previous, [f"deck.toml, line {line} {where}", message], deck_toml=toml)


def test_a_misspelt_card_size_names_the_line_and_key_and_the_size_meant(previous):
    toml = TOML.replace('languages = ["ja", "en"]', 'languages = ["ja", "en"]\ncard_size = "pokr"')
    line = line_of(toml, 'card_size = "pokr"')
    fails(previous, [f"deck.toml, line {line} [deck.card_size]", "'pokr'", "did you mean 'poker'?"], deck_toml=toml)
