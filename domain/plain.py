"""Game states as plain data and back: the pure half of a state snapshot.

A state is built of frozen dataclasses, named tuples, tuples, frozensets, dicts and scalars.
:func:`to_plain` turns one into JSON-able values (dicts with string keys, lists, str, int,
bool, None) and :func:`from_plain` rebuilds an equal state. A JSON array is a tuple (by far
the most common collection in a state); everything else is a one-key object whose key says
what it was:

* ``{"~c": [name, {field: value, ...}]}``: a dataclass, by ``resolve``'s name for its class;
* ``{"~n": [name, [value, ...]]}``: a named tuple;
* ``{"~d": [[key, value], ...]}``: a dict (keys need not be strings: seats are ints);
* ``{"~f": [...]}``, ``{"~s": [...]}``, ``{"~l": [...]}``: a frozenset, a set, a list.

Plain data transforms only: no encoding, no I/O. Which classes may be rebuilt is the caller's
``resolve``, so that stored data can never name an arbitrary class.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["class_name", "from_plain", "to_plain"]

_SCALARS = (str, int, bool, type(None), float)
_SCALAR_TYPES = frozenset(_SCALARS)
# A dataclass's name and init fields, found once per class (dataclasses.fields is slow).
_described: dict[type, tuple[str, tuple[str, ...]]] = {}


def class_name(cls: type) -> str:
    """The name a class goes by in plain data: ``module:QualifiedName``."""
    return f"{cls.__module__}:{cls.__qualname__}"


def to_plain(value: Any) -> Any:
    """``value`` as JSON-able data that :func:`from_plain` turns back into an equal value."""
    # Every snapshot walks a whole state: scalars are answered before any call is made for
    # them, and a tuple of scalars (most of a state) is checked by a single C-level pass.
    kind = type(value)
    if kind in _SCALAR_TYPES:
        return value
    if kind is tuple:
        scalars = _SCALAR_TYPES.issuperset
        if scalars(map(type, value)):
            return list(value)
        return [
            list(item) if type(item) is tuple and scalars(map(type, item)) else to_plain(item)
            for item in value
        ]
    described = _described.get(kind)
    if described is not None:
        name, names = described
        scalars, fields = _SCALAR_TYPES, {}
        for field in names:
            item = getattr(value, field)
            fields[field] = item if type(item) in scalars else to_plain(item)
        return {"~c": [name, fields]}
    if kind is dict:
        return {"~d": [[to_plain(key), to_plain(item)] for key, item in value.items()]}
    if kind is frozenset:
        return {"~f": [to_plain(item) for item in value]}
    if kind is list:
        return {"~l": [to_plain(item) for item in value]}
    if kind is set:
        return {"~s": [to_plain(item) for item in value]}
    if isinstance(value, tuple) and hasattr(kind, "_fields"):
        return {"~n": [class_name(kind), [to_plain(item) for item in value]]}
    if dataclasses.is_dataclass(value):
        names = tuple(field.name for field in dataclasses.fields(value) if field.init)
        _described[kind] = (class_name(kind), names)
        return to_plain(value)
    raise TypeError(f"{kind.__name__} cannot be made plain")


# How a dataclass is rebuilt, found once per class. One whose instances keep their fields in a
# ``__dict__``, whose every field is an init field and which has no ``__post_init__`` gets a new
# instance with its fields' dict filled at once: what its ``__init__`` does one
# ``object.__setattr__`` at a time when it is frozen (a match state has fourteen fields). Any
# other, or fields that are not exactly its own (a default to fill in), goes through __init__.
_fillable: dict[type, frozenset[str] | None] = {}
_UNKNOWN = object()
_new = object.__new__
_setattr = object.__setattr__


def _fillable_fields(cls: type) -> frozenset[str] | None:
    if (
        not dataclasses.is_dataclass(cls)
        or "__slots__" in cls.__dict__
        or hasattr(cls, "__post_init__")
    ):
        return None
    fields = dataclasses.fields(cls)
    if not all(field.init for field in fields):
        return None
    return frozenset(field.name for field in fields)


def from_plain(plain: Any, resolve: Callable[[str], type]) -> Any:
    """The value :func:`to_plain` made ``plain`` from. ``resolve`` maps a class name to the
    class (and raises for a class it does not allow). Raises ValueError on malformed data."""
    scalars = _SCALAR_TYPES
    all_scalars = scalars.issuperset  # of a map of types: one C-level pass, as in to_plain

    def build(plain: Any) -> Any:
        kind = type(plain)
        if kind is list:
            if all_scalars(map(type, plain)):
                return tuple(plain)
            return tuple(
                [
                    item
                    if type(item) in scalars
                    else tuple(item)
                    if type(item) is list and all_scalars(map(type, item))
                    else build(item)
                    for item in plain
                ]
            )
        if kind in scalars:
            return plain
        if kind is not dict or len(plain) != 1:
            raise ValueError(f"not plain data: {kind.__name__}")
        ((tag, body),) = plain.items()
        if tag == "~c":
            name, fields = body
            cls = resolve(name)
            values = {
                key: item if type(item) in scalars else build(item) for key, item in fields.items()
            }
            fillable = _fillable.get(cls, _UNKNOWN)
            if fillable is _UNKNOWN:
                fillable = _fillable[cls] = _fillable_fields(cls)
            if fillable is not None and values.keys() == fillable:
                rebuilt = _new(cls)
                _setattr(rebuilt, "__dict__", values)
                return rebuilt
            return cls(**values)
        # Scalars, most of a state, are taken as they are, without a call of ``build`` each.
        if tag == "~n":
            name, items = body
            return resolve(name)._make(
                [item if type(item) in scalars else build(item) for item in items]
            )
        if tag == "~d":
            return {
                (key if type(key) in scalars else build(key)): (
                    item if type(item) in scalars else build(item)
                )
                for key, item in body
            }
        if tag == "~f":
            return frozenset([build(item) for item in body])
        if tag == "~l":
            return [build(item) for item in body]
        if tag == "~s":
            return {build(item) for item in body}
        raise ValueError(f"unknown tag {tag!r}")

    return build(plain)
