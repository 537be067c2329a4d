"""A deck's icons in text (`[icons]`): `:name:` in any text prints the icon inline, at the size of the
text around it and on its baseline. An icon is a picture in the deck's folder or a glyph (in a font
of its own). `\\:` prints a colon that starts no marker. Only a deck with an `[icons]` table reads
markers, so "10:30:00" in a deck without one prints as typed.

A picture becomes an inline `<img>` of the paragraph markup, prepared once (`images.prepare`, at the
deck's largest text size) and sized to its run's font size when the paragraph is parsed
(`fallback.py`), so line breaking, kinsoku and shrinking to fit treat it as one character and scale
it with the text. A glyph becomes a run in its font, which the deck's chain carries after the kit's
fonts (it draws nothing else the other fonts have)."""
from __future__ import annotations

import html
import re
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from pnp.fonts.fontset import FontSpec, regular_name
from pnp.geometry import to_mm
from pnp.layout.keys import IconOptions
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _, listing
from tabletop.record import Record

NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
MARKER = re.compile(r"\\:|:(" + NAME.pattern + r"):")
_TAG = re.compile(r"(<[^>]*>)")


class Icon(Record):
    name: str
    file: str | None = None  # relative to the deck's folder
    glyph: str | None = None
    font: FontSpec | None = None


def read_icons(folder: Path, given: dict[str, str | IconOptions], font_path) -> dict[str, Icon]:
    """The `[icons]` table checked: names, files inside the folder and readable, one of file or
    glyph. Every bad icon is reported at once. `font_path(name, where)` resolves a font entry."""
    from pnp.deck.read.imagefiles import checked_path
    from pnp.sheets.images import ImageError, picture_size

    icons, errors = {}, []
    for name, entry in given.items():
        entry = IconOptions(file=entry) if isinstance(entry, str) else entry
        where = f"icons.{name}"
        try:
            if not NAME.fullmatch(name):
                raise DataError(_("an icon's name is letters, digits, - and _ (it is written :name: in text)"),
                                where=where)
            if (entry.file is None) == (entry.glyph is None):
                raise DataError(_("an icon is a picture (file = \"…\") or a glyph (glyph = \"★\"), one of them"),
                                where=where)
            if entry.file is not None:
                if entry.font is not None:
                    raise DataError(_("font is for a glyph icon, not a picture"), where=f"{where}.font")
                path = checked_path(folder, entry.file, partial(DataError, where=where))
                try:
                    picture_size(folder / path)
                except ImageError as e:
                    raise DataError(_("picture {path!r}: {problem}").format(path=path, problem=e),
                                    where=where) from None
                icons[name] = Icon(name, file=path)
            elif entry.glyph is not None:  # the one of the two, as checked above
                if not entry.glyph.strip():
                    raise DataError(_("an icon's glyph is a character or a few"), where=f"{where}.glyph")
                font = FontSpec(font_path(entry.font, f"{where}.font")) if entry.font else None
                icons[name] = Icon(name, glyph=entry.glyph, font=font)
        except DataError as e:
            errors.append(e)
    DataErrors.raise_all(errors)
    return icons


def unknown(text: str, icons: dict[str, Icon]) -> list[str]:
    """The names of markers in `text` that are not icons of the deck."""
    return list(dict.fromkeys(m.group(1) for m in MARKER.finditer(text) if m.group(1) and m.group(1) not in icons))


def unknown_error(names: Iterable[str], icons: dict[str, Icon]) -> str:
    names = list(names)
    return _("no icon {names} in [icons] (icons: {known}; write \\: for a colon)").format(
        names=listing(f":{n}:" for n in names), known=listing(f":{n}:" for n in icons) or _("none"))


def expand(markup: str, markups: dict[str, str]) -> str:
    """Paragraph markup with each marker in its text (not in its tags) replaced by its icon's markup
    and each `\\:` by a colon. A marker not in `markups` stays as written (the deck was checked)."""
    if not markups:
        return markup

    def one(m: re.Match) -> str:
        return ":" if not m.group(1) else markups.get(m.group(1), m.group(0))

    return "".join(part if part.startswith("<") else MARKER.sub(one, part) for part in _TAG.split(markup))


def fonts(icons: dict[str, Icon]) -> tuple[FontSpec, ...]:
    """The glyph icons' own fonts, for the end of the deck's chain."""
    return tuple(dict.fromkeys(icon.font for icon in icons.values() if icon.font))


def markups(icons: dict[str, Icon], folder: Path, largest: float, dpi: int) -> dict[str, str]:
    """Each icon's paragraph markup. A picture is prepared for `largest` pt (the deck's largest text),
    at `dpi`, and sized to its text by the paragraph (`fallback.py`)."""
    from pnp.sheets.images import Align, cache_dir, place, prepare, read_source

    out = {}
    for name, icon in icons.items():
        if icon.file is not None:
            source, data = read_source(folder / icon.file)
            w, h = source.size
            height = to_mm(largest)
            placement = place(w, h, height * w / h, height, "fit", Align())
            file = prepare(source, data, placement, dpi, cache_dir())
            out[name] = f'<img src="{html.escape(str(file))}"/>'
        elif icon.glyph is not None:
            glyph = html.escape(icon.glyph, quote=False)
            out[name] = f'<font face="{regular_name(icon.font)}">{glyph}</font>' if icon.font is not None else glyph
    return out
