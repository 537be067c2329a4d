"""Shared test settings."""
import pytest

from tabletop import i18n


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    # The companion's default language follows the locale; tests that want Japanese say --lang ja.
    for name in ("LC_ALL", "LC_MESSAGES", i18n.ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    # The process's language was chosen on import, from whatever locale ran the tests.
    i18n.set_language("en")
