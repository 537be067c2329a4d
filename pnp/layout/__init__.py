"""Layout: where things go on a face and how they look. The keys a deck file and a layout file are
written in (`keys.py`, with the values a card's data chooses and boxes placed by data), face layouts
and their text styles, the built-in games' layouts, the named layouts a deck chooses
(`templates/layouts/*.toml`), and the artwork and shapes drawn under the text."""
