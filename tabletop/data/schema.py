"""Turn parsed TOML into records (`record.py`), checking every key and type on the way.

`convert(Model, table, where)` walks the record's type hints. Unknown keys, missing fields and
wrong types raise DataError naming the path (`cards[HK].condition.any[0].face`). Supported hints:
str, int, float, bool, Literal[...], X | None, list[X], tuple[X, ...], dict[str, X], nested
records, and unions of records told apart by a `kind` key: each member declares
`KIND: ClassVar[str] = "total_at_least"`, and the TOML table says `kind = "total_at_least"`.
"""
from __future__ import annotations

import types
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin

from ..i18n import N_, _, listing
from ..record import is_record, record_fields
from .errors import DataError


def convert(model: Any, value: Any, where: str) -> Any:
    origin = get_origin(model)
    if model is Any:
        return value
    if is_record(model):
        return _convert_record(model, value, where)
    if origin in (Union, types.UnionType):
        return _convert_union(model, value, where)
    if origin is Literal:
        if value not in get_args(model):
            allowed = listing(repr(a) for a in get_args(model))
            raise DataError(_("must be one of {allowed}, got {value!r}").format(allowed=allowed, value=value),
                            where=where)
        return value
    if origin is list:
        (item,) = get_args(model)
        _expect(value, list, N_("a list"), where)
        return [convert(item, v, _item(where, i, v)) for i, v in enumerate(value)]
    if origin is tuple:
        item = get_args(model)[0]
        _expect(value, list, N_("a list"), where)
        return tuple(convert(item, v, _item(where, i, v)) for i, v in enumerate(value))
    if origin is dict:
        item = get_args(model)[1]
        _expect(value, dict, N_("a table"), where)
        return {k: convert(item, v, f"{where}.{k}") for k, v in value.items()}
    if model is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise DataError(_("must be a number, got {value}").format(value=_describe(value)), where=where)
        return float(value)
    if model is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError(_("must be a whole number, got {value}").format(value=_describe(value)), where=where)
        return value
    if model in (str, bool):
        _expect(value, model, {str: N_("text"), bool: N_("true or false")}[model], where)
        return value
    raise TypeError(f"schema type {model!r} is not supported")  # a programming error, not user data


@cache
def _shape(model: Any) -> dict[str, tuple[Any, bool]]:
    """Each field's resolved type, and whether it is required."""
    # Resolving a model's (string) annotations is most of the cost of loading: once per model.
    return {f.name: (f.type, f.required) for f in record_fields(model)}


def _convert_record(model: Any, value: Any, where: str) -> Any:
    _expect(value, dict, N_("a table"), where)
    fields = _shape(model)
    unknown = sorted(set(value) - set(fields))
    if unknown:
        known = listing(sorted(fields))
        raise DataError(_("unknown key {key!r} (known keys: {known})").format(key=unknown[0], known=known),
                        where=_join(where, unknown[0]))
    kwargs = {}
    for name, (hint, required) in fields.items():
        if name in value:
            kwargs[name] = convert(hint, value[name], _join(where, name))
        elif required:
            raise DataError(_("missing required field {name!r}").format(name=name), where=_join(where, name))
    return model(**kwargs)


def _convert_union(model: Any, value: Any, where: str) -> Any:
    options = [a for a in get_args(model) if a is not type(None)]
    if value is None and len(options) < len(get_args(model)):
        return None
    tagged = [o for o in options if is_record(o) and hasattr(o, "KIND")]
    if tagged and len(tagged) == len(options):
        _expect(value, dict, N_("a table"), where)
        by_kind = {o.KIND: o for o in tagged}
        kind = value.get("kind")
        if kind not in by_kind:
            raise DataError(_("'kind' must be one of {kinds}, got {kind!r}").format(kinds=listing(sorted(by_kind)),
                                                                                    kind=kind),
                            where=_join(where, "kind"))
        return convert(by_kind[kind], {k: v for k, v in value.items() if k != "kind"}, where)
    if len(options) == 1:
        return convert(options[0], value, where)
    # Try only the options of the value's own kind, so a table with a typo says which key, and a value
    # of no option's kind says what would do ("a number or text"), not each option's complaint.
    fitting = [o for o in options if _kind_of(o) == _kind_of(type(value))] or options
    errors = []
    for option in fitting:
        try:
            return convert(option, value, where)
        except DataError as e:
            errors.append(e)
    if len(fitting) < len(options) or len(errors) == 1:
        raise errors[0]
    kinds = _(" or ").join(_(_KIND_NAMES[k]) for k in dict.fromkeys(map(_kind_of, options)) if k in _KIND_NAMES)
    raise DataError(_("must be {kind}, got {value}").format(kind=kinds, value=_describe(value)), where=where)


_KIND_NAMES = {"table": N_("a table"), "list": N_("a list"), "number": N_("a number"), "text": N_("text"),
               "flag": N_("true or false")}


def _kind_of(model: Any) -> str | None:
    """The kind of TOML value a type hint (or a value's type) takes: table, list, number, text, flag."""
    origin = get_origin(model) or model
    if origin is Literal:
        return _kind_of(type(get_args(model)[0]))
    if is_record(model) or origin is dict:
        return "table"
    if origin in (list, tuple):
        return "list"
    return {bool: "flag", int: "number", float: "number", str: "text"}.get(origin)


def _expect(value: Any, kind: type, name: str, where: str) -> None:
    """`name` is the expected kind as marked with N_ ("a table")."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise DataError(_("must be {kind}, got {value}").format(kind=_(name), value=_describe(value)), where=where)


def _describe(value: Any) -> str:
    kinds = {dict: N_("a table"), list: N_("a list"), str: N_("text"), bool: N_("true/false")}
    return _(kinds[type(value)]) if type(value) in kinds else repr(value)


def _item(where: str, index: int, value: Any) -> str:
    # Cards are named by their id, so a message reads "cards[HK].reward", not "cards[37].reward".
    label = value.get("id") if isinstance(value, dict) else None
    return f"{where}[{label if isinstance(label, str) else index}]"


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key

