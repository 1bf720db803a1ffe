"""Envelopes to and from stream entries, and upcasting old payload schemas on read.

A stream entry has one field, ``e``, holding the envelope's canonical JSON. Event types are
stable names (``CardsChosen``, ``sly.CardPlayed``), never Python import paths, so that moving
code never orphans stored events.

Upcasting: when an event's payload changes shape, its writer bumps ``schema`` and registers a
function that turns the old payload into the new one. :func:`upcast` applies those steps on
read, one schema at a time. The stored envelope is never rewritten: the hash chain covers the
stored form, and an audit must be able to check it as it was written.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import orjson

from domain.game import Event, Fact
from events.envelope import Envelope, _adopt, _adopt_all, _dumps, canonical, check_type_name

__all__ = [
    "FIELD",
    "Upcaster",
    "Upcasters",
    "decode",
    "decode_entries",
    "encode",
    "encode_sealed",
    "fact",
    "latest_schema",
    "register_upcaster",
    "upcast",
]

FIELD = "e"
_FIELD_BYTES = FIELD.encode()

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


def encode(envelope: Envelope) -> dict[str, bytes]:
    """The stream entry's fields for ``envelope``: ``{"e": canonical JSON}``."""
    return {FIELD: canonical(envelope.to_dict())}


def encode_sealed(envelope: Envelope) -> bytes:
    """The ``e`` value of an envelope fresh from :func:`~events.envelope.seal`.

    seal() has already refused floats and other non-JSON values in data and cause, so the type
    walk of canonical() is skipped on the append path; orjson still refuses what it cannot write.
    """
    return _dumps(envelope.to_dict())


def decode(fields: Mapping[Any, Any]) -> Envelope:
    """The envelope stored in a stream entry's fields (bytes or str keys, as the client gives)."""
    raw = fields.get(_FIELD_BYTES)
    if raw is None:
        raw = fields.get(FIELD)
    if raw is None:
        raise ValueError(f"stream entry has no {FIELD!r} field: {sorted(map(repr, fields))}")
    return _adopt(orjson.loads(raw))  # a fresh dict, so the envelope may take it over


def decode_entries(entries: Sequence[Any]) -> list[Envelope]:
    """The envelopes of stream entries, raw (``[id, [field, value, ...]]``) or as redis-py
    parses them (``(id, {field: value})``), in order."""
    try:
        # Raw replies: every entry is [id, [b"e", payload]] (the store writes nothing else).
        # Two comprehensions check and collect that faster than one explicit loop.
        raw_shape = {fields[0] for _, fields in entries} <= {_FIELD_BYTES}
        payloads = [fields[1] for _, fields in entries] if raw_shape else None
    except (KeyError, IndexError, TypeError, ValueError):  # parsed replies: (id, {field: value})
        payloads = None
    if payloads is None:
        return [_decode_fields(fields) for _, fields in entries]
    if not payloads:
        return []
    # One parse for the whole read: a JSON array of the entries, joined as bytes. Reading a
    # game is mostly parsing, and one call saves the per-call overhead of 200. A count check
    # catches an entry that is not one JSON value; parsing them one by one then names it.
    try:
        objs = orjson.loads(b"[" + b",".join(payloads) + b"]")
    except orjson.JSONDecodeError:
        objs = None
    if objs is None or len(objs) != len(payloads):
        return [_adopt(orjson.loads(payload)) for payload in payloads]
    return _adopt_all(objs)


def _decode_fields(fields: Any) -> Envelope:
    if isinstance(fields, Mapping):
        return decode(fields)
    return decode(dict(zip(fields[::2], fields[1::2], strict=True)))


class Upcasters:
    """A registry of payload upgrades: ``(type, from_schema) -> fn(data) -> data``."""

    def __init__(self) -> None:
        self._steps: dict[tuple[str, int], Upcaster] = {}
        self._lock = threading.Lock()

    def register(self, type: str, from_schema: int, fn: Upcaster) -> Upcaster:
        """Register ``fn``: a ``type`` payload of ``from_schema`` -> one of ``from_schema + 1``."""
        check_type_name(type)
        if isinstance(from_schema, bool) or not isinstance(from_schema, int) or from_schema < 1:
            raise ValueError(f"from_schema must be an integer >= 1, not {from_schema!r}")
        with self._lock:
            if (type, from_schema) in self._steps:
                raise ValueError(f"an upcaster for {type} schema {from_schema} already exists")
            self._steps[(type, from_schema)] = fn
        return fn

    def latest(self, type: str) -> int:
        """The newest schema of ``type`` that the registered steps lead to (1 if none)."""
        schema = 1
        while (type, schema) in self._steps:
            schema += 1
        return schema

    def upcast(self, envelope: Envelope) -> Event:
        """The domain event of ``envelope``, its payload upgraded step by step to the newest."""
        schema = envelope.schema
        step = self._steps.get((envelope.type, schema))
        if step is None:
            return Event(envelope.type, envelope.data)
        return self._upgraded(envelope, step)

    def fact(self, envelope: Envelope) -> Fact:
        """What ``evolve`` needs of ``envelope``: the envelope itself when its payload is of the
        newest schema (it has the type and data evolve reads), else its upcast event.

        Replays evolve one event after another, and an ``Event`` made only to be read once cost
        about 6 k instructions of a step's 60 k (bench/state_cost.py, docs/performance.md).
        """
        step = self._steps.get((envelope.type, envelope.schema))
        return envelope if step is None else self._upgraded(envelope, step)

    def _upgraded(self, envelope: Envelope, step: Upcaster) -> Event:
        schema = envelope.schema
        # Steps get a deep copy, so that a step editing its input in place can never change the
        # envelope (whose hash covers the stored payload). A JSON round trip is the cheap copy.
        data = orjson.loads(orjson.dumps(envelope.data))
        upcast: Upcaster | None = step
        while upcast is not None:
            data = upcast(data)
            schema += 1
            upcast = self._steps.get((envelope.type, schema))
        return Event(envelope.type, data)


_registry = Upcasters()


def register_upcaster(type: str, from_schema: int, fn: Upcaster) -> Upcaster:
    """Register an upgrade of ``type`` payloads from ``from_schema`` to ``from_schema + 1``."""
    return _registry.register(type, from_schema, fn)


def latest_schema(type: str) -> int:
    """The schema new ``type`` events should be written with."""
    return _registry.latest(type)


def upcast(envelope: Envelope) -> Event:
    """The domain event of a stored envelope, upgraded to its type's newest schema."""
    return _registry.upcast(envelope)


def fact(envelope: Envelope) -> Fact:
    """What evolving a stored envelope needs (see :meth:`Upcasters.fact`)."""
    return _registry.fact(envelope)
