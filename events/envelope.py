"""The stored form of an event: canonical JSON, the envelope, and the salted hash chain.

Every event of a game is stored as one :class:`Envelope`. Its canonical JSON (sorted keys, no
spaces, UTF-8 with non-ASCII characters as themselves, no floats) is what the hash chain covers:

* ``hash_v = hex(sha256(prev_hash_v + canonical(envelope_v without "hash") + salt_v))``,
  all three as UTF-8 text, with ``prev_hash_1 = "0" * 64``;
* ``salt_v = hex(HMAC-SHA256(seed, "foxden:event:" + decimal(v)))``, where ``seed`` is the
  game's 32-byte secret seed.

The salt keeps the public hashes from leaking redacted values (a hidden choice among a few
possible values could otherwise be found by hashing each candidate). Once the seed is revealed,
anyone can recompute every salt and check the whole chain with :func:`verify_chain`.

Integers must lie within ±(2**53 - 1): an auditor in JavaScript (or any language whose JSON
numbers are doubles) must be able to re-encode an envelope byte for byte to check its hash.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import repeat
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson

if TYPE_CHECKING:
    from _hashlib import HASH

__all__ = [
    "GENESIS_HASH",
    "KINDS",
    "ChainReport",
    "Draft",
    "Envelope",
    "actor",
    "canonical",
    "check_type_name",
    "compute_hash",
    "format_at",
    "salt",
    "seal",
    "seal_encoded",
    "verify_chain",
]

GENESIS_HASH = "0" * 64
KINDS = frozenset({"player", "bot", "timeout", "system"})
SEED_BYTES = 32
MAX_SAFE_INTEGER = 2**53 - 1

_SALT_PREFIX = b"foxden:event:"
_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_STRICT_INTEGER
_HEX64 = re.compile(r"[0-9a-f]{64}")
# Stable names only: a word, optionally with one namespace ("sly.CardPlayed"). Dots beyond one
# would allow a Python import path, which must never reach the store (it breaks on a refactor).
_TYPE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}(?:\.[A-Za-z][A-Za-z0-9_]{0,63})?")
_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})?Z")
_FIELDS = (
    "version",
    "type",
    "schema",
    "data",
    "at",
    "by",
    "command_id",
    "cause",
    "prev_hash",
    "hash",
)
_REQUIRED = frozenset(_FIELDS) - {"cause"}
_ALLOWED = frozenset(_FIELDS)


# --- canonical JSON ---------------------------------------------------------------------------


def _first_bad(obj: Any, path: str) -> str | None:
    """The path and reason of the first value canonical JSON refuses (slow; errors only)."""
    if obj is None or isinstance(obj, str | bool):
        return None
    if isinstance(obj, int):
        if -MAX_SAFE_INTEGER <= obj <= MAX_SAFE_INTEGER:
            return None
        return f"{path}: integer {obj} is outside ±(2**53 - 1)"
    if isinstance(obj, float):
        return f"{path}: floats are not allowed ({obj!r}); use integers or strings"
    if isinstance(obj, dict):
        for key, value in obj.items():
            if not isinstance(key, str):
                return f"{path}: dict keys must be strings, not {type(key).__name__}"
            found = _first_bad(value, f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(obj, list):
        for index, value in enumerate(obj):
            found = _first_bad(value, f"{path}[{index}]")
            if found:
                return found
        return None
    return f"{path}: {type(obj).__name__} is not allowed (only dict, list, str, int, bool, None)"


_SCALARS = frozenset({str, int, bool, type(None)})


def _check_json(obj: Any) -> None:
    """Raise TypeError unless ``obj`` holds only dict/list/str/int/bool/None values.

    orjson happily writes floats (and NaN as null), tuples, dataclasses and datetimes; the
    chain must not depend on how those print, so they are refused before encoding. Keys and
    integer ranges are left to orjson (no OPT_NON_STR_KEYS, OPT_STRICT_INTEGER), which refuses
    them itself. This runs on every append, so it looks at exact types first and only builds
    an error path (slowly) once something is wrong.
    """
    scalars = _SCALARS
    stack = [obj]
    pop, push = stack.pop, stack.append
    while stack:
        container = pop()
        kind = type(container)
        if kind is dict:
            values: Iterable[Any] = container.values()
        elif kind is list:
            values = container
        else:
            values = (container,)
        for value in values:
            kind = type(value)
            if kind in scalars:
                continue
            if kind is dict or kind is list:
                push(value)
            elif isinstance(value, dict | list):  # subclasses, which orjson writes as usual
                push(dict(value) if isinstance(value, dict) else list(value))
            elif not isinstance(value, str | int):  # str and int subclasses (enums) are fine
                raise TypeError(_first_bad(obj, "$") or f"{kind.__name__} is not allowed")


def _dumps(obj: Any) -> bytes:
    try:
        return orjson.dumps(obj, option=_OPTIONS)
    except orjson.JSONEncodeError as error:  # a TypeError already; add where it is
        raise TypeError(_first_bad(obj, "$") or str(error)) from None


def canonical(obj: Any) -> bytes:
    """The canonical JSON bytes of ``obj``: sorted keys, compact, UTF-8, no floats.

    Equal to ``json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    .encode()`` for every value it accepts (the tests check this). Raises TypeError on a
    float, a tuple or any other type outside JSON's integers, strings, booleans, null, arrays
    and objects, on a non-string key, and on an integer outside ±(2**53 - 1).
    """
    _check_json(obj)
    return _dumps(obj)


# --- envelope ---------------------------------------------------------------------------------


# Not slots=True: without slots, an envelope can take over a freshly parsed dict as its
# ``__dict__`` in one step (see _adopt), which makes decoding several times cheaper than the
# frozen __init__ (one object.__setattr__ per field). Reading a game decodes every event.
@dataclass(frozen=True)
class Envelope:
    """One stored event, exactly as the hash chain covers it."""

    version: int
    type: str
    schema: int
    data: dict[str, Any]
    at: str
    by: dict[str, Any]
    command_id: str
    cause: dict[str, Any] | None
    prev_hash: str
    hash: str

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of the envelope; ``cause`` is left out when it is None."""
        out = {
            "version": self.version,
            "type": self.type,
            "schema": self.schema,
            "data": self.data,
            "at": self.at,
            "by": self.by,
            "command_id": self.command_id,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }
        if self.cause is not None:
            out["cause"] = self.cause
        return out

    def unsigned(self) -> dict[str, Any]:
        """The JSON object that ``hash`` covers: the envelope without ``hash``."""
        out = self.to_dict()
        del out["hash"]
        return out

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Envelope:
        """Rebuild an envelope; unknown keys are refused, since the hash would cover them."""
        return _adopt(dict(obj))


def _adopt(obj: dict[str, Any]) -> Envelope:
    """An envelope whose fields are ``obj`` itself: only for dicts nobody else holds."""
    if not isinstance(obj, dict):
        raise ValueError(f"not an event envelope: {type(obj).__name__}")
    keys = obj.keys()
    if keys != _ALLOWED:
        if keys != _REQUIRED:
            missing, extra = sorted(_REQUIRED - keys), sorted(keys - _ALLOWED)
            raise ValueError(f"not an event envelope (missing {missing}, unknown {extra})")
        obj["cause"] = None
    envelope = _new(Envelope)
    _setattr(envelope, "__dict__", obj)
    return envelope


def _adopt_all(objs: list[Any]) -> list[Envelope]:
    """:func:`_adopt` for each of ``objs``, the loop of every read, so done in C.

    Three passes over all the objects at once: ``cause`` filled in where it was left out (as
    ``to_dict()`` leaves it out when None; ``dict.setdefault`` refuses anything but a dict),
    no key in any of them but the envelope's (one set of all their keys), and ten keys in each
    (none of them has more than the ten known ones, so a total of ten a dict means each has all
    ten). Half of what checking each object on its own cost: 25 µs against 50 µs beyond the
    parse for a page of 200 events, of a read of about 400 µs (bench/event_store.py).
    """
    try:
        deque(map(_fill_in, objs, repeat("cause")), maxlen=0)
    except TypeError:  # not a dict
        whole = False
    else:
        whole = sum(map(len, objs)) == len(_FIELDS) * len(objs) and _ALLOWED.issuperset(
            set().union(*objs)
        )
    if not whole:
        for obj in objs:
            _adopt(obj)  # raises, naming what is wrong
    envelopes = list(map(_new, repeat(Envelope, len(objs))))
    deque(map(_setattr, envelopes, repeat("__dict__"), objs), maxlen=0)
    return envelopes


_fill_in = dict.setdefault
_new = object.__new__
_setattr = object.__setattr__


class Draft(NamedTuple):
    """An event the service wants appended; the store gives it a version and its hashes.

    ``at`` is an ISO 8601 UTC string ending in ``Z`` or an aware datetime (see
    :func:`format_at`). ``cause`` (the command body) belongs on the first draft of a batch only.
    A named tuple, immutable as a frozen dataclass is and made in half the time: every event
    of every move is one.
    """

    type: str
    data: Mapping[str, Any]
    by: Mapping[str, Any]
    at: str | datetime
    schema: int = 1
    cause: Mapping[str, Any] | None = None


def actor(seat: int | None, kind: str) -> dict[str, Any]:
    """The ``by`` field: who caused an event (``kind`` is player, bot, timeout or system)."""
    _check_by({"seat": seat, "kind": kind})
    return {"seat": seat, "kind": kind}


def format_at(moment: datetime) -> str:
    """An aware datetime as the envelope's ``at``: UTC, milliseconds, ``Z`` (…08:00:00.123Z)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("at must be timezone-aware (naive datetimes are ambiguous)")
    utc = moment.astimezone(UTC)
    return f"{utc:%Y-%m-%dT%H:%M:%S}.{utc.microsecond // 1000:03d}Z"


_known_types: set[str] = set()


def check_type_name(name: str) -> str:
    """Return ``name`` if it is a stable event type name, else raise ValueError."""
    # A game has a few dozen names: remember the good ones rather than match them each time.
    if not isinstance(name, str):
        raise ValueError(f"event type {name!r} is not a stable name (a string)")
    if name in _known_types:
        return name
    if not _TYPE_NAME.fullmatch(name):
        raise ValueError(
            f"event type {name!r} is not a stable name (letters, digits, _; one optional "
            "namespace dot; never an import path)"
        )
    if len(_known_types) < 10_000:
        _known_types.add(name)
    return name


def _check_by(value: Mapping[str, Any]) -> None:
    if not isinstance(value, Mapping) or set(value) != {"seat", "kind"}:
        raise ValueError(f"by must be {{'seat': int | None, 'kind': ...}}, not {value!r}")
    seat = value["seat"]
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise ValueError(f"by.seat must be a seat number or None, not {seat!r}")
    if not isinstance(value["kind"], str) or value["kind"] not in KINDS:
        raise ValueError(f"by.kind must be one of {sorted(KINDS)}, not {value['kind']!r}")


def _check_at(at: str | datetime) -> str:
    if isinstance(at, str):
        return _good_at(at)
    if isinstance(at, datetime):
        return format_at(at)
    raise ValueError(f"at must be UTC ISO 8601 ending in Z or an aware datetime, not {at!r}")


@functools.lru_cache(maxsize=64)  # every event of a batch, and of a busy second, has one
def _good_at(at: str) -> str:
    if isinstance(at, str) and _AT.fullmatch(at):
        try:
            datetime.fromisoformat(at)  # a real date and time, not just the right digits
        except ValueError:
            pass
        else:
            return at
    raise ValueError(f"at must be UTC ISO 8601 ending in Z (2026-11-30T08:00:00.123Z): {at!r}")


# --- the chain --------------------------------------------------------------------------------


# HMAC-SHA256 as RFC 2104 builds it, its two hash states prepared once per seed: the inner
# hash after the key's inner pad and the fixed prefix, the outer after the key's outer pad.
# Copying two hashes costs a third less than copying an ``hmac`` object (14 k against 20 k
# instructions), and an append salts every event it writes. tests/events pin it to ``hmac``.
_salt_bases: dict[bytes, tuple[HASH, HASH]] = {}
_SALT_CACHE_SIZE = 1024
_BLOCK = 64  # SHA-256's block size: a longer key would be hashed first (a seed is 32 bytes)


def salt(seed: bytes, version: int) -> str:
    """``hex(HMAC-SHA256(seed, "foxden:event:" + decimal(version)))``."""
    bases = _salt_bases.get(seed)
    if bases is None:
        if len(_salt_bases) >= _SALT_CACHE_SIZE:
            _salt_bases.clear()
        bases = _salt_bases[seed] = _hmac_bases(seed)
    inner, outer = bases[0].copy(), bases[1].copy()
    inner.update(str(version).encode())
    outer.update(inner.digest())
    return outer.hexdigest()


def _hmac_bases(key: bytes) -> tuple[HASH, HASH]:
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    inner = hashlib.sha256(bytes(byte ^ 0x36 for byte in key))
    inner.update(_SALT_PREFIX)
    return inner, hashlib.sha256(bytes(byte ^ 0x5C for byte in key))


def compute_hash(prev_hash: str, unsigned: bytes, salt_hex: str) -> str:
    """``hex(sha256(prev_hash + unsigned + salt))`` with the texts as UTF-8."""
    return hashlib.sha256(prev_hash.encode() + unsigned + salt_hex.encode()).hexdigest()


def _check_seed(seed: bytes) -> None:
    # A 64-byte seed is almost always the hex text encoded by mistake; refusing it early avoids
    # a chain that no auditor could ever verify with the revealed seed.
    if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
        raise ValueError(f"seed must be the game's {SEED_BYTES} raw bytes")


def seal(
    drafts: Sequence[Draft],
    first_version: int,
    prev_hash: str,
    seed: bytes,
    command_id: str,
) -> list[Envelope]:
    """Give each draft its version, ``prev_hash`` and ``hash``, continuing the chain.

    ``prev_hash`` is the hash of the event at ``first_version - 1`` (``GENESIS_HASH`` for the
    first event). Raises ValueError on a malformed draft and TypeError on data that canonical
    JSON refuses (floats, tuples, …).
    """
    pairs = seal_encoded(drafts, first_version, prev_hash, seed, command_id)
    return [envelope for envelope, _ in pairs]


def seal_encoded(
    drafts: Sequence[Draft],
    first_version: int,
    prev_hash: str,
    seed: bytes,
    command_id: str,
) -> list[tuple[Envelope, bytes]]:
    """:func:`seal`, with each envelope's canonical JSON (the stored form) beside it.

    The store appends the bytes as they are, so that nothing is encoded twice on the way.
    """
    if isinstance(first_version, bool) or not isinstance(first_version, int) or first_version < 1:
        raise ValueError(f"first_version must be >= 1, not {first_version!r}")
    if not isinstance(prev_hash, str) or not _HEX64.fullmatch(prev_hash):
        raise ValueError(f"prev_hash must be 64 lowercase hex digits, not {prev_hash!r}")
    if first_version == 1 and prev_hash != GENESIS_HASH:
        raise ValueError("the first event's prev_hash must be GENESIS_HASH ('0' * 64)")
    if not isinstance(command_id, str):
        raise ValueError("command_id must be a string ('' when there is none)")
    _check_seed(seed)
    sealed: list[tuple[Envelope, bytes]] = []
    for offset, draft in enumerate(drafts):
        version = first_version + offset
        check_type_name(draft.type)
        schema = draft.schema
        if type(schema) is not int or schema < 1:
            raise ValueError(f"schema must be an integer >= 1, not {schema!r}")
        if offset and draft.cause is not None:
            raise ValueError("only the first event of a batch carries the cause")
        _check_by(draft.by)
        data = dict(draft.data)
        _check_json(data)
        body = {
            "version": version,
            "type": draft.type,
            "schema": schema,
            "data": data,
            "at": _check_at(draft.at),
            "by": {"seat": draft.by["seat"], "kind": draft.by["kind"]},
            "command_id": command_id,
            "prev_hash": prev_hash,
        }
        if draft.cause is not None:
            cause = dict(draft.cause)
            _check_json(cause)
            body["cause"] = cause
        unsigned = _dumps(body)
        digest = body["hash"] = compute_hash(prev_hash, unsigned, salt(seed, version))
        sealed.append((_adopt(body), _with_hash(unsigned, body, digest)))
        prev_hash = digest
    return sealed


def _with_hash(unsigned: bytes, body: Mapping[str, Any], digest: str) -> bytes:
    """The canonical JSON of ``body`` with its ``hash``, spliced into ``unsigned`` instead of
    encoded again. Sorted keys put ``hash`` right before the last four keys, whose text is
    known exactly (a type name needs no escaping), so the splice is the encoding."""
    tail = (
        f'"prev_hash":"{body["prev_hash"]}","schema":{body["schema"]},'
        f'"type":"{body["type"]}","version":{body["version"]}}}'
    ).encode()
    if not unsigned.endswith(tail):  # pragma: no cover - the keys above are the only ones
        return _dumps(body)
    return b"".join((unsigned[: -len(tail)], b'"hash":"', digest.encode(), b'",', tail))


@dataclass(frozen=True, slots=True)
class ChainReport:
    """The outcome of :func:`verify_chain`; ``version`` is the first version at fault."""

    ok: bool
    version: int | None
    detail: str


def verify_chain(envelopes: Iterable[Envelope], seed: bytes | None) -> ChainReport:
    """Check a game's whole chain, from version 1.

    Checks that versions run 1..n without gaps, that each ``prev_hash`` is the previous
    event's ``hash`` (``GENESIS_HASH`` for the first) and, when ``seed`` is given, that each
    ``hash`` recomputes. Without the seed only the links can be checked: an edited payload
    whose hash was left alone goes unnoticed until the seed is revealed.
    """
    if seed is not None:
        _check_seed(seed)
    prev = GENESIS_HASH
    count = 0
    for expected, envelope in enumerate(envelopes, start=1):
        count = expected
        if envelope.version != expected:
            return ChainReport(
                False, expected, f"version {expected} expected, found {envelope.version!r}"
            )
        if envelope.prev_hash != prev:
            return ChainReport(
                False, expected, f"version {expected}: prev_hash does not match the hash before"
            )
        if not isinstance(envelope.hash, str) or not _HEX64.fullmatch(envelope.hash):
            return ChainReport(False, expected, f"version {expected}: hash is malformed")
        if seed is not None:
            try:
                unsigned = canonical(envelope.unsigned())
            except TypeError as error:
                return ChainReport(False, expected, f"version {expected}: {error}")
            if compute_hash(prev, unsigned, salt(seed, expected)) != envelope.hash:
                return ChainReport(
                    False, expected, f"version {expected}: hash does not match its content"
                )
        prev = envelope.hash
    if count == 0:
        return ChainReport(True, None, "no events")
    if seed is None:
        return ChainReport(
            True,
            None,
            f"links of versions 1..{count} intact; hashes not recomputed (no seed given)",
        )
    return ChainReport(True, None, f"versions 1..{count} intact; every hash recomputes")
