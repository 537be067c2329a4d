"""Data errors point at the line of the value they name, even when the key appears in many places."""
import tomllib

import pytest

from hitmans_broken import FILE_NAME, write_broken_copy
from tabletop.data.errors import DataError
from tabletop.data.hitmans_load import load_game
from tabletop.data.toml_lines import line_of

SAMPLE = '''\
name = "x"  # [not] a header
title = { ja = "タイトル", en = "Title" }
help = """
[rules]
reward = 1
"""

[rules]
reward = 10
"quoted key" = 2
dotted.inner = 3

[roles.soldier]
reward = 3500
ops = [{ kind = "a" }, { kind = "b" }]

[roles.capo]
reward = 7000
steps = [
  { text = "one [1]" },   # a comment ] with a bracket
  { text = "two" },
]

[[cards]]
id = "HA"
reward = 1

[[cards.variants]]
name = "v0"

[[cards.variants]]
name = "v1"

[[cards]]
id = "HK"
reward = 2

[[cards.variants]]
name = "k0"
'''


def _line(text: str, needle: str, nth: int = 0) -> int:
    hits = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith(needle)]
    return hits[nth]


@pytest.mark.parametrize("where, needle, nth", [
    ("rules.reward", "reward = 10", 0),  # not the look-alike inside the multi-line string
    ("rules.quoted key", '"quoted key"', 0),
    ("rules.dotted.inner", "dotted.inner", 0),
    ("roles.soldier.reward", "reward = 3500", 0),
    ("roles.capo.reward", "reward = 7000", 0),
    ("roles.capo.nope", "[roles.capo]", 0),  # a missing key: its table's header
    ("roles.soldier.ops[1].kind", "ops = ", 0),  # inside a one-line array: the key's line
    ("roles.capo.steps[1]", "  { text = \"two\" }", 0),
    ("roles.capo.steps[1].text", "  { text = \"two\" }", 0),
    ("roles", "[roles.soldier]", 0),  # defined only by its sub-tables
    ("cards[HK].reward", "reward = 2", 0),
    ("cards[HK]", "[[cards]]", 1),
    ("cards[1].reward", "reward = 2", 0),
    ("cards[HA].variants[1].name", 'name = "v1"', 0),
    ("cards[HK].variants[0].name", 'name = "k0"', 0),
    ("title.ja", "title = ", 0),
])
def test_line_of_a_nested_path(where, needle, nth):
    assert line_of(SAMPLE, tomllib.loads(SAMPLE), where) == _line(SAMPLE, needle, nth)


def test_an_unknown_path_has_no_line():
    assert line_of(SAMPLE, tomllib.loads(SAMPLE), "nothing.here") is None


# The real data file, broken one way at a time: the error's line is the defect's line.
@pytest.mark.parametrize("fixture, needle, nth", [
    ("missing_field", "[[cards]]", None),  # HK's entry: the header just above `id = "HK"`
    ("unknown_key", 'colour = "black"', 0),
    ("wrong_type", 'reward = "3500"', 0),  # roles.soldier.reward: `reward =` is on many lines
    ("duplicate", 'id = "H3"', 1),  # the second H3
    ("unknown_role", 'role = "mobster"', 0),
    ("census_53", "[[cards]]", 0),
])
def test_real_data_errors_point_at_the_defect(tmp_path, fixture, needle, nth):
    folder = write_broken_copy(fixture, tmp_path)
    text = (folder / FILE_NAME).read_text(encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_game(folder)
    if nth is None:
        expected = _line(text, 'id = "HK"') - 1
        assert text.splitlines()[expected - 1] == needle
    else:
        expected = _line(text, needle, nth)
    assert info.value.line == expected
    assert f", line {expected} " in str(info.value)
