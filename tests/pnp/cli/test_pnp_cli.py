"""`pnp` as a user meets it: listing, bad data and bad options (exit 2, one clear line, the old PDF
untouched), markup in the data printed literally, previews."""
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pdfcheck import open_pdf
from pnp.cli.main import main
from tabletop.data import CARDS_DIR

DATA = "hitmans_showdown.toml"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def cards_copy(tmp_path, edit=None):
    """A --cards folder holding the game's data, optionally edited (text → text)."""
    folder = tmp_path / "cards"
    folder.mkdir(exist_ok=True)
    text = (CARDS_DIR / DATA).read_text(encoding="utf-8")
    (folder / DATA).write_text(edit(text) if edit else text, encoding="utf-8")
    return folder


def without_card(card_id):
    def edit(text):
        pattern = re.compile(rf'\[\[cards\]\]\nid = "{re.escape(card_id)}"\n(?:[a-z]+ = [^\n]*\n)*')
        assert pattern.search(text), card_id
        return pattern.sub("", text, count=1)
    return edit


def card_line(card_id, old, new):
    def edit(text):
        anchor = f'id = "{card_id}"\n'
        head, tail = text.split(anchor, 1)
        assert old in tail.split("[[cards]]", 1)[0], (card_id, old)
        return head + anchor + tail.replace(old, new, 1)
    return edit


@pytest.fixture(scope="module")
def previous(tmp_path_factory):
    """A good build whose file every failing build must leave byte-identical."""
    out = tmp_path_factory.mktemp("out")
    result = invoke("build", "hitmans-showdown", "--asset", "inserts", "--lang", "en", "--out", out)
    assert result.exit_code == 0, result.output
    pdf = out / "hitmans-showdown" / "inserts-a4-en.pdf"
    return out, pdf, pdf.read_bytes()


BAD = {
    "syntax error": (lambda t: t.replace('id = "H5"', 'id = "H5', 1), ["line"]),
    "missing field": (card_line("H3", 'role = "mob"\n', ""), ["cards[H3].role", "missing", ", line "]),
    "unknown key": (card_line("D9", 'role = "soldier"\n', 'role = "soldier"\ncolour = "red"\n'),
                    ["cards[D9].colour", "unknown key", ", line "]),
    "53 cards": (without_card("SK"), ["53", "SK", ", line "]),
    "text too long": (lambda t: t.replace('en = "The lowest rank. Cannon fodder, pawns to be spent."',
                                          'en = "' + "Cannon fodder, pawns to be spent. " * 12 + '"'),
                      ["cards[H3]", "flavor", "does not fit", ", line "]),  # the line of card H3
}


@pytest.mark.parametrize("case", BAD)
def test_bad_data_exits_2_names_file_and_place_and_keeps_old_pdf(tmp_path, previous, case):
    out, pdf, before = previous
    edit, expected = BAD[case]
    cards = cards_copy(tmp_path, edit)
    result = invoke("build", "hitmans-showdown", "--asset", "inserts", "--lang", "en", "--cards", cards,
                    "--out", out)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    message = result.output.strip().splitlines()[-1]
    assert message.startswith("error: ") and str(cards / DATA) in message
    for part in expected:
        assert part in message, message
    assert pdf.read_bytes() == before
    assert not list(pdf.parent.rglob("*.tmp"))  # no half-written files left behind


def test_own_data_copy_is_used(tmp_path):
    cards = cards_copy(tmp_path, lambda t: t.replace('en = "Red Heart"', 'en = "Crimson Heart"', 1))
    result = invoke("build", "hitmans-showdown", "--asset", "inserts", "--lang", "en", "--cards", cards,
                    "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with open_pdf(tmp_path / "out" / "hitmans-showdown" / "inserts-a4-en.pdf") as pdf:
        assert "Crimson Heart" in pdf.pages[0].extract_text()


def test_markup_characters_print_literally(tmp_path):
    nasty = '<b>Red</b> & "Heart\'s" <br/> &amp; 1 < 2 > 0'
    toml = nasty.replace("\\", "\\\\").replace('"', '\\"')
    cards = cards_copy(tmp_path, lambda t: t.replace('en = "Red Heart"', f'en = "{toml}"', 1))
    result = invoke("build", "hitmans-showdown", "--lang", "en", "--cards", cards, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    for name in ("inserts-a4-en.pdf", "summary-a4-en.pdf"):
        with open_pdf(tmp_path / "out" / "hitmans-showdown" / name) as pdf:
            drawn = "".join(c["text"] for page in pdf.pages for c in page.chars)
        assert "".join(nasty.split()) in "".join(drawn.split()), name


def test_list_shows_games_and_assets():
    result = invoke("list")
    assert result.exit_code == 0
    assert "hitmans-showdown" in result.output
    assert "inserts" in result.output and "summary" in result.output


@pytest.mark.parametrize("args,needle", [
    (["build", "no-such-game"], "unknown game"),
    (["build", "hitmans-showdown", "--asset", "dice"], "no asset"),
    (["build", "hitmans-showdown", "--paper", "a3"], "paper"),
    (["build", "hitmans-showdown", "--card-size", "huge"], "card size"),
    (["build", "hitmans-showdown", "--card-size", "300x300"], "does not fit"),
    (["build", "kill-shot", "--card-size", "5x5"], "does not fit"),  # boxes squeezed to nothing
    (["build", "hitmans-showdown", "--lang", "fr"], "fr"),
    (["build", "hitmans-showdown", "--font", "/no/such/font.ttf"], "font"),
    (["preview", "hitmans-showdown", "summary", "--page", "99"], "page 99"),
    (["preview", "kill-shot", "--all", "--page", "2"], "--page"),
    (["preview", "liar-mafia", "summary", "--page", "2"], "the PDF has 1 page)"),
])
def test_bad_options_exit_2(tmp_path, args, needle):
    result = invoke(*args, "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert needle in result.output and "Traceback" not in result.output


def test_a_game_named_twice_is_built_once(tmp_path):
    result = invoke("build", "kill-shot", "kill_shot", "--asset", "summary", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert "[1/1] kill-shot summary" in result.output and "[2/" not in result.output


def test_preview_of_every_game_and_both_languages(tmp_path):
    result = invoke("preview", "all", "summary", "--lang", "all", "--dpi", "30", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.png"))
    assert len(written) == 10 and "kill-shot/summary-a4-en.p1.png" in written
    assert "kill-shot/summary-a4-ja.p1.png" in written


def test_ctrl_c_exits_130_quietly(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr("pnp.cli.main.build_pdf", interrupted)
    result = invoke("build", "kill-shot", "--out", tmp_path, "--force")
    assert result.exit_code == 130, result.output
    assert "interrupted" in result.output and "Aborted" not in result.output
    assert not list(tmp_path.rglob("*.pdf"))


def test_text_that_cannot_shrink_enough_names_the_card(tmp_path):
    result = invoke("build", "hitmans-showdown", "--asset", "inserts", "--card-size", "mini",
                    "--out", tmp_path)
    assert result.exit_code == 2, result.output
    # a mini card gives way down to 6 pt; what still does not fit is named, and the asset not made
    assert re.search(r"cards\[[A-Z0-9-]+\]", result.output) and "6 pt" in result.output
    assert "not made at card size mini" in result.output


def test_a_font_without_the_suit_glyphs_falls_back_to_the_kits(tmp_path):
    """--font puts a font first; the suits it lacks come from Noto Sans JP (they used to stop the build)."""
    import pdfplumber
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"  # Latin only
    result = invoke("build", "hitmans-showdown", "--lang", "en", "--font", vera, "--asset", "inserts",
                    "--out", tmp_path)
    assert result.exit_code == 0, result.output
    with pdfplumber.open(next(tmp_path.rglob("inserts-*.pdf"))) as pdf:
        chars = pdf.pages[0].chars
    fonts = {c["text"]: c["fontname"].split("+")[-1] for c in chars}
    assert fonts["♠"] == "NotoSansJP-Regular" and fonts["e"].startswith("BitstreamVeraSans")


def test_a_character_no_font_has_is_refused_clearly(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, cards)
    data = cards / "hitmans_showdown.toml"
    data.write_text(data.read_text(encoding="utf-8").replace('en = "Hitman teams"', 'en = "Hitman teams 🜲"'),
                    encoding="utf-8")
    result = invoke("build", "hitmans-showdown", "--lang", "en", "--cards", cards, "--out", tmp_path)
    assert result.exit_code == 2, result.output
    assert "no glyph for 🜲" in result.output


def test_a_non_font_is_refused(tmp_path):
    fake = tmp_path / "fake.ttf"
    fake.write_bytes(b"not a font at all")
    result = invoke("build", "hitmans-showdown", "--font", fake, "--out", tmp_path)
    assert result.exit_code == 2 and "font" in result.output


def test_preview_writes_a_png_and_prints_its_path(tmp_path):
    from PIL import Image

    result = invoke("preview", "hitmans-showdown", "inserts", "--page", "2", "--dpi", "72", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    path = Path(result.output.strip().splitlines()[-1])
    assert path.parent == tmp_path / "hitmans-showdown"
    with Image.open(path) as image:
        assert image.size[0] == pytest.approx(595, abs=1) and image.size[1] == pytest.approx(842, abs=1)
        # something is drawn: not a blank page
        assert image.convert("L").getextrema()[0] < 100


def test_out_defaults_to_output_in_the_current_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("build", "hitmans-showdown", "--asset", "summary", "--lang", "en")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "hitmans-showdown" / "summary-a4-en.pdf").is_file()
    assert "[1/1]" in result.output
    shutil.rmtree(tmp_path / "output")


@pytest.mark.parametrize("bug", [KeyError("rank"), LookupError("style"), IndexError(3), ValueError("x")])
def test_a_bug_is_an_internal_error_not_a_user_error(tmp_path, monkeypatch, bug):
    def broken(*args, **kwargs):
        raise bug

    monkeypatch.setattr("pnp.cli.main.build_pdf", broken)
    monkeypatch.delenv("PNP_DEBUG", raising=False)
    result = invoke("build", "hitmans-showdown", "--asset", "summary", "--force", "--out", tmp_path)
    assert result.exit_code == 1, result.output
    assert result.output.strip().splitlines()[-1].startswith(f"internal error: {type(bug).__name__}")
    assert "Traceback" not in result.output

    monkeypatch.setenv("PNP_DEBUG", "1")
    result = invoke("build", "hitmans-showdown", "--asset", "summary", "--force", "--out", tmp_path)
    assert result.exit_code == 1 and "Traceback" in result.output


def test_an_unwritable_output_folder_is_a_user_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = invoke("build", "hitmans-showdown", "--asset", "summary", "--out", blocker / "out")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and str(blocker) in result.output


def test_a_build_interrupted_while_writing_leaves_the_previous_pdf(tmp_path, previous, monkeypatch):
    out, pdf, before = previous

    def interrupted(fd):
        raise KeyboardInterrupt  # Ctrl-C with the new PDF half on disk

    monkeypatch.setattr("tabletop.fileio.os.fsync", interrupted)
    cards = cards_copy(tmp_path, lambda t: t.replace('en = "Red Heart"', 'en = "Crimson Heart"', 1))
    result = invoke("build", "hitmans-showdown", "--asset", "inserts", "--lang", "en", "--cards", cards,
                    "--out", out)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert pdf.read_bytes() == before
    assert not [p for p in pdf.parent.iterdir() if p.name.endswith(".tmp")]


def test_output_cut_short_by_its_reader_is_not_an_error():
    import subprocess
    import sys

    pnp = Path(sys.executable).with_name("pnp")
    child = subprocess.Popen([str(pnp), "list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.close()  # like `pnp list | head -0`: nobody reads
    _, err = child.communicate(timeout=60)
    assert err == b"", err.decode()
