"""What a card's own data changes on its face: boxes shown only where a condition holds (`when`), a
box's look restyled where one holds (`[[boxes.NAME.restyle]]`), and colours and sizes a cell gives
(`"{column}"` or a value map, layout/values.py) — a box's background, border and border width, a
field's colour and size, the frame's colour.

`split` takes these out of the deck file's tables, so the rest of the reading sees a deck whose
every look is plain (the look of a card whose cells choose nothing), and keeps them as `CardRules`;
`CardRules.look` says, for one card in one language, which boxes it hides and which looks change.
Everything is checked on every card when the deck is read."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.deck.read import cardconditions
from pnp.deck.read.cardconditions import CardCondition
from pnp.layout.keys import DeckFileData, FieldOptions
from pnp.layout.values import (
    Dynamic,
    Unchosen,
    check_all,
    chosen,
    colour_problem,
    column_of,
    is_dynamic,
    resolve_column,
    size_problem,
)
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _, listing
from tabletop.record import Record, field, replace

BOX_KEYS = {"background": "colour", "border": "colour", "border_width": "size"}
FIELD_KEYS = {"color": "colour", "size": "size"}
_PROBLEMS = {"colour": colour_problem, "size": size_problem}


class Restyle(Record):
    condition: CardCondition
    looks: dict[str, Any]  # key → a plain value, or a Dynamic


class CardLook(Record):
    """One card's changes: the boxes it hides, each box's and field's looks, the frame's colour."""
    hidden: frozenset[str] = frozenset()
    boxes: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()  # box → (key, value)…
    fields: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    frame: str | None = None


class CardRules(Record):
    conditions: dict[str, CardCondition] = field(default_factory=dict)  # box → when
    restyles: dict[str, tuple[Restyle, ...]] = field(default_factory=dict)
    boxes: dict[str, dict[str, Dynamic]] = field(default_factory=dict)  # box → key → its Dynamic
    fields: dict[str, dict[str, Dynamic]] = field(default_factory=dict)
    frame: Dynamic | None = None
    columns: dict[str, dict[str, str]] = field(default_factory=dict)  # field → language → column
    numeric: frozenset[str] = frozenset()  # fields typed integer or number

    def __bool__(self) -> bool:
        return bool(self.conditions or self.restyles or self.boxes or self.fields or self.frame)

    def used_columns(self) -> set[str]:
        dynamics = [*(d for keys in self.boxes.values() for d in keys.values()),
                    *(d for keys in self.fields.values() for d in keys.values()),
                    *([self.frame] if self.frame else []),
                    *(v for rs in self.restyles.values() for r in rs for v in r.looks.values()
                      if isinstance(v, Dynamic))]
        conditions = [*self.conditions.values(), *(r.condition for rs in self.restyles.values() for r in rs)]
        read = {column for c in conditions for name in c.names for column in self.columns[name].values()}
        return {d.column for d in dynamics} | read

    def context(self, cells: dict[str, Any], lang: str, row: int, copies: int, text) -> dict[str, Any]:
        """What a condition sees: every field in `lang` (a typed field as a number), row, copies."""
        values: dict[str, Any] = {}
        for name, columns in self.columns.items():
            value = text(cells.get(columns.get(lang, next(iter(columns.values()))), ""))
            if name in self.numeric and value:
                number = float(value.replace(",", ""))
                value = int(number) if number.is_integer() else number
            values[name] = value
        return {**values, "lang": lang, "row": row, "copies": copies}

    def look(self, cells: dict[str, Any], lang: str, row: int, copies: int, text) -> CardLook:
        """The card's changes (cardconditions.Failed or Unchosen when one cannot be made:
        `check` made sure none of a deck read is)."""
        if not self:
            return CardLook()
        context = self.context(cells, lang, row, copies, text) if self.conditions or self.restyles else {}
        hidden = frozenset(box for box, c in self.conditions.items() if not cardconditions.holds(c, context))

        def value(v):
            return chosen(v.value, text(cells.get(v.column, ""))) if isinstance(v, Dynamic) else v

        boxes = {}
        for box, keys in self.boxes.items():
            boxes[box] = {k: value(d) for k, d in keys.items()}
        for box, restyles in self.restyles.items():
            for r in restyles:
                if cardconditions.holds(r.condition, context):
                    boxes[box] = {**boxes.get(box, {}), **{k: value(v) for k, v in r.looks.items()}}
                    break
        fields = {name: {k: value(d) for k, d in keys.items()} for name, keys in self.fields.items()}
        return CardLook(hidden, _pairs(boxes), _pairs(fields), value(self.frame) if self.frame else None)


def _pairs(looks: dict[str, dict[str, Any]]) -> tuple:
    return tuple((name, tuple((k, v) for k, v in keys.items() if v is not None))
                 for name, keys in sorted(looks.items()))


def split(data: DeckFileData) -> tuple[DeckFileData, dict, dict, dict, Any]:
    """The deck file with every look a cell chooses taken out, and those looks: (data, box → key →
    value, field → key → value, box → restyles as written, the frame's value)."""
    boxes, box_values, restyles = {}, {}, {}
    for name, spec in data.boxes.items():
        _check_size(spec.border_width, f"boxes.{name}.border_width")
        dynamic = {k: getattr(spec, k) for k in BOX_KEYS if is_dynamic(getattr(spec, k))}
        if dynamic:
            box_values[name] = dynamic
        if spec.restyle:
            restyles[name] = spec.restyle
        boxes[name] = replace(spec, **dict.fromkeys(dynamic), restyle=[])
    fields, field_values = {}, {}
    for name, given in data.fields.items():
        if isinstance(given, FieldOptions):
            _check_size(given.size, f"fields.{name}.size")
            dynamic = {k: getattr(given, k) for k in FIELD_KEYS if is_dynamic(getattr(given, k))}
            if dynamic:
                field_values[name] = dynamic
                given = replace(given, **dict.fromkeys(dynamic))
        fields[name] = given
    frame = data.layout.frame if is_dynamic(data.layout.frame) else None
    layout = replace(data.layout, frame=None) if frame is not None else data.layout
    return replace(data, boxes=boxes, fields=fields, layout=layout), box_values, field_values, restyles, frame


def _check_size(value: Any, where: str) -> None:
    if isinstance(value, str) and not is_dynamic(value):
        raise DataError(_("a size is a number, a column (\"{{size}}\") or a value map, got {value!r}").format(
            value=value), where=where)


def read_rules(data: DeckFileData, parts, fields: dict, table, text, prefix: str = "") -> CardRules:
    """The rules of a deck file split by `split` (`parts`), every key checked against the columns,
    then every card's conditions and values: one line per problem, all at once."""
    box_values, field_values, restyles, frame = parts
    columns = {name: dict(f.columns) for name, f in fields.items()}

    def dynamic(value: Any, where: str) -> Dynamic:
        name = column_of(value)
        assert name is not None  # asked only of a value that reads a column
        column = resolve_column(name, table.columns, fields)
        if column is None:
            raise DataError(_("no column {column!r} to take the value from (columns: {known})").format(
                column=name, known=listing(table.columns)), where=where)
        return Dynamic(where, value, column)

    boxes = {box: {k: dynamic(v, f"{prefix}boxes.{box}.{k}") for k, v in keys.items()}
             for box, keys in box_values.items()}
    field_dynamics = {name: {k: dynamic(v, f"fields.{name}.{k}") for k, v in keys.items()}
                      for name, keys in field_values.items()}
    frame_dynamic = dynamic(frame, f"{prefix}frame" if prefix else "layout.frame") if frame is not None else None
    conditions = {box: cardconditions.check(spec.when, f"{prefix}boxes.{box}.when", columns)
                  for box, spec in data.boxes.items() if spec.when is not None}
    styled = {}
    for box, entries in restyles.items():
        styled[box] = tuple(_restyle(entry, f"{prefix}boxes.{box}.restyle[{n}]", columns, dynamic)
                            for n, entry in enumerate(entries))
    rules = CardRules(conditions, styled, boxes, field_dynamics, frame_dynamic, columns,
                      frozenset(name for name, f in fields.items() if f.type != "text"))
    _check_cards(rules, table, text)
    return rules


def _restyle(entry, where: str, columns, dynamic: Callable) -> Restyle:
    condition = cardconditions.check(entry.when, f"{where}.when", columns)
    looks = {}
    for key, kind in BOX_KEYS.items():
        value = getattr(entry, key)
        if value is None:
            continue
        if is_dynamic(value):
            looks[key] = dynamic(value, f"{where}.{key}")
        elif (problem := _PROBLEMS[kind](value)) is not None:
            raise DataError(problem, where=f"{where}.{key}")
        else:
            looks[key] = value
    return Restyle(condition, looks)


def _check_cards(rules: CardRules, table, text) -> None:
    if not rules:
        return
    kinds = {**{d.where: BOX_KEYS[k] for keys in rules.boxes.values() for k, d in keys.items()},
             **{d.where: FIELD_KEYS[k] for keys in rules.fields.values() for k, d in keys.items()},
             **{v.where: BOX_KEYS[k] for rs in rules.restyles.values() for r in rs
                for k, v in r.looks.items() if isinstance(v, Dynamic)}}
    dynamics = [d for keys in (*rules.boxes.values(), *rules.fields.values()) for d in keys.values()]
    dynamics += [v for rs in rules.restyles.values() for r in rs for v in r.looks.values() if isinstance(v, Dynamic)]
    if rules.frame:
        kinds[rules.frame.where] = "colour"
        dynamics.append(rules.frame)
    errors = check_all(dynamics, table.rows, text, lambda d, v: _PROBLEMS[kinds[d.where]](v), table.error)
    langs = tuple(dict.fromkeys(lang for columns in rules.columns.values() for lang in columns)) or ("ja",)
    for row in table.rows:
        for lang in langs:
            try:
                rules.look(row.cells, lang, row.number, 1, text)
            except cardconditions.Failed as e:
                errors.append(table.error(str(e), row.number))
                break
            except Unchosen:
                break  # said by check_all
    DataErrors.raise_all(errors)
