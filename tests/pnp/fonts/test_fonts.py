"""Fonts: where the cache lives, static instances made once with their own names, failures."""
import io
import threading
from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_v_a_r import TupleVariation

from pnp.fonts import fontset as fonts
from tabletop.data.errors import DataError


def _bar(width):
    pen = TTGlyphPen(None)
    pen.moveTo((100, 0)), pen.lineTo((100 + width, 0)), pen.lineTo((100 + width, 700)), pen.lineTo((100, 700))
    pen.closePath()
    return pen.glyph()


@pytest.fixture
def variable_font(tmp_path):
    """A one-glyph variable TrueType font whose stem widens with wght (like Noto Sans JP)."""
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({ord("A"): "A"})
    fb.setupGlyf({".notdef": _bar(100), "A": _bar(100)})
    fb.setupHorizontalMetrics({".notdef": (500, 100), "A": (500, 100)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Tiny", "styleName": "Thin"})
    fb.setupOS2()
    fb.setupPost()
    fb.setupFvar([("wght", 100, 100, 900, "Weight")], [])
    deltas = [(0, 0), (200, 0), (200, 0), (0, 0)] + [(0, 0)] * 4  # 4 points + 4 phantom points
    fb.setupGvar({"A": [TupleVariation({"wght": (0, 1.0, 1.0)}, deltas)]})
    buf = io.BytesIO()
    fb.save(buf)
    path = tmp_path / "Tiny[wght].ttf"
    path.write_bytes(buf.getvalue())
    return path


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv(fonts.CACHE_ENV, str(folder))
    return folder


def _stem(path):
    font = TTFont(path)
    pen = BoundsPen(font.getGlyphSet())
    font.getGlyphSet()["A"].draw(pen)
    return pen.bounds[2] - pen.bounds[0]


def test_cache_dir_follows_env_then_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.delenv(fonts.CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert fonts.cache_dir() == tmp_path / "xdg" / "tabletop-kit" / "fonts"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert fonts.cache_dir() == tmp_path / "home" / ".cache" / "tabletop-kit" / "fonts"
    monkeypatch.setenv(fonts.CACHE_ENV, str(tmp_path / "mine"))
    assert fonts.cache_dir() == tmp_path / "mine"


def test_variable_font_is_instanced_once_with_distinct_names(variable_font, cache):
    assert fonts.needs_instancing(str(variable_font))
    paths = fonts.static_instances(variable_font)
    assert all(p.is_file() for p in fonts.instance_paths(variable_font).values())  # made once
    assert {p.parent for p in paths.values()} == {cache}
    regular, bold = TTFont(paths["regular"]), TTFont(paths["bold"])
    assert "fvar" not in regular and "fvar" not in bold
    assert (regular["OS/2"].usWeightClass, bold["OS/2"].usWeightClass) == (400, 700)
    assert regular["name"].getDebugName(6) == "Tiny-Regular"
    assert bold["name"].getDebugName(6) == "Tiny-Bold"
    assert _stem(paths["regular"]) == pytest.approx(100 + 200 * 300 / 800, abs=1)
    assert _stem(paths["bold"]) == pytest.approx(100 + 200 * 600 / 800, abs=1)
    stamps = {s: p.stat().st_mtime_ns for s, p in paths.items()}
    assert fonts.static_instances(variable_font) == paths
    assert {s: p.stat().st_mtime_ns for s, p in paths.items()} == stamps  # not made again


def test_concurrent_first_runs_agree(variable_font, cache):
    results = []
    threads = [threading.Thread(target=lambda: results.append(fonts.static_instances(variable_font)))
               for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3 and all(r == results[0] for r in results)
    for path in results[0].values():
        TTFont(path)  # complete, readable fonts
    assert not list(cache.glob("*.tmp"))


def test_interrupted_instancing_leaves_nothing_behind(variable_font, cache, monkeypatch):
    def boom(source, style, *steps):
        raise KeyboardInterrupt

    monkeypatch.setattr(fonts, "_instance_bytes", boom)
    with pytest.raises(KeyboardInterrupt):
        fonts.static_instances(variable_font)
    assert not list(cache.glob("*.ttf")) and not list(cache.rglob("*.tmp"))  # only the font's facts are kept


def test_static_font_is_used_as_is(tmp_path):
    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    assert fonts.static_instances(vera) == {"regular": vera, "bold": vera}
    assert not fonts.needs_instancing(str(vera))


def test_non_truetype_fonts_are_refused(tmp_path):
    fake = tmp_path / "font.otf"
    fake.write_bytes(b"OTTO" + bytes(100))
    with pytest.raises(DataError, match="font"):
        fonts.load_fonts(str(fake))
    with pytest.raises(DataError, match="not found"):
        fonts.load_fonts(str(tmp_path / "missing.ttf"))


def test_bundled_fonts_are_two_faces_covering_japanese_and_suits():
    from reportlab.pdfbase import pdfmetrics

    found = fonts.load_fonts()
    regular, bold = pdfmetrics.getFont(found.regular), pdfmetrics.getFont(found.bold)
    assert regular.face is not bold.face
    assert regular.face.name != bold.face.name
    assert found.missing("ヒットマンズ・ショーダウン ♥♦♣♠♡◇★☆▲ 報酬金 ≥ −") == []


def test_a_user_font_gets_the_same_name_in_every_run():
    """The registered name goes into the PDF: it must not depend on the process's hash seed."""
    import os
    import subprocess
    import sys

    import reportlab

    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    code = f"from pnp.fonts.fontset import load_fonts; print(load_fonts({str(vera)!r}).regular)"
    names = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")}
    assert len(names) == 1, names


def test_both_weights_are_made_side_by_side_and_said_while_waiting(variable_font, cache, monkeypatch):
    monkeypatch.setattr(fonts.os, "cpu_count", lambda: 2)
    seen = []
    paths = fonts.static_instances(variable_font, seen.append)
    assert seen[0] == {"regular": 0, "bold": 0}  # both under way at once
    assert seen[-1] == {"regular": 2, "bold": 2}
    assert all(a[style] <= b[style] for a, b in zip(seen, seen[1:]) for style in a)  # never back
    assert all(p.is_file() for p in paths.values())
    assert _stem(paths["bold"]) > _stem(paths["regular"])


def test_each_step_of_each_weight_is_reported_as_it_is_done(variable_font, cache, monkeypatch):
    """The first run's bar moves with the work: a weight's deltas applied, then its glyphs written."""
    monkeypatch.setattr(fonts.os, "cpu_count", lambda: 1)
    seen = []
    fonts.static_instances(variable_font, seen.append)
    assert [dict(s) for s in dict.fromkeys(tuple(s.items()) for s in seen)] == [
        {"regular": 0, "bold": 0}, {"regular": 1, "bold": 0}, {"regular": 2, "bold": 0},
        {"regular": 2, "bold": 1}, {"regular": 2, "bold": 2}]


def test_a_worker_tells_its_queue_each_step(variable_font, cache, monkeypatch):
    """In a worker process the steps go on the queue the waiting process reads."""
    told = []

    class Queue:
        put = told.append

    monkeypatch.setattr(fonts, "_worker_steps", Queue())
    fonts.make_instance(variable_font, "bold", cache / "bold.ttf")
    assert told == [("bold", 1), ("bold", 2)] and (cache / "bold.ttf").is_file()


def test_the_first_run_prepares_the_fonts_before_any_pdf_is_built_or_timed(variable_font, cache, monkeypatch):
    from click.testing import CliRunner

    import pnp.cli.main
    from pnp.base import BuildError

    asked = []

    def build_pdf(job, opts, model):
        asked.append(fonts.needs_instancing(opts.font))
        raise BuildError("stopped here")

    monkeypatch.setattr(pnp.cli.main, "build_pdf", build_pdf)
    result = CliRunner().invoke(pnp.cli.main.main, ["build", "kill-shot", "--asset", "summary", "--lang", "en",
                                               "--font", str(variable_font), "--out", str(cache.parent / "out")])
    assert asked == [False], result.output  # the instances were there before the first PDF's clock started
    assert "First run: making static Regular and Bold fonts from the variable font Tiny[wght].ttf" in result.output
    assert "Fonts ready in" in result.output
    again = CliRunner().invoke(pnp.cli.main.main, ["build", "kill-shot", "--asset", "summary", "--lang", "en",
                                              "--font", str(variable_font), "--out", str(cache.parent / "out")])
    assert "First run" not in again.output and "Fonts ready" not in again.output


def test_the_first_runs_bar_counts_the_steps_at_a_terminal_and_nothing_is_drawn_when_piped(
        variable_font, cache, monkeypatch):
    """The first run's bar moves as each weight is instanced and written, says which step each is at
    and how long it has been; piped, only the two lines around the work."""
    import io
    import sys

    import pnp.fonts.firstrun
    import tabletop.progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(fonts.os, "cpu_count", lambda: 1)
    monkeypatch.setattr(tabletop.progress, "DELAY", 0)
    monkeypatch.setattr(pnp.fonts.firstrun, "sources_to_instance", lambda font, chain: [variable_font])
    # ReportLab's reading: not this font's
    monkeypatch.setattr(pnp.fonts.firstrun, "load_fonts", lambda font, chain: None)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    pnp.fonts.firstrun.prepare_fonts(str(variable_font))
    drawn = terminal.getvalue()
    positions = [drawn.index(f"{n}/5") for n in range(6)]
    assert positions == sorted(positions)  # 0/5 … 5/5, in order
    assert "Regular: instancing" in drawn and "Bold: writing" in drawn and "reading them for ReportLab" in drawn
    assert drawn.startswith("First run: making static Regular and Bold") and "Fonts ready in" in drawn

    for path in cache.glob("*.ttf"):
        path.unlink()
    piped = io.StringIO()
    monkeypatch.setattr(sys, "stderr", piped)
    pnp.fonts.firstrun.prepare_fonts(str(variable_font))
    lines = piped.getvalue().splitlines()
    assert len(lines) == 2 and lines[0].startswith("First run:") and lines[1].startswith("Fonts ready in")
