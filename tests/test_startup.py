"""A warm `pnp build` loads only what building needs: not fontTools (the font's facts are cached),
not PDFium (only previews and exports rasterise)."""
import subprocess
import sys

SPY = ("import atexit, sys; "
       "atexit.register(lambda: print(' '.join(sorted(m for m in ('fontTools', 'pypdfium2') if m in sys.modules)),"
       " file=sys.stderr)); "
       "from pnp.cli import main; sys.argv[0] = 'pnp'; main()")


def _loaded(tmp_path, *args) -> str:
    run = subprocess.run([sys.executable, "-c", SPY, *args, "--out", str(tmp_path)], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    return run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ""


def test_a_warm_build_loads_neither_fonttools_nor_pdfium(tmp_path):
    build = ("build", "hitmans-showdown", "--asset", "inserts", "--lang", "ja")
    _loaded(tmp_path, *build)  # the first run may find the font's facts (or make its instances)
    assert _loaded(tmp_path, *build, "--force") == ""
    assert _loaded(tmp_path, *build) == ""  # nothing to do: up to date


def test_a_preview_still_rasterises(tmp_path):
    assert "pypdfium2" in _loaded(tmp_path, "preview", "hitmans-showdown", "inserts", "--dpi", "30")
