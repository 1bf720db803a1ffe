"""The audit: proof that a game was dealt fairly, played by the rules and never edited.

It works on a list of envelopes alone (from Redis, or from an exported bundle, offline), and
runs five checks:

* ``chain``: versions 1..n without gaps, each ``prev_hash`` is the previous ``hash``, and,
  once the seed is known, each hash recomputes (the salts need the seed);
* ``seed``: the revealed seed hashes to the commitment published at creation;
* ``deck``: the start player and every shuffled order equal the derivation from the seed and
  the client seeds (``domain.fairness``);
* ``resimulation``: re-deciding every recorded command, from the initial state, reproduces
  every recorded event exactly;
* ``result``: the recorded result equals the one computed from the final state.

Before the end the seed is secret, so every check but ``chain`` reports ``ok: None`` with the
reason, and the report's ``ok`` covers the checks that could run. A failed check names the first
version at fault.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from domain import fairness, match
from domain.errors import RuleError
from domain.game import Command, Event
from events.codec import upcast
from events.envelope import Envelope, verify_chain

BUNDLE_FORMAT = "foxden-bundle/1"
MATCH_COMMANDS_WITHOUT_SEAT = ("create", "join")


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool | None
    detail: str
    version: int | None = None


@dataclass(frozen=True)
class Report:
    ok: bool
    checks: tuple[Check, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "checks": [asdict(check) for check in self.checks]}


def audit(
    envelopes: Sequence[Envelope],
    *,
    head_hash: str | None = None,
    claimed_seed: str | None = None,
) -> Report:
    """Audit a game's envelopes.

    ``head_hash`` (a pinned or exported head) must be the last event's hash, and
    ``claimed_seed`` (a bundle's seed) must be the seed the final event reveals.
    """
    events = [upcast(envelope) for envelope in envelopes]
    seed = _revealed_seed(events)
    checks = [_chain(envelopes, seed, head_hash)]
    if seed is None:
        reason = "the seed is revealed when the game ends"
        checks += [Check(name, None, reason) for name in ("seed", "deck", "resimulation", "result")]
    else:
        checks += [
            _seed(events, seed, claimed_seed),
            _deck(events, seed),
            _resimulation(envelopes, events),
            _result(events),
        ]
    ran = [check.ok for check in checks if check.ok is not None]
    return Report(ok=all(ran), checks=tuple(checks))


def _revealed_seed(events: Sequence[Event]) -> bytes | None:
    if not events or events[-1].type != "GameEnded":
        return None
    try:
        return bytes.fromhex(str(events[-1].data.get("seed", "")))
    except ValueError:
        return None


def _chain(envelopes: Sequence[Envelope], seed: bytes | None, head_hash: str | None) -> Check:
    if not envelopes:
        return Check("chain", False, "there are no events", 1)
    report = verify_chain(envelopes, seed)
    if not report.ok:
        return Check("chain", False, report.detail, report.version)
    if head_hash is not None and envelopes[-1].hash != head_hash:
        return Check(
            "chain",
            False,
            "the last event's hash is not the head hash",
            envelopes[-1].version + 1,
        )
    return Check("chain", True, report.detail)


def _seed(events: Sequence[Event], seed: bytes, claimed: str | None) -> Check:
    created = events[0].data if events[0].type == "GameCreated" else {}
    if claimed is not None and claimed != seed.hex():
        return Check(
            "seed", False, "the bundle's seed is not the one the game revealed", len(events)
        )
    if fairness.commitment(seed) != created.get("commitment"):
        return Check("seed", False, "the revealed seed does not match the commitment", 1)
    if created.get("seed") not in (None, seed.hex()):
        return Check("seed", False, "the creation event holds another seed", 1)
    return Check("seed", True, "sha256(seed) equals the commitment published at creation")


def _deck(events: Sequence[Event], seed: bytes) -> Check:
    state = match.INITIAL
    for version, event in enumerate(events, start=1):
        if event.type == "GameStarted":
            game = state.definition
            client_seeds = [info.client_seed for info in state.seats]
            expected = fairness.derive_start(
                seed,
                client_seeds,
                game.shuffles(state.players, state.game_options),
                state.players,
            )
            recorded = {
                "start_player": event.data.get("start_player"),
                "orders": event.data.get("orders"),
            }
            if recorded != {k: expected[k] for k in ("start_player", "orders")}:
                return Check("deck", False, "the dealt orders differ from the derivation", version)
            return Check("deck", True, "every shuffle and the start player match the derivation")
        try:
            state = match.evolve(state, event)
        except Exception as error:  # a malformed history cannot be followed any further
            return Check("deck", False, f"the events cannot be replayed: {error!r}", version)
    return Check("deck", False, "the game never started", len(events))


def _resimulation(envelopes: Sequence[Envelope], events: Sequence[Event]) -> Check:
    state = match.INITIAL
    position = 0
    while position < len(envelopes):
        envelope = envelopes[position]
        if envelope.cause is None:
            return Check("resimulation", False, "an event has no recorded cause", envelope.version)
        cause = dict(envelope.cause)
        seat = None if cause.get("type") in MATCH_COMMANDS_WITHOUT_SEAT else envelope.by["seat"]
        try:
            decided = match.decide(state, Command(seat, cause))
        except (RuleError, KeyError, TypeError, ValueError) as error:
            return Check(
                "resimulation", False, f"the recorded command is refused: {error}", envelope.version
            )
        recorded = events[position : position + len(decided)]
        for offset, (want, got) in enumerate(zip(decided, recorded, strict=False)):
            if (want.type, dict(want.data)) != (got.type, dict(got.data)):
                return Check(
                    "resimulation",
                    False,
                    "a recorded event differs from the rules'",
                    envelope.version + offset,
                )
        if len(recorded) < len(decided):
            return Check(
                "resimulation",
                False,
                "events of the command are missing",
                envelope.version + len(recorded),
            )
        for event in decided:
            state = match.evolve(state, event)
        position += len(decided)
    return Check("resimulation", True, f"{len(envelopes)} events reproduced from their commands")


def _result(events: Sequence[Event]) -> Check:
    state = match.INITIAL
    for event in events[:-1]:
        state = match.evolve(state, event)
    computed = state.definition.result(state.board) if state.board is not None else None
    recorded = events[-1].data.get("result")
    if computed != recorded:
        return Check("result", False, "the recorded result is not the rules' result", len(events))
    return Check("result", True, "the recorded result is the one the final state gives")


def bundle(game_id: str, envelopes: Sequence[Envelope]) -> dict[str, Any]:
    """The self-contained export of a finished game."""
    created = envelopes[0].data
    return {
        "format": BUNDLE_FORMAT,
        "game": {"id": game_id, "type": created["game"]},
        "rules_version": created["rules_version"],
        "seed": envelopes[-1].data["seed"],
        "commitment": created["commitment"],
        "events": [envelope.to_dict() for envelope in envelopes],
        "head_hash": envelopes[-1].hash,
    }


def audit_bundle(data: Mapping[str, Any]) -> Report:
    """Audit an exported bundle offline (no Redis)."""
    if data.get("format") != BUNDLE_FORMAT:
        return Report(False, (Check("format", False, f"not a {BUNDLE_FORMAT} bundle"),))
    try:
        envelopes = [Envelope.from_dict(item) for item in data["events"]]
    except (KeyError, TypeError, ValueError) as error:
        return Report(False, (Check("format", False, f"unreadable events: {error}"),))
    return audit(envelopes, head_hash=data.get("head_hash"), claimed_seed=data.get("seed"))
