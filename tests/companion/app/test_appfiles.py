"""The JSON the app reads (companion/app/data, companion/app/locale) is written from cards/*.toml and the
catalog, holds what the Python plays and says, and a change to either without a rewrite fails here."""
import json
import shutil

import pytest

from companion import appfiles
from tabletop.catalog import catalogs
from tabletop.data.famiglia import FamigliaData
from tabletop.data.hitmans_showdown import HitmansShowdown
from tabletop.data.loaders import LOADERS
from tabletop.data.schema import convert
from tabletop.data.terror24 import Terror24
from tabletop.i18n import translations
from tabletop.record import replace

STALE = "stale: run `python -m companion.appfiles update`"
MODELS = {"famiglia": FamigliaData, "terror24": Terror24, "hitmans-showdown": HitmansShowdown}


def test_the_app_files_are_current():
    problems = appfiles.check()
    assert not problems, "\n".join(problems)


def test_a_changed_card_value_leaves_that_game_s_file_stale(tmp_path):
    cards = shutil.copytree(appfiles.ROOT / "cards", tmp_path / "cards")
    toml = cards / "famiglia.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count("vp = [1, 3, 6, 10, 15]") == 1
    toml.write_text(text.replace("vp = [1, 3, 6, 10, 15]", "vp = [1, 3, 6, 10, 16]"), encoding="utf-8")
    files = appfiles.expected(cards_dir=cards)
    assert appfiles.check(files) == [f"companion/app/data/famiglia.json: {STALE}"]
    assert json.loads(files[appfiles.DATA_DIR / "famiglia.json"])["families"][0]["vp"] == [1, 3, 6, 10, 16]


def test_a_changed_translation_leaves_the_words_stale(tmp_path):
    po = tmp_path / "ja" / "LC_MESSAGES" / "tabletop-kit.po"
    po.parent.mkdir(parents=True)
    text = catalogs()[0].read_text(encoding="utf-8")
    assert text.count('msgid "red"\nmsgstr "赤"') == 1
    po.write_text(text.replace('msgid "red"\nmsgstr "赤"', 'msgid "red"\nmsgstr "紅"'), encoding="utf-8")
    files = appfiles.expected(pos=[po])
    assert appfiles.check(files) == [f"companion/app/locale/ja.json: {STALE}"]
    assert json.loads(files[appfiles.LOCALE_DIR / "ja.json"])["messages"]["red"] == "紅"


def test_update_writes_what_is_missing_and_removes_what_nothing_writes(tmp_path, monkeypatch):
    monkeypatch.setattr(appfiles, "DATA_DIR", tmp_path / "data")
    monkeypatch.setattr(appfiles, "LOCALE_DIR", tmp_path / "locale")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "old-game.json").write_text("{}", encoding="utf-8")
    assert sorted(appfiles.check()) == sorted(
        [f"{tmp_path}/data/{game}.json: missing: run `python -m companion.appfiles update`" for game in appfiles.GAMES]
        + [f"{tmp_path}/locale/ja.json: missing: run `python -m companion.appfiles update`",
           f"{tmp_path}/data/old-game.json: nothing writes it any more: run `python -m companion.appfiles update`"])
    assert len(appfiles.update()) == 5
    assert sorted(p.name for p in tmp_path.glob("*/*.json")) == ["famiglia.json", "hitmans-showdown.json", "ja.json",
                                                                 "terror24.json"]
    assert appfiles.check() == [] and appfiles.update() == []


@pytest.mark.parametrize("game", appfiles.GAMES)
def test_each_game_s_json_reads_back_into_the_model_the_python_plays_by(game):
    """The JSON has the TOML's shape (a `kind` on each union member), so the TOML reader reads it back
    into the same model: nothing is lost, renamed or typed differently on the way."""
    written = json.loads((appfiles.DATA_DIR / f"{game}.json").read_text(encoding="utf-8"))
    loaded = LOADERS[game]()
    if game == "famiglia":
        assert loaded.sheet is not None and "sheet" not in written  # printed only
        loaded = replace(loaded, sheet=None)
    assert convert(MODELS[game], written, "") == loaded


def test_the_files_keep_the_data_s_order_one_key_a_line():
    text = (appfiles.DATA_DIR / "hitmans-showdown.json").read_text(encoding="utf-8")
    roles = list(json.loads(text)["roles"])
    assert roles == list(LOADERS["hitmans-showdown"]().roles)  # file order, not sorted
    assert roles != sorted(roles)
    assert text.endswith("}\n") and '\n "rules": {\n  "players_min": ' in text


def test_a_key_a_javascript_object_would_reorder_is_refused():
    with pytest.raises(ValueError, match="'10'"):
        appfiles.plain({"tables": {"b": 1, "10": 2}}, "game")


def test_the_words_are_what_python_s_gettext_says():
    words = json.loads((appfiles.LOCALE_DIR / "ja.json").read_text(encoding="utf-8"))
    ja = translations("ja")
    assert words["language"] == "ja" and words["plural"] == "0"
    assert words["messages"] and words["plurals"]
    for english, japanese in words["messages"].items():
        assert ja.gettext(english) == japanese
    for singular, forms in words["plurals"].items():
        assert [ja.ngettext(singular, "-", n) for n in (0, 1, 2)] == [forms[0]] * 3


def test_the_table_s_words_are_sent_and_the_printing_s_are_not():
    words = json.loads((appfiles.LOCALE_DIR / "ja.json").read_text(encoding="utf-8"))["messages"]
    assert words["red"] == "赤"                   # companion/famiglia/talk.py
    assert words[", "] == "、"                    # tabletop/i18n.py: every list the table reads
    assert "Show this message and exit." not in words  # the command lines' help
    assert not any(m.startswith("pnp ") for m in words)


def _po(tmp_path, entries: str):
    po = tmp_path / "ja" / "LC_MESSAGES" / "tabletop-kit.po"
    po.parent.mkdir(parents=True)
    header = ('msgid ""\nmsgstr ""\n"Language: ja\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n'
              '"Content-Type: text/plain; charset=utf-8\\n"\n\n')
    po.write_text(header + entries, encoding="utf-8")
    return po


def test_fuzzy_and_untranslated_messages_are_left_out_as_python_s_gettext_leaves_them(tmp_path):
    po = _po(tmp_path, """#: companion/x.py
msgid "done"
msgstr "完了"

#: companion/x.py
#, fuzzy
msgid "guessed"
msgstr "推測"

#: companion/x.py
msgid "missing"
msgstr ""

#: companion/x.py
msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] ""

#: pnp/cli/main.py
msgid "printed"
msgstr "印刷"
""")
    assert appfiles.words(po) == {"language": "ja", "plural": "0", "messages": {"done": "完了"},
                                  "plurals": {"{n} card": ["{n} card"]}}


def test_a_plural_rule_words_js_does_not_know_is_refused(tmp_path):
    po = _po(tmp_path, "")
    three_forms = "nplurals=3; plural=(n%10==1 ? 0 : n%10>=2 ? 1 : 2);"
    po.write_text(po.read_text(encoding="utf-8").replace("nplurals=1; plural=0;", three_forms), encoding="utf-8")
    with pytest.raises(ValueError, match="plural rule"):
        appfiles.words(po)
