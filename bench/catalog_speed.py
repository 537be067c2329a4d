"""What the message catalog costs: loading the Japanese catalog, `pnp --help` in each language, and
the catalog check the tests run.

    python bench/catalog_speed.py

The catalog is compiled (.mo) at install; a checkout whose .po was edited since reads the .po
itself, which costs a parse. `pnp --help` is timed as a user runs it (a fresh process, best and
median of 9, the languages taking turns). Target: the Japanese help no more than 0.1 s slower than the English.
"""
from __future__ import annotations

import io
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tabletop import catalog, i18n

PNP = Path(sys.executable).with_name("pnp")
PO = i18n.LOCALE_DIR / "ja" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
TARGET_EXTRA_SECONDS = 0.1


def best_and_median(run, times: int = 9) -> tuple[float, float]:
    walls = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        walls.append(time.perf_counter() - start)
    return min(walls), statistics.median(walls)


def main() -> None:
    with PO.open("rb") as f:
        messages = len(read_po(f))
    mo = io.BytesIO()
    with PO.open("rb") as f:
        write_mo(mo, read_po(f))
    print(f"Japanese catalog: {messages} messages, .po {PO.stat().st_size // 1024} KB, "
          f".mo {len(mo.getvalue()) // 1024} KB")
    from_po = best_and_median(lambda: i18n._compiled_from_po(PO), 5)
    print(f"load from the .po (an edited checkout): best {from_po[0] * 1000:.1f} ms, median {from_po[1] * 1000:.1f} ms")
    from gettext import GNUTranslations
    from_mo = best_and_median(lambda: GNUTranslations(io.BytesIO(mo.getvalue())), 20)
    print(f"load from the .mo (installed): best {from_mo[0] * 1000:.2f} ms, median {from_mo[1] * 1000:.2f} ms")

    from click.testing import CliRunner

    from pnp.cli.main import main as pnp

    for lang in ("en", "ja"):
        shown = best_and_median(
            lambda lang=lang: CliRunner().invoke(pnp, ["build", "--help"], env={i18n.ENV: lang}), 20)
        print(f"render `pnp build --help` in one process ({lang}): best {shown[0] * 1000:.1f} ms, "
              f"median {shown[1] * 1000:.1f} ms")

    # Fresh processes, the two languages taking turns so that other work on the machine weighs on both alike.
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES", i18n.ENV)}
    # CPU time (user + system) moves little when other work shares the cores; wall time does.
    walls: dict[str, list[float]] = {"en": [], "ja": []}
    cpus: dict[str, list[float]] = {"en": [], "ja": []}
    for _ in range(9):
        for lang in walls:
            before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            subprocess.run([str(PNP), "build", "--help"], check=True, capture_output=True, env={**env, i18n.ENV: lang})
            walls[lang].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[lang].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    for lang in walls:
        print(f"pnp build --help ({lang}, fresh process): wall best {min(walls[lang]):.3f} s, median "
              f"{statistics.median(walls[lang]):.3f} s; CPU median {statistics.median(cpus[lang]):.3f} s")
    extra = statistics.median(cpus["ja"]) - statistics.median(cpus["en"])
    print(f"Japanese costs {extra * 1000:+.0f} ms of CPU "
          f"(median against median; target < {TARGET_EXTRA_SECONDS * 1000:.0f} ms)")

    check = best_and_median(catalog.check, 3)
    print(f"catalog check (extract the sources, merge, compare): best {check[0]:.2f} s, median {check[1]:.2f} s")


if __name__ == "__main__":
    main()
