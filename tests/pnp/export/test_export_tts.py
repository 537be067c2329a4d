"""Tabletop Simulator export: sheet grids, the hidden slot, sheet size limits and the saved object."""
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from export_helpers import BACK, build, card_color, near
from pnp.export.tts import MAX_SHEET_PX, PLAIN_BACK, card_id, cell_size, export_tts, grid, sheet_counts
from tabletop.record import replace


@pytest.mark.parametrize("n, expected", [(1, (2, 2)), (3, (2, 2)), (6, (4, 2)), (45, (10, 5)),
                                         (54, (10, 6)), (59, (10, 6)), (60, (9, 7)), (69, (10, 7))])
def test_grid_is_the_smallest_that_keeps_a_hidden_slot(n, expected):
    cols, rows = grid(n)
    assert (cols, rows) == expected
    assert cols <= 10 and rows <= 7 and cols * rows >= n + 1


def test_a_sheet_never_holds_seventy_cards():
    with pytest.raises(ValueError):
        grid(70)
    assert sheet_counts(69) == [69]
    assert sheet_counts(70) == [35, 35]
    assert sheet_counts(140) == [47, 47, 46]
    assert sheet_counts(0) == []


def test_cells_keep_the_card_shape_and_the_sheet_within_4096_px():
    cw, ch = cell_size((744, 1039), 10, 7)
    assert 10 * cw <= MAX_SHEET_PX and 7 * ch <= MAX_SHEET_PX
    assert abs(cw / ch - 744 / 1039) < 0.01
    assert cell_size((744, 1039), 2, 2) == (744, 1039)  # never enlarged
    assert card_id(3, 12) == 312


def _uri_path(uri: str) -> Path:
    assert uri.startswith("file:///")
    return Path(unquote(urlparse(uri).path))


def _slot(sheet: Image.Image, cols: int, rows: int, slot: int):
    cw, ch = sheet.width // cols, sheet.height // rows
    return sheet.getpixel(((slot % cols) * cw + cw // 2, (slot // cols) * ch + ch // 2))


def test_deck_sheet_and_saved_object(tmp_path):
    deck = build(tmp_path, 12)
    export_tts(deck, tmp_path / "tts", "Game cards", workers=2)
    saved = json.loads((tmp_path / "tts" / "game_cards.json").read_text(encoding="utf-8"))
    [state] = saved["ObjectStates"]
    assert state["Name"] == "DeckCustom" and state["Nickname"] == "Game cards"
    custom = state["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == grid(12) == (7, 2)
    assert custom["BackIsHidden"] is True and custom["UniqueBack"] is False
    assert state["DeckIDs"] == list(range(100, 112))
    cards = state["ContainedObjects"]
    assert [c["CardID"] for c in cards] == state["DeckIDs"]
    assert [c["Nickname"] for c in cards] == [f"カード {i}" for i in range(1, 13)]
    assert all(c["CustomDeck"]["1"] == custom for c in cards)

    with Image.open(_uri_path(custom["FaceURL"])) as sheet:
        assert sheet.width <= MAX_SHEET_PX and sheet.height <= MAX_SHEET_PX
        cw, ch = sheet.width / 7, sheet.height / 2
        assert cw == int(cw) and ch == int(ch) and abs(cw / ch - 63 / 88) < 0.01
        for slot in range(12):
            assert near(_slot(sheet, 7, 2, slot), card_color(slot)), slot
        assert near(_slot(sheet, 7, 2, 13), BACK)  # the hidden card shows the back
    with Image.open(_uri_path(custom["BackURL"])) as back:
        assert near(back.getpixel((back.width // 2, back.height // 2)), BACK)


def test_many_cards_span_sheets_with_their_own_deck_ids(tmp_path):
    deck = build(tmp_path, 75, backs="none")
    export_tts(deck, tmp_path / "tts", "big")
    [state] = json.loads((tmp_path / "tts" / "game_cards.json").read_text())["ObjectStates"]
    assert sorted(state["CustomDeck"]) == ["1", "2"]
    assert state["DeckIDs"] == list(range(100, 138)) + list(range(200, 237))
    assert [state["CustomDeck"][k]["NumHeight"] for k in "12"] == [4, 4]
    with Image.open(_uri_path(state["CustomDeck"]["1"]["BackURL"])) as back:
        assert near(back.getpixel((5, back.height // 2)), PLAIN_BACK[0])  # a back drawn for back-less decks


def test_different_backs_make_a_back_sheet(tmp_path):
    deck = build(tmp_path, 5, backs="two")
    export_tts(deck, tmp_path / "tts", "two backs")
    [state] = json.loads((tmp_path / "tts" / "game_cards.json").read_text())["ObjectStates"]
    custom = state["CustomDeck"]["1"]
    assert custom["UniqueBack"] is True
    faces, backs = (Image.open(_uri_path(custom[k])) for k in ("FaceURL", "BackURL"))
    with faces, backs:
        assert faces.size == backs.size
        cols, rows = custom["NumWidth"], custom["NumHeight"]
        cw, ch = backs.width // cols, backs.height // rows
        assert near(backs.getpixel((cw + cw // 2, ch // 4)), BACK)  # card 2's turned back, righted
        assert near(backs.getpixel((cw + cw // 2, 3 * ch // 4)), (255, 255, 255))


def test_a_single_card_is_a_card_object(tmp_path):
    export_tts(build(tmp_path, 1), tmp_path / "tts", "one")
    [state] = json.loads((tmp_path / "tts" / "game_cards.json").read_text())["ObjectStates"]
    assert state["Name"] == "CardCustom" and state["CardID"] == 100
    assert state["CustomDeck"]["1"]["NumWidth"] == 2


def test_square_pieces_are_round_chips_in_tts(tmp_path):
    deck = replace(build(tmp_path, 4), size_mm=(25.0, 25.0))
    export_tts(deck, tmp_path / "tts", "chips")
    [state] = json.loads((tmp_path / "tts" / "game_cards.json").read_text())["ObjectStates"]
    assert state["CustomDeck"]["1"]["Type"] == 4
    rect = build(tmp_path, 4)
    export_tts(rect, tmp_path / "tts2", "cards")
    [state] = json.loads((tmp_path / "tts2" / "game_cards.json").read_text())["ObjectStates"]
    assert state["CustomDeck"]["1"]["Type"] == 0
