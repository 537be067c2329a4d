"""Fonts: finding the embedded fonts and their fallback chain, making the static weights on the
first run, and keeping ReportLab's parse of each face in the font cache."""
