"""`pnp build --print-shop` (issue 20, item 4): a print shop's file per card asset — a face a page, 3 mm
bleed, トンボ, CMYK through a 4-channel output profile, and the structure of PDF/X-4 — checked with pikepdf
on every built-in card asset in both languages and on a deck with pictures. No open validator checks
PDF/X; these tests check what docs/print-assets.md lists, nothing more."""
from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from click.testing import CliRunner

from cardcheck import build
from pnp.assets.cards import Cards
from pnp.assets.registry import GAMES
from pnp.cli import main
from pnp.printshop import BLEED, MARK_LENGTH, marks

MM = 72 / 25.4
ROOT = Path(__file__).resolve().parents[1]
CARD_ASSETS = [(game.id, name) for game in GAMES.values() for name, asset in game.assets.items()
               if isinstance(asset, Cards)]
RGB_OPERATORS = {"rg", "RG"}


@pytest.fixture(scope="module")
def files():
    return {(game_id, name, lang): build(GAMES[game_id], name, lang=lang, print_shop=True)[0]
            for game_id, name in CARD_ASSETS for lang in ("ja", "en")}


def content_streams(pdf):
    """Every content stream in the file: each page's and each form XObject's, with its resources."""
    seen = set()

    def forms(resources):
        for _, xobject in (resources.get("/XObject") or {}).items():
            if xobject.objgen in seen or xobject.Subtype != "/Form":
                continue
            seen.add(xobject.objgen)
            yield xobject, xobject.get("/Resources") or pikepdf.Dictionary()
            yield from forms(xobject.get("/Resources") or pikepdf.Dictionary())

    for page in pdf.pages:
        yield page, page.Resources
        yield from forms(page.Resources)


def images(pdf):
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
            yield obj


def rgb_spaces(resources) -> list[str]:
    out = []
    for name, space in (resources.get("/ColorSpace") or {}).items():
        kind = space if isinstance(space, pikepdf.Name) else space[0]
        if kind in ("/DeviceRGB", "/CalRGB") or (kind == "/ICCBased" and space[1].get("/N") == 3):
            out.append(str(name))
    return out


def test_every_card_asset_is_a_print_shop_file(files):
    for (game_id, name, lang), built in files.items():
        where = f"{game_id} {name} ({lang})"
        # One face a page: each card's front, then each card's back where it has one.
        faces = [c[2] for c in built.cards] + [c[3] for c in built.cards if c[3] is not None]
        assert [[p.face for p in s.placements] for s in built.sheets] == [[f] for f in faces], where
        with pikepdf.open(io.BytesIO(built.pdf)) as pdf:
            assert pdf.pdf_version == "1.6", where
            [intent] = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier), where
            profile = intent.DestOutputProfile
            assert profile.N == 4 and profile.read_bytes()[16:20] == b"CMYK", where
            meta = pdf.open_metadata()
            assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4", where
            assert meta["pdf:Trapped"] == "False" and meta["xmpMM:DocumentID"].startswith("uuid:"), where
            assert meta["xmpMM:VersionID"] and meta["xmpMM:RenditionClass"], where
            assert pdf.docinfo.Trapped == "/False" and pdf.docinfo.GTS_PDFXVersion == "PDF/X-4", where
            assert len(pdf.trailer.ID) == 2, where
            for n, (page, sheet) in enumerate(zip(pdf.pages, built.sheets), 1):
                trim = [float(v) for v in page.TrimBox]
                bleed = [float(v) for v in page.BleedBox]
                media = [float(v) for v in page.MediaBox]
                card = sheet.placements[0].trim
                assert trim == pytest.approx([card.x * MM, card.y * MM, card.x1 * MM, card.y1 * MM]), (where, n)
                assert bleed == pytest.approx([trim[0] - BLEED * MM, trim[1] - BLEED * MM,
                                               trim[2] + BLEED * MM, trim[3] + BLEED * MM]), (where, n)
                assert media[0] <= bleed[0] and media[2] >= bleed[2] + MARK_LENGTH * MM, (where, n)


def test_nothing_is_rgb(files):
    """Content streams scanned for rg/RG and RGB colour spaces (set by cs/CS or named in resources),
    transparency groups and images checked: everything is CMYK or grey."""
    for (game_id, name, lang), built in files.items():
        where = f"{game_id} {name} ({lang})"
        with pikepdf.open(io.BytesIO(built.pdf)) as pdf:
            for owner, resources in content_streams(pdf):
                ops = [(str(op), operands) for operands, op in pikepdf.parse_content_stream(owner)]
                assert not [op for op, _ in ops if op in RGB_OPERATORS], where
                assert not [o for op, o in ops if op in ("cs", "CS") and str(o[0]) == "/DeviceRGB"], where
                assert not rgb_spaces(resources), where
                assert any(op in ("k", "K") for op, _ in ops) or owner.get("/Subtype") == "/Form", where
            for page in pdf.pages:
                assert page.obj.get("/Group", {}).get("/CS") != "/DeviceRGB", where
            for image in images(pdf):
                assert image.get("/ColorSpace") in ("/DeviceCMYK", "/DeviceGray", None), where


def test_every_font_is_embedded(files):
    for (game_id, name, lang), built in files.items():
        with pikepdf.open(io.BytesIO(built.pdf)) as pdf:
            fonts = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"]
            assert fonts
            for font in fonts:
                leaf = font.DescendantFonts[0] if font.Subtype == "/Type0" else font
                descriptor = leaf.get("/FontDescriptor")
                assert descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), \
                    (game_id, name, lang, str(font.get("/BaseFont")))


def test_black_text_is_on_the_black_plate_alone(files):
    built = files["liar-mafia", "cards", "ja"]
    with pdfplumber.open(io.BytesIO(built.pdf)) as pdf:
        colours = {tuple(c["non_stroking_color"]) for c in pdf.pages[0].chars}
    assert (0, 0, 0, 1) in colours  # black: 100% K, not a four-colour black that blurs small type
    assert all(len(c) == 4 for c in colours)


def test_the_marks_are_where_the_trim_and_bleed_are(files):
    """トンボ: at each corner a line on the trim line and one on the bleed line each way, all outside the
    bleed box, in registration colour (100% on every plate); a centre mark on each side."""
    built = files["kill-shot", "reference", "en"]
    trim = built.sheets[0].placements[0].trim
    with pdfplumber.open(io.BytesIO(built.pdf)) as pdf:
        page = pdf.pages[0]
        drawn = [line for line in page.lines if tuple(line["stroking_color"] or ()) == (1, 1, 1, 1)]
    assert len(drawn) == len(marks(trim)) == 4 * 4 + 4 * 2
    h = page.height
    bleed = trim.outset(BLEED)
    verticals = {round(line["x0"] / MM, 2) for line in drawn if abs(line["x0"] - line["x1"]) < 0.01}
    horizontals = {round((h - line["top"]) / MM, 2) for line in drawn if abs(line["top"] - line["bottom"]) < 0.01}
    assert {round(v, 2) for v in (trim.x, trim.x1, bleed.x, bleed.x1, trim.x + trim.w / 2)} <= verticals
    assert {round(v, 2) for v in (trim.y, trim.y1, bleed.y, bleed.y1, trim.y + trim.h / 2)} <= horizontals
    for line in drawn:  # nothing inside the bleed box
        x0, x1 = line["x0"] / MM, line["x1"] / MM
        y0, y1 = (h - line["bottom"]) / MM, (h - line["top"]) / MM
        inside_x = bleed.x + 0.01 < x1 and x0 < bleed.x1 - 0.01
        inside_y = bleed.y + 0.01 < y1 and y0 < bleed.y1 - 0.01
        assert not (inside_x and inside_y), line


def test_a_decks_pictures_are_converted_to_cmyk(tmp_path):
    result = CliRunner().invoke(main, ["build", str(ROOT / "examples" / "bestiary" / "bestiary.toml"),
                                       "--print-shop", "--lang", "en", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    [path] = (tmp_path / "bestiary").glob("*-printshop-en.pdf")
    with pikepdf.open(path) as pdf:
        spaces = [str(i.get("/ColorSpace")) for i in images(pdf)]
        # The pictures in CMYK, their transparency (soft masks) in grey.
        assert "/DeviceCMYK" in spaces and set(spaces) <= {"/DeviceCMYK", "/DeviceGray"}, spaces


def test_the_cli_makes_card_assets_and_says_what_it_skips(tmp_path):
    result = CliRunner().invoke(main, ["build", "kill-shot", "--print-shop", "--lang", "en", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "kill-shot" / "reference-printshop-en.pdf").exists()
    assert not list((tmp_path / "kill-shot").glob("summary*")) and "summary: skipped" in result.output


def test_a_shops_own_profile_is_named_in_the_output_intent_and_an_rgb_one_refused(tmp_path):
    from PIL import ImageCms

    srgb = tmp_path / "srgb.icc"
    srgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    result = CliRunner().invoke(main, ["build", "kill-shot", "--asset", "reference", "--print-shop",
                                       "--icc-profile", str(srgb), "--out", str(tmp_path)])
    assert result.exit_code == 2 and "CMYK" in result.output
    result = CliRunner().invoke(main, ["build", "kill-shot", "--asset", "reference", "--icc-profile", str(srgb),
                                       "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--print-shop" in result.output
