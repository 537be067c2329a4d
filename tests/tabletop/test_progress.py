"""Progress bars: at a terminal, once work has run for a second, a bar on stderr
below the command's lines; piped, nothing at all."""
import io
import os
import pty
import subprocess
import sys

from tabletop.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_bar_appears_at_a_terminal_once_the_delay_has_passed_and_goes_away():
    out = Terminal()
    with Progress(3, "Building", out=out, delay=0) as progress:
        progress.begin("terror24 cards (ja)")
        progress.advance()
        progress.begin("terror24 summary (ja)")
    text = out.getvalue()
    assert "Building" in text and "terror24 summary (ja)" in text and "1/3" in text
    assert text.endswith("\r\x1b[K")  # the bar is cleared, not left behind


def test_quick_work_shows_no_bar():
    out = Terminal()
    with Progress(3, "Building", out=out) as progress:  # well under a second
        for n in range(3):
            progress.begin(str(n))
            progress.advance()
    assert out.getvalue() == ""


def test_lines_printed_during_the_work_come_above_the_bar(capsys):
    out = Terminal()
    with Progress(2, "Building", out=out, delay=0) as progress:
        progress.begin("a")
        progress.advance()
        progress.echo("a: done")
        redrawn = out.getvalue().split("\r\x1b[K")[-1]
        assert "Building" in redrawn and "1/2" in redrawn  # the bar again below the line, as far as it had come
    assert capsys.readouterr().out == "a: done\n"
    assert out.getvalue().count("\r\x1b[K") == 2  # cleared before the line and at the end


def test_nothing_when_piped():
    out = io.StringIO()
    with Progress(2, "Building", out=out, delay=0) as progress:
        progress.begin("a")
        progress.advance()
    assert out.getvalue() == ""


# `pnp build` with the bar's delay set to nothing, so even a quick build would show one at a terminal.
PNP = "import tabletop.progress as p; p.DELAY = 0; from pnp.cli.command import main; main()"


def _build(tmp_path, stderr):
    return subprocess.run([sys.executable, "-c", PNP, "build", "kill-shot", "--lang", "all", "--force",
                           "--out", str(tmp_path)], stdout=subprocess.PIPE, stderr=stderr, text=True, timeout=300)


def test_a_build_at_a_terminal_shows_the_bar_and_a_piped_one_does_not(tmp_path):
    piped = _build(tmp_path, subprocess.PIPE)
    assert piped.returncode == 0, piped.stderr
    assert "\r" not in piped.stdout + piped.stderr and "Building" not in piped.stderr
    main, terminal = pty.openpty()
    try:
        shown = _build(tmp_path, terminal)
        os.close(terminal)
        seen = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(main)
    assert shown.returncode == 0
    assert b"Building" in seen and b"kill-shot" in seen and b"\r\x1b[K" in seen


def test_the_bar_never_wraps_a_narrow_terminal_in_japanese(monkeypatch):
    """A line wider than the terminal wraps, and every tick then draws the bar again below itself: what
    is under way is cut short, counted in columns (a Japanese character takes two)."""
    import os as os_module

    from tabletop.text_width import display_width

    monkeypatch.setattr("shutil.get_terminal_size", lambda *a, **k: os_module.terminal_size((60, 20)))
    out = Terminal()
    with Progress(5, "フォントを準備中", out=out, delay=0) as progress:
        progress.begin("12 秒　Regular：太さを適用中、Bold：書き出し中")
        progress.advance()
        progress.begin("3 秒")
        drawn = [line.rstrip() for line in out.getvalue().replace("\x1b[K", "").replace("\x1b[?25l", "").split("\r")
                 if line.strip()]
    assert any("1/5  12 秒　Re" in line and line.endswith("…") for line in drawn)
    assert any(line.endswith("1/5  3 秒") for line in drawn)  # a short item whole
    assert drawn and all(display_width(line) < 60 for line in drawn), [display_width(line) for line in drawn]
