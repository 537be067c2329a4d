"""Which language the kit speaks: --lang, then TABLETOP_KIT_LANG, then the locale, then English."""
import pytest

from tabletop import i18n


@pytest.mark.parametrize("explicit, environ, expected", [
    ("ja", {"TABLETOP_KIT_LANG": "en", "LANG": "en_US.UTF-8"}, "ja"),
    (None, {"TABLETOP_KIT_LANG": "ja", "LANG": "C"}, "ja"),
    (None, {"LANG": "ja_JP.UTF-8"}, "ja"),
    (None, {"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),  # the first locale variable set decides
    (None, {"LC_MESSAGES": "ja_JP.eucJP", "LANG": "en_GB.UTF-8"}, "ja"),
    (None, {"LANG": "fr_FR.UTF-8"}, "en"),
    (None, {}, "en"),
    ("xx", {"TABLETOP_KIT_LANG": "ja-JP"}, "ja"),
])
def test_choose(explicit, environ, expected):
    assert i18n.choose(explicit, environ) == expected


def test_use_switches_only_inside_the_block():
    i18n.set_language("en")
    with i18n.use("ja"):
        assert i18n.current() == "ja"
    assert i18n.current() == "en"
