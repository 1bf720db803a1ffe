"""What a client is shown: events as a seat may see them, pages of the feed, turn clocks.

Pure functions of a state (and, for a page, one read): the routes and the live streams shape
their answers from these, and never reach into the domain themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain import match
from domain.match import MatchState
from events.codec import upcast
from events.envelope import Envelope
from service import policies
from service.cycle import Outcome
from service.loading import Loaded, Loader


def shown(
    state: MatchState, envelopes: Sequence[Envelope], viewer: int | None
) -> list[dict[str, Any]]:
    """Envelopes as ``viewer`` may see them, given the state that decides what is public."""
    items = []
    for envelope in envelopes:
        item = envelope.to_dict()
        event = upcast(envelope)
        item["data"] = dict(match.redact(state, event, viewer).data)
        if envelope.cause is not None:
            item["cause"] = match.redact_cause(
                state, envelope.cause, envelope.by.get("seat"), viewer
            )
        items.append(item)
    return items


def feed(
    loader: Loader, game_id: str, viewer: int | None, after: int, limit: int | None
) -> tuple[Loaded, list[dict[str, Any]]]:
    """A page of the events after ``after`` and the latest state that redacts them: one
    round trip on a cached game (what is newer than the cache and the page, together)."""
    cached = loader.cache.get(game_id)
    if cached is None:
        loaded = loader.load(game_id)
        envelopes = loader.store.read(game_id, after=after, count=limit)
    else:
        newer, envelopes = loader.store.read_many(
            game_id, [(cached.version, None, None), (after, None, limit)]
        )
        loaded = loader.extend(game_id, cached, newer)
    return loaded, shown(loaded.state, envelopes, viewer)


def clocks(loaded: Loaded, clock: Callable[[], str]) -> list[dict[str, Any]]:
    """The running turn clocks: ``{seat, deadline, ms_left}`` per seat to act on a timer."""
    if not loaded.state.options.get("turn_timeout_s"):
        return []  # a table without turn limits runs no clock: no need to read the time
    return policies.turn_clocks(loaded.state, loaded.turns_began, clock())


def view(
    state: MatchState, seat: int | None, loaded: Loaded | None, clock: Callable[[], str]
) -> dict[str, Any]:
    """The seat's view (a spectator's for ``None``), with the running turn clocks when
    ``loaded`` is the latest state (a past version has none)."""
    return {**match.view(state, seat), "clocks": clocks(loaded, clock) if loaded else []}


def command_reply(outcome: Outcome, seat: int, clock: Callable[[], str]) -> dict[str, Any]:
    """What a seat is answered for its command: the new version, the events as it may see
    them, and its view after them."""
    after = outcome.loaded.state
    return {
        "version": outcome.version,
        "events": shown(after, outcome.envelopes, seat),
        "state": view(after, seat, outcome.loaded, clock),
    }
