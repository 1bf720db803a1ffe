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

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from events.codec import decode
from events.envelope import Envelope
from events.ports import LiveEventStore
from service.audit_checks import (
    HEX64,
    check_chain,
    check_deck,
    check_resimulation,
    check_result,
    check_seed,
    check_seed_before_the_end,
    created_payload,
    proven_seed,
    read_events,
)
from service.audit_report import Check, Pins, Report, failed, format_report, guarded, not_run

__all__ = [
    "BUNDLE_FORMAT",
    "CHECK_NAMES",
    "Check",
    "Pins",
    "Report",
    "Unreadable",
    "audit",
    "audit_bundle",
    "bundle",
    "format_report",
    "parse_pins",
    "stored_envelopes",
    "unreadable_report",
]

BUNDLE_FORMAT = "foxden-bundle/1"
CHECK_NAMES = ("chain", "seed", "deck", "resimulation", "result")


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
    events, unreadable = read_events(envelopes)
    ended = bool(events) and events[-1].type == "GameEnded"
    if finished is None:
        finished = ended
    game = created_payload(events).get("game")
    common = {"game_id": game_id, "game": game if isinstance(game, str) else None}

    if unreadable is not None:
        checks = [unreadable] + [
            not_run(n, "not run: an event cannot be read") for n in CHECK_NAMES[1:]
        ]
        return Report(tuple(checks), version=count, head_hash=head, **common)

    if not finished:
        reason = "needs the seed, which the final event reveals"
        checks = [
            guarded("chain", lambda: check_chain(envelopes, None, head_hash, pins, finished=False)),
            guarded("seed", lambda: check_seed_before_the_end(events, pins)),
            not_run("deck", reason),
            not_run("resimulation", reason),
            not_run("result", "the game has not ended yet"),
        ]
        return Report(tuple(checks), version=count, head_hash=head, **common)

    key = proven_seed(events, bundle_seed)
    checks = [
        guarded("chain", lambda: check_chain(envelopes, key, head_hash, pins, finished=True)),
        guarded("seed", lambda: check_seed(events, bundle_seed, pins)),
        guarded("deck", lambda: check_deck(events, key)),
        guarded("resimulation", lambda: check_resimulation(envelopes, events)),
        guarded("result", lambda: check_result(events)),
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
            return _unusable_bundle(
                data, failed("bundle", position, f"version {position}: {error}")
            )
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
    checks = [failed("chain", problem.version, problem.detail)] + [
        not_run(name, "not run: an event cannot be read") for name in CHECK_NAMES[1:]
    ]
    return Report(tuple(checks), game_id=game_id)


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
        return failed("bundle", 1, "a bundle is a JSON object")
    if data.get("format") != BUNDLE_FORMAT:
        return failed("bundle", 1, f"the format is not {BUNDLE_FORMAT!r}")
    for name, kind in _BUNDLE_FIELDS.items():
        if not isinstance(data.get(name), kind):
            return failed("bundle", 1, f"{name!r} is missing or not a {kind.__name__}")
    if not data["events"]:
        return failed("bundle", 1, "the bundle holds no events")
    return None


def _unusable_bundle(data: Any, problem: Check) -> Report:
    checks = [problem] + [not_run(n, "not run: the bundle cannot be read") for n in CHECK_NAMES]
    game_id = data.get("id") if isinstance(data, Mapping) else None
    return Report(tuple(checks), game_id=game_id if isinstance(game_id, str) else None)


def _bundle_fields(data: Mapping[str, Any], envelopes: Sequence[Envelope]) -> Check:
    """The bundle's copies (game, rules version, commitment) must be the first event's."""
    first = envelopes[0]
    created = first.data if first.type == "GameCreated" and isinstance(first.data, dict) else {}
    for name in ("game", "rules_version", "commitment"):
        if data[name] != created.get(name):
            return failed("bundle", 1, f"the bundle's {name} is not the one of version 1")
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
        if not version.isdigit() or int(version) < 1 or not HEX64.fullmatch(digest):
            raise ValueError(f"a pin is VERSION:HASH (64 lowercase hex digits), not {item!r}")
        pinned[int(version)] = digest
    if commitment is not None and not HEX64.fullmatch(commitment):
        raise ValueError("a commitment is 64 lowercase hex digits")
    return Pins(commitment, pinned)
