"""Japanese in a terminal: two columns a character, lines broken between characters but never
before a closing mark or after an opening one; Latin words still break at spaces."""
from tabletop.text_width import display_width, wrap


def test_display_width_counts_japanese_twice():
    assert display_width("pnp") == 3
    assert display_width("使い方：pnp") == 11
    assert display_width("ｶﾀｶﾅ") == 4  # half-width katakana is one column


def test_japanese_wraps_within_the_width_and_keeps_every_character():
    text = "データ・テンプレート・オプションに変更がないものも作り直します。"
    lines = wrap(text, 20)
    assert len(lines) > 1 and all(display_width(line) <= 20 for line in lines)
    assert "".join(lines) == text


def test_no_line_starts_with_a_closing_mark_or_ends_with_an_opening_one():
    text = "出力先（フォルダー）、ファイル「名前」。あいうえおかきくけこさしすせそ。"
    for width in range(6, 40):
        lines = wrap(text, width)
        assert not any(line[0] in "、。）」" for line in lines[1:]), (width, lines)
        assert not any(line[-1] in "（「" for line in lines), (width, lines)
        assert "".join(lines) == text


def test_latin_words_break_at_spaces_and_stay_whole():
    lines = wrap("Noto Sans JP の代わりに使う TrueType フォント", 16)
    assert "TrueType" in " ".join(lines) and all(display_width(line) <= 16 for line in lines)
    assert not any(line.startswith(("ans", "ype")) for line in lines)


def test_a_bracketed_note_breaks_only_at_its_spaces():
    for width in range(12, 40):
        lines = wrap("PNG の解像度（dpi）。 [既定：150; 30<=x<=600]", width)
        assert any(line.endswith("[既定：150;") or "[既定：150; " in line for line in lines), (width, lines)
