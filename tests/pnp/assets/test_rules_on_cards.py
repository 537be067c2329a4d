"""Rules a player needs at the table are on the cards and summaries they keep in front of them, not only
on the sheet or the inserts: printed from the data, in both languages, read back from the PDFs.

- LIAR MAFIA (rulebook p.7): a mafia card removed by a Kill, an Assassinate or a doubt check is
  replaced at once by the hand card, face down in the gap — on both summary cards.
- Hitman's Showdown: what a scout (a 2) does, that aces and 2s cannot be taken, and which joker the
  ★ and the ☆ mark — on the summary sheet as on the inserts.
- LIAR MAFIA's 「向きと実行可能なアクション」 listed reactions too: its heading now says so.
"""
from __future__ import annotations

import pytest

from cardcheck import build, open_pdf
from pnp.assets.registry import GAMES
from pnp.assets.spec import read_game_spec
from tabletop.data import TEMPLATES_DIR

LANGS = ("ja", "en")


def text_of(pdf_bytes: bytes) -> str:
    """Every character the PDF draws, in drawing order, without spaces or line breaks."""
    with open_pdf(pdf_bytes) as pdf:
        return "".join(c["text"] for page in pdf.pages for c in page.chars if not c["text"].isspace())


def squeeze(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
def test_liar_mafia_summary_cards_say_the_hand_card_fills_the_gap(lang):
    model = GAMES["liar-mafia"].load(None)
    (rule,) = model.summary.rules
    built, _ = build(GAMES["liar-mafia"], "cards", lang=lang)
    with open_pdf(built.pdf) as pdf:
        # the rule is printed once per summary card (one a colour), on the summary side of the card
        drawn = ["".join(c["text"] for c in page.chars if not c["text"].isspace()) for page in pdf.pages]
    assert sum(page.count(squeeze(rule(lang))) for page in drawn) == len(model.colours)


@pytest.mark.parametrize("lang", LANGS)
def test_the_gap_rule_is_the_rulebooks(lang):
    # 「殺害、暗殺、ダウト判定 (後述)」によって…即座に空いたスペースへ自分の手札 (カードの向きは選択可能) を裏向きで配置
    rule = GAMES["liar-mafia"].load(None).summary.rules[0]
    assert all(word in rule.ja for word in ("殺害", "暗殺", "ダウト判定", "すぐに", "手札", "空いた場所", "伏せる",
                                            "向きは自由"))
    assert all(word in rule.en for word in ("Kill", "Assassinate", "doubt check", "at once", "hand card", "face down",
                                            "gap", "either way round"))


@pytest.mark.parametrize("lang", LANGS)
def test_showdown_summary_sheet_has_the_scout_the_cards_kept_and_the_joker_key(lang):
    model = GAMES["hitmans-showdown"].load(None)
    text = text_of(build(GAMES["hitmans-showdown"], "summary", lang=lang)[0].pdf)
    scout = model.roles["scout"]
    assert squeeze(scout.effect.text(lang)) in text  # what a scout does, word for word as on its insert
    assert squeeze(model.labels["cannot_be_taken"](lang)) in text
    # which cards: the aces and the 2s, each named by its role
    for role_id in ("faction", "scout"):
        assert not model.roles[role_id].stealable
        assert squeeze(model.roles[role_id].name(lang)) in text
    marks = read_game_spec(TEMPLATES_DIR / "hitmans_showdown" / "print.toml").values["joker_marks"]
    for joker, mark in marks.items():
        label = squeeze(model.labels[f"joker_{joker}"](lang))
        assert f"{mark}JOKER{':' if lang == 'en' else '：'}{label}" in text, (joker, label)


def test_liar_mafia_heading_names_actions_and_reactions():
    built, _ = build(GAMES["liar-mafia"], "cards", lang="ja")
    text = text_of(built.pdf)
    assert "向きと実行可能なアクション／リアクション" in text
    assert "根回し" in text and "密告" in text  # reactions it lists
    summary = text_of(build(GAMES["liar-mafia"], "summary", lang="ja")[0].pdf)
    assert "向きと実行可能なアクション／リアクション" in summary
