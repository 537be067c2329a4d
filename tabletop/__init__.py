"""The room `pnp` and `companion` both stand on: game data models and loaders (`tabletop.data`),
atomic file writes and the one-line crash report."""
