"""pnp: print-and-play PDFs from the games' data and from designers' own decks.

The package is in rooms, one folder a concern, each importing only the rooms below it (the order is
in docs/architecture.md and pyproject.toml, kept by tests/project/test_layers.py): cli, export, build, deck,
assets, layout, sheets, base.py, text, fonts, and geometry.py and reportlab_internals.py at the
bottom."""
