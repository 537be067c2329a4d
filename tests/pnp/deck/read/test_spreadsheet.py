"""Reading a deck's spreadsheet: the encodings Excel saves CSV in, rows as a spreadsheet numbers them."""
from pathlib import Path

import pytest

from pnp.deck.read.spreadsheet import CP932, UTF8, UTF8_BOM, decode_csv, letter, read_table
from tabletop.data.errors import DataError

TEXT = "名前,効果\n火花,\"相手1人に\n1ダメージ。\"\n\n湧き水,回復\n"


@pytest.mark.parametrize("data, encoding", [(TEXT.encode("utf-8"), UTF8), (TEXT.encode("utf-8-sig"), UTF8_BOM),
                                            (TEXT.encode("cp932"), CP932)])
def test_each_encoding_reads_the_same_rows(tmp_path, data, encoding):
    (tmp_path / "d.csv").write_bytes(data)
    table = read_table(tmp_path / "d.csv")
    assert table.encoding == encoding and table.columns == ("名前", "効果")
    # A line break inside a quoted cell is kept; the empty row is skipped but still counted.
    assert [(r.number, r.cells["名前"], r.cells["効果"]) for r in table.rows] == [
        (2, "火花", "相手1人に\n1ダメージ。"), (4, "湧き水", "回復")]


def test_neither_utf8_nor_cp932_names_the_row_and_column():
    with pytest.raises(DataError) as e:
        decode_csv(b"a,b\nx,y\n" + b"z,\x80\xff\n", Path("d.csv"))
    assert (e.value.row, e.value.column) == (3, "B")


def test_unnamed_and_repeated_columns(tmp_path):
    (tmp_path / "d.csv").write_text("a,,a\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        read_table(tmp_path / "d.csv")
    assert (e.value.row, e.value.column) == (1, "C") and "named twice" in e.value.message
    (tmp_path / "d.csv").write_text("a,,\n1,2,\n", encoding="utf-8")  # B has a value, C none
    table = read_table(tmp_path / "d.csv")
    assert table.columns == ("a", "B") and table.unnamed == ("B",) and table.rows[0].cells == {"a": "1", "B": "2"}
    (tmp_path / "d.csv").write_text("B,\n1,2\n", encoding="utf-8")  # its letter is taken
    with pytest.raises(DataError) as e:
        read_table(tmp_path / "d.csv")
    assert (e.value.row, e.value.column) == (1, "B") and "named twice" in e.value.message


def test_column_letters():
    assert [letter(n) for n in (1, 26, 27, 52, 703)] == ["A", "Z", "AA", "AZ", "AAA"]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_comma_semicolon_or_tab(tmp_path, delimiter):
    body = '"x, y"' if delimiter == "," else "x, y"
    (tmp_path / "d.csv").write_text(f"title{delimiter}body\nA{delimiter}{body}\n", encoding="utf-8")
    table = read_table(tmp_path / "d.csv")
    assert table.columns == ("title", "body") and table.rows[0].cells == {"title": "A", "body": "x, y"}
