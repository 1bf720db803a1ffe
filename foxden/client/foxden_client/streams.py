"""Foxden's two live streams as iterators of typed frames, resumed after every drop.

Hand-written, kept across regenerations (foxden/client/generate.py, ``HAND_WRITTEN``): the
generator reads a response whole, which a stream that never ends cannot be, so these helpers
read the lines as they come with the client's own ``httpx`` connection and parse each frame
with the generated models.

* :class:`AccountStream` follows ``GET /v1/me/stream`` (NDJSON). Each frame is the generated
  model of its ``type`` (``YourTurnFrame``, ``GamesFrame`` …; a type this client does not know
  yet is an :class:`UnknownFrame`). After a drop (a network error, a server restart, a 5xx or a
  429) it waits with :class:`Backoff` (or ``Retry-After``) and reconnects with
  ``Last-Event-ID``: the frame after the last one it gave, none twice. When the server no
  longer keeps that id it sends a ``reset`` frame, which is yielded like any other, then the
  ``games`` picture: re-read your games from it.
* :class:`GameEvents` follows a game's ``GET /v1/games/{id}/events/stream`` (SSE) as the
  generated event models (``SlyCardLaidEvent`` …), resumed with the last version, and ends
  after the game's final event.

A refusal that waiting cannot mend (400, 401, 403, 404) raises :class:`StreamRefused`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

from . import models
from .client import AuthenticatedClient, Client

log = logging.getLogger(__name__)

# A frame of the account stream is the generated model of its type; the union is open, since
# the document grows (challenges, seeks …) and an older client must still read newer frames.
AccountFrame = Any
# Statuses after which a new attempt may succeed: the server is away, busy or asks us to wait.
RETRYABLE = frozenset({408, 429, 500, 502, 503, 504})
# Events after which a game's stream ends.
FINAL_EVENTS = frozenset({"GameEnded", "TableCancelled", "TableExpired"})
ENDED = frozenset({"finished", "cancelled", "expired"})


class StreamRefused(Exception):
    """The server refused the stream for a reason that waiting will not change."""

    def __init__(self, status: int, body: str) -> None:
        super().__init__(f"the stream was refused with {status}: {body[:300]}")
        self.status = status
        self.body = body


@dataclass(frozen=True)
class UnknownFrame:
    """A frame whose ``type`` this client has no model for (or that its model refused)."""

    type: str
    id: str | None
    data: dict[str, Any]


@dataclass
class Backoff:
    """Exponential backoff with full jitter (a random wait up to the current step), so that
    many clients dropped at once by a restart do not come back in one burst."""

    first_s: float = 0.25
    most_s: float = 10.0
    factor: float = 2.0
    rng: random.Random = field(default_factory=random.Random)

    def delays(self) -> Iterator[float]:
        step = self.first_s
        while True:
            yield self.rng.uniform(step / 2, step)
            step = min(step * self.factor, self.most_s)


def model_name(frame_type: str) -> str:
    """The generated model of a frame type, by the document's naming: ``your_turn`` is
    ``YourTurnFrame``, ``seek_paired`` would be ``SeekPairedFrame``."""
    return "".join(part.capitalize() for part in frame_type.split("_")) + "Frame"


def parse_account_frame(raw: dict[str, Any]) -> AccountFrame:
    """The generated model of one account-stream frame, or an :class:`UnknownFrame`."""
    frame_type = str(raw.get("type", ""))
    model = getattr(models, model_name(frame_type), None)
    if model is not None:
        try:
            return model.from_dict(raw)
        except (KeyError, TypeError, ValueError) as error:  # a newer server's extra shape
            log.warning("frame %s does not fit %s: %s", frame_type, model.__name__, error)
    return UnknownFrame(frame_type, raw.get("id"), raw)


def parse_event(raw: dict[str, Any]) -> Any:
    """The generated model of one game event (``SlyCardLaidEvent`` …).

    The generator writes the parser of the ``Event`` union inside the models that hold
    events, not as a function of its own: a one-event page borrows ``EventPage``'s.
    """
    return models.EventPage.from_dict({"events": [raw], "version": 0, "next_after": 0}).events[0]


def retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After", "")
    return float(value) if value.isdigit() else None


class _Follower:
    """What both streams share: the connection loop, the backoff and ``close``."""

    def __init__(
        self,
        client: AuthenticatedClient | Client,
        *,
        backoff: Backoff | None = None,
        read_timeout_s: float = 30.0,
        on_drop: Callable[[BaseException | int], None] | None = None,
    ) -> None:
        self.client = client
        self.backoff = backoff or Backoff()
        # The server sends a heartbeat after two seconds of silence: a read that waits this
        # long means a connection that died without a word (a host gone, a cable pulled).
        self.read_timeout_s = read_timeout_s
        self.on_drop = on_drop
        self.connects = 0
        self._closed = threading.Event()
        self._response: httpx.Response | None = None

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def close(self) -> None:
        """End the iteration (from any thread): the open response is closed too."""
        self._closed.set()
        if self._response is not None:
            with contextlib.suppress(Exception):
                self._response.close()

    def _lines(self, path: str, headers: dict[str, str]) -> Iterator[str]:
        """The lines of one connection; returns when the server ends it normally."""
        timeout = httpx.Timeout(10.0, read=self.read_timeout_s)
        http = self.client.get_httpx_client()
        with http.stream("GET", path, headers=headers, timeout=timeout) as response:
            self._response = response
            self.connects += 1
            if response.status_code != 200:
                body = response.read().decode(errors="replace")
                if response.status_code in RETRYABLE:
                    raise _Retry(response.status_code, retry_after(response))
                raise StreamRefused(response.status_code, body)
            yield from response.iter_lines()

    def _wait(self, delays: Iterator[float], reason: BaseException | int, at_least: float) -> None:
        if self.on_drop is not None:
            self.on_drop(reason)
        self._closed.wait(max(at_least, next(delays)))


class _Retry(Exception):
    def __init__(self, status: int, after_s: float | None) -> None:
        super().__init__(status)
        self.status, self.after_s = status, after_s


class AccountStream(_Follower):
    """``GET /v1/me/stream`` as typed frames, forever (until :meth:`close`), resumed after
    every drop from :attr:`last_event_id` (the id of the last frame yielded)."""

    def __init__(
        self,
        client: AuthenticatedClient,
        *,
        last_event_id: str | None = None,
        backoff: Backoff | None = None,
        read_timeout_s: float = 30.0,
        on_drop: Callable[[BaseException | int], None] | None = None,
    ) -> None:
        super().__init__(client, backoff=backoff, read_timeout_s=read_timeout_s, on_drop=on_drop)
        self.last_event_id = last_event_id

    def __iter__(self) -> Iterator[AccountFrame]:
        delays = self.backoff.delays()
        while not self.closed:
            headers = {"Accept": "application/x-ndjson"}
            if self.last_event_id:
                headers["Last-Event-ID"] = self.last_event_id
            try:
                for line in self._lines("/v1/me/stream", headers):
                    if self.closed:
                        return
                    if not line.strip():
                        continue  # a heartbeat
                    raw = json.loads(line)
                    delays = self.backoff.delays()  # a frame came: the next drop starts over
                    if raw.get("id"):
                        self.last_event_id = raw["id"]
                    yield parse_account_frame(raw)
                reason: BaseException | int = 0  # ended by the server (a restart, a deploy)
                waited = 0.0
            except _Retry as refused:
                reason, waited = refused.status, refused.after_s or 0.0
            except (httpx.TransportError, httpx.StreamError, json.JSONDecodeError) as error:
                reason, waited = error, 0.0
            if self.closed:
                return
            self._wait(delays, reason, waited)


class GameEvents(_Follower):
    """A game's ``events/stream`` (SSE) as the generated event models, from the event after
    version ``after``; resumed after every drop from the last version yielded (:attr:`after`);
    ends after the game's final event (or at once on a game that has ended)."""

    def __init__(
        self,
        client: AuthenticatedClient | Client,
        game_id: str,
        *,
        after: int = 0,
        backoff: Backoff | None = None,
        read_timeout_s: float = 30.0,
        on_drop: Callable[[BaseException | int], None] | None = None,
    ) -> None:
        super().__init__(client, backoff=backoff, read_timeout_s=read_timeout_s, on_drop=on_drop)
        self.game_id = game_id
        self.after = after

    def __iter__(self) -> Iterator[Any]:
        delays = self.backoff.delays()
        while not self.closed:
            headers = {"Accept": "text/event-stream", "Last-Event-ID": str(self.after)}
            try:
                for version, data in self._events(headers):
                    delays = self.backoff.delays()
                    self.after = version
                    yield parse_event(data)
                    if data.get("type") in FINAL_EVENTS:
                        return
                if self._ended():  # nothing more will come
                    return
                reason: BaseException | int = 0
                waited = 0.0
            except _Retry as refused:
                reason, waited = refused.status, refused.after_s or 0.0
            except (httpx.TransportError, httpx.StreamError, json.JSONDecodeError) as error:
                reason, waited = error, 0.0
            if self.closed:
                return
            self._wait(delays, reason, waited)

    def _events(self, headers: dict[str, str]) -> Iterator[tuple[int, dict[str, Any]]]:
        """(version, event) for each server-sent event of one connection."""
        event_id: str | None = None
        data: list[str] = []
        for line in self._lines(f"/v1/games/{self.game_id}/events/stream", headers):
            if self.closed:
                return
            if line.startswith("id:"):
                event_id = line[3:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
            elif not line and data:  # a blank line ends an event
                yield int(event_id or self.after + 1), json.loads("\n".join(data))
                event_id, data = None, []
            # ``event:``, ``retry:`` and ``: keepalive`` lines need nothing

    def _ended(self) -> bool:
        """Whether the game is over (a stream that ended without its final event: resumed
        after the end, or cut by a server that stopped)."""
        answer = self.client.get_httpx_client().get(f"/v1/games/{self.game_id}")
        return answer.status_code == 200 and answer.json().get("status") in ENDED
