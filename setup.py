"""Packaging glue that pyproject.toml cannot express alone.

cards/ and templates/ (with each game's print.toml) stay at the repository top (the one source of
truth) and ship inside the wheel as `tabletop.data.cards` and `tabletop.data.templates`, so both
commands work from any directory; examples/ ships as `pnp.example_decks`, which `pnp examples` copies
out; the phone app (`companion/app/`, plain files, no Python) ships inside `companion`. The message
catalogs (`tabletop/locale/*/LC_MESSAGES/*.po`) are compiled to `.mo` here, at build and install time
(in place for an editable install), so no compiled file is kept in git.
"""
import os
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).resolve().parent / "tabletop" / "locale"


class build_py_with_catalogs(build_py):
    def run(self):
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in LOCALE.glob("*/LC_MESSAGES/*.po"):
            with po.open("rb") as f:
                catalog = read_po(f)
            # written beside and renamed into place: the kit already running from this checkout (an editable
            # install) reads the old catalog or the new one, never half of one
            part = po.with_suffix(f".{os.getpid()}.mo")
            with part.open("wb") as f:
                write_mo(f, catalog)
            os.replace(part, po.with_suffix(".mo"))
        super().run()


setup(
    cmdclass={"build_py": build_py_with_catalogs},
    packages=find_packages(include=["tabletop", "tabletop.*", "pnp", "pnp.*", "companion", "companion.*"])
    + ["tabletop.data.cards", "tabletop.data.templates", "pnp.example_decks"],
    package_dir={"tabletop.data.cards": "cards", "tabletop.data.templates": "templates",
                 "pnp.example_decks": "examples"},
    package_data={"tabletop.data.cards": ["*.toml"],
                  "tabletop.data.templates": ["*.j2", "**/*.j2", "*/print.toml", "layouts/*.toml"],
                  "pnp.example_decks": ["*.md", "*/*.csv", "*/*.xlsx", "*/*.toml", "*/*.j2", "*/*.py",
                                        "*/art/*", "*/icons/*", "*/backs/*"],
                  "tabletop": ["locale/*/LC_MESSAGES/*.po", "locale/*/LC_MESSAGES/*.mo"],
                  "pnp": ["profiles/*.icc", "profiles/README.md"],
                  # the phone app's files (pages, engines, data, words, icons, the vendored QR encoder):
                  # `companion app export` copies them out and `companion serve` serves them
                  "companion": ["app/*.*", "app/**/*"]},
)
