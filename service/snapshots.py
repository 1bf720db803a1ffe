"""State snapshots: a game's state every ``EVERY`` versions, so no read replays a whole game.

A snapshot is a projection of the events, never a source of truth: rebuildable from the
stream, safe to drop (``RedisEventStore.drop_snapshots``), and unused whenever it does not fit.
It is stored under the game's hash tag (``fd:{g:<id>}:snaps``, the game's cluster slot).

Its stored form is a line of JSON, then the state as a pickle::

    {"format":2,"game":…,"rules":…,"shapes":…,"turns_began":[[seat, at], …]}\\n<pickle>

The header carries the rules version of the code that wrote it, a format number and a digest
of the shapes of the domain's classes (their fields, in order, with their types): a snapshot
written by other rules, another format or another shape of any domain class is ignored (and
replaced as reads rebuild it), so an upgrade that changes how states are built, evolved or laid
out never meets a state from before it.

Why a pickle: decoding a snapshot is what a cold load and a past version pay, and a Gloria
Picktoria state rebuilt from JSON by a Python walk cost 0.83 M instructions against 0.32 M for
the pickle, which builds it in C (``decode`` alone, callgrind; a cold load went from 1.9x to
1.4x the current state's cost, ``bench/state_cost.py``). Unpickling runs code only through
the classes a pickle names, so this one names only what :func:`domain_classes` allows: the
dataclasses and named tuples the domain package defines, whose construction is pure. Anything
else (``os.system``, a function, a class of another package) makes the snapshot unreadable,
and it is replayed.

Snapshots hold hidden state (seed, deck orders, face-down cards, token hashes). They leave the
service only through the Redis key: no endpoint, feed, error or export reads them (the tests
check that every answer is the same with and without them). The audit never uses them: it
re-decides the recorded commands from the first event, so that it trusts nothing the server
derived.
"""

from __future__ import annotations

import copyreg
import dataclasses
import functools
import hashlib
import importlib
import io
import pickle
import pkgutil
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

import orjson

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

import domain
from domain import registry
from domain.match import MatchState
from service import metrics

__all__ = ["EVERY", "FORMAT", "decode", "domain_classes", "encode", "shapes"]

EVERY = 7  # versions between snapshots: a read evolves at most EVERY - 1 events (performance.md)
FORMAT = 2  # 1: the state as tagged JSON; 2: a JSON header and a pickle


def encode(state: MatchState, turns_began: Mapping[int, str]) -> bytes:
    """The stored form of ``state`` and of when each seat to act began its turn."""
    header = orjson.dumps(
        {
            "format": FORMAT,
            "game": state.game,
            "rules": state.definition.rules_version,
            "shapes": shapes(),
            "turns_began": [[seat, at] for seat, at in turns_began.items()],
        }
    )
    body = io.BytesIO()
    body.write(header + b"\n")
    pickler = pickle.Pickler(body, protocol=5)
    pickler.dispatch_table = _reducers()
    pickler.dump(state)
    return body.getvalue()


def decode(blob: bytes | None, version: int) -> tuple[MatchState, dict[int, str]] | None:
    """The state a snapshot holds and its turns' beginnings, or None when there is none or it
    does not fit: another format, rules version or shape of the domain's classes, another
    version than expected, or unreadable."""
    if blob is None:
        return None
    try:
        head, _, body = blob.partition(b"\n")
        stored = orjson.loads(head)
        if (
            stored["format"] != FORMAT
            or stored["shapes"] != shapes()
            or registry.get(stored["game"]).rules_version != stored["rules"]
        ):
            _STALE.inc()
            return None
        state = _DomainUnpickler(io.BytesIO(body)).load()
        if not isinstance(state, MatchState) or state.version != version:
            raise ValueError("not the state of that version")
        began = {int(seat): str(at) for seat, at in stored["turns_began"]}
    except Exception:  # a projection that cannot be used is replayed instead, never an error
        _UNREADABLE.inc()
        return None
    _USED.inc()
    return state, began


_USED, _STALE, _UNREADABLE = (metrics.SNAPSHOTS.labels(o) for o in ("used", "stale", "unreadable"))


_Reduced = tuple[Any, ...]


@functools.cache
def _reducers() -> dict[type, Callable[[Any], _Reduced]]:
    """How to pickle each record of the domain, by its type.

    Left to itself, pickle asks each object how to reduce it (``object.__reduce_ex__`` looks up
    ``__getnewargs_ex__``, ``__getnewargs__``, ``__getstate__`` and copyreg's helpers, and a frozen
    dataclass with slots answers through dataclasses' Python ``__getstate__``): 10 k
    instructions and more per record, where a table entry costs a call. The opcodes it writes
    are those pickle writes by default (a named tuple or a dataclass made by ``NEWOBJ``, a
    dataclass's fields set by ``BUILD``), except that a frozen dataclass with slots is rebuilt
    by its constructor instead of dataclasses' ``__setstate__``: any snapshot decodes as before.
    Encoding a Fette Beute state went from 218 k to 185 k instructions, a Gloria Picktoria
    state from 394 k to 303 k (performance.md).
    """
    reducers: dict[type, Callable[[Any], _Reduced]] = {}
    for cls in domain_classes().values():
        if issubclass(cls, tuple):
            reducers[cls] = _reduce_named_tuple
        elif "__slots__" not in cls.__dict__:
            reducers[cls] = _reduce_record
        elif all(field.init for field in _fields(cls)):
            reducers[cls] = functools.partial(
                _reduce_by_constructor, tuple(field.name for field in _fields(cls))
            )
    return reducers


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """The fields of a slotted domain class, a dataclass (``dataclasses.fields`` raises if not)."""
    return dataclasses.fields(cast("type[DataclassInstance]", cls))


# pickle writes a call of it as the NEWOBJ opcode (typeshed's copyreg leaves it out)
_new_object = copyreg.__newobj__  # type: ignore[attr-defined]


def _reduce_named_tuple(record: tuple[Any, ...]) -> _Reduced:
    return _new_object, (type(record), *record)


def _reduce_record(record: Any) -> _Reduced:
    return _new_object, (type(record),), record.__dict__


def _reduce_by_constructor(names: tuple[str, ...], record: Any) -> _Reduced:
    return type(record), tuple([getattr(record, name) for name in names])


class _DomainUnpickler(pickle.Unpickler):
    """An unpickler that can name the domain's state classes and nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        found = domain_classes().get((module, name))
        if found is None:
            raise pickle.UnpicklingError(f"a snapshot may not name {module}:{name}")
        return found


@functools.cache
def domain_classes() -> dict[tuple[str, str], type]:
    """The dataclasses and named tuples of every module of the domain package, by (module,
    name): what a snapshot may name. Every module is imported, so that every process finds the
    same classes whatever it imported so far."""
    found: dict[tuple[str, str], type] = {}
    for module_info in pkgutil.walk_packages(domain.__path__, "domain."):
        module = importlib.import_module(module_info.name)
        for value in vars(module).values():
            defined_here = isinstance(value, type) and value.__module__ == module.__name__
            if defined_here and _is_record(value):
                found[(module.__name__, value.__qualname__)] = value
    return found


def _is_record(cls: type) -> bool:
    return dataclasses.is_dataclass(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields"))


@functools.cache
def shapes() -> str:
    """A digest of how every class a snapshot may name is laid out: its fields in order and
    their types, and whether it keeps them in slots. Any change to one discards the snapshots
    written before it (a pickle rebuilds the fields it holds, whatever the class has now)."""
    lines = []
    for (module, name), cls in sorted(domain_classes().items()):
        if dataclasses.is_dataclass(cls):
            fields = [f"{field.name}: {field.type}" for field in dataclasses.fields(cls)]
        else:
            annotations = getattr(cls, "__annotations__", {})
            # A named tuple (the only other kind of domain class): ``_fields`` names its fields.
            fields = [f"{field}: {annotations.get(field, '')}" for field in cls._fields]  # type: ignore[attr-defined]
        slots = "slots" if "__slots__" in cls.__dict__ else "dict"
        lines.append(f"{module}:{name} {slots} ({', '.join(fields)})")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
