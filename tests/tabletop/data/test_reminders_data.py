"""Reminders in cards/*.toml: each game's list names only moments the app tells, in both languages; a
broken entry is refused naming its file, line and field."""
import shutil

import pytest
from click.testing import CliRunner

from companion.cli import main
from tabletop.data.load import game_file
from tabletop.data.loaders import LOADERS
from tabletop.data.reminders import MOMENTS


@pytest.mark.parametrize("game", sorted(MOMENTS))
def test_each_game_reminds_of_every_moment_it_knows_in_both_languages(game):
    reminders = LOADERS[game](None).reminders
    assert {r.when for r in reminders} == set(MOMENTS[game])
    assert all(r.text.ja.strip() and r.text.en.strip() for r in reminders)


@pytest.mark.parametrize("entry,field,says", [
    ('[[reminders]]\nid = "x"\nwhen = "never"\ntext = { ja = "あ", en = "a" }\n', "reminders[x].when",
     "unknown moment 'never'"),
    ('[[reminders]]\nid = "x"\nwhen = "styles_switch"\ntext = { ja = " ", en = "a" }\n', "reminders[x].text.ja",
     "the ja text is empty"),
    ('[[reminders]]\nid = "end_phase"\nwhen = "styles_switch"\ntext = { ja = "あ", en = "a" }\n',
     "reminders[end_phase]",
     "duplicate id 'end_phase'"),
])
def test_a_broken_reminder_is_refused_naming_file_line_and_field(tmp_path, entry, field, says):
    shutil.copy(game_file("terror24", None), tmp_path / "terror24.toml")
    with (tmp_path / "terror24.toml").open("a", encoding="utf-8") as f:
        f.write("\n" + entry)
    result = CliRunner().invoke(main, ["terror24", "play", "--cards", str(tmp_path)], input="",
                                env={"TABLETOP_KIT_LANG": "en"})
    assert result.exit_code == 2
    line = result.output.strip().splitlines()[-1]
    assert line.startswith(f"Error: {tmp_path / 'terror24.toml'}, line ")
    assert f"[{field}]: {says}" in line, line
    assert "Traceback" not in result.output
