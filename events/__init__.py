"""The event store: envelopes with a salted hash chain, on Redis Streams.

``envelope`` defines the stored form and the chain, ``codec`` maps it to stream entries and
upcasts old payloads, ``store`` appends and reads games, ``redis_client`` builds clients with
settings that suit it. This package imports only the standard library, redis, orjson and the
domain's types.
"""

from events.codec import decode, encode, fact, latest_schema, register_upcaster, upcast
from events.envelope import (
    GENESIS_HASH,
    ChainReport,
    Draft,
    Envelope,
    actor,
    canonical,
    format_at,
    seal,
    verify_chain,
)
from events.redis_client import connect
from events.store import (
    AppendResult,
    EventStoreError,
    IdempotencyKeyReused,
    PrevHashMismatch,
    RedisEventStore,
    VersionConflict,
    keys,
)

__all__ = [
    "GENESIS_HASH",
    "AppendResult",
    "ChainReport",
    "Draft",
    "Envelope",
    "EventStoreError",
    "IdempotencyKeyReused",
    "PrevHashMismatch",
    "RedisEventStore",
    "VersionConflict",
    "actor",
    "canonical",
    "connect",
    "decode",
    "encode",
    "fact",
    "format_at",
    "keys",
    "latest_schema",
    "register_upcaster",
    "seal",
    "upcast",
    "verify_chain",
]
