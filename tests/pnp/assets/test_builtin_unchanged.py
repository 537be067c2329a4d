"""The built-in games print what they printed before their assets were described by data: every
asset in both languages (and the overlay inserts and folded backs) has the same pages, the same
texts at the same places (within 0.2 mm) and the same file name as in the recorded fixture."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pdflines import first_difference, pdf_pages
from pnp.assets.registry import find
from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from repo_paths import FIXTURES

FIXTURE = json.loads((FIXTURES / "builtin_pdf_lines.json").read_text(encoding="utf-8"))
VARIANTS = {"default": {}, "overlay": {"style": "overlay"}, "fold": {"backs": "fold"}}


def _case(key: str):
    variant, game_id, filename = key.split("/")
    return variant, game_id, filename.split("-")[0], filename.removesuffix(".pdf").rsplit("-", 1)[1]


@pytest.mark.parametrize("key", sorted(FIXTURE))
def test_asset_prints_as_recorded(key):
    variant, game_id, asset, lang = _case(key)
    game = find(game_id)
    job = BuildJob(game, game.assets[asset])
    opts = Options(lang=lang, **VARIANTS[variant])
    assert str(job.path(Path(variant), opts)) == key
    difference = first_difference(FIXTURE[key], pdf_pages(build_pdf(job, opts).pdf))
    assert difference is None, f"{key}: {difference}"


def test_every_asset_is_recorded():
    from pnp.assets.registry import GAMES
    recorded = {(g, a, lang) for v, g, a, lang in map(_case, FIXTURE) if v == "default"}
    assert recorded == {(g.id, a, lang) for g in GAMES.values() for a in g.assets for lang in ("ja", "en")}
