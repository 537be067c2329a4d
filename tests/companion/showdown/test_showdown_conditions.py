"""The condition evaluator on its own, with the card data's atoms."""
from companion.showdown.conditions import evaluate
from companion.showdown.talk import explain
from companion.speech import Speech
from tabletop.data.hitmans_showdown import FaceCountAtLeast as Faces
from tabletop.data.hitmans_showdown import TotalAtLeast as AtLeast
from tabletop.data.hitmans_showdown import TotalEquals as Equals

EN = Speech("en")


def test_missing_total_is_named():
    v = evaluate([[AtLeast(55)]], [6] * 6 + [5])
    assert not v.success and explain(v, EN) == "fails: needs total ≥ 55, have 41"


def test_missing_faces_are_counted_in_words():
    v = evaluate([[Faces(4, 4)]], [4, 4, 1, 2])
    assert explain(v, EN) == "fails: needs four 4s, have two"


def test_every_alternative_is_explained():
    v = evaluate([[Equals(5)], [Faces(1, 1)]], [3, 4])
    assert explain(v, EN) == "fails: needs total exactly 5, have 7 — or — needs one 1, have zero"


def test_bonus_counts_in_the_total_and_exact_totals():
    assert evaluate([[Equals(9), Faces(5, 1)]], [5, 3], bonus=1).success
    assert not evaluate([[Equals(9), Faces(5, 1)]], [5, 3], bonus=2).success


def test_only_the_failing_parts_of_an_alternative_are_listed():
    v = evaluate([[Faces(2, 4), AtLeast(25)]], [2, 2, 2, 2, 6, 6])
    assert explain(v, EN) == "fails: needs total ≥ 25, have 20"


def test_japanese_explanation():
    v = evaluate([[AtLeast(14)]], [6, 6])
    assert explain(v, Speech("ja")) == "失敗：合計 14 以上必要（現在 12）"
    assert explain(evaluate([[AtLeast(3)]], [1, 2]), EN) == "success: total ≥ 3"
