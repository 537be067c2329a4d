"""From an asset spec to assets `pnp build` runs: the spec's for-clauses, expressions and text
templates evaluated over the loaded model, per item, into the pieces, faces and contexts that
`pieces.py` (inserts, cards, chips) and `sheet.py` lay out."""
from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.assets.cardfaces import Face, face_layout
from pnp.assets.common import card_size
from pnp.assets.pieces import Cards, Inserts, Piece, PieceSet, Words
from pnp.assets.sheet import SummarySheet
from pnp.assets.spec import AssetSpec, FaceSpec, GameSpec
from pnp.base import Options, PrintedGame
from pnp.geometry import Size
from pnp.layout.decor import ART
from pnp.text import content
from tabletop.data.errors import DataError
from tabletop.data.load import game_file
from tabletop.i18n import _, current, listing
from tabletop.record import replace

if TYPE_CHECKING:
    import jinja2

_FOR = re.compile(r"^\s*(\w+(?:\s*,\s*\w+)*)\s+in\s+(.+?)\s*$", re.S)


@lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    return content.environment()


def _jinja2():
    import jinja2  # when a print file's expression is first evaluated: a no-op build never needs it

    return jinja2


@cache
def _expression(source: str) -> Callable[..., Any]:
    return _env().compile_expression(source, undefined_to_none=False)


@cache
def _text(source: str) -> jinja2.Template:
    return _env().from_string(source)


class Scope:
    """What a print file's expressions see: the model as `game`, `lang`, `t`, the game's `values`,
    its words as `w`, and the loop variables of the item at hand. Errors name the print file and key."""

    def __init__(self, spec: GameSpec, file: Path, model: Any, opts: Options):
        self.file = file
        self.model, self.values = model, spec.values
        self.vars = {"game": model, "lang": opts.lang, "t": lambda text: text(opts.lang),
                     "enumerate": enumerate, **spec.values}
        if spec.words:
            self.vars["w"] = Words(spec.words, opts.lang)

    def _fail(self, error: Exception, where: str) -> DataError:
        return DataError(_("cannot evaluate: {error}").format(error=error), file=self.file, where=where)

    def value(self, source: str, where: str, item: dict[str, Any]) -> Any:
        try:
            result = _expression(source)(**self.vars, **item)
            if isinstance(result, _jinja2().Undefined):
                str(result)  # a strict undefined raises, saying which name or attribute is missing
            return result
        except (_jinja2().TemplateError, TypeError, AttributeError, KeyError, ValueError) as e:
            raise self._fail(e, where) from None

    def text(self, source: str, where: str, item: dict[str, Any]) -> str:
        try:
            from markupsafe import Markup

            return Markup(_text(source).render(**self.vars, **item)).unescape()
        except (_jinja2().TemplateError, TypeError, AttributeError, KeyError, ValueError) as e:
            raise self._fail(e, where) from None

    def items(self, each: str | None, then: str | None, where: str) -> Iterator[dict[str, Any]]:
        """Every combination of the group's loop variables (one empty item without `each`)."""
        def loop(clause: str | None, key: str, outer: dict[str, Any]) -> Iterator[dict[str, Any]]:
            if clause is None:
                yield outer
                return
            m = _FOR.match(clause)
            if not m:
                raise DataError(_("must read 'NAME in EXPRESSION'"), file=self.file, where=f"{where}.{key}")
            names = [n.strip() for n in m.group(1).split(",")]
            for value in self.value(m.group(2), f"{where}.{key}", outer):
                values = (value,) if len(names) == 1 else tuple(value)
                yield dict(outer, **dict(zip(names, values)))

        for outer in loop(each, "each", {}):
            yield from loop(then, "then", outer)

    def context(self, face: FaceSpec, where: str, item: dict[str, Any]) -> dict[str, Any]:
        """What a template sees besides `lang` and `t`: the model, the values and the face's context."""
        return {"game": self.model, **self.values,
                **{name: self.value(source, f"{where}.context.{name}", item) for name, source in face.context.items()}}

    def face(self, face: FaceSpec, size: Size, where: str, item: dict[str, Any]) -> Face:
        template = self.text(face.template, f"{where}.template", item) if face.template else None
        return Face(template, face.layout, self.context(face, where, item), self.decor(face, size, where, item))

    def decor(self, face: FaceSpec, size: Size, where: str, item: dict[str, Any]) -> tuple:
        art: tuple = ()
        for n, entry in enumerate(face.decor):
            here = f"{where}.decor[{n}]"
            params = {k: self.text(v, f"{here}.{k}", item) if isinstance(v, str) else v
                      for k, v in entry.items() if k != "art"}
            draw = ART.get(entry.get("art", ""))
            if draw is None:
                raise DataError(_("unknown art {art!r} (known: {known})").format(
                    art=entry.get("art"), known=listing(ART)),
                                file=self.file, where=f"{here}.art")
            takes = [p for p in inspect.signature(draw).parameters if p != "size"]
            unknown = sorted(set(params) - set(takes))
            if unknown:
                raise DataError(_("{art} takes {takes}, not {key!r}").format(
                    art=entry["art"], takes=listing(takes), key=unknown[0]),
                                file=self.file, where=f"{here}.{unknown[0]}")
            try:
                inspect.signature(draw).bind(size, **params)
                art += draw(size, **params)
            except (TypeError, ValueError) as e:
                raise DataError(_("{art}: {reason}").format(art=entry["art"], reason=e), file=self.file,
                                where=here) from None
        return art


def _require(spec: GameSpec, name: str, asset: AssetSpec, model: Any, opts: Options) -> None:
    for key in asset.requires:
        if getattr(model, key, None) is None:
            raise DataError(_("the {name} asset ({label}) needs the [{key}] table").format(
                name=name, label=asset.label.get(current(), asset.label["en"]), key=key),
                            file=game_file(spec.game, opts.cards_dir), where=key)


def _pieces(spec: GameSpec, file: Path, name: str, asset: AssetSpec) -> Callable[[Any, Options, Size], PieceSet]:
    def make(model: Any, opts: Options, size: Size) -> PieceSet:
        _require(spec, name, asset, model, opts)
        scope = Scope(spec, file, model, opts)
        backs = {}
        for g, back_group in enumerate(asset.backs):
            where = f"assets.{name}.backs[{g}]"
            for item in scope.items(back_group.each, back_group.then, where):
                backs[scope.text(back_group.key, f"{where}.key", item)] = scope.face(back_group.face, size, where, item)
        pieces = []
        for g, group in enumerate(asset.pieces):
            where = f"assets.{name}.pieces[{g}]"
            for item in scope.items(group.each, group.then, where):
                piece_id = scope.text(group.id, f"{where}.id", item)
                back = scope.text(group.back, f"{where}.back", item) if group.back else None
                if back is not None and back not in backs:
                    raise DataError(_("no back has key {key!r} (piece {piece}; backs: {known})").format(
                        key=back, piece=piece_id, known=listing(backs) or _("none")),
                                    file=file, where=f"{where}.back")
                label = scope.text(group.name, f"{where}.name", item) if group.name else ""
                data = scope.text(group.where, f"{where}.where", item) if group.where else ""
                pieces.append(Piece(piece_id, scope.face(group.face, size, where, item), back, label, data))
        # An overlay insert is narrower than the card it covers: the sheet holds pieces of its size.
        piece_size = face_layout(asset.pieces[0].layout, size, opts.style).size
        return PieceSet(piece_size, pieces, backs, asset.gutter, asset.guides)
    return make


def _sheet_context(spec: GameSpec, file: Path, name: str, asset: AssetSpec) -> Callable[[Any, Options], dict]:
    def context(model: Any, opts: Options) -> dict[str, Any]:
        _require(spec, name, asset, model, opts)
        scope = Scope(spec, file, model, opts)
        return dict(scope.context(FaceSpec(context=asset.context), f"assets.{name}", {}), t=scope.vars["t"])
    return context


def _chip_size(opts: Options) -> Size:
    return Size(opts.chip_diameter, opts.chip_diameter)


def make_asset(spec: GameSpec, file: Path, name: str, asset: AssetSpec):
    if asset.kind == "sheet":
        assert asset.template is not None  # the print file's check refuses a sheet without one
        return SummarySheet(name, asset.label, asset.template, _sheet_context(spec, file, name, asset))
    kind = Inserts if asset.kind == "inserts" else Cards
    if asset.size == "chip":
        return kind(name, asset.label, _pieces(spec, file, name, asset), _chip_size, piece="chip")
    return kind(name, asset.label, _pieces(spec, file, name, asset), card_size)


def make_game(spec: GameSpec, file: Path, load: Callable[[Path | None], Any]) -> PrintedGame:
    def warnings(model: Any, opts: Options) -> tuple[str, ...]:
        # A warning is said to the user: its `lang` is the user's language, not the PDF's.
        if spec.warning is None:
            return ()
        said = replace(opts, lang=current())
        line = Scope(spec, file, model, said).value(spec.warning, "warning", {})
        return (line,) if line else ()

    return PrintedGame(id=spec.game, title=spec.title, load=load,
                assets={name: make_asset(spec, file, name, a) for name, a in spec.assets.items()},
                warnings=warnings if spec.warning else None)
