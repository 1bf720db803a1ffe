"""The log of archived games as the service publishes it: its signer, its checkpoints, and what
the API needs of ``events.log`` and ``events.transparency`` (it reaches the store through here).

**The signer.** Checkpoints are signed with ``FOXDEN_LOG_KEY`` (a signer key in the Go note
format, ``foxden log keygen``). Unset, the service makes a key of its own, once, and keeps it in
Redis (``fd:{log}:signer``, ``SET NX``, so every process of the service signs with the same
key): the embedded default works out of the box. In production set ``FOXDEN_LOG_KEY``: a key
kept only in Redis is lost with Redis, and the next one is another key, so the checkpoints that
monitors kept could no longer be extended by checkpoints of the same key; a monitor would only
see a new log.
"""

from __future__ import annotations

import base64
import os
import threading
from typing import TYPE_CHECKING, Any

from events import transparency
from events.log import TransparencyLog
from events.transparency import KeyFormatError, Signer
from service.errors import ServiceError

if TYPE_CHECKING:
    from events.redis_client import Client

__all__ = [
    "DEFAULT_NAME",
    "SIGNER_KEY",
    "KeyFormatError",
    "LogSigner",
    "NotInLog",
    "TransparencyLog",
    "b64",
    "checkpoint",
    "leaf_text",
    "log_signer",
    "summary",
]

SIGNER_KEY = "fd:{log}:signer"
# The origin of the checkpoints signed with the service's own key (a key's name is its origin).
DEFAULT_NAME = "foxden-log"


class NotInLog(ServiceError):
    """A game with no leaf in the log: not archived (yet), or unknown."""

    code, status = "not_in_log", 404


def log_signer(redis: Client, configured_key: str | None) -> Signer:
    """The log's signer: ``configured_key`` (``FOXDEN_LOG_KEY``) when given, else the service's
    own key from Redis, made now if no process made it before (module docstring).

    Raises ``KeyFormatError`` (a ``ValueError``) for a key that is not a signer key."""
    if configured_key:
        return transparency.load_signer(configured_key)
    made = transparency.signer_key(DEFAULT_NAME, os.urandom(32))
    redis.set(SIGNER_KEY, made, nx=True)  # the first process's key wins, for every process
    kept = redis.get(SIGNER_KEY)
    if kept is None:  # deleted in between: sign with the key just made, kept next time
        redis.set(SIGNER_KEY, made, nx=True)
        kept = made
    return transparency.load_signer(kept.decode() if isinstance(kept, bytes) else str(kept))


class LogSigner:
    """One app's signer, looked up when first needed: a configured key is checked at once (no
    Redis needed), the service's own key read from Redis on the first checkpoint."""

    def __init__(self, redis: Client, configured_key: str | None) -> None:
        self._redis = redis
        self._configured = configured_key or None
        self._signer = log_signer(redis, configured_key) if configured_key else None
        self._lock = threading.Lock()

    def get(self) -> Signer:
        signer = self._signer
        if signer is None:
            with self._lock:
                if self._signer is None:
                    self._signer = log_signer(self._redis, self._configured)
                signer = self._signer
        return signer


def b64(value: bytes) -> str:
    """Standard base64 with padding, as checkpoints write hashes."""
    return base64.b64encode(value).decode()


def leaf_text(leaf: bytes) -> str:
    """A leaf as the text it is (every leaf is UTF-8, ``transparency.parse_leaf``)."""
    return leaf.decode()


def checkpoint(log: TransparencyLog, signer: Signer, size: int) -> str:
    """The signed checkpoint of the log's first ``size`` leaves. Ed25519 signs deterministically,
    so a size always gives the same note, byte for byte."""
    return transparency.sign_checkpoint(signer.name, size, log.root(size), signer)


def summary(log: TransparencyLog, signer: Signer) -> dict[str, Any]:
    """What ``GET /v1/log`` answers: the origin, the key to check checkpoints with, the tree."""
    size = log.size()
    return {
        "origin": signer.name,
        "verifier_key": str(signer.verifier),
        "size": size,
        "root_hash": b64(log.root(size)),
    }
