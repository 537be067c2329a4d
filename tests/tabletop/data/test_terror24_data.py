"""cards/terror24.toml: complete for the printed components, consistent for the companion."""
import pytest

from tabletop.data.errors import DataError
from tabletop.data.load import game_file
from tabletop.data.terror24 import load_terror24, provisional_warning

DATA = load_terror24()


def test_components_match_the_rulebook():
    assert [d.name.ja for d in DATA.detectives] == ["スコッチ", "ウルフ", "ヒバチ", "ロイド", "ドカベン"]
    assert all(d.name.en for d in DATA.detectives)
    assert DATA.detective("wolf").schedule == "〇〇×××〇〇"
    assert sorted(DATA.time_cards.values) == [0, 1, 1, 2, 2, 3, 4, 5, 6]
    assert len(DATA.time_cards.values) * len(DATA.detectives) == 45
    assert sum(s.cards for s in DATA.events.suits) == 24
    assert [s.name.ja for s in DATA.events.suits] == ["爆弾テロ", "旅客機ハイジャック", "市街銃撃戦", "バイオテロ",
                                                      "人質立て籠もり"]


def test_grid_shape_is_sixteen_places_with_face_down_columns_five_and_seven():
    assert [c.places for c in DATA.grid] == [2, 2, 2, 2, 3, 2, 3]
    assert [c.round for c in DATA.grid if c.face_down] == [5, 7]
    assert sum(c.places for c in DATA.grid) == 16 and DATA.rounds == 7


def test_npc_deck_is_the_set_without_the_zero():
    assert DATA.npc_cards() == [1, 1, 2, 2, 3, 4, 5, 6]


def test_switching_follows_the_marks():
    scotch = DATA.detective("scotch")
    assert [scotch.switches(DATA.schedule, r) for r in range(1, 8)] == [False, True, False, True, False, True, False]


def test_provisional_values_are_flagged_and_warned_in_both_languages():
    assert DATA.events.provisional
    assert provisional_warning(DATA, "en").startswith("warning: ") and "provisional" in provisional_warning(DATA, "en")
    assert "暫定" in provisional_warning(DATA, "ja")


def test_every_summary_section_has_both_languages():
    assert {t.id for t in DATA.texts} >= {"setup", "investigation", "resolution", "end_phase", "game_end", "npc"}
    for t in DATA.texts:
        assert t.ja and len(t.ja) == len(t.en), t.id


def _edited(tmp_path, old, new):
    text = game_file("terror24").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "terror24.toml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("old, new, where", [
    ('schedule = "〇×〇×〇×〇"', 'schedule = "〇×〇×〇×"', "detectives[scotch].schedule"),
    ('schedule = "〇×〇×〇×〇"', 'schedule = "〇×〇×〇×X"', "detectives[scotch].schedule"),
    ("values = [0, 1, 1, 2, 2, 3, 4, 5, 6]", "values = [0, 1, 1, 2, 2, 3, 4, 5, 7]", "time_cards"),
    ('letter = "B"', 'letter = "R"', "events.suits.letter"),
    ("stand_vp = 2", "stand_vp = -2", "events.suits[bomb].stand_vp"),
    ("stand_vp = 2", 'stand_vp = "2"', "events.suits[bomb].stand_vp"),
    ("cards = 7", "cards = 1", "events.suits"),
    ("places = 3\nface_down = true", "places = 0\nface_down = true", "grid[4].places"),
    ("round = 6", "round = 7", "grid[5]"),
    ('id = "wolf"', 'id = "scotch"', "detectives[scotch]"),  # a detective id given twice
    ('ink = "#4a4a4a"', 'ink = "brown"', "detectives[wolf].ink"),
    ('colour_hex = "#c8323c"', 'colour_hex = "red"', "events.suits[bomb].colour_hex"),
    ("provisional = true", "provisional = true\nsource = 'x'", "events.source"),
    # nobody could ever bid: no round could be played
    ("bid_cards = 2 ", "bid_cards = 10 ", "rules.bid_cards"),
    ("npc_cards_per_round = 1 ", "npc_cards_per_round = 9 ", "rules.npc_cards_per_round"),
])
def test_bad_data_is_refused_naming_the_field(tmp_path, old, new, where):
    with pytest.raises(DataError) as e:
        load_terror24(_edited(tmp_path, old, new))
    assert e.value.where == where and "terror24.toml" in str(e.value)


def test_error_names_the_line_of_the_card(tmp_path):
    with pytest.raises(DataError) as e:
        load_terror24(_edited(tmp_path, 'schedule = "〇〇×××〇〇"', 'schedule = "〇〇"'))
    lines = (tmp_path / "terror24.toml").read_text(encoding="utf-8").splitlines()
    assert lines[e.value.line - 1] == 'schedule = "〇〇"'  # the card's faulty field itself
