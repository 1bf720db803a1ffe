"""One webhook request: its signature, its HTTP call, and when to try again (pure parts).

What service/webhooks.py's delivery job is made of, kept apart so that each can be tested
without Redis or a worker:

* **Signing** follows the Standard Webhooks specification with its reference library
  (``standardwebhooks``): the signed content is ``<webhook-id>.<webhook-timestamp>.<body>``,
  HMAC-SHA256 under each secret, sent as ``webhook-signature: v1,<base64> [v1,<base64>…]``.
  During a rotation both the new and the previous secret sign (space-separated), so a receiver
  holding either verifies. The body is signed as the exact bytes sent.
* **The schedule** (Svix's): a delivery is tried at once, then 5 s, 5 min, 30 min, 2 h, 5 h,
  10 h and 10 h after each failed try: 8 tries over about 27.6 hours. ``next_delay`` is a pure
  function of the try's number and its answer: no retry after a 4xx other than 408 and 429;
  a 429's ``Retry-After`` pushes the retry later (never earlier, and at most an hour).
* **The call** (``post``): httpx, to the address the SSRF check vetted (service/
  webhook_targets.py), the host name in the ``Host`` header and as TLS's server name (SNI and
  the certificate's check), no redirects followed, no proxy from the environment, a timeout,
  and at most ``READ_BYTES`` of the answer read (its first ``SNIPPET_CHARS`` characters are
  logged). Nothing of the request (its secrets, its headers) goes into the result.
"""

from __future__ import annotations

import base64
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx
from standardwebhooks import Webhook

from service.webhook_targets import Target

# Seconds to wait before each try: the first at once, then Svix's schedule.
SCHEDULE_S: tuple[float, ...] = (0, 5, 300, 1800, 7200, 18000, 36000, 36000)
# A 429's Retry-After is honoured up to this (a receiver cannot park a delivery for days).
RETRY_AFTER_MAX_S = 3600
TIMEOUT_S = 10.0
SNIPPET_CHARS = 200
READ_BYTES = 4096
SECRET_PREFIX = "whsec_"
SECRET_BYTES = 24
USER_AGENT = "Foxden-Webhooks/1"


@dataclass(frozen=True, slots=True)
class Answer:
    """What one try got: the status (None when no answer came), how long it took, the start
    of the answer's body, the error (a timeout, a refused connection...), and a 429's
    ``Retry-After`` in seconds."""

    status: int | None
    latency_ms: int
    snippet: str = ""
    error: str | None = None
    retry_after_s: float | None = None

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


Post = Callable[[Target, dict[str, str], bytes, float], Answer]


def new_secret() -> str:
    """A signing secret: ``whsec_`` and 24 random bytes in base64 (the library's format)."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def retryable(answer: Answer) -> bool:
    """Whether a failed try is worth another: no answer, a 5xx (or 3xx: redirects are not
    followed), 408 and 429; never another 4xx (the receiver refused this request)."""
    if answer.ok:
        return False
    if answer.status is None:
        return True
    return not (400 <= answer.status < 500) or answer.status in (408, 429)


def next_delay(number: int, answer: Answer) -> float | None:
    """Seconds from the end of try ``number`` (1 for the first) to the next one, or None when
    there is none (it succeeded, it may not be retried, or the schedule is over)."""
    if not retryable(answer) or number >= len(SCHEDULE_S):
        return None
    delay = SCHEDULE_S[number]
    if answer.status == 429 and answer.retry_after_s is not None:
        delay = max(delay, min(answer.retry_after_s, RETRY_AFTER_MAX_S))
    return delay


def signature(secrets_: Sequence[str], msg_id: str, at: float, body: bytes) -> str:
    """The ``webhook-signature`` header: one ``v1,…`` signature per secret, space-separated."""
    when = datetime.fromtimestamp(int(at), UTC)
    return " ".join(Webhook(secret).sign(msg_id, when, body) for secret in secrets_)


def headers(secrets_: Sequence[str], msg_id: str, at: float, body: bytes) -> dict[str, str]:
    """The headers of a delivery (Standard Webhooks' three, and the body's type)."""
    return {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(at)),
        "webhook-signature": signature(secrets_, msg_id, at, body),
    }


def _retry_after(value: str | None, now: float) -> float | None:
    """A ``Retry-After`` (seconds, or an HTTP date) as seconds from now; None if unreadable."""
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        from email.utils import parsedate_to_datetime

        return max(0.0, parsedate_to_datetime(text).timestamp() - now)
    except (TypeError, ValueError, IndexError):
        return None


class HttpPoster:
    """``Post`` over httpx: one client for the process (its connections kept between
    deliveries to a plain-HTTP target; an HTTPS connection is closed after its request, since
    the pool knows it by address and another host at that address must get its own TLS
    check)."""

    def __init__(self, client: httpx.Client | None = None) -> None:
        self.client = client or httpx.Client(trust_env=False, follow_redirects=False)

    def __call__(self, target: Target, sent: dict[str, str], body: bytes, timeout: float) -> Answer:
        asked = {**sent, "host": target.host_header}
        extensions: dict[str, object] = {}
        if target.scheme == "https":
            asked["connection"] = "close"
            extensions["sni_hostname"] = target.host
        started = time.perf_counter()
        try:
            request = self.client.build_request(
                "POST",
                target.pinned_url,
                content=body,
                headers=asked,
                timeout=httpx.Timeout(timeout),
                extensions=extensions,
            )
            response = self.client.send(request, stream=True)
            try:
                raw = b""
                for chunk in response.iter_bytes():
                    raw += chunk
                    if len(raw) >= READ_BYTES:
                        break
            finally:
                response.close()
        except httpx.TimeoutException:
            return Answer(None, _ms(started), error=f"timed out after {timeout:g} s")
        except httpx.ConnectError as error:
            return Answer(None, _ms(started), error=f"could not connect: {_reason(error)}")
        except httpx.HTTPError as error:
            return Answer(None, _ms(started), error=f"{type(error).__name__}: {_reason(error)}")
        snippet = raw[:READ_BYTES].decode("utf-8", "replace")[:SNIPPET_CHARS]
        after = _retry_after(response.headers.get("retry-after"), time.time())
        return Answer(response.status_code, _ms(started), snippet, None, after)

    def close(self) -> None:
        self.client.close()


def _ms(started: float) -> int:
    return round((time.perf_counter() - started) * 1000)


def _reason(error: Exception) -> str:
    return (str(error) or type(error).__name__)[:SNIPPET_CHARS]
