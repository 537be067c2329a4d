"""cards/famiglia.toml: the census, VP, start sets, levels and robot texts the companion plays by."""
import pytest

from tabletop.data import CARDS_DIR
from tabletop.data.errors import DataError
from tabletop.data.famiglia import load_famiglia

TOML = (CARDS_DIR / "famiglia.toml").read_text(encoding="utf-8")


def test_census_and_values():
    data = load_famiglia()
    assert data.census() == 60
    assert [f.code for f in data.families] == ["R", "B", "Y", "G"]
    assert all(f.copies == [5, 4, 3, 2, 1] for f in data.families)
    red, *others = data.families
    assert red.vp == [1, 3, 6, 10, 15] and all(f.vp == [0, 1, 3, 6, 10] for f in others)
    assert sorted(s.cards for s in data.start_sets) == [["R0", "B0", "Y0", "G0"]] * 2
    assert {x.level: x.targets for x in data.levels} == {
        1: [9, 6, 5, 3], 2: [8, 6, 4, 2], 3: [7, 5, 4, 2], 4: [7, 4, 3, 2]}


def test_robot_steps_have_both_languages_and_the_target_field():
    steps = load_famiglia().robot.steps
    assert [s.number for s in steps] == [1, 2, 3, 4, 5]
    for s in steps[:4]:
        assert "{target}" in s.text.ja and "{target}" in s.text.en


def write(tmp_path, text):
    (tmp_path / "famiglia.toml").write_text(text, encoding="utf-8")
    return tmp_path


def test_red_four_can_be_corrected_to_16(tmp_path):
    data = load_famiglia(write(tmp_path, TOML.replace("vp = [1, 3, 6, 10, 15]", "vp = [1, 3, 6, 10, 16]")))
    assert data.families[0].vp[4] == 16


@pytest.mark.parametrize("old, new, where", [
    ("targets = [7, 5, 4, 2]", "targets = [7, 5, 4]", "levels[3].targets"),
    ('cards = ["R0", "B0", "Y0", "G0"]', 'cards = ["R0", "B0", "Y0", "X0"]', "start_sets[1].cards"),
    ('copies = [5, 4, 3, 2, 1]', 'copies = [1, 4, 3, 2, 1]', "start_sets"),
    ('fallback_family = "R"', 'fallback_family = "Q"', "robot.steps[2].fallback_family"),
    ("vp = [0, 1, 3, 6, 10]", "vp = [0, 1, 3, 6]", "families[B]"),
    ("rulebook_level = 3", "rulebook_level = 5", "rulebook_level"),
    ("achievement_factor = 2", "achievement_factor = 0", "achievement_factor"),
])
def test_inconsistent_data_is_refused_with_its_place(tmp_path, old, new, where):
    with pytest.raises(DataError) as e:
        load_famiglia(write(tmp_path, TOML.replace(old, new, 1)))
    assert e.value.where == where and "famiglia.toml" in str(e.value)
