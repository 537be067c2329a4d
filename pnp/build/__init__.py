"""Building: one asset made in memory (`make.py`), the cache that skips an asset whose inputs did
not change and writes the rest atomically, and `pnp watch`'s rebuilds at every save with the preview
page it serves."""
