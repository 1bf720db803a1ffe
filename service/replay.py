"""Replays: a game as one seat, a spectator, or (once finished) everyone saw it, version by version.

A frame is what the viewer had after one version: that event as it was shown to them then and
their view of the game. "Then" matters: while the game ran, the event was redacted for the
viewer by the state of that moment, so a replay of a finished game as seat 1 shows seat 1's
knowledge at each step, not the final, everything-public record. Only the final event (which
reveals the seed) is shown whole. ``everyone`` shows every event unredacted and every seat's
view; it exists only for a finished game, whose record is public.

The replay works on envelopes alone, from Redis or from an exported bundle, and never draws
anything: it is the fold of ``domain.match``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import match
from events.codec import upcast
from events.envelope import Envelope

EVERYONE = "everyone"
SPECTATOR = "spectator"

Viewer = int | str  # a seat, SPECTATOR or EVERYONE


class NotVisible(ValueError):
    """The viewer may not see this game that way (everyone's view of a running game)."""


@dataclass(frozen=True)
class Frame:
    version: int
    event: dict[str, Any]  # the envelope as the viewer was shown it then
    view: dict[str, Any]  # the viewer's view right after this version

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "event": self.event, "view": self.view}


def finished(envelopes: Sequence[Envelope]) -> bool:
    return bool(envelopes) and envelopes[-1].type == "GameEnded"


def parse_viewer(text: str | None, envelopes: Sequence[Envelope]) -> Viewer:
    """``--as``: a seat number, ``spectator`` or ``everyone``; by default everyone once the
    game has ended, else a spectator."""
    if text is None:
        return EVERYONE if finished(envelopes) else SPECTATOR
    if text in (EVERYONE, "all"):
        return EVERYONE
    if text == SPECTATOR:
        return SPECTATOR
    if not text.isdigit():
        raise ValueError(f"--as takes a seat number, {SPECTATOR!r} or {EVERYONE!r}, not {text!r}")
    return int(text)


def frames(
    envelopes: Sequence[Envelope], viewer: Viewer, until: int | None = None
) -> Iterator[Frame]:
    """The frames of versions 1..``until`` (all by default) as ``viewer`` saw them."""
    if viewer == EVERYONE and not finished(envelopes):
        raise NotVisible("everyone's view is shown once the game has ended; it is still running")
    if isinstance(viewer, int):
        players = envelopes[0].data.get("players", 0) if envelopes else 0
        if not 0 <= viewer < players:
            raise ValueError(f"there is no seat {viewer} (seats 0 to {players - 1})")
    seat = viewer if isinstance(viewer, int) else None
    state = match.INITIAL
    for envelope in envelopes[:until]:
        event = upcast(envelope)
        state = match.evolve(state, event)
        if viewer == EVERYONE:
            yield Frame(envelope.version, envelope.to_dict(), _everyones_view(state))
            continue
        shown = envelope.to_dict()
        shown["data"] = dict(match.redact(state, event, seat).data)
        if envelope.cause is not None:
            shown["cause"] = match.redact_cause(state, envelope.cause, envelope.by["seat"], seat)
        yield Frame(envelope.version, shown, match.view(state, seat))


def _everyones_view(state: match.MatchState) -> dict[str, Any]:
    """The spectator's view with each seat's own board beside it: everything anyone knew."""
    view = match.view(state, None)
    if state.status == match.ACTIVE:
        view["boards"] = [match.view(state, seat)["board"] for seat in range(state.players)]
    return view


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _who(by: Mapping[str, Any]) -> str:
    if by.get("seat") is None:
        return str(by.get("kind"))
    return f"seat {by.get('seat')} {by.get('kind')}"


def _view_lines(view: Mapping[str, Any]) -> Iterator[str]:
    """A view, one line per field (the board's fields each on their own line)."""
    for key, value in sorted(view.items()):
        if isinstance(value, Mapping):
            for inner, item in sorted(value.items()):
                yield f"  {key}.{inner}: {_compact(item)}"
        else:
            yield f"  {key}: {_compact(value)}"


def describe(viewer: Viewer) -> str:
    return f"seat {viewer}" if isinstance(viewer, int) else viewer


def render(
    game_id: str, envelopes: Sequence[Envelope], viewer: Viewer, until: int | None, *, views: bool
) -> Iterator[str]:
    """The replay as text: a line per version (and its command), then the view at the end.

    With ``views`` the viewer's view follows every version, not only the last one.
    """
    shown = list(frames(envelopes, viewer, until))
    created = envelopes[0].data if envelopes else {}
    last = shown[-1].version if shown else 0
    yield (
        f"game {game_id} ({created.get('game')}, rules {created.get('rules_version')}) "
        f"as {describe(viewer)}: versions 1..{last} of {len(envelopes)}"
    )
    for frame in shown:
        event = frame.event
        yield (
            f"v{frame.version:<4} {event['at']}  {_who(event['by']):<14} {event['type']} "
            f"{_compact(event['data'])}"
        )
        if "cause" in event:
            yield f"      command: {_compact(event['cause'])}"
        if views and frame is not shown[-1]:
            yield f"      view: {_compact(frame.view)}"
    if shown:
        yield f"view at v{last} as {describe(viewer)}:"
        yield from _view_lines(shown[-1].view)


def render_json(envelopes: Sequence[Envelope], viewer: Viewer, until: int | None) -> Iterator[str]:
    """The replay as NDJSON: one ``{"version", "event", "view"}`` object per version."""
    for frame in frames(envelopes, viewer, until):
        yield json.dumps(frame.to_dict(), ensure_ascii=False, sort_keys=True)
