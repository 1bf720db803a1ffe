"""Signed webhooks: an account's endpoints, and the deliveries of its frames to them.

An account (or the operator, for every account) registers endpoints: a URL, the frame types it
wants (``EVENT_TYPES``) and a description. Every frame an account's stream gets
(service/account_stream.py: those of a game's appends, and those of ``AccountStreams.notify``:
challenges, seeks, this module's own notices) is offered here once written
(:meth:`Webhooks.offer`), and becomes one **delivery** per enabled endpoint that wants its type:
a message id (``msg_…``, the ``webhook-id`` header, the same on every try), and a body

    {"type": <the frame's type>, "timestamp": <ISO 8601, UTC>, "account": <account id>,
     "data": <the frame>}

sent by RQ jobs (``workers.jobs.deliver_webhook`` → :meth:`Webhooks.deliver`) signed per the
Standard Webhooks specification, retried on Svix's schedule (service/webhook_delivery.py), to an
address the SSRF check vetted a moment before (service/webhook_targets.py).

**Tries.** A try is named by its delivery and its number (``1``…``8``: the schedule's; ``r1``,
``r2``…: redeliveries asked for through the API, one try each). A job claims its try with
``SET NX`` before it sends anything: the same job run twice (RQ retried it, the sweeper queued it
again) sends once. The claimed try is also in the pending set until its outcome is written; the
sweeper (:meth:`Webhooks.repair`) finds a try whose outcome never came (its worker was killed
mid-send, its job was lost) and carries on: a lost job is queued again, a try that was claimed
and then interrupted counts as failed (the receiver may have got it: receivers deduplicate on
``webhook-id``) and the schedule goes on.

**Disabling.** When every try to an endpoint has failed for ``disable_after_s`` (5 days) and at
least ``DISABLE_MIN_FAILURES`` tries failed, the endpoint is disabled, and its account's stream
gets ``{"type": "webhook_disabled", "webhook": id, "reason": …}``. A success ends the streak.
``POST /v1/webhooks/{id}/enable`` turns it on again; deliveries missed meanwhile can be sent
with a redelivery.

**Secrets** are ``whsec_`` and 24 random bytes in base64. They are kept as they are (an HMAC key
must be), shown only in the answer that made them (the registration, a rotation), never in a
listing, a log or the attempt log. A rotation makes a new secret; the previous one keeps
signing alongside it for ``ROTATION_OVERLAP_S`` (24 h), both signatures in one header.

Redis keys (an account's endpoints beside its other keys, under ``{acct:<id>}``, kept by
service/webhook_endpoints.py; an endpoint's deliveries under ``{wh:<webhook id>}``, one Redis
Cluster slot per endpoint):

* ``fd:{acct:<id>}:webhooks`` hash (the operator's: ``fd:webhooks:operator``): ``<webhook id>``
  → the endpoint's JSON (url, events, description, created_at, secrets with their ends),
  ``<webhook id>:status`` → ``{"status": "enabled"}`` or the disabled one with its reason;
* ``fd:{wh:<id>}:d:<msg>`` hash: a delivery (its body, type, status, redeliveries), expiring
  ``retention_s`` after it was made (``FOXDEN_WEBHOOKS_RETENTION_S``, 3 days);
* ``fd:{wh:<id>}:attempts`` list: the attempt log, newest first, capped at ``ATTEMPTS_KEPT``;
* ``fd:{wh:<id>}:claim:<msg>:<try>``: the claim of a try (``SET NX``, expires with retention);
* ``fd:{wh:<id>}:health`` hash: ``since`` (when the current streak of failures began),
  ``failures`` (how many tries failed in it); deleted by a success;
* ``fd:webhooks:pending`` sorted set: ``<webhook id> <msg> <try>`` of every queued or running try,
  scored by when the sweeper should look at it if its outcome has not come by then.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import orjson

from events.redis_client import Client, reply_text
from service.errors import DeliveryNotFound, WebhookDisabled
from service.webhook_delivery import Answer, HttpPoster, Post, headers, next_delay
from service.webhook_endpoints import (
    ENABLED,
    EVENT_TYPES,
    OPERATOR,
    Endpoint,
    Endpoints,
    Policy,
    attempts_key,
    claim_key,
    delivery_key,
    health_key,
    iso,
    owner_key,
)
from service.webhook_targets import Resolver, UnsafeTarget, check, system_resolver

__all__ = [
    "EVENT_TYPES",
    "OPERATOR",
    "PENDING_KEY",
    "DeliveryQueue",
    "Endpoint",
    "Policy",
    "RecordingDeliveryQueue",
    "Webhooks",
    "claim_key",
]

log = logging.getLogger(__name__)

ATTEMPTS_KEPT = 1000
# A try whose outcome has not come this long after it was due is the sweeper's (a job runs for
# at most the job timeout, 30 s by default, once a worker takes it).
REPAIR_AFTER_S = 300
REPAIR_BATCH = 500
DELIVERY_ID = re.compile(r"msg_[0-9a-f]{24}")
PENDING_KEY = "fd:webhooks:pending"


class DeliveryQueue(Protocol):
    """Runs a try of a delivery later (the RQ adapter is ``workers.webhook_queue``)."""

    def enqueue(self, webhook: str, delivery: str, attempt: str, delay_s: float) -> None: ...


class RecordingDeliveryQueue:
    """A queue that only remembers (tests, tools, a service without workers)."""

    def __init__(self) -> None:
        self.jobs: list[tuple[str, str, str, float]] = []

    def enqueue(self, webhook: str, delivery: str, attempt: str, delay_s: float) -> None:
        self.jobs.append((webhook, delivery, attempt, delay_s))


class Webhooks(Endpoints):
    """The endpoints (``Endpoints``), their deliveries and tries, on the store's Redis."""

    def __init__(
        self,
        client: Client,
        queue: DeliveryQueue,
        *,
        policy: Policy | None = None,
        resolve: Resolver = system_resolver,
        post: Post | None = None,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
        notify: Callable[[str, Mapping[str, Any]], object] | None = None,
    ) -> None:
        super().__init__(client, policy=policy, resolve=resolve, clock=clock, monotonic=monotonic)
        self.queue = queue
        self._post = post
        # How a notice reaches an account's stream (the service gives AccountStreams.notify).
        self.notify = notify

    @property
    def post(self) -> Post:
        if self._post is None:  # made when first needed: the API process never sends
            self._post = HttpPoster()
        return self._post

    def attempts(self, owner: str, webhook: str, limit: int) -> list[dict[str, Any]]:
        """The attempt log, newest first."""
        self.get(owner, webhook)
        raw: Any = self.redis.lrange(attempts_key(webhook), 0, limit - 1)
        return [orjson.loads(entry) for entry in raw]

    def redeliver(self, owner: str, webhook: str, delivery: str) -> str:
        """Queue one more try of a delivery (``r<n>``); the try's id."""
        endpoint = self.get(owner, webhook)
        if not endpoint.enabled:
            raise WebhookDisabled("the endpoint is disabled: enable it first")
        key = delivery_key(webhook, delivery)
        if not DELIVERY_ID.fullmatch(delivery) or not self.redis.exists(key):
            raise DeliveryNotFound("no such delivery (or it is older than the retention)")
        count: Any = self.redis.hincrby(key, "redeliveries", 1)
        attempt = f"r{int(count)}"
        self._queue(webhook, delivery, attempt, 0.0)
        return attempt

    # --- deliveries --------------------------------------------------------------------------

    def offer(self, found: Sequence[tuple[str, Mapping[str, Any]]]) -> int:
        """Make a delivery of each frame for each enabled endpoint that wants it (its
        account's, and the operator's); how many. The endpoints are read in one round trip,
        and not again for ``LISTENING_FRESH_S`` (service/webhook_endpoints.py)."""
        if not found:
            return 0
        owners = list(dict.fromkeys(account for account, _ in found))
        listening = self.listening([*owners, OPERATOR])
        operators = listening[OPERATOR]
        now = self.clock()
        made: list[tuple[str, str]] = []
        pipe = self.redis.pipeline(transaction=False)
        for account, frame in found:
            kind = str(frame.get("type"))
            targets = [e for e in (*listening[account], *operators) if kind in e.events]
            if not targets:
                continue
            data = {"type": kind, "timestamp": iso(now), "account": account, "data": dict(frame)}
            body = orjson.dumps(data)
            for endpoint in targets:
                delivery = f"msg_{secrets.token_hex(12)}"
                key = delivery_key(endpoint.id, delivery)
                record = {"payload": body, "event": kind, "status": "pending", "created_at": now}
                pipe.hset(key, mapping=record)  # type: ignore[arg-type]
                pipe.expire(key, self.policy.retention_s)
                made.append((endpoint.id, delivery))
        if not made:
            return 0
        pipe.execute()
        for webhook, delivery in made:
            self._queue(webhook, delivery, "1", 0.0)
        return len(made)

    def _queue(self, webhook: str, delivery: str, attempt: str, delay_s: float) -> None:
        """Queue a try, and note it as pending until its outcome comes."""
        due = self.clock() + delay_s + REPAIR_AFTER_S
        self.redis.zadd(PENDING_KEY, {f"{webhook} {delivery} {attempt}": due})
        self.queue.enqueue(webhook, delivery, attempt, delay_s)

    def deliver(self, webhook: str, delivery: str, attempt: str) -> str:
        """Make one try (the job's work); what came of it: ``delivered``, ``retrying``,
        ``failed``, or why nothing was sent (``duplicate``, ``gone``, ``disabled``,
        ``expired``, ``done``)."""
        claim = claim_key(webhook, delivery, attempt)
        if not self.redis.set(claim, self.clock(), nx=True, ex=self.policy.retention_s):
            return "duplicate"  # this try ran (or runs) elsewhere: it is sent once
        skipped = self._skip(webhook, delivery, attempt)
        if isinstance(skipped, str):
            self.redis.zrem(PENDING_KEY, f"{webhook} {delivery} {attempt}")
            return skipped
        endpoint, body = skipped
        now = self.clock()
        answer = self._send(endpoint, delivery, body, now)
        return self._outcome(endpoint, delivery, attempt, answer, now)

    def _skip(self, webhook: str, delivery: str, attempt: str) -> str | tuple[Endpoint, bytes]:
        endpoint = self._load(webhook)
        if endpoint is None:
            return "gone"
        manual = attempt.startswith("r")
        if not endpoint.enabled and not manual:
            return "disabled"
        stored: Any = self.redis.hmget(delivery_key(webhook, delivery), ["payload", "status"])
        if stored[0] is None:
            return "expired"
        if not manual and reply_text(stored[1] or b"") == "delivered":
            return "done"  # a redelivery got it through meanwhile
        body = stored[0] if isinstance(stored[0], bytes) else str(stored[0]).encode()
        return endpoint, body

    def _send(self, endpoint: Endpoint, delivery: str, body: bytes, now: float) -> Answer:
        policy = self.policy
        try:
            target = check(
                endpoint.url,
                allow_http=policy.allow_http,
                allow_private=policy.allow_private,
                resolve=self.resolve,
            )
        except UnsafeTarget as error:
            return Answer(None, 0, error=f"refused target: {error}")
        sent = headers(endpoint.signing(now), delivery, now, body)
        return self.post(target, sent, body, policy.timeout_s)

    def _outcome(
        self, endpoint: Endpoint, delivery: str, attempt: str, answer: Answer, now: float
    ) -> str:
        """Log the try, schedule the next one, keep the endpoint's health."""
        webhook = endpoint.id
        manual = attempt.startswith("r")
        delay = None if manual else next_delay(int(attempt), answer)
        entry = {
            "delivery": delivery,
            "attempt": attempt,
            "at": iso(now),
            "status_code": answer.status,
            "latency_ms": answer.latency_ms,
            "response": answer.snippet,
            "error": answer.error,
            "outcome": "delivered" if answer.ok else "failed",
            "next_attempt_at": iso(now + delay) if delay is not None else None,
        }
        pipe = self.redis.pipeline(transaction=False)
        pipe.lpush(attempts_key(webhook), orjson.dumps(entry))
        pipe.ltrim(attempts_key(webhook), 0, ATTEMPTS_KEPT - 1)
        pipe.expire(attempts_key(webhook), self.policy.retention_s)
        status = "delivered" if answer.ok else "pending" if delay is not None else "failed"
        if answer.ok or not manual:
            pipe.hset(delivery_key(webhook, delivery), "status", status)
        if answer.ok:
            pipe.delete(health_key(webhook))
        else:
            pipe.hsetnx(health_key(webhook), "since", now)
            pipe.hincrby(health_key(webhook), "failures", 1)
            pipe.hget(health_key(webhook), "since")
        replies = pipe.execute()
        if delay is not None:
            self._queue(webhook, delivery, str(int(attempt) + 1), delay)
        self.redis.zrem(PENDING_KEY, f"{webhook} {delivery} {attempt}")
        if not answer.ok:
            failures, since = int(replies[-2]), float(reply_text(replies[-1]))
            self._maybe_disable(endpoint, now, since, failures)
        return "delivered" if answer.ok else "retrying" if delay is not None else "failed"

    def _maybe_disable(self, endpoint: Endpoint, now: float, since: float, failures: int) -> None:
        policy = self.policy
        if failures < policy.disable_min_failures or now - since < policy.disable_after_s:
            return
        days = (now - since) / 86_400
        reason = f"every delivery attempt failed for {days:.1f} days ({failures} attempts)"
        disabled = orjson.dumps({"status": "disabled", "reason": reason, "at": iso(now)})
        args: list[Any] = [endpoint.id, endpoint.id + ":status", disabled, ENABLED]
        if not self._set_if(keys=[owner_key(endpoint.owner)], args=args):
            return  # disabled already, or deleted
        self._changed(endpoint.owner)
        log.warning("webhook %s disabled: %s", endpoint.id, reason)
        if endpoint.owner != OPERATOR and self.notify is not None:
            frame = {"type": "webhook_disabled", "webhook": endpoint.id, "reason": reason}
            self.notify(endpoint.owner, frame)

    def repair(self, batch: int = REPAIR_BATCH) -> int:
        """The sweeper's part: every try whose outcome is overdue goes on (see the module's
        docstring); how many were."""
        now = self.clock()
        overdue: Any = self.redis.zrangebyscore(PENDING_KEY, "-inf", now, start=0, num=batch)
        repaired = 0
        for member in overdue:
            webhook, delivery, attempt = reply_text(member).split(" ")
            if not self.redis.zrem(PENDING_KEY, reply_text(member)):
                continue  # another sweeper took it
            claimed = self.redis.exists(claim_key(webhook, delivery, attempt))
            endpoint = self._load(webhook)
            if endpoint is None:
                continue
            if not claimed:  # the job was lost before it ran: queue it again
                self._queue(webhook, delivery, attempt, 0.0)
            else:  # it was claimed and never finished: a failed try
                error = "interrupted: the worker stopped before the try's outcome was known"
                self._outcome(endpoint, delivery, attempt, Answer(None, 0, error=error), now)
            repaired += 1
        return repaired
