"""Webhook endpoints: what an account (or the operator) registers, and its signing secrets.

The registry half of service/webhooks.py (which delivers): an endpoint's URL (checked by the
SSRF rules of service/webhook_targets.py), the frame types it wants, its status, and its
secrets. Secrets are ``whsec_`` and 24 random bytes in base64, kept as they are (an HMAC key
must be) and shown only in the answer that made them (the registration, a rotation); a rotation
keeps the previous secret signing alongside the new one for ``ROTATION_OVERLAP_S`` (24 h).

Redis keys: ``fd:{acct:<id>}:webhooks`` hash (the operator's: ``fd:webhooks:operator``):
``<webhook id>`` → the endpoint's JSON (url, events, description, created_at, secrets with
their ends), ``<webhook id>:status`` → ``{"status": "enabled"}`` or the disabled one with its
reason. Ids read ``wh_<owner>_<8 hex digits>``, the owner an account id or ``op``: an id names
the hash it lives in. Per endpoint, under ``{wh:<webhook id>}`` (one Redis Cluster slot): its
deliveries, attempt log, claims and health (service/webhooks.py).
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import orjson

from events.redis_client import Client, reply_text
from service.accounts import account_key
from service.errors import TooManyWebhooks, WebhookNotFound, WebhookUrlRefused
from service.webhook_delivery import TIMEOUT_S, new_secret
from service.webhook_targets import Resolver, UnsafeTarget, check, system_resolver

EVENT_TYPES = (
    "game_started",
    "your_turn",
    "game_finished",
    "seat_taken_over",
    "table_closed",
    "challenge",
    "challenge_declined",
    "challenge_canceled",
    "seek_paired",
    "webhook_disabled",
)
OPERATOR = "op"  # the owner of the operator's endpoints (an account id is 16 hex digits)
MAX_ENDPOINTS = 20  # per owner
# How long a process trusts the enabled endpoints it read for an owner before it reads them
# again (``Endpoints.listening``): the frames of a move then cost no round trip of their own to
# find who listens (a move of an account game: 2 round trips instead of 3). A change made
# through this process is seen at once; one made through another, within this time.
LISTENING_FRESH_S = 2.0
LISTENING_KEPT = 10_000  # owners remembered at most (then all are forgotten at once)
ROTATION_OVERLAP_S = 86_400
RETENTION_S = 3 * 86_400  # FOXDEN_WEBHOOKS_RETENTION_S: longer than the whole schedule
DISABLE_AFTER_S = 5 * 86_400  # FOXDEN_WEBHOOKS_DISABLE_AFTER_S
DISABLE_MIN_FAILURES = 10
WEBHOOK_ID = re.compile(r"wh_([0-9a-f]{16}|op)_[0-9a-f]{8}")
ENABLED = orjson.dumps({"status": "enabled"})

# Write a field of an owner's hash only while the endpoint exists; with ARGV[3], only while
# the field holds it (a compare-and-set).
_SET_IF_LUA = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
if ARGV[4] and redis.call('HGET', KEYS[1], ARGV[2]) ~= ARGV[4] then return 0 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return 1
"""


def owner_key(owner: str) -> str:
    return "fd:webhooks:operator" if owner == OPERATOR else account_key(owner, "webhooks")


def _tag(webhook: str) -> str:
    return f"fd:{{wh:{webhook}}}"


def delivery_key(webhook: str, delivery: str) -> str:
    return f"{_tag(webhook)}:d:{delivery}"


def attempts_key(webhook: str) -> str:
    return f"{_tag(webhook)}:attempts"


def claim_key(webhook: str, delivery: str, attempt: str) -> str:
    return f"{_tag(webhook)}:claim:{delivery}:{attempt}"


def health_key(webhook: str) -> str:
    return f"{_tag(webhook)}:health"


def owner_of(webhook: str) -> str | None:
    """The owner a webhook id names (an account id, or ``op``); None for a malformed id."""
    found = WEBHOOK_ID.fullmatch(webhook)
    return found.group(1) if found else None


def iso(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class Policy:
    """The operator's settings (``FOXDEN_WEBHOOKS_*``, docs/operations.md)."""

    allow_http: bool = False
    allow_private: bool = False
    timeout_s: float = TIMEOUT_S
    retention_s: int = RETENTION_S
    disable_after_s: int = DISABLE_AFTER_S
    disable_min_failures: int = DISABLE_MIN_FAILURES


@dataclass(frozen=True)
class Endpoint:
    id: str
    owner: str
    url: str
    events: tuple[str, ...]
    description: str
    created_at: str
    # (secret, until): None for the current one, a Unix time for a previous one still signing.
    secrets: tuple[tuple[str, float | None], ...] = ()
    status: Mapping[str, Any] = field(default_factory=lambda: {"status": "enabled"})

    @property
    def enabled(self) -> bool:
        return self.status.get("status") == "enabled"

    def signing(self, now: float) -> list[str]:
        """The secrets that sign now: the current one first, then any still in overlap."""
        return [secret for secret, until in self.secrets if until is None or until > now]

    def stored(self) -> bytes:
        body = {
            "id": self.id,
            "owner": self.owner,
            "url": self.url,
            "events": list(self.events),
            "description": self.description,
            "created_at": self.created_at,
            "secrets": [[secret, until] for secret, until in self.secrets],
        }
        return orjson.dumps(body)

    @classmethod
    def load(cls, raw: Any, status: Any) -> Endpoint:
        data = orjson.loads(raw)
        kept = tuple((secret, until) for secret, until in data["secrets"])
        shown = orjson.loads(status) if status else {"status": "enabled"}
        return cls(
            data["id"],
            data["owner"],
            data["url"],
            tuple(data["events"]),
            data["description"],
            data["created_at"],
            kept,
            shown,
        )

    def shown(self) -> dict[str, Any]:
        """The endpoint as an answer shows it: never a secret."""
        return {
            "id": self.id,
            "url": self.url,
            "events": list(self.events),
            "description": self.description,
            "created_at": self.created_at,
            "status": self.status.get("status", "enabled"),
            "disabled_reason": self.status.get("reason"),
        }


def parse_endpoints(found: Mapping[Any, Any]) -> list[Endpoint]:
    """The endpoints of one owner's hash, as HGETALL gave it."""
    fields = {reply_text(name): value for name, value in found.items()}
    return [
        Endpoint.load(raw, fields.get(name + ":status"))
        for name, raw in fields.items()
        if not name.endswith(":status")
    ]


class Endpoints:
    """The endpoints of every owner, on the store's Redis."""

    def __init__(
        self,
        client: Client,
        *,
        policy: Policy | None = None,
        resolve: Resolver = system_resolver,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.redis = client
        self.policy = policy or Policy()
        self.monotonic = monotonic  # for how long ``listening`` trusts what it read
        self.resolve = resolve
        self.clock = clock
        self._set_if = client.register_script(_SET_IF_LUA)
        # owner -> (when read, on the monotonic clock; its enabled endpoints)
        self._listening: dict[str, tuple[float, list[Endpoint]]] = {}

    def listening(self, owners: Sequence[str]) -> dict[str, list[Endpoint]]:
        """The enabled endpoints of each of ``owners``, read again (in one round trip) only for
        those not read in the last ``LISTENING_FRESH_S`` by this process."""
        now = self.monotonic()
        found: dict[str, list[Endpoint]] = {}
        for owner in owners:
            held = self._listening.get(owner)
            if held is not None and now - held[0] < LISTENING_FRESH_S:
                found[owner] = held[1]
        missing = [owner for owner in owners if owner not in found]
        if missing:
            pipe = self.redis.pipeline(transaction=False)
            for owner in missing:
                pipe.hgetall(owner_key(owner))
            if len(self._listening) > LISTENING_KEPT:
                self._listening.clear()
            for owner, stored in zip(missing, pipe.execute(), strict=True):
                enabled = [endpoint for endpoint in parse_endpoints(stored) if endpoint.enabled]
                self._listening[owner] = (now, enabled)
                found[owner] = enabled
        return found

    def _changed(self, owner: str) -> None:
        """Forget what ``listening`` read for ``owner``: one of its endpoints changed."""
        self._listening.pop(owner, None)

    def _check(self, url: str) -> None:
        policy = self.policy
        try:
            check(
                url,
                allow_http=policy.allow_http,
                allow_private=policy.allow_private,
                resolve=self.resolve,
            )
        except UnsafeTarget as error:
            raise WebhookUrlRefused(
                f"this URL cannot receive webhooks: {error}",
                reason=error.reason,
                errors={"url": [str(error)]},
            ) from None

    def register(
        self, owner: str, url: str, events: Sequence[str], description: str = ""
    ) -> tuple[Endpoint, str]:
        """A new endpoint of ``owner`` (an account id, or ``OPERATOR``) and its secret, which
        only this answer shows. ``WebhookUrlRefused``: a URL the SSRF check refuses."""
        self._check(url)
        key = owner_key(owner)
        if self.redis.hlen(key) // 2 >= MAX_ENDPOINTS:
            raise TooManyWebhooks(f"at most {MAX_ENDPOINTS} endpoints; delete one first")
        secret = new_secret()
        wanted = tuple(kind for kind in EVENT_TYPES if kind in set(events))
        while True:
            webhook = f"wh_{owner}_{secrets.token_hex(4)}"
            endpoint = Endpoint(
                webhook, owner, url, wanted, description, iso(self.clock()), ((secret, None),)
            )
            if self.redis.hsetnx(key, webhook, endpoint.stored()):
                break
        self.redis.hset(key, webhook + ":status", ENABLED)
        self._changed(owner)
        return endpoint, secret

    def endpoints(self, owner: str) -> list[Endpoint]:
        stored: Any = self.redis.hgetall(owner_key(owner))
        return sorted(
            parse_endpoints(stored), key=lambda endpoint: (endpoint.created_at, endpoint.id)
        )

    def _load(self, webhook: str) -> Endpoint | None:
        owner = owner_of(webhook)
        if owner is None:
            return None
        raw, status = self.redis.hmget(owner_key(owner), [webhook, webhook + ":status"])
        return Endpoint.load(raw, status) if raw is not None else None

    def get(self, owner: str, webhook: str) -> Endpoint:
        """``owner``'s endpoint (``WebhookNotFound`` for another's: it is not told apart)."""
        found = self._load(webhook) if owner_of(webhook) == owner else None
        if found is None:
            raise WebhookNotFound("no such webhook endpoint")
        return found

    def delete(self, owner: str, webhook: str) -> None:
        self.get(owner, webhook)
        self.redis.hdel(owner_key(owner), webhook, webhook + ":status")
        self._changed(owner)
        for key in (attempts_key(webhook), health_key(webhook)):
            self.redis.delete(key)

    def rotate(self, owner: str, webhook: str) -> tuple[Endpoint, str]:
        """A new secret; the previous one signs alongside it for ``ROTATION_OVERLAP_S``."""
        secret = new_secret()
        for _ in range(5):  # compare-and-set: a rotation at the same moment wins or retries
            endpoint = self.get(owner, webhook)
            now = self.clock()
            kept = [(old, now + ROTATION_OVERLAP_S) for old in endpoint.signing(now)[:1]]
            kept += [(old, until) for old, until in endpoint.secrets if until and until > now]
            rotated = Endpoint(
                endpoint.id,
                endpoint.owner,
                endpoint.url,
                endpoint.events,
                endpoint.description,
                endpoint.created_at,
                ((secret, None), *kept),
                endpoint.status,
            )
            args: list[Any] = [webhook, webhook, rotated.stored(), endpoint.stored()]
            if self._set_if(keys=[owner_key(owner)], args=args):
                self._changed(owner)
                return rotated, secret
        raise WebhookNotFound("the endpoint changed while it was rotated; try again")

    def enable(self, owner: str, webhook: str) -> Endpoint:
        self.get(owner, webhook)
        self._set_if(keys=[owner_key(owner)], args=[webhook, webhook + ":status", ENABLED])
        self._changed(owner)
        self.redis.delete(health_key(webhook))
        return self.get(owner, webhook)
