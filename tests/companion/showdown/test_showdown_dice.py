"""Dice notation, typed faces, seeded rolls, and the pool changes that card effects use."""
import random

import pytest

from companion.showdown.dice import DiceError, parse_faces, parse_notation, roll_notation
from companion.showdown.pool import Note, Pool, PoolError
from companion.showdown.talk import note_text
from companion.speech import Speech


@pytest.mark.parametrize("text, count", [("5d6", 5), ("d6", 1), (" 12D6 ", 12)])
def test_notation(text, count):
    assert parse_notation(text) == count


@pytest.mark.parametrize("text", ["5d8", "0d6", "five", "5000d6", ""])
def test_bad_notation_is_refused(text):
    with pytest.raises(DiceError):
        parse_notation(text)


def test_same_seed_same_roll_and_faces_in_range():
    a = roll_notation("30d6", random.Random(4))
    assert a == roll_notation("30d6", random.Random(4))
    assert len(a.faces) == 30 and set(a.faces) <= set(range(1, 7)) and a.total == sum(a.faces)


@pytest.mark.parametrize("typed, faces", [(["3", "5", "6"], [3, 5, 6]), (["3,5,6"], [3, 5, 6]),
                                          (["356", "1"], [3, 5, 6, 1])])
def test_typed_faces(typed, faces):
    assert parse_faces(typed) == faces


@pytest.mark.parametrize("typed", [["7"], ["0"], ["x"], ["10"]])
def test_typed_faces_out_of_range(typed):
    with pytest.raises(DiceError):
        parse_faces(typed)


def test_extra_dice_before_and_after_the_roll():
    pool = Pool(count=2)
    pool.more_dice(1, "weapon")
    assert pool.count == 3
    with pytest.raises(PoolError, match="3 dice"):
        pool.set_roll([1, 2])
    pool.set_roll([1, 2, 3])
    with pytest.raises(PoolError, match="give the 1 extra die"):
        pool.more_dice(1, "scout")
    pool.more_dice(1, "scout", [6])
    assert pool.faces == [1, 2, 3, 6] and pool.total == 12


def test_set_copy_reroll_lower_highest_and_total():
    pool = Pool(count=3)
    pool.set_roll([2, 5, 6])
    pool.set_die(2, 4, "Soldier")
    pool.copy_die(4, 2, "Bird")
    pool.reroll([5], [1], "backup plan")
    pool.lower_highest(3, "Bird (opponent)")
    pool.add_to_total(-2, "Stray")
    assert sorted(pool.faces) == [1, 3, 4, 4, 4]
    assert pool.total == 16 - 2
    assert pool.notes[0] == Note("set", "Soldier", old=2, new=4)
    assert [note_text(n, Speech("en")) for n in pool.notes] == [
        "Soldier: a 2 set to 4", "Bird: 2 more dice showing 4", "backup plan: rerolled 5 -> 1",
        "Bird (opponent): highest die 6 -> 3", "Stray: total -2"]
    assert note_text(pool.notes[1], Speech("ja")) != note_text(pool.notes[1], Speech("en"))


def test_lower_highest_never_below_one():
    pool = Pool(count=2)
    pool.set_roll([2, 1])
    pool.lower_highest(3, "x")
    assert pool.faces == [1, 1]


@pytest.mark.parametrize("change", [
    lambda p: p.set_die(3, 6, "x"),          # no 3 showing
    lambda p: p.set_die(1, 7, "x"),          # beyond 6
    lambda p: p.copy_die(4, 1, "x"),
    lambda p: p.reroll([1, 1], [5, 5], "x"),  # only one 1
    lambda p: p.more_dice(-1, "x"),
])
def test_impossible_changes_are_refused(change):
    pool = Pool(count=2)
    pool.set_roll([1, 2])
    with pytest.raises(PoolError):
        change(pool)
    assert pool.faces == [1, 2]


def test_changes_that_need_faces_refused_before_the_roll():
    with pytest.raises(PoolError, match="rolled first"):
        Pool(count=2).set_die(1, 6, "Soldier")
