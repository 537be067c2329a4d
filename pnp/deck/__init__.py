"""A designer's own deck (`pnp build PATH`, docs/decks.md): `read/` reads and checks the deck file,
its spreadsheet and everything they name before anything is drawn; `draw/` makes the deck a game
with one asset, laid out, imposed and drawn by the same code as the built-in games'; `starter.py`
writes a new deck to start from."""
