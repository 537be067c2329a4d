"""Bulleted items hang from their bullet: on every built-in sheet and card, a
wrapped line of an item starts under the item's text, not under its 「・」 or "•". Read back from the
PDFs, both languages, in each text's own frame (LIAR MAFIA's reversed halves read turned 180°)."""
from __future__ import annotations

from collections import defaultdict

import pytest

from cardcheck import build, open_pdf
from deck_fonts import build as build_deck
from deck_fonts import write_deck
from glyphink import Frame
from pnp.assets.registry import GAMES
from pnp.text.content import parse_doc, parse_face

MM = 72 / 25.4
BULLETS = "・•"
TOLERANCE = 0.3  # mm
GAP = 1.5 * MM  # a wider gap on a baseline parts two columns (or two cards)
ASSETS = [(game.id, name) for game in GAMES.values() for name in game.assets]


class Run:
    """Characters on one baseline with no wide gap between them, in reading order."""

    def __init__(self, angle: int, across: float, chars: list[tuple[float, dict]]):
        self.angle, self.across, self.chars = angle, across, chars
        self.start = chars[0][0]
        self.end = chars[-1][0] + _extent(chars[-1][1])
        self.text = "".join(c["text"] for _, c in chars)


def _extent(char: dict) -> float:
    return char["x1"] - char["x0"] if Frame(char).angle % 180 == 0 else char["bottom"] - char["top"]


def runs(page) -> list[Run]:
    lines = defaultdict(list)
    for c in page.chars:
        f = Frame(c)
        lines[(f.angle, round(f.across, 1))].append((f.along, c))
    found = []
    for (angle, across), chars in lines.items():
        chars.sort(key=lambda t: t[0])
        part = [chars[0]]
        for prev, cur in zip(chars, chars[1:]):
            if cur[0] - prev[0] - _extent(prev[1]) > GAP:
                found.append(Run(angle, across, part))
                part = []
            part.append(cur)
        found.append(Run(angle, across, part))
    return found


def hanging_lines(page) -> tuple[list[str], int]:
    """(continuation lines not under their item's text, continuation lines seen)."""
    all_runs = runs(page)
    wrong, seen = [], 0
    for run in all_runs:
        if run.text[0] not in BULLETS:
            continue
        text = next(((along, c) for along, c in run.chars if c["text"] not in BULLETS and c["text"].strip()), None)
        if text is None:
            continue
        text_x, size = text[0], text[1]["size"]
        below = [r for r in all_runs if r.angle == run.angle and 0.3 * size < run.across - r.across < 2 * size
                 and run.start - 1 * MM <= r.start <= text_x + 3 * MM]
        if not below:
            continue
        line = max(below, key=lambda r: r.across)  # the next line down
        if line.text[0] in BULLETS or abs(line.chars[0][1]["size"] - size) > 0.05:
            continue  # the next item, or a heading: not a wrapped line of this one
        seen += 1
        if abs(line.start - text_x) > TOLERANCE * MM:
            wrong.append(f"{run.text[:24]!r} / {line.text[:24]!r}: {(line.start - text_x) / MM:+.2f} mm")
    return wrong, seen


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game_id, name", ASSETS)
def test_wrapped_lines_of_an_item_start_under_its_text(game_id, name, lang):
    built, _ = build(GAMES[game_id], name, lang=lang)
    wrong = []
    with open_pdf(built.pdf) as pdf:
        for n, page in enumerate(pdf.pages, 1):
            bad, _ = hanging_lines(page)
            wrong += [f"page {n}: {line}" for line in bad]
    assert not wrong, f"{game_id} {name} ({lang}):\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_check_sees_wrapped_items(lang):
    """The sheets and cards above do wrap items (else the test would pass on nothing)."""
    seen = 0
    for game_id, name in [("terror24", "cards"), ("liar-mafia", "cards"), ("kill-shot", "reference"),
                          ("famiglia", "summary")]:
        built, _ = build(GAMES[game_id], name, lang=lang)
        with open_pdf(built.pdf) as pdf:
            seen += sum(hanging_lines(page)[1] for page in pdf.pages)
    assert seen >= 10


def test_a_bullet_is_a_paragraph_attribute():
    """Templates mark an item by `bullet`, never by text: the paragraph hangs what follows it."""
    face = parse_face('<face><box name="b"><p style="item" bullet="• ">Text</p></box></face>')
    assert face.boxes["b"][0].bullet == "• " and face.boxes["b"][0].markup == "Text"
    assert parse_doc('<doc><p bullet="・">本文</p></doc>')[0].bullet == "・"


@pytest.mark.parametrize("lang, bullet", [("ja", "・"), ("en", "• ")])
def test_a_deck_template_marks_its_items_the_same_way(tmp_path, lang, bullet):
    body = ("山札から6枚を公開してストリートに並べる。ストリートは引いた順を保ち、新しいカードは常に右端に置く。"
            if lang == "ja" else
            "Lay out six cards from the stack as the Street; it keeps the order they were drawn in.")
    template = f'<p style="body" bullet="{bullet}">{{{{ body }}}}</p>' * 2
    _, pdf = build_deck(write_deck(tmp_path, csv=f"title,body\nA,{body}\n", template=template), lang=lang)
    with open_pdf(pdf) as doc:
        wrong, seen = hanging_lines(doc.pages[0])
    assert seen >= 2 and not wrong, wrong
