"""KILL SHOT data: only what the rulebook gives; the unknown stays marked unverified."""
import shutil

import pytest

from tabletop.data import CARDS_DIR
from tabletop.data.errors import DataError
from tabletop.data.kill_shot import load_kill_shot


def edited(tmp_path, old, new):
    shutil.copy(CARDS_DIR / "kill_shot.toml", tmp_path / "kill_shot.toml")
    path = tmp_path / "kill_shot.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


def test_rulebook_names_only_five_hunt_numbers():
    data = load_kill_shot()
    named = {n: data.hunt_name(n) for n in range(1, 10)}
    assert named == {1: "Global", 2: "Satellite", 3: "Region", 4: None, 5: None, 6: None, 7: None,
                     8: "Firefight", 9: "Kill Shot"}


def test_content_census():
    data = load_kill_shot()
    assert [g.name.ja for g in data.game_types] == ["基本ルール", "タクティカル・エンゲージメント",
                                                    "シチュエーションルーム"]
    assert [c.original for c in data.special_cards] == ["Bad Intel", "Jam"]
    assert len(data.optional_rules) == 6 and len(data.terrorist_abilities) == 6
    assert data.components.total == 110
    assert data.components.terrorist_names == "unverified"


def test_a_guessed_hunt_name_is_refused(tmp_path):
    cards = edited(tmp_path, 'number = 5\noriginal = ""', 'number = 5\noriginal = "Stakeout"')
    with pytest.raises(DataError, match="unverified one must stay empty"):
        load_kill_shot(cards)


def test_unknown_card_values_must_stay_marked(tmp_path):
    with pytest.raises(DataError) as e:
        load_kill_shot(edited(tmp_path, 'tactical_values = "unverified"', 'tactical_values = "1-5"'))
    assert e.value.where == "components.tactical_values"


def test_component_total_is_checked(tmp_path):
    with pytest.raises(DataError, match="≠ total"):
        load_kill_shot(edited(tmp_path, "total = 110", "total = 111"))
