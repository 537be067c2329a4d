"""Japanese sentences in the game data take Japanese punctuation: an ASCII ( ) : ;
or a sentence , or . next to a Japanese character reads as a typo in Japanese type — 「ガンチップ(2)」,
「例: 直前の」 — and is written （ ）： ； 、 。 instead. Number notations and codes stay as the rulebooks
write them: 「4,5→」, 「2d6」, 「1WEEK」, 「-3」 have no Japanese character beside the mark, and a step's
number keeps its point (「4. ダウト判定」, as the rulebook numbers its steps)."""
from __future__ import annotations

import re
import tomllib

import pytest

from japanese import JA, offences
from repo_paths import ROOT

CARDS = sorted((ROOT / "cards").glob("*.toml"))


def japanese_texts(value, where: str = "", under_ja: bool = False):
    """Every Japanese text of the data, with where it is: each string under a `ja` key, whatever shape
    holds it (a text, a list of sentences, a table of them), and any other string with a Japanese
    character in it (a mark such as 〇 or a name written only in Japanese)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from japanese_texts(item, f"{where}.{key}" if where else key, under_ja or key == "ja")
    elif isinstance(value, list):
        for n, item in enumerate(value):
            yield from japanese_texts(item, f"{where}[{n}]", under_ja)
    elif isinstance(value, str) and (under_ja or re.search(JA, value)):
        yield where, value


@pytest.mark.parametrize("path", CARDS, ids=lambda p: p.name)
def test_japanese_sentences_take_japanese_punctuation(path):
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    found = [f"{where}: {bad!r}" for where, text in japanese_texts(data) for bad in offences(text)]
    assert not found, "\n".join(found)


def test_every_shape_of_japanese_text_is_read():
    data = {"a": {"ja": "例: 一", "en": "e.g. one"}, "texts": [{"ja": ["一つ", "二(2)つ"]}],
            "b": {"ja": {"note": "三; 四"}}, "mark": "〇: 残す", "code": "2d6"}
    assert [where for where, _ in japanese_texts(data)] == ["a.ja", "texts[0].ja[0]", "texts[0].ja[1]",
                                                            "b.ja.note", "mark"]


def test_the_check_tells_notations_from_punctuation():
    assert offences("ガンチップ(2)を2つ") and offences("例: 直前の") and offences("攻撃,防衛")
    assert not offences("4,5→金額減少 1000金") and not offences("2d6を振る") and not offences("ダイス数+1。")
    assert not offences("「4. ダウト判定」") and offences("枚数. 入れ替え")
