"""Records (tabletop/record.py): the immutable value types of the data models and of a build.
They must behave as the frozen dataclasses they replaced did, and no frozen dataclass may creep
back into what `pnp` loads (each costs ~0.5 ms to create at every start on Python 3.11)."""
import importlib
import pkgutil

import pytest

import pnp
import tabletop
from pnp.geometry import Size
from pnp.text.fit import TextStyle
from tabletop.data.errors import DataError
from tabletop.data.hitmans_load import load_game
from tabletop.data.schema import convert
from tabletop.record import field_names, is_record, record_fields, replace


def test_a_loaded_model_cannot_be_changed():
    card = load_game().card("HK")
    with pytest.raises(AttributeError):
        card.title = card.flavor
    with pytest.raises(AttributeError):
        card.role.reward = 0


def test_records_compare_and_hash_by_value():
    first, second = load_game(), load_game()
    assert first.card("HK") == second.card("HK") and first.card("HK") is not second.card("HK")
    assert first.card("HK") != first.card("HQ")
    assert hash(first.card("HK").title) == hash(second.card("HK").title)
    assert {Size(63, 88), Size(63.0, 88.0)} == {Size(63, 88)}


def test_replace_makes_a_changed_copy_and_leaves_the_original():
    style = TextStyle(9)
    bigger = replace(style, size=12, bold=True)
    assert (bigger.size, bigger.bold, style.size, style.bold) == (12, True, 9, False)
    assert field_names(bigger) == field_names(TextStyle) and "size" in field_names(style)


def test_the_schema_knows_required_fields_and_their_types():
    fields = {f.name: f for f in record_fields(Size)}
    assert fields["w"].required and fields["w"].type is float
    with pytest.raises(DataError) as error:
        convert(Size, {"w": 63.0}, "size")
    assert error.value.where == "size.h"
    assert convert(Size, {"w": 63.0, "h": 88.0}, "size") == Size(63.0, 88.0)


def test_no_frozen_dataclass_is_left_in_pnp_or_tabletop():
    frozen = []
    for package in (pnp, tabletop):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                params = getattr(value, "__dataclass_params__", None)
                if isinstance(value, type) and value.__module__ == info.name and params and params.frozen:
                    frozen.append(f"{info.name}.{value.__name__}")
    assert frozen == []
    assert is_record(Size) and is_record(Size(1, 2)) and not is_record(dict)
