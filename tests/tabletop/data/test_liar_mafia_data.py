"""LIAR MAFIA data: the rulebook's orientation table, the census and the symmetric-back rule."""
import shutil

import pytest

from tabletop.data import CARDS_DIR
from tabletop.data.errors import DataError
from tabletop.data.liar_mafia import load_liar_mafia

# The rulebook's table of what each card can do (upright / reversed); 総攻撃 works either way.
RULEBOOK = {
    "BAD POLICE": ({"横領"}, {"密告"}),
    "BOSS": ({"密輸", "総攻撃"}, {"根回し", "総攻撃"}),
    "HITMAN": ({"殺害", "護衛"}, {"暗殺"}),
}


def edited(tmp_path, old, new):
    """A copy of the bundled cards folder whose liar_mafia.toml has `old` replaced by `new`."""
    shutil.copy(CARDS_DIR / "liar_mafia.toml", tmp_path / "liar_mafia.toml")
    path = tmp_path / "liar_mafia.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_orientation_table_matches_the_rulebook():
    data = load_liar_mafia()
    table = {r.name: tuple({m.name.ja for m in data.moves_on(r.id, h)} for h in ("upright", "reversed"))
             for r in data.roles}
    assert table == RULEBOOK


def test_census_two_colours_three_roles_four_chips():
    data = load_liar_mafia()
    assert [c.id for c in data.colours] == ["red", "blue"]
    assert len(data.roles) == 3
    assert data.chips.count == 4 and (data.chips.front, data.chips.back) == ("1", "2")
    assert len(data.summary.victory) == 3 and len(data.summary.steps) == 5


def test_every_text_has_both_languages():
    data = load_liar_mafia()
    for m in data.moves:
        for text in (m.name, m.effect, m.detail):
            assert text("ja").strip() and text("en").strip(), m.id
            assert text("ja") != text("en")


def test_odd_ray_count_is_refused(tmp_path):
    with pytest.raises(DataError) as e:
        load_liar_mafia(edited(tmp_path, "rays = 24", "rays = 23"))
    assert e.value.where == "colours[red].back.rays"
    assert e.value.line is not None and "even" in str(e.value)


def test_a_blank_card_half_is_refused(tmp_path):
    # Moving 密告 to the upright half leaves BAD POLICE's reversed half empty.
    cards = edited(tmp_path, 'role = "bad-police"\norientation = "reversed"',
                   'role = "bad-police"\norientation = "upright"')
    with pytest.raises(DataError, match="reversed half of BAD POLICE"):
        load_liar_mafia(cards)


def test_unknown_key_names_the_move(tmp_path):
    with pytest.raises(DataError) as e:
        load_liar_mafia(edited(tmp_path, 'id = "guard"\n', 'id = "guard"\ncolour = "red"\n'))
    assert e.value.where == "moves[guard].colour"


def test_duplicate_role_is_refused(tmp_path):
    with pytest.raises(DataError, match="duplicate id 'boss'"):
        load_liar_mafia(edited(tmp_path, 'id = "hitman"\nname = "HITMAN"', 'id = "boss"\nname = "HITMAN"'))


def test_chip_ink_must_be_a_colour(tmp_path):
    with pytest.raises(DataError) as e:
        load_liar_mafia(edited(tmp_path, 'back = "2"\nink = "#2b2b2b"', 'back = "2"\nink = "dark"'))
    assert e.value.where == "chips.ink"


def test_a_folder_copied_before_the_rename_still_loads(tmp_path):
    """A user's copy from when the game was called liar-town: old file name, old id inside."""
    text = (CARDS_DIR / "liar_mafia.toml").read_text(encoding="utf-8")
    (tmp_path / "liar_town.toml").write_text(text.replace('game = "liar-mafia"', 'game = "liar-town"'),
                                             encoding="utf-8")
    assert load_liar_mafia(tmp_path).game == "liar-town"
    with pytest.raises(DataError, match="game must be 'liar-mafia'"):
        load_liar_mafia(edited(tmp_path, 'game = "liar-mafia"', 'game = "liar-city"'))
