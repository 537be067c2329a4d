"""A deck's fonts: a fallback chain (by default Noto Sans JP, Noto Sans Symbols 2, STIX Two Math),
each character drawn by the first font that has it — read back from the PDF's characters and the
fonts' own character maps — a deck's own fonts first, bold and italic per font, a slant where a
font has no italic, and the kit's footer in glyphs the chain has."""
import shutil
from pathlib import Path

import pdfplumber
import pytest
import reportlab
from click.testing import CliRunner
from fontTools.ttLib import TTFont

from deck_fonts import build, write_deck
from pdfcheck import fonts as pdf_fonts
from pnp.cli.main import main
from pnp.deck.read.deckfile import load_deck
from pnp.fonts.fontset import bundled_font
from tabletop.data.errors import DataError

SYMBOLS = "➪✕⚡↻⟳"
VERA = Path(reportlab.__file__).parent / "fonts"


def source_of(fontname: str) -> Path:
    """The font file a PDF font was made from, by its PostScript name (a slanted copy: its upright's)."""
    name = fontname.split("+", 1)[-1]
    if name.startswith(("NotoSansJP", "TKBundled")):
        return bundled_font("Noto Sans JP")
    if name.startswith(("NotoSansSymbols2", "TKSymbols2")):
        return bundled_font("Noto Sans Symbols 2")
    if name.startswith(("STIXTwoMath", "TKSTIXMath")):
        return bundled_font("STIX Two Math")
    files = {"BitstreamVeraSans-Roman": "Vera.ttf", "BitstreamVeraSans-Bold": "VeraBd.ttf",
             "BitstreamVeraSans-Oblique": "VeraIt.ttf", "BitstreamVeraSans-BoldOblique": "VeraBI.ttf"}
    return VERA / files[name]


_CMAPS: dict[Path, dict] = {}


def drawn_by_a_font_that_has_it(chars) -> None:
    for ch in chars:
        source = source_of(ch["fontname"])
        cmap = _CMAPS.setdefault(source, TTFont(source, lazy=True).getBestCmap())
        assert ord(ch["text"]) in cmap, (ch["text"], ch["fontname"])  # else it would be .notdef


def page_chars(pdf: bytes):
    import io

    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return doc.pages[0].chars


def card_chars(pdf: bytes):
    """The first page's characters above its footer."""
    return [c for c in page_chars(pdf) if c["bottom"] < 800]


def test_a_deck_without_font_settings_prints_japanese_latin_and_the_symbols_each_in_a_font_that_has_it(tmp_path):
    _, pdf = build(write_deck(tmp_path))
    chars = page_chars(pdf)
    text = "".join(c["text"] for c in chars)
    for expected in ("矢印", "回す", "Latin", *SYMBOLS, "★"):
        assert expected in text
    drawn_by_a_font_that_has_it(chars)
    by_char = {c["text"]: c["fontname"].split("+")[-1] for c in chars}
    assert by_char["➪"].startswith("NotoSansSymbols2") and by_char["✕"].startswith("NotoSansSymbols2")
    assert by_char["⚡"].startswith("NotoSansSymbols2")
    assert by_char["↻"].startswith("STIXTwoMath") and by_char["⟳"].startswith("STIXTwoMath")
    assert by_char["回"].startswith("NotoSansJP") and by_char["★"].startswith("NotoSansJP")
    embedded = {f["name"].split("+")[-1]: f["embedded"] for f in pdf_fonts(pdf)}
    assert embedded["NotoSansSymbols2-Regular"] and embedded["STIXTwoMath-Regular"]


def test_runs_in_other_fonts_are_measured_in_them(tmp_path):
    """Each character starts where the one before it ends, across font changes: widths measured
    in the font that draws them (one measured in the wrong font would overlap or leave a gap: ➪ is 7.9 pt wide in Noto
    Sans Symbols 2 at 9 pt, and Noto Sans JP's empty box 9 pt)."""
    _, pdf = build(write_deck(tmp_path, csv="title,body\nA,➪➪➪ abc ↻↻ 漢字⚡⚡ ⟳x\n"))
    chars = page_chars(pdf)
    base = next(c for c in chars if c["text"] == "➪")["matrix"][5]  # the body's baseline
    line = sorted((c for c in chars if abs(c["matrix"][5] - base) < 0.5), key=lambda c: c["x0"])
    assert "".join(c["text"] for c in line) == "➪➪➪ abc ↻↻ 漢字⚡⚡ ⟳x"
    assert len({c["fontname"] for c in line}) == 3
    for before, after in zip(line, line[1:]):
        gap = after["x0"] - before["x1"]
        assert abs(gap) < 0.05, (before["text"], after["text"], gap)


def test_the_deck_s_own_font_comes_first_and_the_kit_s_fonts_after_it(tmp_path):
    for name in ("Vera.ttf", "VeraBd.ttf", "VeraIt.ttf", "VeraBI.ttf"):
        shutil.copy(VERA / name, tmp_path / name)
    fonts = 'fonts = [{ regular = "Vera.ttf", bold = "VeraBd.ttf", italic = "VeraIt.ttf", bold_italic = "VeraBI.ttf" }]'
    path = write_deck(tmp_path, fonts, csv="title,body\nLatin 日本,plain ➪ 字\n",
                      template="<p style=\"body\">{{ body }} <b>bold 字</b> <i>italic</i> <b><i>both</i></b></p>")
    deck, pdf = build(path)
    chars = card_chars(pdf)
    drawn_by_a_font_that_has_it(chars)
    by_char = {}
    for c in chars:
        by_char.setdefault(c["text"], set()).add(c["fontname"].split("+")[-1])
    assert by_char["p"] == {"BitstreamVeraSans-Roman"}  # "plain": the deck's font first
    assert by_char["字"] == {"NotoSansJP-Regular", "NotoSansJP-Bold"}  # no kanji in Vera: Noto Sans JP
    assert by_char["➪"] == {"NotoSansSymbols2-Regular"}
    assert "BitstreamVeraSans-Bold" in by_char["d"] and by_char["c"] == {"BitstreamVeraSans-Oblique"}
    assert by_char["h"] == {"BitstreamVeraSans-BoldOblique"}
    assert not deck.warnings


def test_italic_in_a_font_without_an_italic_is_slanted(tmp_path):
    path = write_deck(tmp_path, template='<p style="body">upright <i>斜め ital ➪</i></p>')
    _, pdf = build(path)
    chars = page_chars(pdf)
    drawn_by_a_font_that_has_it(chars)
    fonts = {c["text"]: c["fontname"].split("+")[-1] for c in chars}
    assert fonts["u"] == "NotoSansJP-Regular"
    assert fonts["斜"] == fonts["i"] == "TKBundled-Regular-Oblique"
    assert fonts["➪"] == "TKSymbols2-Regular-Oblique"
    from pnp.fonts.fontset import cache_dir

    slanted = TTFont(next(cache_dir().glob("TKBundled-Regular-Oblique-*.ttf")), lazy=True)
    upright = TTFont(bundled_font("Noto Sans JP"), lazy=True)
    assert slanted["post"].italicAngle == -12
    # the slant moves the top of an upright stroke right: "l" leans
    assert slanted["glyf"]["l"].xMax > upright["glyf"]["l"].xMax + 50


def test_a_font_without_bold_is_named_once(tmp_path):
    shutil.copy(VERA / "Vera.ttf", tmp_path / "Vera.ttf")
    deck = load_deck(write_deck(tmp_path, 'fonts = ["Vera.ttf"]'))
    assert any("Vera.ttf" in w and "no bold face" in w for w in deck.warnings)


def test_a_deck_font_not_in_its_folder_names_the_line(tmp_path):
    with pytest.raises(DataError) as e:
        load_deck(write_deck(tmp_path, 'fonts = ["Missing.ttf", "Noto Sans JP"]'))
    assert "line 3" in str(e.value) and "deck.fonts[0]" in str(e.value) and "Missing.ttf" in str(e.value)
    with pytest.raises(DataError, match="outside the deck's folder"):
        load_deck(write_deck(tmp_path, 'fonts = ["../Vera.ttf"]'))


def test_with_font_the_footer_separator_is_drawn_by_a_font_that_has_it(tmp_path):
    """--font used to replace every font, so the footer's "・" printed as an empty box."""
    result = CliRunner().invoke(main, ["build", str(write_deck(tmp_path, csv="title,body\nLatin,Text\n")),
                                       "--lang", "ja", "--font", str(VERA / "Vera.ttf"),
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "out").rglob("*.pdf")).read_bytes()
    chars = page_chars(pdf)
    drawn_by_a_font_that_has_it(chars)
    dots = [c for c in chars if c["text"] == "・"]
    assert dots and all(c["fontname"].split("+")[-1] == "NotoSansJP-Regular" for c in dots)
    assert {c["fontname"].split("+")[-1] for c in chars if c["text"] == "L"} == {"BitstreamVeraSans-Roman"}


def test_italic_in_a_deck_font_without_an_italic_file_is_slanted(tmp_path):
    """A Latin font names itself for the Mac too: its slanted copy must not keep that upright name
    (ReportLab would draw the copy's text with the upright face it shares the name with)."""
    shutil.copy(VERA / "Vera.ttf", tmp_path / "Vera.ttf")
    path = write_deck(tmp_path, 'fonts = ["Vera.ttf"]', template='<p style="body">upright <i>slanted</i></p>')
    _, pdf = build(path, lang="en")
    fonts = {c["text"]: c["fontname"].split("+")[-1] for c in card_chars(pdf)}
    assert fonts["u"] == "BitstreamVeraSans-Roman"
    assert fonts["s"].endswith("-Regular-Oblique") and fonts["s"].startswith("TKUser")
    from pnp.fonts.fontset import cache_dir

    slanted = TTFont(next(cache_dir().glob(f"{fonts['s']}-*-v2.ttf")), lazy=True)
    assert {str(n) for n in slanted["name"].names if n.nameID == 6} == {fonts["s"]}
    upright = TTFont(VERA / "Vera.ttf", lazy=True)
    assert slanted["glyf"]["l"].xMax > upright["glyf"]["l"].xMax + 50


def test_the_no_bold_notice_is_a_warning(tmp_path):
    shutil.copy(VERA / "Vera.ttf", tmp_path / "Vera.ttf")
    deck = load_deck(write_deck(tmp_path, 'fonts = ["Vera.ttf"]'))
    assert [w for w in deck.warnings if "no bold face" in w][0].startswith("warning: deck.toml: font 'Vera.ttf'")


def test_an_ideographic_space_prints_a_kanji_wide(tmp_path):
    """「あ　い」: the 全角スペース is as wide as あ (ReportLab folds it into a half-width space), also
    in the deck's Latin font, which lacks it, and at the start of a cell (字下げ)."""
    shutil.copy(VERA / "Vera.ttf", tmp_path / "Vera.ttf")
    for fonts in ("", 'fonts = ["Vera.ttf"]'):
        _, pdf = build(write_deck(tmp_path, fonts, csv="title,body\nあ　い,　う　え\n"))
        chars = [c for c in card_chars(pdf) if c["size"] > 7]  # not the scale check's label
        text = "".join(c["text"] for c in chars)
        assert text == "あ\u3000い\u3000う\u3000え", text
        for line in (chars[:3], chars[3:]):
            widths = [round(c["x1"] - c["x0"], 2) for c in line]
            assert len(set(widths)) == 1, (fonts, widths)  # each blank a kanji wide
        assert chars[3]["x0"] == chars[0]["x0"]  # the indent is the blank, not a margin
        assert chars[3]["fontname"].endswith("NotoSansJP-Regular")


def title_lines(pdf: bytes) -> list[tuple[float, float]]:
    """(baseline, size) of each line of the first card's title (its bold characters)."""
    chars = [c for c in card_chars(pdf) if "Bold" in c["fontname"] and c["top"] < 80]
    return sorted({(round(c["bottom"], 1), round(c["size"], 2)) for c in chars})


@pytest.mark.parametrize("title,lines,shrunk", [
    ("Ancient Dragon of the Northern Wastes", 1, True),  # one line, smaller than 11 pt
    ("Short", 1, False),
    # too long for one line even at the floor: wrapped, as the box's text shrinks together
    ("An Ancient Dragon of the Northern Wastes and Keeper of the Nine Frozen Hoards", 3, None),
])
def test_a_title_shrinks_to_one_line_before_it_wraps(tmp_path, title, lines, shrunk):
    _, pdf = build(write_deck(tmp_path, csv=f"title,body\n{title},Body text.\n"), lang="en")
    found = title_lines(pdf)
    assert len(found) == lines, found
    assert shrunk is None or all((size < 11) == shrunk for _, size in found), found
    assert all(size >= 6.5 for _, size in found), found


def test_a_title_set_to_wrap_wraps_at_its_size(tmp_path):
    path = write_deck(tmp_path, csv="title,body\nAncient Dragon of the Northern Wastes,Body.\n")
    deck_file = tmp_path / "deck.toml"
    deck_file.write_text(deck_file.read_text(encoding="utf-8") + "[fields.title]\none_line = false\n", encoding="utf-8")
    _, pdf = build(path, lang="en")
    found = title_lines(pdf)
    assert len(found) == 2 and {size for _, size in found} == {11.0}, found


def footer_text(pdf: bytes) -> str:
    """The first page's footer: the small text under the cards (not the scale check above them)."""
    chars = page_chars(pdf)
    return "".join(c["text"] for c in chars if c["size"] < 7 and c["top"] > 700)


@pytest.mark.parametrize("title,lang,expected", [
    ("ナイトマーケット拡張セット", "ja", "ナイトマーケット拡張セット ・ 1/2 ・ 100%で印刷"),
    ("Night Market", "en", "Night Market · 1/2 · Print at 100%"),
    ("ナイトマーケット拡張セット第二弾・闇市の商人たちと夜明けの鐘", "ja",
     "ナイトマーケット拡張セット… ・ 1/2 ・ 100%で印刷"),
])
def test_a_low_narrow_footer_keeps_the_deck_s_title(tmp_path, title, lang, expected):
    """59×86 mm cards on A4 leave one line between two corner guides under the sheet: the title stays,
    the asset's name and the long note go, and a long title is cut short."""
    csv = "title,body\n" + "".join(f"札{n},本文\n" for n in range(12))
    path = write_deck(tmp_path, f'title = "{title}"\ncard_size = "59x86"', csv=csv)
    _, pdf = build(path, lang=lang)
    assert footer_text(pdf) == expected
