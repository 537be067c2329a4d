"""A warm `pnp build` loads only what building needs: not fontTools (the font's facts are cached),
not PDFium (only previews and exports rasterise), not the export or spreadsheet modules; an
up-to-date build not even Jinja2, Pillow, the deck reader or the other games' data models."""
import subprocess
import sys

WATCHED = ('fontTools', 'pypdfium2', 'jinja2', 'PIL', 'pnp.deck.read.deckfile', 'pnp.deck.read.spreadsheet',
           'pnp.cli.export', 'tabletop.data.hitmans_showdown', 'tabletop.data.terror24', 'tabletop.data.famiglia',
           'tabletop.data.kill_shot', 'tabletop.data.liar_mafia')
SPY = ("import atexit, sys; "
       f"atexit.register(lambda: print(' '.join(sorted(m for m in {WATCHED!r} if m in sys.modules)),"
       " file=sys.stderr)); "
       "from pnp.cli.command import main; sys.argv[0] = 'pnp'; main()")  # what the `pnp` script runs


def _loaded(tmp_path, *args) -> str:
    run = subprocess.run([sys.executable, "-c", SPY, *args, "--out", str(tmp_path)], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    return run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ""


def test_a_warm_build_loads_neither_fonttools_nor_pdfium(tmp_path):
    build = ("build", "hitmans-showdown", "--asset", "inserts", "--lang", "ja")
    _loaded(tmp_path, *build)  # the first run may find the font's facts (or make its instances)
    # A build loads its own game's model and templates; no other game's, no deck reader, no raster.
    assert set(_loaded(tmp_path, *build, "--force").split()) <= {"PIL", "jinja2", "tabletop.data.hitmans_showdown"}
    assert _loaded(tmp_path, *build) == ""  # nothing to do: up to date


def test_a_deck_is_read_by_the_deck_reader(tmp_path):
    deck = tmp_path / "mini.toml"
    deck.write_text('[deck]\nid = "mini"\nlanguages = ["en"]\n\n[layout]\nname = "sheet"\n'
                    'columns = ["title"]\n\n[[cards]]\ntitle = "One"\n', encoding="utf-8")
    assert "pnp.deck.read.deckfile" in _loaded(tmp_path, "build", str(deck)).split()


def test_export_loads_its_modules_when_it_runs(tmp_path):
    loaded = _loaded(tmp_path, "export", "kill-shot", "--target", "png", "--lang", "en").split()
    assert "pnp.cli.export" in loaded and "pypdfium2" in loaded


def test_a_preview_still_rasterises(tmp_path):
    assert "pypdfium2" in _loaded(tmp_path, "preview", "hitmans-showdown", "inserts", "--dpi", "30")
