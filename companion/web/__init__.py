"""`companion serve`: the table companion in a browser (see docs/web.md)."""
