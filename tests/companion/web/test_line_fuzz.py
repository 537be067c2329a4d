"""Whatever a player types, it is answered in words: 10,000 generated lines per game through the API (in
process), every character Unicode counts as a digit or a number among them, not one answered 500 or
'internal error', nothing in the log; and the terminal goes on through the same kind of lines piped."""
from __future__ import annotations

import unicodedata

import pytest

from companion.numbers import is_whole, signed, whole
from fuzz_lines import GAMES, lines_for, number_characters
from web_helpers import client, create, post, terminal


def test_the_number_rule_is_ascii_digits_after_nfkc():
    assert [whole(t) for t in ("7", "07", "１２", "²", "⓵", "٣", "፩", "1.5", "", "+3", "Ⅻ")] == \
        [7, 7, 12, 2, None, None, None, None, None, None, None]
    assert [signed(t) for t in ("+3", "-500", "－５", "3", "+", "+⓵")] == [3, -500, -5, 3, None, None]
    assert signed("3", sign_required=True) is None and signed("+3", sign_required=True) == 3
    # at most 2**53 − 1, the browser's exact limit; thousands of digits are a typo, not an error from `int`
    assert whole(str(2**53 - 1)) == 2**53 - 1 and whole(str(2**53)) is None and signed("-" + "9" * 5000) is None
    assert not any(is_whole(c) for c in number_characters() if not unicodedata.normalize("NFKC", c).isascii())


@pytest.mark.parametrize("game", GAMES)
def test_no_line_is_answered_with_a_500_or_an_internal_error(tmp_path, game, capfd):
    options, _args, opening = GAMES[game]
    c = client(tmp_path)
    assert create(c, game, "g", **options).status_code == 201
    for line in opening:
        assert post(c, "g", line).json()["ok"], line
    broken = []
    for line in lines_for(game, seed=len(game)):
        r = post(c, "g", line)
        if r.status_code not in (200, 400) or any("internal error" in m.lower() for m in r.json().get("messages", [])):
            broken.append((line, r.status_code, r.text[:200]))
    assert broken == []
    assert c.get("/games/g").status_code == 200
    err = capfd.readouterr().err
    assert "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_goes_on_through_every_kind_of_number(tmp_path, game):
    _options, args, opening = GAMES[game]
    lines = [line for line in lines_for(game, seed=7)[:600] if line.split()[0].lower() != "quit"]
    played = terminal(game, tmp_path / "g.game.json", "\n".join(opening + lines) + "\n", tmp_path, *args,
                      resume=False)
    said = played.stdout + played.stderr
    assert played.returncode == 0 and "Traceback" not in said and "internal error" not in said, said[-2000:]
