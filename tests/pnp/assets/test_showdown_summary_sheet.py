"""Hitman's Showdown's summary sheet read back from the PDF: the mafia table's
penalty column printed its header cut to 「デメ」 ("Pen."), and Darkness Speed's table was headed
「ダークネススピード専用デメリットダイス (ダークネススピード専用)" — the faction named twice."""
from __future__ import annotations

from collections import defaultdict

import pytest

from cardcheck import build, open_pdf
from pnp.assets.registry import GAMES
from tabletop.data.hitmans_load import load_game

HEADER = {"ja": ("成功条件", "デメリット"), "en": ("To succeed", "Penalty")}  # a neighbour, the whole word
PADDING = 3.0  # pt: a cell's padding each side (render._flowables); overflowing text eats into it


def rows(lang: str) -> list[list[dict]]:
    """The sheet's printed lines, each as its words (pdfplumber's, spaces kept inside a cell's text),
    left to right; across all pages, top to bottom."""
    built, _ = build(GAMES["hitmans-showdown"], "summary", lang=lang)
    found = []
    with open_pdf(built.pdf) as pdf:
        for page in pdf.pages:
            lines = defaultdict(list)
            for word in page.extract_words(keep_blank_chars=True, use_text_flow=False, extra_attrs=["size"]):
                lines[round(word["bottom"], 1)].append(word)
            found += [sorted(words, key=lambda w: w["x0"]) for _, words in sorted(lines.items())]
    return found


@pytest.fixture(scope="module", params=["ja", "en"])
def sheet(request):
    return request.param, rows(request.param)


def test_the_penalty_column_shows_its_whole_header(sheet):
    lang, lines = sheet
    neighbour, word = HEADER[lang]
    header = next(line for line in lines if any(w["text"].strip() == neighbour for w in line))
    texts = [w["text"].strip() for w in header]
    assert word in texts, f"{lang}: header row reads {texts}"
    # Whole also means inside its cell: no header word runs into the next cell's padding.
    for a, b in zip(header, header[1:]):
        assert b["x0"] - a["x1"] >= 2 * PADDING - 0.5, f"{lang}: {a['text']!r} runs into {b['text']!r}"


def test_each_penalty_table_is_headed_once_naming_each_team_once(sheet):
    lang, lines = sheet
    game = load_game()
    teams = [f.name(lang) for f in game.factions.values()]
    texts = ["".join(w["text"] for w in line) for line in lines]
    for table in game.penalty_tables.values():
        name = table.name(lang)
        headings = [text for text in texts if text.startswith(name)]
        assert len(headings) == 1, f"{lang}: {name!r} heads {headings}"
        for team in teams:
            assert headings[0].count(team) <= 1, f"{lang}: {team!r} twice in {headings[0]!r}"
