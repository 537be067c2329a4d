"""Shared test settings."""
import pytest


@pytest.fixture(autouse=True)
def english_locale(monkeypatch):
    # The companion's default language follows the locale; tests that want Japanese say --lang ja.
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
