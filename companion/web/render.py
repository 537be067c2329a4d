"""The pages' Jinja2 environment: autoescaped HTML, `{% trans %}` and `_()` bound to tabletop.i18n."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from tabletop import i18n

from .views import outcome_view, play_view

TEMPLATES = Path(__file__).resolve().parent / "templates"
STATIC = TEMPLATES.parent / "static"


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(default=True),
                      extensions=["jinja2.ext.i18n"], trim_blocks=True, lstrip_blocks=True)
    # The current language is a contextvar (i18n.use), so one environment serves every viewer.
    env.install_gettext_callables(gettext=lambda message: i18n._(message),
                                  ngettext=lambda s, p, n: i18n.ngettext(s, p, n), newstyle=True)
    env.globals["play_view"] = play_view  # a play page's data: views/<game>.py
    env.globals["outcome_view"] = outcome_view  # the end of any game
    env.globals["page_style"] = page_style
    return env


@lru_cache(maxsize=1)
def page_style() -> str:
    """The pages' stylesheet, to put in a page itself (our own file: the template marks it safe)."""
    return (STATIC / "style.css").read_text(encoding="utf-8")


def render(template: str | list[str], lang: str, **context: Any) -> str:
    with i18n.use(lang):
        return environment().select_template([template] if isinstance(template, str) else template).render(
            lang=lang, **context)
