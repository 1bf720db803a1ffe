"""Stream tickets: a browser's way to open its seat's event stream without a token in a URL.

``EventSource`` cannot send ``Authorization``. A client that holds a seat's bearer token asks
for a ticket (``POST /v1/games/{id}/stream-tickets``) and opens
``/v1/games/{id}/events/stream?ticket=…``. A ticket names one seat of one game, lives
``FOXDEN_STREAM_TICKET_TTL_S`` seconds (60 by default, enough to open the stream and for
``EventSource``'s reconnects right after), and opens only that game's SSE stream: it is no
bearer token anywhere else. A stream that is open stays open after its ticket expires; a
reconnect later needs a new ticket. Only a hash of the ticket is stored, under the game's hash
tag (one Redis Cluster slot with the game), and Redis expires it.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import UTC, datetime, timedelta

from events.redis_client import Client
from service.accounts import account_key

DEFAULT_TTL_S = 60


def _key(game_id: str, ticket: str) -> str:
    return f"fd:{{g:{game_id}}}:ticket:" + hashlib.sha256(ticket.encode()).hexdigest()[:32]


class StreamTickets:
    def __init__(self, client: Client, ttl: int = DEFAULT_TTL_S) -> None:
        self._client = client
        self.ttl = ttl

    def issue(self, game_id: str, seat: int, holder: str) -> tuple[str, str]:
        """A new ticket for ``seat`` of ``game_id``, issued to the token whose hash is
        ``holder``, and when it expires (ISO 8601, UTC)."""
        ticket = secrets.token_urlsafe(24)
        self._client.set(_key(game_id, ticket), f"{seat} {holder}", ex=self.ttl)
        expires = datetime.now(UTC) + timedelta(seconds=self.ttl)
        return ticket, expires.isoformat(timespec="seconds").replace("+00:00", "Z")

    def holder(self, game_id: str, ticket: str) -> tuple[int, str] | None:
        """The seat a live ticket of ``game_id`` names and the hash of the token it was issued
        to (the stream is that token's: refused once the token no longer holds the seat);
        ``None`` when unknown or expired."""
        if not 16 <= len(ticket) <= 128:
            return None
        value = self._client.get(_key(game_id, ticket))
        if value is None:
            return None
        seat, _, holder = (value.decode() if isinstance(value, bytes) else value).partition(" ")
        return int(seat), holder

    # Account stream tickets (``POST /v1/me/stream-tickets``): as a seat's, for the browser's
    # ``EventSource`` on ``/v1/me/stream?ticket=…``. The ticket names its account (its public id)
    # ahead of the secret, so that it is found under the account's hash tag.

    def issue_account(self, account: str, key_id: str) -> tuple[str, str]:
        """A new ticket for ``account``'s stream, issued to its key ``key_id`` (the stream is
        refused, and an open one ends, once that key is revoked); and when it expires."""
        ticket = f"{account}.{secrets.token_urlsafe(24)}"
        self._client.set(_account_ticket_key(account, ticket), key_id, ex=self.ttl)
        expires = datetime.now(UTC) + timedelta(seconds=self.ttl)
        return ticket, expires.isoformat(timespec="seconds").replace("+00:00", "Z")

    def account_holder(self, ticket: str) -> tuple[str, str] | None:
        """The account and key id a live account ticket names; ``None`` when unknown."""
        account, _, secret = ticket.partition(".")
        if not (_ACCOUNT_ID.fullmatch(account) and 16 <= len(secret) <= 128):
            return None
        value = self._client.get(_account_ticket_key(account, ticket))
        if value is None:
            return None
        return account, value.decode() if isinstance(value, bytes) else value


_ACCOUNT_ID = re.compile(r"[0-9a-f]{16}")


def _account_ticket_key(account: str, ticket: str) -> str:
    return account_key(account, "ticket", hashlib.sha256(ticket.encode()).hexdigest()[:32])
