"""Summary sheets take no page for a scrap: KILL SHOT's and 24's summaries each put
one small table on a page 2, LIAR MAFIA's English one its last line on Letter. A sheet that would spill a
little is set tighter — the loosest of the sheet looks (pnp/assets/sheet.py LOOKS) that prints it on the
fewest pages — and a sheet that fits, or needs its second page whatever the look, keeps the usual one.
Read back from the PDFs, on A4 and Letter, in both languages."""
from __future__ import annotations

import pytest

from cardcheck import build, open_pdf
from pnp.assets import sheet
from pnp.assets.registry import GAMES
from pnp.geometry import MM

CONFIGS = [(paper, lang) for paper in ("a4", "letter") for lang in ("ja", "en")]
ONE_PAGE = ["kill-shot", "terror24", "liar-mafia", "famiglia"]
FRAME_BOTTOM = 14  # mm from the page's bottom edge: the sheet's text above, its footer below


def printed(game_id: str, paper: str, lang: str):
    """The sheet's page count and its characters above the footer: (page, text, x, top, size)."""
    built, _ = build(GAMES[game_id], "summary", paper=paper, lang=lang)
    with open_pdf(built.pdf) as pdf:
        chars = [(n, c["text"], round(c["x0"], 2), round(c["top"], 2), round(c["size"], 2))
                 for n, page in enumerate(pdf.pages) for c in page.chars
                 if c["text"].strip() and c["bottom"] < page.height - FRAME_BOTTOM * MM]
    return built.pages, chars


def in_the_usual_look(game_id: str, paper: str, lang: str):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sheet, "LOOKS", sheet.LOOKS[:1])
        return printed(game_id, paper, lang)


@pytest.mark.parametrize("paper, lang", CONFIGS)
@pytest.mark.parametrize("game_id", ONE_PAGE)
def test_a_summary_fits_one_page(game_id, paper, lang):
    pages, chars = printed(game_id, paper, lang)
    assert pages == 1, f"{game_id} summary ({paper}, {lang}): {pages} pages"
    assert min(size for *_, size in chars) >= 7 - 0.01  # the tightest look's cells and notes


# Hitman's Showdown's Japanese sheet on Letter, with the scouts and the jokers' key, spills onto a third
# page in the usual look: it takes the snug one (below).
USUAL = [(game_id, paper, lang) for game_id in ("famiglia", "hitmans-showdown") for paper, lang in CONFIGS
         if (game_id, paper, lang) != ("hitmans-showdown", "letter", "ja")]


@pytest.mark.parametrize("game_id, paper, lang", USUAL)
def test_a_summary_no_look_shortens_keeps_the_usual_one(game_id, paper, lang):
    """Famiglia's sheet fits one page as it is; Hitman's Showdown's second page holds whole tables (the
    mafia cards, the showdown) in any look. Both print exactly as the usual look sets them."""
    assert printed(game_id, paper, lang) == in_the_usual_look(game_id, paper, lang)


@pytest.mark.parametrize("paper, lang", CONFIGS)
def test_the_showdown_summary_keeps_two_pages(paper, lang):
    pages, chars = printed("hitmans-showdown", paper, lang)
    assert pages == 2
    if (paper, lang) == ("letter", "ja"):  # a tighter look, not a third page for a scrap
        assert in_the_usual_look("hitmans-showdown", paper, lang)[0] == 3


@pytest.mark.parametrize("game_id", ["kill-shot", "terror24"])
def test_the_spilling_summaries_needed_a_tighter_look(game_id):
    """What the looks are for: in the usual one these sheets take a second page."""
    assert in_the_usual_look(game_id, "letter", "en")[0] == 2


def test_looks_go_from_loose_to_tight_and_stay_legible():
    """Each look sets every style no larger and no looser than the one before it; the tightest keeps body
    text at 8 pt and table cells at 7, above the 6.5 pt floor of cards."""
    for loose, tight in zip(sheet.LOOKS, sheet.LOOKS[1:]):
        for name, style in tight.styles.items():
            before = loose.styles[name]
            assert style.size <= before.size and style.leading <= before.leading, name
            assert style.space_before <= before.space_before, name
        assert tight.table.top + tight.table.bottom <= loose.table.top + loose.table.bottom
    tightest = sheet.LOOKS[-1].styles
    assert tightest["body"].size >= 8 and min(s.size for s in tightest.values()) >= 7
