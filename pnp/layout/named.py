"""Named layouts a deck file chooses by name and configures with data: the boxes of a face, which
fields each box prints by default, how each field looks, and the artwork under the text.

Each layout's boxes and looks are data, `templates/layouts/NAME.toml`, written in the keys of a deck
file (the built-in inserts and LIAR MAFIA's halves use the same boxes). A deck's own `[boxes]` and
`[fields]` go over them. A field prints as one paragraph in a style of the field's own name, so
`[fields.title] size = 12` changes the title wherever it stands.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal

from pnp.geometry import Size
from pnp.layout.boxplace import BoxLook, PlaceOptions, resolve
from pnp.layout.decor import centre_line, chip_disc, framed_panel, plain_back
from pnp.layout.facelayout import FaceLayout, box_specs, face_size, file_layout, file_styles, layout_file
from pnp.layout.keys import INK, LayoutFile, LayoutOptions
from pnp.text.fit import TextStyle
from tabletop.record import Record

Kind = Literal["inserts", "cards", "chips", "sheet"]
FRAME = "#3a4a5c"  # a card's frame when neither the deck nor the card's suit gives one

# Fields a deck does not map to a column: made from the others.
INDEX = "index"  # the rank and the suit's symbol on one line, in the suit's colour (♥A)
DERIVED = (INDEX,)


class NamedLayout(Record):
    """A layout a deck chooses by name: its boxes, their default fields and the fields' looks come
    from its layout file (`templates/layouts/`, in a deck file's own keys); the artwork and how the
    pieces are made are its own."""
    name: str
    kind: Kind
    decor: Callable[[Size, str | None], tuple] = lambda size, colour: ()  # artwork under a face's text
    back_decor: Callable[[Size, str], tuple] | None = None  # artwork of the deck's back (None: no backs)
    colour_fields: tuple[str, ...] = ("rank", "suit", INDEX)  # printed in the card's suit colour
    icon_field: str | None = None  # the card's rank and suit symbol stand before this field, in the suit's colour

    @property
    def flowing(self) -> bool:
        """A table that runs from page to page, not a face of boxes."""
        return self.kind == "sheet"

    def file(self, opts: LayoutOptions) -> LayoutFile:
        return layout_file(f"{self.name}-{opts.style}" if self.name == "insert" else self.name)

    def boxes(self, opts: LayoutOptions) -> dict[str, tuple[str, ...]]:
        """Each box and the fields it prints by default."""
        return {box: tuple(spec.fields or ()) for box, spec in self.file(opts).boxes.items()}

    def styles(self, opts: LayoutOptions) -> dict[str, TextStyle]:
        """Each field's look unless the deck says otherwise."""
        return file_styles(self.file(opts))

    def body_style(self, opts: LayoutOptions) -> TextStyle:
        """The look of a field the layout knows nothing about (a column the deck adds to a box)."""
        return self.styles(opts).get("body", TextStyle(9))

    def looks(self, size: Size, opts: LayoutOptions) -> tuple[Size, dict[str, BoxLook]]:
        """The face's size and each box on it."""
        file = self.file(opts)
        face = face_size(file, size)
        return face, {box: resolve(spec, face, None, f"boxes.{box}", self.kind == "chips")
                      for box, spec in file.boxes.items()}

    def looks_with(self, size: Size, opts: LayoutOptions,
                   places: Mapping[str, PlaceOptions]) -> tuple[Size, dict[str, BoxLook]]:
        """The face's size and every box on it with a deck's own `[boxes.NAME]` over them: the layout's
        boxes in its order, then the deck's new ones."""
        face, looks = self.looks(size, opts)
        for name, spec in places.items():
            looks[name] = resolve(spec, face, looks.get(name), f"boxes.{name}", self.kind == "chips")
        return face, looks

    def geometry(self, size: Size, opts: LayoutOptions) -> FaceLayout:
        face, looks = self.looks(size, opts)
        return FaceLayout(face, {box: box_specs(look) for box, look in looks.items()}, {})


def _framed(size: Size, colour: str | None) -> tuple:
    return framed_panel(size, colour or FRAME)


LAYOUTS: dict[str, NamedLayout] = {layout.name: layout for layout in (
    NamedLayout("insert", "inserts"),
    NamedLayout("card", "cards", _framed, plain_back, icon_field="title"),
    NamedLayout("halves", "cards", lambda size, colour: _framed(size, colour) + (centre_line(size, colour or FRAME),),
                plain_back),
    NamedLayout("chip", "chips", lambda size, colour: chip_disc(size, colour or INK, cut=True),
                lambda size, colour: chip_disc(size, colour, cut=False)),
    NamedLayout("blank", "cards", back_decor=plain_back),
    NamedLayout("sheet", "sheet"),
)}


def back_layout(size: Size) -> FaceLayout:
    """The deck's back: its words once in the middle, the same box as the built-in games' plain backs."""
    return file_layout("title-back", size)


BACK_STYLE = TextStyle(14, bold=True, align="center", leading=1.15, color="#ffffff")
