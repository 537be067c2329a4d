"""The asset spec: what a game (or a deck) prints, as plain data (docs/print-assets.md).

A game's print file `templates/<game>/print.toml` is read into a `GameSpec`; `wiring.py` turns a spec
into the assets `pnp build` runs. Expressions and text templates are Jinja2, evaluated per item.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pnp.layout.builtin import CARD_LAYOUTS
from pnp.layout.facelayout import LAYOUTS as INSERT_LAYOUTS
from tabletop.data.errors import DataError
from tabletop.data.load import load
from tabletop.i18n import _, listing
from tabletop.record import Record, field

LANGS = ("ja", "en")


class FaceSpec(Record):
    """One printed side: a template filling a named layout's boxes over named artwork."""
    template: str | None = None  # a text template naming a file under templates/ (none: artwork only)
    layout: str = "insert"
    context: dict[str, str] = field(default_factory=dict)  # name → expression the template sees
    decor: list[dict[str, Any]] = field(default_factory=list)  # [{ art = "frame", color = "{{ c.ink }}" }]


class PieceGroup(Record):
    """Items printed one piece each: `each` (and `then`, nested) are Jinja2 for-clauses
    (`c in game.colours`); `id`, `name` and `back` are text templates evaluated per item."""
    id: str
    each: str | None = None  # none: one item
    then: str | None = None
    name: str | None = None  # what exports call the piece (default: its id)
    template: str | None = None
    layout: str = "insert"
    context: dict[str, str] = field(default_factory=dict)
    decor: list[dict[str, Any]] = field(default_factory=list)
    back: str | None = None  # the key of its back among the asset's backs
    where: str | None = None  # the data it prints, for errors: "cards[{{ card.id }}]" (default: <asset>[<id>])

    @property
    def face(self) -> FaceSpec:
        return FaceSpec(self.template, self.layout, self.context, self.decor)


class BackGroup(Record):
    """Backs printed one per item, each under a key pieces refer to."""
    key: str
    each: str | None = None
    then: str | None = None
    template: str | None = None
    layout: str = "title-back"
    context: dict[str, str] = field(default_factory=dict)
    decor: list[dict[str, Any]] = field(default_factory=list)

    @property
    def face(self) -> FaceSpec:
        return FaceSpec(self.template, self.layout, self.context, self.decor)


class AssetSpec(Record):
    """One asset of a print file: its kind, label and groups, or its sheet template."""
    kind: Literal["inserts", "cards", "sheet"]
    label: dict[str, str]
    pieces: list[PieceGroup] = field(default_factory=list)  # inserts, cards
    backs: list[BackGroup] = field(default_factory=list)  # cards
    template: str | None = None  # sheet
    context: dict[str, str] = field(default_factory=dict)  # sheet
    size: Literal["card", "chip"] = "card"  # cards: --card-size or --chip-diameter
    gutter: float = 0.0  # mm at least between pieces
    guides: Literal["lines", "corners", "none"] | None = None  # overrides --guides (chips: cut on the circle)
    requires: list[str] = field(default_factory=list)  # tables of the model this asset cannot print without


class GameSpec(Record):
    """A game's print file: its title, order in `pnp list`, assets and print values."""
    game: str  # the id of the data it prints (cards/<game>.toml)
    title: dict[str, str]  # in footers and the PDF's title
    order: int  # place in `pnp list`
    assets: dict[str, AssetSpec]
    words: str | None = None  # a template of macros names may use as `w` (w.W("summary"))
    values: dict[str, Any] = field(default_factory=dict)  # fixed print values every expression and template sees
    warning: str | None = None  # an expression: a line every build prints (none when it is empty)


def _check(spec: GameSpec) -> None:
    labels = [("title", spec.title)] + [(f"assets.{n}.label", a.label) for n, a in spec.assets.items()]
    for where, text in labels:
        missing = [lang for lang in LANGS if not text.get(lang)]
        if missing:
            raise DataError(_("needs a {lang} text").format(lang=missing[0]), where=where)
    for name, asset in spec.assets.items():
        if asset.kind == "sheet" and not asset.template:
            raise DataError(_("a sheet needs its template"), where=f"assets.{name}.template")
        if asset.kind != "sheet" and not asset.pieces:
            raise DataError(_("{kind} need [[pieces]]").format(kind=asset.kind), where=f"assets.{name}.pieces")
        known = INSERT_LAYOUTS if asset.kind == "inserts" else CARD_LAYOUTS
        kinds: tuple[tuple[str, Sequence[PieceGroup | BackGroup]], ...] = (
            ("pieces", asset.pieces), ("backs", asset.backs))
        for what, groups in kinds:
            for n, group in enumerate(groups):
                if group.layout not in known:
                    raise DataError(_("{kind} have no layout {layout!r} (known: {known})").format(
                        kind=asset.kind, layout=group.layout, known=listing(known)),
                                    where=f"assets.{name}.{what}[{n}].layout")
        if asset.kind == "inserts":
            if asset.backs:
                raise DataError(_("inserts have no backs"), where=f"assets.{name}.backs")
            for n, group in enumerate(asset.pieces):
                if not group.template:
                    raise DataError(_("an insert needs its template"), where=f"assets.{name}.pieces[{n}].template")
        keys = {b.key for b in asset.backs}
        for n, group in enumerate(asset.pieces):
            if group.back and "{" not in group.back and group.back not in keys:
                raise DataError(_("no back has key {key!r}").format(key=group.back),
                                where=f"assets.{name}.pieces[{n}].back")


def read_game_spec(path: Path) -> GameSpec:
    """A print file, checked: unknown keys, wrong types and missing fields name the file and line."""
    return load(GameSpec, path, _check)
