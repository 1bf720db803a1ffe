"""The five checks of an audit (``service.audit`` runs them, in order) and the reading of
the record they share: each works on the envelopes and events alone, trusts nothing the
server derived, and names the first version at fault.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain import fairness, match, registry
from domain.errors import RuleError
from domain.game import Command, Event
from events.codec import latest_schema, upcast
from events.envelope import KINDS, Envelope, check_type_name, verify_chain
from service.audit_report import Check, Pins, failed, not_run, plural, version_range

SEATLESS_COMMANDS = frozenset({"create", "join"})  # decided with seat None (see GameService)
HEX64 = re.compile(r"[0-9a-f]{64}")
_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})?Z")


def read_events(envelopes: Sequence[Envelope]) -> tuple[list[Event], Check | None]:
    events = []
    for position, envelope in enumerate(envelopes, start=1):
        try:
            events.append(upcast(envelope))
        except Exception as error:  # an upcaster refusing a forged payload
            return events, failed("chain", position, f"version {position} cannot be read: {error}")
    return events, None


def _data(event: Event) -> Mapping[str, Any]:
    """An event's payload, or {} when a forged one is not an object."""
    return event.data if isinstance(event.data, Mapping) else {}


def created_payload(events: Sequence[Event]) -> Mapping[str, Any]:
    return _data(events[0]) if events and events[0].type == "GameCreated" else {}


def _hex_seed(value: object) -> bytes | None:
    if isinstance(value, str) and HEX64.fullmatch(value):
        return bytes.fromhex(value)
    return None


def _commits_to(seed: bytes | None, commitment: object) -> bool:
    return seed is not None and hashlib.sha256(seed).hexdigest() == commitment


def proven_seed(events: Sequence[Event], bundle_seed: str | None) -> bytes | None:
    """The seed that hashes to the commitment, wherever the record holds it; else None.

    Any value with that hash *is* the seed (SHA-256 is preimage resistant), so the chain and
    the deck are checked with it even where another copy was edited: then the edited copy is
    blamed (by ``seed``, at its version) instead of every hash of the chain.
    """
    commitment = created_payload(events).get("commitment")
    candidates = [bundle_seed, created_payload(events).get("seed")]
    if events and events[-1].type == "GameEnded":
        candidates.insert(0, _data(events[-1]).get("seed"))
    for candidate in candidates:
        seed = _hex_seed(candidate)
        if _commits_to(seed, commitment):
            return seed
    return None


class _Stop(Exception):
    """A fold cannot go on: ``version`` is where (a forged event the rules cannot apply)."""

    def __init__(self, version: int, detail: str) -> None:
        super().__init__(detail)
        self.version, self.detail = version, detail


def _fold(
    events: Sequence[Event], until: Callable[[match.MatchState, Event], bool] | None = None
) -> tuple[match.MatchState, int]:
    """Apply events from the start until ``until(state, event)`` holds (that event is not
    applied); returns the state and the number of events applied."""
    state = match.INITIAL
    for position, event in enumerate(events, start=1):
        if until is not None and until(state, event):
            return state, position - 1
        try:
            state = match.evolve(state, event)
        except Exception as error:
            raise _Stop(
                position, f"version {position} ({event.type}) cannot be applied: {error!r}"
            ) from None
    return state, len(events)


def _rules_problem(events: Sequence[Event]) -> str | None:
    """Why the installed rules cannot judge this game, if they cannot."""
    created = created_payload(events)
    try:
        game = registry.get(str(created.get("game")))
    except registry.UnknownGame:
        return f"the game {created.get('game')!r} is not one this Foxden knows"
    if created.get("rules_version") != game.rules_version:
        return (
            f"recorded under rules {created.get('rules_version')!r}, but this Foxden implements "
            f"{game.rules_version!r}: audit with a Foxden that implements them"
        )
    return None


# --- the checks --------------------------------------------------------------------------------


def check_chain(
    envelopes: Sequence[Envelope],
    key: bytes | None,
    head_hash: str | None,
    pins: Pins,
    *,
    finished: bool,
) -> Check:
    if not envelopes:
        return failed("chain", 1, "there are no events")
    report = verify_chain(envelopes, key)
    malformed = _first_malformed(envelopes)
    broken = None if report.ok else (report.version or 1, report.detail)
    first = min((f for f in (broken, malformed) if f is not None), default=None)
    if first is not None:
        return failed("chain", *first)
    count = len(envelopes)
    for version, pinned in sorted(pins.heads.items()):
        if version > count:
            return failed("chain", count + 1, f"the pinned version {version} is missing")
        if envelopes[version - 1].hash != pinned:
            return failed("chain", version, f"version {version} is not the one pinned")
    if head_hash is not None and envelopes[-1].hash != head_hash:
        for envelope in envelopes[:-1]:
            if envelope.hash == head_hash:
                return failed(
                    "chain", envelope.version + 1, "events follow the head hash; they are extra"
                )
        return failed(
            "chain",
            count + 1,
            f"the head hash is not in the chain: events are missing after version {count}",
        )
    if key is None and finished:
        return not_run(
            "chain",
            f"links of {version_range(count)} intact; hashes not recomputed: no seed in the record "
            "hashes to the commitment (see the seed check)",
        )
    if key is None:
        return Check(
            "chain",
            True,
            f"links of {version_range(count)} intact; every hash can be recomputed once the seed "
            "is revealed",
        )
    return Check("chain", True, report.detail)


def _first_malformed(envelopes: Sequence[Envelope]) -> tuple[int, str] | None:
    """The first envelope whose form the store could never have written, and what is wrong.

    The hash covers every field, but after the end a forger can re-seal anything; the fields
    that no rule judges (``at``, ``command_id``, ``schema``) must at least be well formed.
    """
    for version, envelope in enumerate(envelopes, start=1):
        problem = _malformed(envelope)
        if problem:
            return version, f"version {version}: {problem}"
    return None


def _malformed(envelope: Envelope) -> str | None:
    try:
        kind = check_type_name(envelope.type)
    except ValueError:
        return "type is not a stable event name"
    schema = envelope.schema
    if type(schema) is not int or not 1 <= schema <= latest_schema(kind):
        return f"schema {schema!r} of {kind} is not one this Foxden knows"
    if not isinstance(envelope.data, dict):
        return "data is not an object"
    if not isinstance(envelope.at, str) or not _AT.fullmatch(envelope.at):
        return "at is not a UTC time (2026-11-30T08:00:00.123Z)"
    by = envelope.by
    if not isinstance(by, dict) or set(by) != {"seat", "kind"} or by["kind"] not in KINDS:
        return "by is not {seat, kind}"
    seat = by["seat"]
    if seat is not None and (type(seat) is not int or seat < 0):
        return "by.seat is not a seat number"
    if not isinstance(envelope.command_id, str):
        return "command_id is not a string"
    if envelope.cause is not None and not isinstance(envelope.cause, dict):
        return "cause is not an object"
    return None


def check_seed_before_the_end(events: Sequence[Event], pins: Pins) -> Check:
    commitment = created_payload(events).get("commitment")
    if pins.commitment is not None and commitment != pins.commitment:
        return failed("seed", 1, "the commitment at version 1 is not the one pinned")
    return not_run("seed", "needs the seed, which the final event reveals")


def check_seed(events: Sequence[Event], bundle_seed: str | None, pins: Pins) -> Check:
    created = created_payload(events)
    commitment = created.get("commitment")
    if not isinstance(commitment, str) or not HEX64.fullmatch(commitment):
        return failed("seed", 1, "the first event holds no commitment (64 hex digits)")
    if pins.commitment is not None and commitment != pins.commitment:
        return failed("seed", 1, "the commitment at version 1 is not the one pinned")
    if not _commits_to(_hex_seed(created.get("seed")), commitment):
        return failed("seed", 1, "the seed kept at creation does not hash to the commitment")
    count = len(events)
    revealed: object = None
    if events[-1].type == "GameEnded":
        revealed = _data(events[-1]).get("seed")
        if not _commits_to(_hex_seed(revealed), commitment):
            return failed(
                "seed",
                count,
                f"the seed revealed at version {count} does not hash to the commitment",
            )
    if bundle_seed is not None:
        if not _commits_to(_hex_seed(bundle_seed), commitment):
            return failed("seed", count, "the bundle's seed does not hash to the commitment")
        if revealed is not None and bundle_seed != revealed:
            return failed(
                "seed", count, f"the bundle's seed is not the one version {count} reveals"
            )
    return Check(
        "seed", True, "sha256(seed) equals the commitment published at version 1, before any deal"
    )


def check_deck(events: Sequence[Event], seed: bytes | None) -> Check:
    if seed is None:
        return not_run("deck", "needs a seed that hashes to the commitment (see the seed check)")
    problem = _rules_problem(events)
    if problem:
        return failed("deck", 1, problem)
    try:
        state, applied = _fold(events, until=lambda _, event: event.type == "GameStarted")
    except _Stop as stop:
        return failed("deck", stop.version, stop.detail)
    if applied == len(events):
        return failed("deck", len(events), "the game ended without a GameStarted event")
    started = events[applied]
    game = state.definition
    client_seeds = [info.client_seed for info in state.seats]
    shuffles = game.shuffles(state.players, state.game_options)
    expected = fairness.derive_start(seed, client_seeds, shuffles, state.players)
    problem = _start_problem(started.data, expected)
    if problem:
        return failed("deck", applied + 1, problem)
    # The deal the rules make from these orders must be the one recorded right after.
    after = match.evolve(state, started)
    wrong = _deal_problem(events, applied, game.decide(after.board, Command(None, expected)))
    if wrong:
        return failed("deck", *wrong)
    # The subject decides the verb ("the start player equals", "... and the shuffles equal"),
    # so each case is a whole sentence rather than a phrase dropped into one.
    if shuffles:
        sizes = ", ".join(f"{label} of {size}" for label, size in sorted(shuffles.items()))
        noun = "shuffle" if len(shuffles) == 1 else "shuffles"
        subject = f"the start player and the {noun} ({sizes}) equal"
    else:
        subject = "the start player (this game shuffles nothing) equals"
    return Check(
        "deck",
        True,
        f"{subject} the derivation from the seed and the client seeds of "
        f"{plural(len(client_seeds), 'seat')}; the deal matches",
    )


def _start_problem(recorded: Mapping[str, Any], expected: Mapping[str, Any]) -> str | None:
    """How a GameStarted event's data differs from the start derived from the seed, if it does."""
    recorded_start = recorded.get("start_player")
    if recorded_start != expected["start_player"]:
        return f"start player {recorded_start!r} recorded, {expected['start_player']} derived"
    orders = recorded.get("orders")
    if not isinstance(orders, Mapping) or set(orders) != set(expected["orders"]):
        return f"the shuffles recorded are not {sorted(expected['orders'])}"
    for label, order in expected["orders"].items():
        if orders[label] != order:
            return f"the order {label!r} differs from the derivation"
    return None


def _deal_problem(
    events: Sequence[Event], applied: int, dealt: Sequence[Event]
) -> tuple[int, str] | None:
    """The first event of the deal ``dealt`` that is not the one recorded after the start
    (which is event ``applied``, counted from 0), as (version, what is wrong)."""
    for offset, want in enumerate(dealt, start=1):
        position = applied + offset
        if position >= len(events):
            return position + 1, f"the deal ({want.type}) is missing"
        got = events[position]
        if (got.type, dict(got.data)) != (want.type, dict(want.data)):
            return position + 1, f"{got.type} is not the deal the orders make{_diff(want, got)}"
    return None


def _diff(want: Event, got: Event) -> str:
    """Which top-level fields of an event differ (names only, never values)."""
    if want.type != got.type:
        return f" (the rules give {want.type})"
    fields = sorted(
        key for key in set(want.data) | set(got.data) if want.data.get(key) != got.data.get(key)
    )
    return f": {', '.join(fields)} differ" if fields else ""


def _legacy_by(by: object, event: Event, seat: int | None, batch_kind: str) -> bool:
    """Games recorded before the fix of issue #14 carry ``{"seat": null, "kind": "player"}`` on
    the seatless game events of a join batch (the deal after the last join); they still audit."""
    return (
        seat is None
        and event.type not in match.MATCH_EVENTS
        and by == {"seat": None, "kind": batch_kind}
    )


def _legacy_left(got: Event, want: Event) -> bool:
    """Games recorded before ``SeatLeft`` said why carry none; a player's ``leave`` now records
    ``reason: "left"``, which is what those meant. They still audit."""
    return (
        got.type == want.type == "SeatLeft"
        and "reason" not in got.data
        and dict(want.data) == {**got.data, "reason": "left"}
    )


def check_resimulation(envelopes: Sequence[Envelope], events: Sequence[Event]) -> Check:
    problem = _rules_problem(events)
    if problem:
        return failed("resimulation", 1, problem)
    state = match.INITIAL
    position, commands = 0, 0
    while position < len(envelopes):
        first = envelopes[position]
        version = position + 1
        cause = first.cause
        if not isinstance(cause, Mapping):
            return failed("resimulation", version, "no recorded command begins a batch here")
        kind = str(cause.get("type"))
        seat = None if kind in SEATLESS_COMMANDS else first.by.get("seat")
        batch_kind = {"create": "system", "join": "player"}.get(kind, str(first.by.get("kind")))
        try:
            decided = match.decide_and_evolve(state, Command(seat, dict(cause), batch_kind))
        except RuleError as error:
            return failed(
                "resimulation", version, f"the rules refuse the recorded command: {error.detail}"
            )
        except Exception as error:
            return failed(
                "resimulation", version, f"the recorded command cannot be decided: {error!r}"
            )
        if not decided:
            return failed("resimulation", version, "the recorded command causes nothing")
        wants = [want for want, _ in decided]
        wrong = _batch_problem(envelopes, events, position, wants, seat=seat, batch_kind=batch_kind)
        if wrong:
            return failed("resimulation", *wrong)
        state = decided[-1][1]  # the state the last event leads to, evolved as it was decided
        position += len(decided)
        commands += 1
    return Check(
        "resimulation",
        True,
        f"{plural(commands, 'recorded command')}, re-decided in order, "
        f"{'reproduces' if commands == 1 else 'reproduce'} all {len(envelopes)} events",
    )


def _batch_problem(
    envelopes: Sequence[Envelope],
    events: Sequence[Event],
    position: int,
    decided: Sequence[Event],
    *,
    seat: int | None,
    batch_kind: str,
) -> tuple[int, str] | None:
    """The first event of the batch that begins at ``position`` (counted from 0) that is not
    what its command decides (``decided``), as (version, what is wrong)."""
    first = envelopes[position]
    version = position + 1
    for offset, want in enumerate(decided):
        at = position + offset
        if at >= len(envelopes):
            return at + 1, f"the command's {want.type} is missing"
        envelope, got = envelopes[at], events[at]
        if offset and envelope.cause is not None:
            return at + 1, f"the command at version {version} also causes {want.type}, missing here"
        if (got.type, dict(got.data)) != (want.type, dict(want.data)) and not _legacy_left(
            got, want
        ):
            return at + 1, f"{got.type} is not what the recorded command causes{_diff(want, got)}"
        if envelope.command_id != first.command_id or envelope.at != first.at:
            return at + 1, f"not in the batch of version {version} it belongs to"
        if envelope.by != match.author(want, seat, batch_kind) and not _legacy_by(
            envelope.by, want, seat, batch_kind
        ):
            return at + 1, "its 'by' is not who caused it"
    return None


def check_result(events: Sequence[Event]) -> Check:
    count = len(events)
    for position, event in enumerate(events[:-1], start=1):
        if event.type == "GameEnded":
            return failed("result", position + 1, f"events follow the final event at {position}")
    if events[-1].type != "GameEnded":
        return failed("result", count + 1, f"the game has no final event after version {count}")
    problem = _rules_problem(events)
    if problem:
        return failed("result", count, problem)
    try:
        state, _ = _fold(events[:-1])
        computed = state.definition.result(state.board) if state.board is not None else None
    except _Stop as stop:
        return failed("result", stop.version, stop.detail)
    except Exception as error:
        return failed("result", count, f"the final state gives no result: {error!r}")
    recorded = events[-1].data.get("result")
    if computed is None:
        return failed("result", count, "the rules say the game is not over at the final event")
    if recorded != computed:
        fields = sorted(
            key
            for key in set(computed) | set(recorded if isinstance(recorded, Mapping) else {})
            if not isinstance(recorded, Mapping) or recorded.get(key) != computed.get(key)
        )
        return failed(
            "result", count, f"the recorded result is not the rules' ({', '.join(fields)} differ)"
        )
    winners = computed.get("winners")
    return Check("result", True, f"the recorded result is the rules' result (winners {winners})")
