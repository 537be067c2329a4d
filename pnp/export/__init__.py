"""Raster exports of built assets: per-card images for print services, Tabletop Simulator decks and
contact sheets. Every exporter reads a `BuiltDeck` (regions.py): a built PDF plus where each card's face and
back sit in it, so exports never re-run layout."""
