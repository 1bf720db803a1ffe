"""The audit: proof that a game was dealt fairly, played by the rules and never edited.

It works on a game's envelopes alone (read from Redis, or from an exported bundle, offline) and
runs five checks, in this order:

* ``chain``: versions run 1..n, each ``prev_hash`` is the hash before it and, once the seed is
  known, each ``hash`` recomputes (the salts need the seed); every envelope is well formed; a
  given head hash or pinned ``(version, hash)`` pair must be in the chain.
* ``seed``: the revealed seed (and the copy kept at creation, and a bundle's copy) hashes to the
  commitment published in the first event.
* ``deck``: the start player and every shuffle equal the derivation from the committed seed and
  the client seeds (``domain.fairness``), and the deal that follows equals the one the rules
  make from them. This uses the recorded events only, never the recorded commands.
* ``resimulation``: re-deciding every recorded command (the ``cause`` on the first event of each
  batch), from the initial state, reproduces every recorded event exactly, batch by batch.
* ``result``: the result in the final event equals the one the rules compute from the events.

Before the end the seed is secret, so only ``chain`` runs (links only); the others report
``ok: None`` with the reason, and the report's ``ok`` covers the checks that ran. A failed
check names the first version at fault (``n + 1`` when events are missing after version
``n``). Why the checks are separate: a forger who edits a finished game can re-seal the chain
(the seed is public by then), so ``chain`` alone proves little after the end; each kind of
forgery is then caught by the check that owns that fact, which says exactly what is wrong.

An archived game's audit may add one more check, ``log`` (``service.log_audit``): its id, head
hash and event count are a leaf of the tamper-evident log, in a checkpoint signed by a key the
auditor trusts. It needs a proof from the server, so ``foxden audit`` adds it when asked.

Details never quote event data: before the end only ``chain`` runs, and its messages name
versions and fields, never values, so a report can never leak a hidden card or the seed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from domain import fairness, match, registry
from domain.errors import RuleError
from domain.game import Command, Event
from events.codec import decode, latest_schema, upcast
from events.envelope import KINDS, Envelope, check_type_name, verify_chain
from events.ports import LiveEventStore

BUNDLE_FORMAT = "foxden-bundle/1"
CHECK_NAMES = ("chain", "seed", "deck", "resimulation", "result")
SEATLESS_COMMANDS = frozenset({"create", "join"})  # decided with seat None (see GameService)

_HEX64 = re.compile(r"[0-9a-f]{64}")
_AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})?Z")
_DETAIL_MAX = 300


@dataclass(frozen=True)
class Check:
    """One check's outcome: ``ok`` is None when it could not run yet (``detail`` says why)."""

    name: str
    ok: bool | None
    detail: str
    version: int | None = None  # the first version at fault, when ``ok`` is False

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "ok": self.ok, "detail": self.detail, "version": self.version}


@dataclass(frozen=True)
class Report:
    """The checks, and ``ok``: every check that ran holds."""

    checks: tuple[Check, ...]
    game_id: str | None = None
    game: str | None = None
    version: int = 0
    head_hash: str | None = None

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks if check.ok is not None)

    @property
    def complete(self) -> bool:
        """Every check ran and holds: what ``foxden audit`` requires for exit code 0."""
        return all(check.ok is True for check in self.checks)

    def adding(self, check: Check) -> Report:
        """This report with ``check`` after its own: how the ``log`` check of an archived
        game (``service.log_audit``), which needs evidence from outside the record, joins."""
        return replace(self, checks=(*self.checks, check))

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "checks": [check.to_dict() for check in self.checks],
            "version": self.version,
            "head_hash": self.head_hash,
        }


@dataclass(frozen=True)
class Pins:
    """What an auditor noted while the game ran (the summary shows both).

    ``commitment`` must be the one of the first event; each ``heads[v]`` must still be the hash
    of version ``v``. Only pins catch a forger who rewrites a whole finished game with a fresh
    seed of their own: everything else in the record would be consistent.
    """

    commitment: str | None = None
    heads: Mapping[int, str] = field(default_factory=dict)


def _count(number: int, noun: str) -> str:
    """``1 event``, ``2 events``: a count and its noun, agreed."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _versions(count: int) -> str:
    """``version 1`` alone (a table nobody joined yet), else ``versions 1..N``."""
    return "version 1" if count == 1 else f"versions 1..{count}"


def _short(text: str) -> str:
    return text if len(text) <= _DETAIL_MAX else text[: _DETAIL_MAX - 1] + "…"


def _fail(name: str, version: int, detail: str) -> Check:
    return Check(name, False, _short(detail), version)


def _not_run(name: str, reason: str) -> Check:
    return Check(name, None, reason)


def _guarded(name: str, run: Callable[[], Check]) -> Check:
    """A forged record may hold anything: a check that trips over it fails, never crashes.

    The checks name the version at fault wherever they can; this is the last resort.
    """
    try:
        return run()
    except Exception as error:
        return Check(name, False, _short(f"the record cannot be followed: {error!r}"))


# --- the entry points --------------------------------------------------------------------------


def audit(
    envelopes: Sequence[Envelope],
    *,
    finished: bool | None = None,
    bundle_seed: str | None = None,
    head_hash: str | None = None,
    pins: Pins | None = None,
    game_id: str | None = None,
) -> Report:
    """Audit a game's envelopes, in stream order.

    ``finished`` says the game must have ended (a bundle); by default the record decides (its
    last event is ``GameEnded``). ``bundle_seed`` is a bundle's copy of the seed, which must be
    the revealed one; ``head_hash`` must be the last event's hash.
    """
    pins = pins or Pins()
    count = len(envelopes)
    head = envelopes[-1].hash if envelopes else None
    events, unreadable = _events(envelopes)
    ended = bool(events) and events[-1].type == "GameEnded"
    if finished is None:
        finished = ended
    game = _created(events).get("game")
    common = {"game_id": game_id, "game": game if isinstance(game, str) else None}

    if unreadable is not None:
        checks = [unreadable] + [
            _not_run(n, "not run: an event cannot be read") for n in CHECK_NAMES[1:]
        ]
        return Report(tuple(checks), version=count, head_hash=head, **common)

    if not finished:
        reason = "needs the seed, which the final event reveals"
        checks = [
            _guarded("chain", lambda: _chain(envelopes, None, head_hash, pins, finished=False)),
            _guarded("seed", lambda: _seed_before_the_end(events, pins)),
            _not_run("deck", reason),
            _not_run("resimulation", reason),
            _not_run("result", "the game has not ended yet"),
        ]
        return Report(tuple(checks), version=count, head_hash=head, **common)

    key = _proven_seed(events, bundle_seed)
    checks = [
        _guarded("chain", lambda: _chain(envelopes, key, head_hash, pins, finished=True)),
        _guarded("seed", lambda: _seed(events, bundle_seed, pins)),
        _guarded("deck", lambda: _deck(events, key)),
        _guarded("resimulation", lambda: _resimulation(envelopes, events)),
        _guarded("result", lambda: _result(events)),
    ]
    return Report(tuple(checks), version=count, head_hash=head, **common)


def audit_bundle(data: Any, *, pins: Pins | None = None) -> Report:
    """Audit an exported bundle offline: no Redis, only this file and the rules."""
    problem = _bundle_shape(data)
    if problem is not None:
        return _unusable_bundle(data, problem)
    envelopes: list[Envelope] = []
    for position, item in enumerate(data["events"], start=1):
        try:
            envelopes.append(Envelope.from_dict(item))
        except (TypeError, ValueError) as error:
            return _unusable_bundle(data, _fail("bundle", position, f"version {position}: {error}"))
    report = audit(
        envelopes,
        finished=True,
        bundle_seed=data["seed"],
        head_hash=data["head_hash"],
        pins=pins,
        game_id=data["id"],
    )
    return Report(
        (_bundle_fields(data, envelopes), *report.checks),
        game_id=report.game_id,
        game=report.game,
        version=report.version,
        head_hash=report.head_hash,
    )


def bundle(game_id: str, envelopes: Sequence[Envelope]) -> dict[str, Any]:
    """The self-contained export of a finished game (``foxden-bundle/1``).

    ``events`` are the stored envelopes exactly as the chain covers them; ``game``,
    ``rules_version`` and ``commitment`` repeat the first event, ``seed`` the last.
    """
    created, ended = envelopes[0].data, envelopes[-1].data
    return {
        "format": BUNDLE_FORMAT,
        "id": game_id,
        "game": created["game"],
        "rules_version": created["rules_version"],
        "seed": ended["seed"],
        "commitment": created["commitment"],
        "events": [envelope.to_dict() for envelope in envelopes],
        "head_hash": envelopes[-1].hash,
    }


class Unreadable(Exception):
    """A stored stream entry that is not an envelope (Redis edited by hand, say)."""

    def __init__(self, version: int, detail: str) -> None:
        super().__init__(detail)
        self.version, self.detail = version, detail


def stored_envelopes(store: LiveEventStore, game_id: str) -> list[Envelope]:
    """Every stored envelope of a game, entry by entry, so a bad entry is named, not a 500.

    Also checks each entry's stream id against its envelope's version: the chain covers the
    version, and a stream rewritten under other ids would otherwise go unnoticed.
    """
    envelopes = []
    # XRANGE answers a list of entries, each with its fields: redis-py's types allow None for
    # both (other stream commands' replies), which a stored entry never is.
    entries = store.stored(game_id)
    for position, (entry_id, fields) in enumerate(entries, start=1):
        try:
            envelope = decode(fields or {})
        except Exception as error:  # orjson, a missing field, unknown keys: all unreadable
            detail = f"stored entry {position} is not an envelope: {error}"
            raise Unreadable(position, detail) from None
        entry = entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)
        if entry != f"{envelope.version}-0":
            raise Unreadable(position, f"stored entry {entry} holds version {envelope.version!r}")
        envelopes.append(envelope)
    return envelopes


def unreadable_report(problem: Unreadable, game_id: str | None = None) -> Report:
    """The report of a game whose stored stream could not be read."""
    checks = [_fail("chain", problem.version, problem.detail)] + [
        _not_run(name, "not run: an event cannot be read") for name in CHECK_NAMES[1:]
    ]
    return Report(tuple(checks), game_id=game_id)


def format_report(report: Report) -> str:
    """The report as a person reads it (``foxden audit``)."""
    marks = {True: "ok  ", False: "FAIL", None: "--  "}
    title = f"Foxden audit of game {report.game_id or '?'}"
    if report.game:
        title += f" ({report.game})"
    lines = [title, f"  {_count(report.version, 'event')}, head {report.head_hash or '-'}"]
    width = max(len(check.name) for check in report.checks)
    for check in report.checks:
        at = f"v{check.version}: " if check.version is not None else ""
        lines.append(f"  {marks[check.ok]}  {check.name:<{width}}  {at}{check.detail}")
    failed = [check for check in report.checks if check.ok is False]
    pending = [check for check in report.checks if check.ok is None]
    if failed:
        first = min((check.version for check in failed if check.version is not None), default=None)
        where = f"; first fault at version {first}" if first is not None else ""
        lines.append(f"FAILED: {len(failed)} of {len(report.checks)} checks failed{where}")
    elif pending:
        held = len(report.checks) - len(pending)
        lines.append(
            f"INCOMPLETE: {_count(held, 'check')} {'holds' if held == 1 else 'hold'}, "
            f"{len(pending)} could not run yet"
        )
    else:
        lines.append(f"PASSED: all {len(report.checks)} checks hold")
    return "\n".join(lines)


# --- reading the record ------------------------------------------------------------------------


def _events(envelopes: Sequence[Envelope]) -> tuple[list[Event], Check | None]:
    events = []
    for position, envelope in enumerate(envelopes, start=1):
        try:
            events.append(upcast(envelope))
        except Exception as error:  # an upcaster refusing a forged payload
            return events, _fail("chain", position, f"version {position} cannot be read: {error}")
    return events, None


def _data(event: Event) -> Mapping[str, Any]:
    """An event's payload, or {} when a forged one is not an object."""
    return event.data if isinstance(event.data, Mapping) else {}


def _created(events: Sequence[Event]) -> Mapping[str, Any]:
    return _data(events[0]) if events and events[0].type == "GameCreated" else {}


def _hex_seed(value: object) -> bytes | None:
    if isinstance(value, str) and _HEX64.fullmatch(value):
        return bytes.fromhex(value)
    return None


def _commits_to(seed: bytes | None, commitment: object) -> bool:
    return seed is not None and hashlib.sha256(seed).hexdigest() == commitment


def _proven_seed(events: Sequence[Event], bundle_seed: str | None) -> bytes | None:
    """The seed that hashes to the commitment, wherever the record holds it; else None.

    Any value with that hash *is* the seed (SHA-256 is preimage resistant), so the chain and
    the deck are checked with it even where another copy was edited: then the edited copy is
    blamed (by ``seed``, at its version) instead of every hash of the chain.
    """
    commitment = _created(events).get("commitment")
    candidates = [bundle_seed, _created(events).get("seed")]
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
    created = _created(events)
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


def _chain(
    envelopes: Sequence[Envelope],
    key: bytes | None,
    head_hash: str | None,
    pins: Pins,
    *,
    finished: bool,
) -> Check:
    if not envelopes:
        return _fail("chain", 1, "there are no events")
    report = verify_chain(envelopes, key)
    malformed = _first_malformed(envelopes)
    broken = None if report.ok else (report.version or 1, report.detail)
    first = min((f for f in (broken, malformed) if f is not None), default=None)
    if first is not None:
        return _fail("chain", *first)
    count = len(envelopes)
    for version, pinned in sorted(pins.heads.items()):
        if version > count:
            return _fail("chain", count + 1, f"the pinned version {version} is missing")
        if envelopes[version - 1].hash != pinned:
            return _fail("chain", version, f"version {version} is not the one pinned")
    if head_hash is not None and envelopes[-1].hash != head_hash:
        for envelope in envelopes[:-1]:
            if envelope.hash == head_hash:
                return _fail(
                    "chain", envelope.version + 1, "events follow the head hash; they are extra"
                )
        return _fail(
            "chain",
            count + 1,
            f"the head hash is not in the chain: events are missing after version {count}",
        )
    if key is None and finished:
        return _not_run(
            "chain",
            f"links of {_versions(count)} intact; hashes not recomputed: no seed in the record "
            "hashes to the commitment (see the seed check)",
        )
    if key is None:
        return Check(
            "chain",
            True,
            f"links of {_versions(count)} intact; every hash can be recomputed once the seed "
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


def _seed_before_the_end(events: Sequence[Event], pins: Pins) -> Check:
    commitment = _created(events).get("commitment")
    if pins.commitment is not None and commitment != pins.commitment:
        return _fail("seed", 1, "the commitment at version 1 is not the one pinned")
    return _not_run("seed", "needs the seed, which the final event reveals")


def _seed(events: Sequence[Event], bundle_seed: str | None, pins: Pins) -> Check:
    created = _created(events)
    commitment = created.get("commitment")
    if not isinstance(commitment, str) or not _HEX64.fullmatch(commitment):
        return _fail("seed", 1, "the first event holds no commitment (64 hex digits)")
    if pins.commitment is not None and commitment != pins.commitment:
        return _fail("seed", 1, "the commitment at version 1 is not the one pinned")
    if not _commits_to(_hex_seed(created.get("seed")), commitment):
        return _fail("seed", 1, "the seed kept at creation does not hash to the commitment")
    count = len(events)
    revealed: object = None
    if events[-1].type == "GameEnded":
        revealed = _data(events[-1]).get("seed")
        if not _commits_to(_hex_seed(revealed), commitment):
            return _fail(
                "seed",
                count,
                f"the seed revealed at version {count} does not hash to the commitment",
            )
    if bundle_seed is not None:
        if not _commits_to(_hex_seed(bundle_seed), commitment):
            return _fail("seed", count, "the bundle's seed does not hash to the commitment")
        if revealed is not None and bundle_seed != revealed:
            return _fail("seed", count, f"the bundle's seed is not the one version {count} reveals")
    return Check(
        "seed", True, "sha256(seed) equals the commitment published at version 1, before any deal"
    )


def _deck(events: Sequence[Event], seed: bytes | None) -> Check:
    if seed is None:
        return _not_run("deck", "needs a seed that hashes to the commitment (see the seed check)")
    problem = _rules_problem(events)
    if problem:
        return _fail("deck", 1, problem)
    try:
        state, applied = _fold(events, until=lambda _, event: event.type == "GameStarted")
    except _Stop as stop:
        return _fail("deck", stop.version, stop.detail)
    if applied == len(events):
        return _fail("deck", len(events), "the game ended without a GameStarted event")
    started = events[applied]
    game = state.definition
    client_seeds = [info.client_seed for info in state.seats]
    shuffles = game.shuffles(state.players, state.game_options)
    expected = fairness.derive_start(seed, client_seeds, shuffles, state.players)
    problem = _start_problem(started.data, expected)
    if problem:
        return _fail("deck", applied + 1, problem)
    # The deal the rules make from these orders must be the one recorded right after.
    after = match.evolve(state, started)
    wrong = _deal_problem(events, applied, game.decide(after.board, Command(None, expected)))
    if wrong:
        return _fail("deck", *wrong)
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
        f"{_count(len(client_seeds), 'seat')}; the deal matches",
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


def _resimulation(envelopes: Sequence[Envelope], events: Sequence[Event]) -> Check:
    problem = _rules_problem(events)
    if problem:
        return _fail("resimulation", 1, problem)
    state = match.INITIAL
    position, commands = 0, 0
    while position < len(envelopes):
        first = envelopes[position]
        version = position + 1
        cause = first.cause
        if not isinstance(cause, Mapping):
            return _fail("resimulation", version, "no recorded command begins a batch here")
        kind = str(cause.get("type"))
        seat = None if kind in SEATLESS_COMMANDS else first.by.get("seat")
        batch_kind = {"create": "system", "join": "player"}.get(kind, str(first.by.get("kind")))
        try:
            decided = match.decide_and_evolve(state, Command(seat, dict(cause), batch_kind))
        except RuleError as error:
            return _fail(
                "resimulation", version, f"the rules refuse the recorded command: {error.detail}"
            )
        except Exception as error:
            return _fail(
                "resimulation", version, f"the recorded command cannot be decided: {error!r}"
            )
        if not decided:
            return _fail("resimulation", version, "the recorded command causes nothing")
        wants = [want for want, _ in decided]
        wrong = _batch_problem(envelopes, events, position, wants, seat=seat, batch_kind=batch_kind)
        if wrong:
            return _fail("resimulation", *wrong)
        state = decided[-1][1]  # the state the last event leads to, evolved as it was decided
        position += len(decided)
        commands += 1
    return Check(
        "resimulation",
        True,
        f"{_count(commands, 'recorded command')}, re-decided in order, "
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


def _result(events: Sequence[Event]) -> Check:
    count = len(events)
    for position, event in enumerate(events[:-1], start=1):
        if event.type == "GameEnded":
            return _fail("result", position + 1, f"events follow the final event at {position}")
    if events[-1].type != "GameEnded":
        return _fail("result", count + 1, f"the game has no final event after version {count}")
    problem = _rules_problem(events)
    if problem:
        return _fail("result", count, problem)
    try:
        state, _ = _fold(events[:-1])
        computed = state.definition.result(state.board) if state.board is not None else None
    except _Stop as stop:
        return _fail("result", stop.version, stop.detail)
    except Exception as error:
        return _fail("result", count, f"the final state gives no result: {error!r}")
    recorded = events[-1].data.get("result")
    if computed is None:
        return _fail("result", count, "the rules say the game is not over at the final event")
    if recorded != computed:
        fields = sorted(
            key
            for key in set(computed) | set(recorded if isinstance(recorded, Mapping) else {})
            if not isinstance(recorded, Mapping) or recorded.get(key) != computed.get(key)
        )
        return _fail(
            "result", count, f"the recorded result is not the rules' ({', '.join(fields)} differ)"
        )
    winners = computed.get("winners")
    return Check("result", True, f"the recorded result is the rules' result (winners {winners})")


# --- bundles -------------------------------------------------------------------------------------


_BUNDLE_FIELDS = {
    "format": str,
    "id": str,
    "game": str,
    "rules_version": str,
    "seed": str,
    "commitment": str,
    "events": list,
    "head_hash": str,
}


def _bundle_shape(data: Any) -> Check | None:
    if not isinstance(data, Mapping):
        return _fail("bundle", 1, "a bundle is a JSON object")
    if data.get("format") != BUNDLE_FORMAT:
        return _fail("bundle", 1, f"the format is not {BUNDLE_FORMAT!r}")
    for name, kind in _BUNDLE_FIELDS.items():
        if not isinstance(data.get(name), kind):
            return _fail("bundle", 1, f"{name!r} is missing or not a {kind.__name__}")
    if not data["events"]:
        return _fail("bundle", 1, "the bundle holds no events")
    return None


def _unusable_bundle(data: Any, problem: Check) -> Report:
    checks = [problem] + [_not_run(n, "not run: the bundle cannot be read") for n in CHECK_NAMES]
    game_id = data.get("id") if isinstance(data, Mapping) else None
    return Report(tuple(checks), game_id=game_id if isinstance(game_id, str) else None)


def _bundle_fields(data: Mapping[str, Any], envelopes: Sequence[Envelope]) -> Check:
    """The bundle's copies (game, rules version, commitment) must be the first event's."""
    first = envelopes[0]
    created = first.data if first.type == "GameCreated" and isinstance(first.data, dict) else {}
    for name in ("game", "rules_version", "commitment"):
        if data[name] != created.get(name):
            return _fail("bundle", 1, f"the bundle's {name} is not the one of version 1")
    return Check(
        "bundle",
        True,
        f"{BUNDLE_FORMAT}: {len(envelopes)} events; game, rules version and commitment agree "
        "with version 1",
    )


def parse_pins(commitment: str | None, heads: Iterable[str]) -> Pins:
    """Pins from the command line: ``--commitment HEX`` and ``--pin VERSION:HASH``."""
    pinned = {}
    for item in heads:
        version, _, digest = item.partition(":")
        if not version.isdigit() or int(version) < 1 or not _HEX64.fullmatch(digest):
            raise ValueError(f"a pin is VERSION:HASH (64 lowercase hex digits), not {item!r}")
        pinned[int(version)] = digest
    if commitment is not None and not _HEX64.fullmatch(commitment):
        raise ValueError("a commitment is 64 lowercase hex digits")
    return Pins(commitment, pinned)
