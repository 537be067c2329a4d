"""The base of every immutable value type: a frozen record with value equality, a hash and a repr.

The game models, the print and deck files' tables, a build's layouts and artwork and the
companion's results are msgspec Structs rather than frozen dataclasses because a short command pays
for creating its classes on every run: Python 3.11 compiles six methods for each frozen dataclass,
where a Struct class is made in C, and its instances are built faster too (bench/build_speed.py
times a build's start). `field`, `record_fields` (`field_names`),
`replace` and `asdict` (one level deep) stand in for their namesakes in `dataclasses`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeGuard, TypeVar, dataclass_transform

import msgspec
import msgspec.structs
from msgspec import field

__all__ = ["Record", "asdict", "field", "field_names", "is_record", "record_fields", "replace"]


if TYPE_CHECKING:
    # What a type checker is told: every subclass is frozen too (msgspec's own declaration makes a
    # subclass that does not repeat frozen=True look like a mutable one deriving from a frozen one).
    @dataclass_transform(frozen_default=True, field_specifiers=(field,))
    class Record:
        """A frozen record: fields in order, compared and hashed by value, printed as Name(field=…)."""
        __struct_fields__: ClassVar[tuple[str, ...]]

        def __init_subclass__(cls, **options: Any) -> None: ...

    # msgspec's own `replace` and `asdict` are declared for its Struct, which the checker is not told
    # a Record is: the same two functions, declared for records.
    _R = TypeVar("_R", bound=Record)

    def replace(record: _R, /, **changes: Any) -> _R:
        """A copy of `record` with the fields named in `changes` set to their new values."""

    def asdict(record: Record, /) -> dict[str, Any]:
        """A record's fields by name (one level deep: a field's own record stays a record)."""
else:
    class Record(msgspec.Struct, frozen=True):
        """A frozen record: fields in order, compared and hashed by value, printed as Name(field=…)."""

    replace = msgspec.structs.replace
    asdict = msgspec.structs.asdict


def is_record(value: object) -> TypeGuard[Record | type[Record]]:
    """Whether `value` is a record class or a record."""
    return isinstance(value, Record) or (isinstance(value, type) and issubclass(value, Record))


def record_fields(model: type) -> tuple[msgspec.structs.FieldInfo, ...]:
    """A record class's fields in order, each with its resolved type and whether it is required.
    Resolving the (string) annotations is not free: ask once per class."""
    return msgspec.structs.fields(model)


def field_names(value: Record | type[Record]) -> tuple[str, ...]:
    """The names of a record's (or record class's) fields, in order; costs nothing."""
    return (value if isinstance(value, type) else type(value)).__struct_fields__
