"""`pnp build --print-shop`: a print shop's file per card asset — a face a page, 3 mm
bleed, トンボ, CMYK through a 4-channel output profile, and the structure of PDF/X-4 — checked with pikepdf
on every built-in card asset in both languages and on a deck with pictures. No open validator checks
PDF/X; these tests check what docs/print-assets.md lists, nothing more."""
from __future__ import annotations

import io
import math

import pdfplumber
import pikepdf
import pytest
from click.testing import CliRunner

from cardcheck import build
from pnp.assets.pieces import Cards
from pnp.assets.registry import GAMES
from pnp.cli.main import main
from pnp.sheets.printshop import BLEED, MARK_LENGTH, marks
from repo_paths import ROOT

MM = 72 / 25.4
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
        # One face a page: each card's front, then, where the asset has backs, each card's back (page
        # n + N behind page n), a blank face where a card has none.
        drawn = {c[2] for c in built.cards} | {c[3] for c in built.cards if c[3] is not None}
        blank = max(drawn) + 1
        faces = [c[2] for c in built.cards]
        if any(c[3] is not None for c in built.cards):
            faces += [blank if c[3] is None else c[3] for c in built.cards]
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
                # colour spaces set: CMYK or grey, or the one exception, the die line's CutContour separation
                spaces = resources.get("/ColorSpace") or {}
                for op, o in ops:
                    if op in ("cs", "CS") and str(o[0]) not in ("/DeviceCMYK", "/DeviceGray"):
                        space = spaces.get(str(o[0]))
                        assert space is not None and space[0] == "/Separation" and space[1] == "/CutContour" \
                            and space[2] == "/DeviceCMYK", (where, o)
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
                embedded = descriptor is not None and any(
                    k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                assert embedded, (game_id, name, lang, str(font.get("/BaseFont")))


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


def test_24s_backs_pair_with_their_fronts_by_the_count_of_fronts():
    """A shop pairs page n with page n + N (N fronts): 81 fronts, 162 pages, a blank back for the
    cards that have none (24's score cards), never the next card's back."""
    built, _ = build(GAMES["terror24"], "cards", lang="ja", print_shop=True)
    n = len(built.cards)
    assert n == 81
    with pikepdf.open(io.BytesIO(built.pdf)) as pdf:
        assert len(pdf.pages) == 162
    with pdfplumber.open(io.BytesIO(built.pdf)) as pdf:
        for i, card in enumerate(built.cards):
            front, back = built.sheets[i], built.sheets[i + n]
            assert [p.face for p in front.placements] == [card[2]]
            page = pdf.pages[i + n]
            if card[3] is not None:
                assert [p.face for p in back.placements] == [card[3]], i
                assert page.chars or page.rects, i  # the back as drawn
            else:  # a blank back: the marks and nothing else
                assert not page.chars and not page.rects and not page.images, i
                marks = [line for line in page.lines if tuple(line["stroking_color"] or ()) == (1, 1, 1, 1)]
                assert len(page.lines) == len(marks) > 0, i
    assert sum(c[3] is None for c in built.cards) > 0  # the case the pairing is about


def die_line_paths(pdf, page) -> list[list[tuple[float, float]]]:
    """The points (mm, on the curve and Bézier halfway points) of what a page strokes in the CutContour
    separation; and a check that the separation is what shops ask."""
    out, points, inside, at = [], [], False, (0.0, 0.0)
    spaces = page.Resources.get("/ColorSpace") or {}
    for operands, op in pikepdf.parse_content_stream(page):
        name = str(op)
        if name == "CS":
            space = spaces.get(str(operands[0]))
            inside = space is not None and space[0] == "/Separation" and space[1] == "/CutContour"
        elif inside and name == "m":
            at = (float(operands[0]) / MM, float(operands[1]) / MM)
            points = [at]
        elif inside and name == "l":
            at = (float(operands[0]) / MM, float(operands[1]) / MM)
            points.append(at)
        elif inside and name == "c":
            p0 = at
            p1, p2, p3 = [(float(operands[i]) / MM, float(operands[i + 1]) / MM) for i in (0, 2, 4)]
            mid = tuple(0.125 * a + 0.375 * b + 0.375 * c + 0.125 * d for a, b, c, d in zip(p0, p1, p2, p3))
            points += [mid, p3]
            at = p3
        elif inside and name == "S":
            out.append(points)
        elif name == "Q":
            inside = False
    return out


def check_die_line_space(pdf) -> None:
    """The one colour space that is not CMYK or grey: the CutContour separation over CMYK; drawn
    overprinting, on a layer of its own."""
    for _owner, resources in content_streams(pdf):
        for name, space in (resources.get("/ColorSpace") or {}).items():
            assert isinstance(space, pikepdf.Array) and space[0] == "/Separation" and space[1] == "/CutContour", name
            assert space[2] == "/DeviceCMYK" and [float(v) for v in space[3].C1] == [0, 1, 0, 0]
        for name, state in (resources.get("/ExtGState") or {}).items():
            if name == "/CutContourOverprint":
                assert state.OP is True and state.op is True
    [layer] = pdf.Root.OCProperties.OCGs
    assert str(layer.Name) == "CutContour"


@pytest.mark.parametrize("asset, radius", [("chips", 0.0), ("cards", 3.0)])
def test_the_die_line_is_a_cutcontour_separation_on_each_front(tmp_path, asset, radius):
    """A chip's die line is its circle (25 mm), a card's its trim with 3 mm corners, in the spot colour
    shops read as the cut; backs carry none; everything else stays CMYK (the RGB scan above, and here
    the colour spaces set)."""
    args = ["build", "liar-mafia", "--asset", asset, "--print-shop", "--lang", "en", "--out", str(tmp_path)]
    result = CliRunner().invoke(main, args + (["--corner-radius", str(radius)] if radius else []))
    assert result.exit_code == 0, result.output
    [path] = (tmp_path / "liar-mafia").glob(f"{asset}-printshop-en.pdf")
    built, _ = build(GAMES["liar-mafia"], asset, lang="en", print_shop=True, corner_radius=radius)
    fronts = len(built.cards)
    with pikepdf.open(path) as pdf:
        check_die_line_space(pdf)
        for n, (page, sheet) in enumerate(zip(pdf.pages, built.sheets)):
            trim = sheet.placements[0].trim
            paths = die_line_paths(pdf, page)
            if n >= fronts:
                assert not paths, n
                continue
            [points] = paths
            xs, ys = [x for x, _ in points], [y for _, y in points]
            assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((trim.x, trim.y, trim.x1, trim.y1), abs=0.1)
            if asset == "chips":
                centre = (trim.x + trim.w / 2, trim.y + trim.h / 2)
                assert trim.w == 25.0
                for point in points:
                    assert abs(math.dist(point, centre) - 12.5) < 0.1, point
            else:  # the corners rounded: a point halfway round each lies 3 mm from the corner's centre
                corner = (trim.x + radius, trim.y + radius)
                assert any(abs(math.dist(p, corner) - radius) < 0.1 and p[0] < corner[0] and p[1] < corner[1]
                           for p in points)
            ops = [str(op) for _o, op in pikepdf.parse_content_stream(page)]
            assert "BDC" in ops and "gs" in ops  # on its layer, overprinting


def test_a_separate_die_line_file_lies_page_for_page_on_the_print_file(tmp_path):
    result = CliRunner().invoke(main, ["build", "liar-mafia", "--asset", "chips", "--print-shop", "--lang", "en",
                                       "--die-line", "separate", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "liar-mafia"
    with pikepdf.open(folder / "chips-printshop-en.pdf") as art, \
            pikepdf.open(folder / "chips-printshop-en-dieline.pdf") as die:
        assert "/OCProperties" not in art.Root
        assert not any(die_line_paths(art, page) for page in art.pages)
        assert len(die.pages) == len(art.pages)
        check_die_line_space(die)
        for a, d in zip(art.pages, die.pages):
            assert [float(v) for v in a.TrimBox] == [float(v) for v in d.TrimBox]
        assert [len(die_line_paths(die, page)) for page in die.pages] == [1] * 4 + [0] * 4
    none = CliRunner().invoke(main, ["build", "liar-mafia", "--asset", "chips", "--print-shop", "--lang", "en",
                                     "--die-line", "none", "--out", str(tmp_path / "none")])
    assert none.exit_code == 0, none.output
    with pikepdf.open(tmp_path / "none" / "liar-mafia" / "chips-printshop-en.pdf") as pdf:
        assert not any(die_line_paths(pdf, page) for page in pdf.pages)


def test_a_die_line_without_a_print_shop_file_is_refused(tmp_path):
    result = CliRunner().invoke(main, ["build", "liar-mafia", "--asset", "chips", "--die-line", "separate",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--print-shop" in result.output


def test_a_die_lines_corner_no_card_can_have_is_one_line_and_exit_2(tmp_path):
    result = CliRunner().invoke(main, ["build", "liar-mafia", "--asset", "cards", "--print-shop",
                                       "--corner-radius", "40", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "31.5 mm at most" in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
