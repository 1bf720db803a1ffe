"""The RQ side of ``service.webhooks.DeliveryQueue``: a webhook's tries as RQ jobs.

Each try is a job of the webhooks queue (``<prefix>-webhooks``, taken last by every worker:
a slow receiver holds a worker for up to the delivery timeout, never before a move or a
timer) under the id ``fd-webhook-<delivery>-<try>``, with JSON arguments. A try that must wait
(the retry schedule: 5 s, 5 min, …) is scheduled with ``enqueue_at`` and moved to the queue by
the housekeeper's due-job mover (workers/runner.py), on a whole second: a retry is never early,
and at most about 1.5 s late. A try queued twice is sent once: the job claims it first
(service/webhooks.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import redis
from rq import Queue

from workers.scheduler import (
    DEFAULT_PREFIX,
    FAILURE_TTL_S,
    RESULT_TTL_S,
    Names,
    due_at,
    named_queue,
)

JOB_FUNCTION = "workers.jobs.deliver_webhook"
# A try's HTTP call times out after FOXDEN_WEBHOOKS_TIMEOUT_S (10 s); the job's own limit is
# well beyond it (resolving the host, Redis).
JOB_TIMEOUT_S = 60


def webhook_queue(connection: redis.Redis, names: Names) -> Queue:
    return named_queue(connection, names.webhooks)


class RQDeliveryQueue:
    """``service.webhooks.DeliveryQueue`` on RQ."""

    def __init__(
        self,
        connection: redis.Redis,
        *,
        prefix: str = DEFAULT_PREFIX,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.connection = connection
        self.clock = clock
        self._queue = webhook_queue(connection, Names(prefix))

    def enqueue(self, webhook: str, delivery: str, attempt: str, delay_s: float) -> None:
        options = {
            "job_id": f"fd-webhook-{delivery}-{attempt}",
            "job_timeout": JOB_TIMEOUT_S,
            "result_ttl": RESULT_TTL_S,
            "failure_ttl": FAILURE_TTL_S,
        }
        args = (webhook, delivery, attempt)
        if delay_s > 0:
            at = due_at(delay_s, self.clock())
            self._queue.enqueue_at(at, JOB_FUNCTION, *args, **options)
        else:
            self._queue.enqueue(JOB_FUNCTION, *args, **options)
