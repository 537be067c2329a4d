"""Compiled templates are kept between runs, and a template edited since is compiled again."""
import os

import jinja2
import pytest

from pnp.text import content


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """Templates in tmp_path/templates, compiled ones under tmp_path/cache; each environment() call
    is a new run's."""
    monkeypatch.setenv("TABLETOP_KIT_FONT_CACHE", str(tmp_path / "cache" / "fonts"))
    (tmp_path / "templates").mkdir()
    content.environment.cache_clear()
    yield tmp_path / "templates"
    content.environment.cache_clear()


def _run(templates, **context):
    content.environment.cache_clear()  # a new process
    return content.render("card.j2", templates, **context)


def test_a_later_run_uses_the_compiled_template(fresh, monkeypatch):
    (fresh / "card.j2").write_text("<p>{{ title }}</p>", encoding="utf-8")
    assert _run(fresh, title="カポ") == "<p>カポ</p>"
    assert list(content.template_cache_dir().iterdir())

    def no_compiling(*args, **kwargs):
        raise AssertionError("compiled again")

    monkeypatch.setattr(jinja2.Environment, "compile", no_compiling)
    assert _run(fresh, title="A&B") == "<p>A&amp;B</p>"  # still autoescaped


def test_an_edited_template_is_compiled_again(fresh):
    template = fresh / "card.j2"
    template.write_text("<p>{{ title }}</p>", encoding="utf-8")
    assert _run(fresh, title="カポ") == "<p>カポ</p>"
    template.write_text("<p style=\"title\">{{ title }}</p>", encoding="utf-8")
    assert _run(fresh, title="カポ") == '<p style="title">カポ</p>'


def test_an_unwritable_cache_only_costs_time(fresh, tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("TABLETOP_KIT_FONT_CACHE", str(blocked / "fonts"))
    (fresh / "card.j2").write_text("<p>{{ title }}</p>", encoding="utf-8")
    assert _run(fresh, title="カポ") == "<p>カポ</p>"


def test_a_read_only_cache_folder_only_costs_time(fresh, monkeypatch):
    (fresh / "card.j2").write_text("<p>{{ title }}</p>", encoding="utf-8")
    folder = content.template_cache_dir()
    folder.mkdir(parents=True)
    real_access = os.access  # as root, a chmod would not stop the writes: say the folder is read-only

    def access(path, mode):
        return str(path) != str(folder) and real_access(path, mode)

    monkeypatch.setattr(os, "access", access)
    assert _run(fresh, title="カポ") == "<p>カポ</p>"
    assert not list(folder.iterdir())
