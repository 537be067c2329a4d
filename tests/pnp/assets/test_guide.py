"""The guide page (`pnp build --guide`): a first page saying what the file holds, which pages to print
one-sided and which two-sided (numbered as the print dialogue counts them), the scale check and how to
cut and fold; in the build's language, 5 mm inside the page, and leaving every following page as it was."""
from __future__ import annotations

import io

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from cardcheck import build, open_pdf
from line_pairs import broken, split_pairs
from pdflines import page_lines
from pnp.assets.guide import Run, lead_pages, runs
from pnp.assets.registry import GAMES
from pnp.text.kinsoku import NO_LINE_START
from repo_paths import ROOT

MM = 72 / 25.4
EXAMPLES = ROOT / "examples"
LIAR = GAMES["liar-mafia"]


def flat(text: str) -> str:
    return "".join(text.split())


def guide_text(pdf: bytes) -> str:
    with open_pdf(pdf) as doc:
        return flat(doc.pages[0].extract_text())


def drawn(page) -> dict:
    """Everything a page prints, comparable across two PDFs: its boxes, its lines of text with their
    places, its filled shapes and its strokes."""
    def places(objects):
        return sorted(tuple(round(o[k], 2) for k in ("x0", "top", "x1", "bottom")) for o in objects)

    return {"size": (round(page.width, 2), round(page.height, 2)), "boxes": page.page_obj.attrs.get("TrimBox"),
            "text": sorted(page_lines(page)), "rects": places(page.rects), "lines": places(page.lines),
            "curves": places(page.curves), "images": places(page.images)}


def following_pages_unchanged(with_guide: bytes, without: bytes, lead: int) -> None:
    with open_pdf(with_guide) as a, open_pdf(without) as b:
        assert len(a.pages) == len(b.pages) + lead
        for n, (page, before) in enumerate(zip(a.pages[lead:], b.pages), 1):
            assert drawn(page) == drawn(before), f"page {n} of the asset changed"


def test_pages_are_grouped_by_how_they_print():
    assert lead_pages(["fronts", "backs"]) == 2 and lead_pages(["fold", "fold"]) == lead_pages(["fronts"]) == 1
    assert runs(["fronts", "backs", "fronts", "backs", "fronts"], 2) == (Run(3, 6, "duplex"), Run(7, 7, "one"))
    assert runs(["fold"] * 3, 1) == (Run(2, 4, "fold"),)
    assert runs(["fronts", "fronts", "backs"], 2) == (Run(3, 3, "one"), Run(4, 5, "duplex"))
    assert runs(["sheet", "sheet"], 1) == (Run(2, 3, "any"),)


def test_only_with_the_flag():
    plain, _ = build(LIAR, "cards", lang="en")
    assert "Howtoprintthisfile" not in guide_text(plain.pdf)
    guided, _ = build(LIAR, "cards", lang="en", guide=True)
    assert guide_text(guided.pdf).startswith("Howtoprintthisfile")
    assert guided.pages == plain.pages + 2
    # Exports still see the asset's own sheets only.
    assert guided.sheets == plain.sheets and guided.cards == plain.cards


@pytest.mark.parametrize("lang, says", [
    ("en", ["8cards(63×88mm)on1sheetofA4,printedonbothsides.", "Pages1–2:thisguideanditsblankback",
            "Pages3–4:fronts,eachpagefollowedbythebacksthatgobehindit",
            "2.Printpages3–4two-sided,flippingonthelongedge.", "Measurethe50mmruler",
            "Pages1–2(thisguide)neednotbeprinted", "Cutalongthegreylines"]),
    ("ja", ["カード8枚（63×88mm）、A4用紙1枚に両面で印刷します。", "1〜2ページ：このてびきとその裏（白紙）",
            "2.3〜4ページを両面印刷します（長辺とじ）。", "50mmの目盛りを定規で測ります", "灰色の線に沿って"]),
])
def test_a_duplex_build_names_its_duplex_pages_after_a_blank_back(lang, says):
    plain, _ = build(LIAR, "cards", lang=lang)
    guided, _ = build(LIAR, "cards", lang=lang, guide=True)
    text = guide_text(guided.pdf)
    for phrase in says:
        assert phrase in text
    assert "片面" not in text and "one-sided" not in text
    with open_pdf(guided.pdf) as doc:  # the guide's back: nothing but the line saying why it is blank
        back = doc.pages[1]
        assert not back.rects and not back.lines and not back.curves
        assert flat(back.extract_text()).startswith(("(Thispageisblank", "（このページは白紙"))
    following_pages_unchanged(guided.pdf, plain.pdf, 2)


@pytest.mark.parametrize("lang, edge", [("en", "flippingontheshortedge"), ("ja", "（短辺とじ）")])
def test_the_flip_edge_follows_the_backs_mode(lang, edge):
    guided, _ = build(LIAR, "chips", lang=lang, backs="duplex-short", guide=True)
    text = guide_text(guided.pdf)
    assert edge in text
    assert ("printedcircleonthefront" if lang == "en" else "表の円で切ります") in text


@pytest.mark.parametrize("lang, says", [
    ("en", ["Page1:thisguide", "Pages2–4:frontsabovethedashedline", "2.Printpages2–4one-sided.",
            "Page1(thisguide)neednotbeprinted.", "Folding,gluingandcutting",
            "1.Foldeachsheetonthedashedline", "2.Gluethetwohalvestogether", "3.Cutalongthegreylines"]),
    ("ja", ["1ページ：このてびき", "2〜4ページ：点線の上に表", "2.2〜4ページを片面印刷します。", "折る・貼る・切る",
            "1.各シートを中央の点線で", "2.内側の全面をのりで貼り合わせ", "3.灰色の線に沿って"]),
])
def test_a_fold_build_prints_one_sided_with_no_blank_page(lang, says):
    plain, _ = build(LIAR, "cards", lang=lang, backs="fold")
    guided, _ = build(LIAR, "cards", lang=lang, backs="fold", guide=True)
    text = guide_text(guided.pdf)
    for phrase in says:
        assert phrase in text
    assert "両面印刷します" not in text and "two-sided" not in text
    following_pages_unchanged(guided.pdf, plain.pdf, 1)


def test_a_sheet_of_fronts_without_backs_in_a_duplex_build_is_named_one_sided():
    # KILL SHOT's reference cards have no backs: a duplex build prints them one-sided.
    guided, _ = build(GAMES["kill-shot"], "reference", lang="en", guide=True)
    text = guide_text(guided.pdf)
    assert "Page2:thecards" in text and "2.Printpage2one-sided." in text and guided.pages == 2


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_summary_sheet_gets_the_guide_and_keeps_its_pages(lang):
    plain, _ = build(LIAR, "summary", lang=lang)
    guided, _ = build(LIAR, "summary", lang=lang, guide=True)
    assert guided.pages == plain.pages + 1
    text = guide_text(guided.pdf)
    assert ("1pageofA4." if lang == "en" else "A4で1ページ。") in text
    assert "ruler" not in text and "目盛り" not in text  # a sheet has no scale check, nothing to cut
    following_pages_unchanged(guided.pdf, plain.pdf, 1)


def test_a_cutter_build_names_its_cut_files():
    guided, _ = build(GAMES["kill-shot"], "reference", lang="en", cutter="silhouette", guide=True)
    plain, opts = build(GAMES["kill-shot"], "reference", lang="en", cutter="silhouette")
    assert guided.extras == plain.extras  # cut files keep the names of the asset's own page numbers
    stem = GAMES["kill-shot"].assets["reference"].filename(opts).removesuffix(".pdf")  # the plain PDF's name
    assert f"{stem}-pN.dxf" in guide_text(guided.pdf) and "Greylines" not in guide_text(guided.pdf)
    following_pages_unchanged(guided.pdf, plain.pdf, 1)


@pytest.mark.parametrize("lang, upload", [("ja", "「プリントしてからカット」"), ("en", "PrintThenCut")])
def test_a_cricut_guide_says_design_space_prints_the_fronts_and_its_images_are_the_sheets(lang, upload):
    guided, _ = build(LIAR, "cards", lang=lang, cutter="cricut", guide=True)
    plain, opts = build(LIAR, "cards", lang=lang, cutter="cricut")
    stem = LIAR.assets["cards"].filename(opts).removesuffix(".pdf")  # the plain PDF's name
    said = guide_text(guided.pdf)
    assert f"{stem}-pN.png" in said and f"{stem}-pN.svg" in said and upload in said
    assert "6.75×9.25" in said and "A4" not in said and "calibrate" not in said  # Design Space places the image
    # The guide page is the sheets' size, and the images are the sheets of fronts, not the guide.
    with open_pdf(guided.pdf) as doc:
        assert len({(round(page.width), round(page.height)) for page in doc.pages}) == 1
    assert [name for name, _ in guided.extras] == [name for name, _ in plain.extras]
    for (name, image), (_, before) in zip(guided.extras, plain.extras):
        if name.endswith(".png"):  # the same sheet drawn (the fonts' subsets differ, so not byte for byte)
            a, b = (Image.open(io.BytesIO(data)).convert("L") for data in (image, before))
            assert a.size == b.size and ImageStat.Stat(ImageChops.difference(a, b)).mean[0] < 0.5
        else:
            assert image == before
    following_pages_unchanged(guided.pdf, plain.pdf, 2)


@pytest.mark.parametrize("paper", ["a4", "letter", "a4-landscape"])
@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game, asset, options", [
    ("terror24", "cards", {}), ("liar-mafia", "cards", {"backs": "fold"}), ("liar-mafia", "chips", {}),
    ("hitmans-showdown", "inserts", {"style": "overlay"}), ("kill-shot", "reference", {"cutter": "silhouette"}),
    ("famiglia", "summary", {})])
def test_every_word_of_the_guide_lies_5mm_inside_the_page_and_breaks_cleanly(game, asset, options, paper, lang):
    guided, _ = build(GAMES[game], asset, lang=lang, paper=paper, guide=True, **options)
    with open_pdf(guided.pdf) as doc:
        page = doc.pages[0]
        assert page.chars
        inside = min(min(c["x0"], c["top"], page.width - c["x1"], page.height - c["bottom"]) for c in page.chars)
        assert inside >= 5 * MM
        lines = page_lines(page)
        assert not [text for text, _, _ in lines if text[0] in NO_LINE_START]
        assert not [(a, b) for a, b in split_pairs(lines) if broken(a, b, lang)]
        if lang == "ja":  # Japanese punctuation: no ASCII sentence marks beside Japanese text
            japanese = "".join(text for text, _, _ in lines)
            assert "。" in japanese and ": " not in japanese and ", " not in japanese


def test_a_deck_gets_the_guide_too():
    from pnp.deck.draw.userdeck import deck_game
    from pnp.deck.read.deckfile import load_deck

    game = deck_game(load_deck(EXAMPLES / "prototype" / "prototype.xlsx"))
    guided, _ = build(game, "cards", lang="en", guide=True)
    plain, _ = build(game, "cards", lang="en")
    text = guide_text(guided.pdf)
    assert text.startswith("Howtoprintthisfile") and "12cards(63×88mm)" in text
    following_pages_unchanged(guided.pdf, plain.pdf, 2)


def test_the_command_line(tmp_path):
    from pnp.cli.main import main

    result = CliRunner().invoke(main, ["build", "liar-mafia", "--asset", "cards", "--guide", "--lang", "en",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "(4 pages," in result.output  # the guide and its back, then the sheet of fronts and its backs
    assert guide_text((tmp_path / "liar-mafia" / "cards-a4-en-guide.pdf").read_bytes()).startswith("Howtoprint")
    refused = CliRunner().invoke(main, ["build", "liar-mafia", "--guide", "--print-shop", "--out", str(tmp_path)])
    assert refused.exit_code == 2 and "--guide" in refused.output
    refused = CliRunner().invoke(main, ["preview", "liar-mafia", "cards", "--all", "--guide", "--out", str(tmp_path)])
    assert refused.exit_code == 2 and "--guide" in refused.output
