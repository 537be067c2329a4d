"""Japanese all through: no English word left in what the kit says in Japanese —
every message of the catalog, every `--help` of `pnp` and `companion`, and the errors a user meets
(a broken TOML file, a bad CSV cell, a bad option value, a missing argument, an unknown option) —
apart from what must stay as typed: commands, options, their values, file names, card codes,
placeholders and the few words of `ALLOWED` (docs/translating.md, "English that stays"). Help columns
line up by display width."""
import os
import re

import click
import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from companion.cli import main as companion
from companion.famiglia.talk import HELP as FAMIGLIA_HELP
from companion.showdown.match import HELP_LINES as SHOWDOWN_HELP
from companion.speech import Speech
from companion.table import HELP as TABLE_HELP
from pnp.cli.main import main as pnp
from tabletop import cli_i18n, i18n
from tabletop.data import toml_words
from tabletop.data.errors import DataError
from tabletop.data.load import read_toml
from tabletop.text_width import display_width, realign

JA = {"TABLETOP_KIT_LANG": "ja", "LANG": "C"}
PO = i18n.LOCALE_DIR / "ja" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"

# Words typed as they are that are neither a command, an option's value nor a table command (those
# are collected from the code below): units, names of other programs and of the fonts, the keys and
# values of a deck file, example names. Keep it short: a word here is a word the reader must know.
ALLOWED = {
    "mm", "dpi", "px", "pt", "vp", "s", "x", "d", "c", "a", "b", "n", "q",  # units; dice, letters of examples
    "Tabletop", "Simulator", "Noto", "Sans", "Regular", "Bold", "Unicode", "Android", "Excel", "Shift", "cp",
    # names of things and programs
    "The", "Game", "Crafter", "tabletop-kit", "Japan", "Color", "Coated", "Design", "Space",
    "back", "boxes", "layout", "padding", "width", "border", "leading",  # keys of a deck file's backs and boxes
    "deck", "data", "fields", "languages", "glyph", "font", "fonts", "family", "fallback", "color", "size",
    "copies", "mark", "true", "false", "ignore", "where", "suits", "name", "file", "icons", "align", "top",
    "middle", "bottom", "left", "right", "center", "height", "img", "backs", "id", "path", "target", "pieces",
    "cards", "game", "team", "teams", "player", "robot", "npc", "first", "after", "board", "money", "lose",
    "keep", "switch", "min", "max", "version", "seed", "red", "heart", "physical", "virtual", "random",
    "new", "lan", "tts", "png", "mpc", "tgc", "Ann", "Bob",  # keys, values and examples of the data and commands
    "letter", "landscape", "poker", "ja-small", "bridge", "mini",  # --paper and --card-size values
    "weapon", "backup", "escape", "closing", "draw",  # what the table is typed: buy ITEM, draw
    "Windows",  # a name, as Japanese writes it
}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'’-]*")
_KEPT = (re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]"),  # placeholders
         re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|「[^」]*」"),  # quoted: as typed
         re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*(=\S*)?"),  # options
         re.compile(r"[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+"),  # keys of the data: street_size
         re.compile(r"\S*[./\\<>]\S*"))  # file names, paths, <game>


def commands(group: click.Group, path=()):
    """Every command path under `group` (lazy subcommands too), the group first."""
    yield path, group
    with click.Context(group) as ctx:
        subcommands = {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}
    for name, sub in subcommands.items():
        if isinstance(sub, click.Group):
            yield from commands(sub, path + (name,))
        else:
            yield path + (name,), sub


def _typed_words() -> set[str]:
    """Commands, subcommands and the values of choice options: typed, so never translated."""
    words = {"pnp", "companion"}
    for root in (pnp, companion):
        for path, command in commands(root):
            words.update(path)
            for param in command.params:
                if isinstance(param.type, click.Choice):
                    words.update(str(c) for c in param.type.choices)
                if isinstance(param.default, (str, int, float, os.PathLike)):  # shown as [既定：output]
                    words.update(re.findall(r"[A-Za-z][\w-]*", str(param.default)))
    for line in (*SHOWDOWN_HELP, *FAMIGLIA_HELP, *TABLE_HELP):
        words.update(w for w in re.findall(r"[a-z][a-z-]*", line.split("  ")[0]))
        words.update(re.findall(r";  ([a-z]+)", line))
    return {w for word in words for w in re.split(r"[-_]", word)} | words


TYPED = _typed_words()


def english_words(text: str) -> list[str]:
    """The English words of a Japanese text, what may stay taken out (an ALL-CAPS word is a
    placeholder, a card code or an abbreviation: GAME, HK, PDF; one with a digit a code or a value:
    b2, a4, cp932)."""
    for kept in _KEPT:
        text = kept.sub(" ", text)
    return [w for w in _WORD.findall(text) if not w.isupper() and not any(ch.isupper() for ch in w[1:])
            and not any(ch.isdigit() for ch in w) and w not in TYPED and w not in ALLOWED
            and w.strip("'’-") not in ALLOWED | TYPED]


def test_the_checker_finds_english():
    assert english_words("エラー：/tmp/x.toml, line 7 [street_size]：整数にしてください") == ["line"]
    assert english_words("使い方：pnp build [OPTIONS] GAMES...") == []  # OPTIONS would be a placeholder...
    assert english_words("--out DIRECTORY  Output folder") == ["Output", "folder"]
    assert english_words("'wide' は使えません。pnp build --lang ja で mm 単位") == []


def _catalog():
    with PO.open("rb") as f:
        return [m for m in read_po(f) if m.id]


@pytest.mark.parametrize("message", _catalog(), ids=lambda m: (m.id if isinstance(m.id, str) else m.id[0])[:60])
def test_every_message_of_the_catalog_is_japanese(message):
    for text in (message.string if isinstance(message.string, tuple) else (message.string,)):
        assert text and english_words(text) == [], text
        assert "フォルダ" not in text.replace("フォルダー", ""), "one word per idea: フォルダー"


def run(root, args):
    return CliRunner().invoke(root, [str(a) for a in args], env=JA, prog_name="pnp" if root is pnp else "companion")


EVERY_HELP = [pytest.param(root, path, id=" ".join((name,) + path))
              for name, root in (("pnp", pnp), ("companion", companion)) for path, _ in commands(root)]


@pytest.mark.parametrize("root, path", EVERY_HELP)
def test_every_help_has_no_english_word_and_its_columns_line_up_by_display_width(root, path):
    result = run(root, [*path, "--help"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert english_words(out) == [], out
    for placeholder in ("[OPTIONS]", "COMMAND [ARGS]", "TEXT", "INTEGER", "DIRECTORY", "FLOAT RANGE", "<=x<=",
                        "Show this message", "[default"):
        assert placeholder not in out
    for section in re.split(r"\n(?=\S)", out):
        rows = [line for line in section.splitlines()[1:] if line.startswith("  ") and not line.startswith("   ")]
        starts = set()
        for row in rows:
            head = re.match(r"  (\S.*?)( {2,})(?=\S)", row)
            if head:
                starts.add(display_width(row[:head.end()]))
        assert len(starts) <= 1, section  # one help column per section, counted in display columns


def test_japanese_metavars_and_ranges_in_help():
    out = run(pnp, ["build", "--help"]).output
    assert out.startswith("使い方：pnp build [オプション] GAMES...")
    assert "--out フォルダー" in out and "--asset 文字列" in out and "--bleed 数値" in out
    assert "（0～10）" in out and "（既定：output）" in out and "。 [" not in out
    assert run(pnp, ["--help"]).output.startswith("使い方：pnp [オプション] コマンド [引数]…")


@pytest.fixture
def deck_with_a_bad_cell(tmp_path):
    (tmp_path / "cards.csv").write_text("title,cost\n火花,two\n", encoding="utf-8")
    (tmp_path / "deck.toml").write_text('[deck]\ndata = "cards.csv"\n[fields]\ncost = { column = "cost", type = '
                                        '"integer" }\n[boxes.footer]\nfields = ["cost"]\n', encoding="utf-8")
    return tmp_path / "deck.toml"


def test_a_bad_csv_cell_is_japanese_down_to_its_row_and_column(deck_with_a_bad_cell, tmp_path):
    result = run(pnp, ["build", deck_with_a_bad_cell, "--out", tmp_path / "out"])
    assert result.exit_code == 2
    assert f"{tmp_path / 'cards.csv'}、2行目、列B「cost」：" in result.output, result.output
    assert english_words(result.output) == [], result.output


@pytest.mark.parametrize("text, japanese", [
    ('game = "famiglia"\nstreet_size = = 6\n', "2行目：TOML の文法エラー（15文字目）：値が正しくありません"),
    ('game = "famiglia"\nstreet_size 6\n', "2行目：TOML の文法エラー（13文字目）：キーのあとに「=」がありません"),
    ('game = "famiglia"\nx = [1, 2\n', "TOML の文法エラー（ファイルの終わり）：配列が「]」で閉じられていません"),
    ('game = "famiglia"\n= 6\n', "2行目：TOML の文法エラー（1文字目）：キー = 値 でも [テーブル] でもない行です"),
    ('game = "famiglia"\ngame = "x"\n', "2行目：TOML の文法エラー（11文字目）：同じキーに2度値を入れています"),
    ('game = "famiglia"\n[a\n', "2行目：TOML の文法エラー（3文字目）：[テーブル] の見出しが「]」で閉じられていません"),
    ('game = "famiglia\n', "1行目：TOML の文法エラー（17文字目）：ここには使えない文字です：'\\n'"),
])
def test_a_broken_toml_file_is_explained_in_japanese_with_its_position(tmp_path, text, japanese):
    (tmp_path / "famiglia.toml").write_text(text, encoding="utf-8")
    result = run(pnp, ["build", "famiglia", "--cards", tmp_path, "--out", tmp_path / "out"])
    assert result.exit_code == 2
    assert result.output.startswith(f"エラー：{tmp_path / 'famiglia.toml'}"), result.output
    assert japanese in result.output, result.output
    assert english_words(result.output) == [], result.output


def test_every_tomllib_sentence_has_its_japanese():
    ja = i18n.translator("ja")
    for _pattern, message in toml_words.MESSAGES:
        assert ja(message) != message


def test_tomllib_in_english_is_left_as_tomllib_says_it(tmp_path):
    (tmp_path / "f.toml").write_text("a = = 1\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        read_toml(tmp_path / "f.toml")
    assert str(e.value) == f"{tmp_path / 'f.toml'}, line 1: TOML syntax error at character 5: Invalid value"


@pytest.mark.parametrize("root, args, japanese", [
    (pnp, ["build", "famiglia", "--style", "wide"], "'wide' は使えません。'full'、'overlay' から選んでください。"),
    (pnp, ["preview", "famiglia", "cards", "--dpi", "5"], "5.0 は使えません（範囲：30～600）。"),
    (pnp, ["preview", "famiglia", "cards", "--dpi", "many"], "'many' はここで使える数値ではありません。"),
    (pnp, ["build"], "引数 'GAMES...' を指定してください。"),
    (pnp, ["build", "famiglia", "--bogus"], "'--bogus' というオプションはありません。"),
    (pnp, ["bild"], "'bild' というコマンドはありません。'build' のことですか？"),
    (pnp, ["list", "42"], "余分な引数があります（42）"),
    (companion, ["famiglia", "simulate", "--games", "0"], "0 は使えません（範囲：1以上）。"),
])
def test_a_usage_error_is_japanese_word_for_word(root, args, japanese):
    result = run(root, args)
    assert result.exit_code == 2
    assert japanese in result.output and "\nエラー：" in result.output, result.output
    assert "使い方：" in result.output and "[OPTIONS]" not in result.output
    assert english_words(result.output) == [], result.output
    assert not re.search(r"[。！？] \S|'\.|\. ", result.output)


def test_the_range_of_a_usage_error_in_english_is_clicks():
    result = CliRunner().invoke(pnp, ["preview", "famiglia", "cards", "--dpi", "5"], env={"LANG": "C"})
    assert "5.0 is not in the range 30<=x<=600." in result.output


@pytest.mark.parametrize("lines", [SHOWDOWN_HELP, FAMIGLIA_HELP, TABLE_HELP], ids=["showdown", "famiglia", "table"])
def test_the_table_help_lines_keep_one_column_in_display_width(lines):
    """`attack カード|チーム` no longer overruns: the column widens to the widest Japanese head whose
    English head fits; a head that overruns in English (`use CARD [CARD] [CHOICES]`) overruns in both."""
    shown = Speech("ja").help_lines(lines, week=3)
    starts = []
    for line in shown:
        gap = re.search(r"(?<=\S) {2,}(?=\S)", line)
        if gap and line[:gap.start()].strip():
            starts.append((display_width(line[:gap.start()]), display_width(line[:gap.end()])))
    column = max({end for _, end in starts}, key=[end for _, end in starts].count)
    assert all(end == column or (head + 2 == end > column) for head, end in starts), shown
    assert sum(head + 2 > column for head, _ in starts) <= 2, shown  # only what overruns in English too


def test_realign_counts_display_columns():
    lines = [("attack CARD|TEAM     attack a card", "attack カード|チーム  カードを攻撃"),
             ("pass                 let the turn go", "pass                 何もしない"),
             ("use CARD [CARD] [CHOICES]  a held card", "use カード [カード] [選択]  手持ちのカード"),
             ("                     choices, in order", "                     選択は順に")]
    assert realign(lines) == ["attack カード|チーム  カードを攻撃", "pass                  何もしない",
                              "use カード [カード] [選択]  手持ちのカード", "                      選択は順に"]
    assert realign([(e, e) for e, _ in lines]) == [e for e, _ in lines]  # English as it is written


def test_lists_in_japanese_use_the_japanese_comma():
    with i18n.use("ja"):
        assert i18n.listing(["火花", "湧き水"]) == "火花、湧き水"
        tidied = cli_i18n.tidy("'a', 'b' から選んでください。  'c' のことですか？")
        assert tidied == "'a'、'b' から選んでください。'c' のことですか？"
