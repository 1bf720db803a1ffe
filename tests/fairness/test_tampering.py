"""Tampering is caught, by the check that owns the fact, at the version at fault.

Two kinds of forger. One edits a bundle (or Redis) and leaves the hashes alone: ``chain``
catches that at the edited version. The other knows the seed (public after the end) and
re-seals the whole chain after the edit, so ``chain`` passes; then the check that owns the
edited fact must catch it: ``deck`` for a dealt card, ``resimulation`` for an edited event or
command, ``seed`` for a swapped seed, ``result`` for the result.
"""

from __future__ import annotations

import copy
import hashlib
from typing import Any

import orjson
import pytest

from domain import fairness
from events.envelope import GENESIS_HASH, canonical, compute_hash, salt
from events.store import keys
from service.audit import Pins, Report, audit_bundle
from tests.fairness.conftest import GAMES, finish
from tests.service.conftest import Api

pytestmark = pytest.mark.redis

# Where each game deals a card to a seat, and a card to put there instead.
DEALT_CARD = {
    "fette-beute": (("stores", 0, 0), ["walnut", "acorn"]),
    "sly": (("hand", 0), ["fox", "hen1"]),
    "gloria-picktoria": (("hands", 0, 0), ["m0", "m9"]),
}


# --- forging helpers ---------------------------------------------------------------------------


def reseal(events: list[dict], seed_hex: str, *, renumber: bool = False) -> list[dict]:
    """The chain recomputed from the first event, as a forger who knows the seed would."""
    seed, prev, out = bytes.fromhex(seed_hex), GENESIS_HASH, []
    for version, original in enumerate(events, start=1):
        event = copy.deepcopy(original)
        if renumber:
            event["version"] = version
        event["prev_hash"] = prev
        unsigned = {k: v for k, v in event.items() if k != "hash"}
        event["hash"] = prev = compute_hash(prev, canonical(unsigned), salt(seed, event["version"]))
        out.append(event)
    return out


def forged(bundle: dict, events: list[dict], **changes: Any) -> dict:
    """A bundle re-sealed around ``events``: every hash and the head hash consistent."""
    seed = changes.pop("reseal_with", bundle["seed"])
    events = reseal(events, seed, renumber=changes.pop("renumber", False))
    return {**bundle, "events": events, "head_hash": events[-1]["hash"], **changes}


def edited(bundle: dict, events: list[dict]) -> dict:
    """A bundle whose events were edited and nothing else (hashes and head hash as they were)."""
    return {**bundle, "events": events}


def events_of(bundle: dict) -> list[dict]:
    return copy.deepcopy(bundle["events"])


def verdict(report: Report) -> dict[str, tuple[bool | None, int | None]]:
    return {check.name: (check.ok, check.version) for check in report.checks}


def mutate(value: Any) -> Any:
    """A different value, and one no rule normalizes back (the rules sort an animal pair, so
    reordering a list would not do)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [mutate(value[0]), *value[1:]] if value else ["x"]
    return {"forged": True}


def a_move(events: list[dict]) -> int:
    """The index of a seat's move in the middle of the game (first of its batch)."""
    middle = len(events) // 2
    for index in range(middle, len(events)):
        event = events[index]
        cause = event.get("cause")
        if cause and event["by"]["kind"] in ("bot", "player") and cause["type"] != "leave":
            return index
    raise AssertionError("no move found")


def a_command(events: list[dict]) -> tuple[int, str]:
    """A move in the middle whose command has a field besides ``type``, and that field."""
    index = a_move(events)
    while True:
        cause = events[index].get("cause") or {}
        fields = [k for k in sorted(cause) if k != "type"]
        if fields and events[index]["by"]["kind"] in ("bot", "player"):
            return index, fields[0]
        index += 1


def a_swap(events: list[dict]) -> int:
    """A move to swap with the event after it, such that the swap breaks the rules at once.

    Not every swap does: two simultaneous choices (Fette Beute) or two commuting moves of one
    seat (SLY's reveal chain) swap into another legal record of the same play, which no audit
    can tell from the original. A move followed by an event of its own batch, or (in a game of
    turns) by another seat's move, is out of place at once.
    """
    start = a_move(events)
    for index in range(start, len(events) - 1):
        if events[index].get("cause") and not events[index + 1].get("cause"):
            return index
    for index in range(start, len(events) - 1):
        this, following = events[index], events[index + 1]
        moves = this.get("cause") and following.get("cause")
        if moves and following["by"]["seat"] != this["by"]["seat"]:
            return index
    raise AssertionError("no swap found")


def index_of(events: list[dict], kind: str) -> int:
    return next(n for n, event in enumerate(events) if event["type"] == kind)


def set_path(data: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


def get_path(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


@pytest.fixture(params=sorted(GAMES))
def honest(request, finished) -> dict:
    return finished[request.param].bundle


# --- the honest game ---------------------------------------------------------------------------


def test_the_honest_bundle_passes(honest):
    report = audit_bundle(honest)
    assert report.complete, report.to_dict()
    assert [c.name for c in report.checks] == [
        "bundle",
        "chain",
        "seed",
        "deck",
        "resimulation",
        "result",
    ]


def test_the_forging_helper_reseals_an_honest_game_unchanged(honest):
    assert forged(honest, events_of(honest)) == honest


# --- edits that leave the hashes alone: chain ---------------------------------------------------


def test_an_edited_event_is_caught_by_the_chain_at_its_version(honest):
    events = events_of(honest)
    index = a_move(events)
    key = sorted(events[index]["data"])[0]
    events[index]["data"][key] = mutate(events[index]["data"][key])
    assert verdict(audit_bundle(edited(honest, events)))["chain"] == (False, index + 1)


def test_an_edited_command_is_caught_by_the_chain_at_its_version(honest):
    events = events_of(honest)
    index, field = a_command(events)
    events[index]["cause"][field] = mutate(events[index]["cause"][field])
    assert verdict(audit_bundle(edited(honest, events)))["chain"] == (False, index + 1)


def test_the_last_event_dropped_is_caught_by_the_chain(honest):
    events = events_of(honest)
    last = len(events)
    report = verdict(audit_bundle(edited(honest, events[:-1])))
    assert report["chain"] == (False, last)  # the head hash names the missing version


def test_two_swapped_events_are_caught_by_the_chain_at_the_first(honest):
    events = events_of(honest)
    index = a_move(events)
    events[index], events[index + 1] = events[index + 1], events[index]
    assert verdict(audit_bundle(edited(honest, events)))["chain"] == (False, index + 1)


def test_an_event_appended_after_the_head_is_caught(honest):
    events = events_of(honest)
    extra = {**copy.deepcopy(events[-1]), "version": len(events) + 1}
    extra["prev_hash"] = events[-1]["hash"]
    report = verdict(audit_bundle(edited(honest, [*events, extra])))
    assert report["chain"][0] is False
    assert report["chain"][1] == len(events) + 1


# --- forgeries re-sealed with the public seed: the owning check ----------------------------------


def test_a_resealed_event_edit_is_caught_by_resimulation(honest):
    events = events_of(honest)
    index = a_move(events)
    key = sorted(events[index]["data"])[0]
    events[index]["data"][key] = mutate(events[index]["data"][key])
    report = verdict(audit_bundle(forged(honest, events)))
    assert report["chain"] == (True, None)
    assert report["resimulation"] == (False, index + 1)


def test_a_command_that_no_longer_produces_its_events_is_caught_by_resimulation(honest):
    events = events_of(honest)
    index, field = a_command(events)
    events[index]["cause"][field] = mutate(events[index]["cause"][field])
    report = verdict(audit_bundle(forged(honest, events)))
    assert report["chain"] == (True, None)
    assert report["resimulation"] == (False, index + 1)
    assert report["deck"] == (True, None)


def test_a_command_removed_is_caught_by_resimulation(honest):
    events = events_of(honest)
    index = a_move(events)
    del events[index]["cause"]
    report = verdict(audit_bundle(forged(honest, events)))
    assert report["resimulation"] == (False, index + 1)


def test_resealed_swapped_events_are_caught_by_resimulation(honest):
    events = events_of(honest)
    index = a_swap(events)
    events[index], events[index + 1] = events[index + 1], events[index]
    report = verdict(audit_bundle(forged(honest, events, renumber=True)))
    assert report["chain"] == (True, None)
    assert report["resimulation"] == (False, index + 1)


def test_a_dropped_last_event_with_a_new_head_is_caught_by_result_and_resimulation(honest):
    events = events_of(honest)
    last = len(events)
    report = verdict(audit_bundle(forged(honest, events[:-1])))
    assert report["chain"] == (True, None)
    assert report["seed"] == (True, None)  # the bundle's seed still opens the commitment
    assert report["result"] == (False, last)
    assert report["resimulation"] == (False, last)


def test_a_changed_dealt_card_is_caught_by_deck_at_the_deal(honest):
    events = events_of(honest)
    deal = index_of(events, "GameStarted") + 1
    path, choices = DEALT_CARD[honest["game"]]
    card = get_path(events[deal]["data"], path)
    set_path(events[deal]["data"], path, next(c for c in choices if c != card))
    report = verdict(audit_bundle(forged(honest, events)))
    assert report["chain"] == (True, None)
    assert report["deck"] == (False, deal + 1)
    assert report["resimulation"] == (False, deal + 1)


def test_a_changed_shuffle_or_start_player_is_caught_by_deck_at_the_start(honest):
    events = events_of(honest)
    start = index_of(events, "GameStarted")
    data = events[start]["data"]
    if data["orders"]:
        label = sorted(data["orders"])[0]
        order = data["orders"][label]
        order[0], order[1] = order[1], order[0]
    else:  # SLY shuffles nothing; its only draw is the start player
        data["start_player"] = (data["start_player"] + 1) % honest["events"][0]["data"]["players"]
    report = verdict(audit_bundle(forged(honest, events)))
    assert report["chain"] == (True, None)
    assert report["deck"] == (False, start + 1)


def test_a_changed_result_is_caught_by_result(honest):
    events = events_of(honest)
    result = events[-1]["data"]["result"]
    seats = range(len(result["scores"]))
    result["winners"] = [seat for seat in seats if seat not in result["winners"]]
    report = verdict(audit_bundle(forged(honest, events)))
    assert report["chain"] == (True, None)
    assert report["result"] == (False, len(events))


# --- the seed ----------------------------------------------------------------------------------


def test_a_changed_bundle_seed_is_caught_by_seed(honest):
    other = hashlib.sha256(b"another seed").hexdigest()
    report = verdict(audit_bundle({**honest, "seed": other}))
    assert report["chain"] == (True, None)  # the seed that opens the commitment is in the record
    assert report["seed"] == (False, len(honest["events"]))


def test_a_changed_revealed_seed_is_caught_by_seed_at_the_reveal(honest):
    other = hashlib.sha256(b"another seed").hexdigest()
    events = events_of(honest)
    events[-1]["data"]["seed"] = other
    report = verdict(audit_bundle(forged(honest, events, seed=other, reseal_with=honest["seed"])))
    assert report["chain"] == (True, None)
    assert report["seed"] == (False, len(events))


def test_an_unsealed_revealed_seed_edit_blames_the_reveal_not_the_whole_chain(honest):
    other = hashlib.sha256(b"another seed").hexdigest()
    events = events_of(honest)
    events[-1]["data"]["seed"] = other
    report = verdict(audit_bundle({**edited(honest, events), "seed": other}))
    assert report["chain"] == (False, len(events))
    assert report["seed"] == (False, len(events))


def a_new_game_seed(honest: dict) -> str:
    """Another seed, chosen (as a forger would) to change the start player too."""
    created = honest["events"][0]["data"]
    client_seeds = [""] * created["players"]
    for event in honest["events"]:
        if event["type"] == "PlayerJoined":
            client_seeds[event["data"]["seat"]] = event["data"]["client_seed"]
    start = next(e for e in honest["events"] if e["type"] == "GameStarted")["data"]
    for n in range(100):
        seed = hashlib.sha256(f"forged {n}".encode()).digest()
        if fairness.start_player(seed, client_seeds, created["players"]) != start["start_player"]:
            return seed.hex()
    raise AssertionError("unreachable")


def test_a_whole_new_seed_with_its_commitment_is_caught_by_deck_or_a_pin(honest):
    """Every copy of the seed and the commitment replaced, the chain re-sealed with it: the
    record is consistent except that the deal no longer follows from the seed."""
    new = a_new_game_seed(honest)
    commitment = hashlib.sha256(bytes.fromhex(new)).hexdigest()
    events = events_of(honest)
    events[0]["data"].update(seed=new, commitment=commitment)
    events[0]["cause"]["seed"] = new
    events[-1]["data"]["seed"] = new
    bundle = forged(honest, events, seed=new, commitment=commitment, reseal_with=new)
    report = verdict(audit_bundle(bundle))
    start = index_of(events, "GameStarted") + 1
    assert report["chain"] == (True, None)
    assert report["seed"] == (True, None)
    assert report["deck"] == (False, start)
    assert report["resimulation"] == (False, start)
    # A client that pinned the commitment while the game ran catches it at version 1.
    pinned = audit_bundle(bundle, pins=Pins(commitment=honest["commitment"]))
    assert verdict(pinned)["seed"] == (False, 1)


def test_a_pinned_head_catches_a_resealed_rewrite(honest):
    events = events_of(honest)
    index = a_move(events)
    pinned_version = index + 3
    pin = Pins(heads={pinned_version: events[pinned_version - 1]["hash"]})
    key = sorted(events[index]["data"])[0]
    events[index]["data"][key] = mutate(events[index]["data"][key])
    report = verdict(audit_bundle(forged(honest, events), pins=pin))
    assert report["chain"] == (False, pinned_version)


def test_a_bundle_whose_summary_fields_disagree_with_its_events(honest):
    report = verdict(audit_bundle({**honest, "rules_version": "fette-beute/0"}))
    assert report["bundle"] == (False, 1)
    garbage = verdict(audit_bundle({**honest, "events": [{"not": "an envelope"}]}))
    assert garbage["bundle"] == (False, 1)
    assert all(ok is None for name, (ok, _) in garbage.items() if name != "bundle")
    assert verdict(audit_bundle([1, 2, 3]))["bundle"] == (False, 1)


def test_garbage_inside_a_resealed_event_fails_a_check_and_never_raises(honest):
    events = events_of(honest)
    index = a_move(events)
    events[index]["data"] = {"seat": "nobody", "cards": [None, {"x": []}]}
    events[index]["by"] = {"seat": 99, "kind": "bot"}
    report = audit_bundle(forged(honest, events))
    assert not report.ok
    assert verdict(report)["resimulation"][0] is False


# --- Redis -------------------------------------------------------------------------------------


@pytest.fixture
def rewrite_stream(service):
    """Rewrite a game's stream in Redis with the same entry ids, ``edit``-ing each stored
    entry; the original stream is put back afterwards, so that other tests sharing the
    database (say, one that rebuilds the index from every stream) find only sound games."""
    redis = service.store.redis
    originals = {}

    def rewrite(game_id: str, edit) -> None:
        stream = keys(game_id)[0]
        entries = redis.xrange(stream)
        originals.setdefault(stream, entries)
        redis.delete(stream)
        for entry_id, fields in entries:
            redis.xadd(stream, {"e": edit(fields[b"e"])}, id=entry_id)

    yield rewrite
    for stream, entries in originals.items():
        redis.delete(stream)
        for entry_id, fields in entries:
            redis.xadd(stream, fields, id=entry_id)


def edit_envelope(change):
    """An ``edit`` for ``rewrite_stream`` that changes the decoded envelope."""
    return lambda raw: canonical(change(orjson.loads(raw)))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_event_edited_in_redis_is_caught_over_http(api: Api, service, rewrite_stream, game):
    game_id = finish(service, game).game_id
    events = [e.to_dict() for e in service.store.read(game_id)]
    index = a_move(events)
    key = sorted(events[index]["data"])[0]

    def edit(envelope: dict) -> dict:
        if envelope["version"] == index + 1:
            envelope["data"][key] = mutate(envelope["data"][key])
        return envelope

    rewrite_stream(game_id, edit_envelope(edit))
    report = api.get(f"/v1/games/{game_id}/audit").json
    assert report["ok"] is False
    chain = report["checks"][0]
    assert (chain["name"], chain["ok"], chain["version"]) == ("chain", False, index + 1)


def test_a_resealed_redis_rewrite_is_caught_by_resimulation_over_http(
    api: Api, service, rewrite_stream
):
    game_id = finish(service, "fette-beute").game_id
    events = [e.to_dict() for e in service.store.read(game_id)]
    index = a_move(events)
    events[index]["data"]["animals"] = mutate(events[index]["data"].get("animals", ["x"]))
    resealed = {e["version"]: e for e in reseal(events, events[-1]["data"]["seed"])}
    rewrite_stream(game_id, edit_envelope(lambda envelope: resealed[envelope["version"]]))
    checks = {c["name"]: c for c in api.get(f"/v1/games/{game_id}/audit").json["checks"]}
    assert (checks["chain"]["ok"], checks["resimulation"]["ok"]) == (True, False)
    assert checks["resimulation"]["version"] == index + 1


def test_an_unreadable_stored_entry_is_a_failed_chain_not_a_500(api: Api, service, rewrite_stream):
    game_id = finish(service, "sly").game_id
    third = service.store.read(game_id)[2].to_dict()
    rewrite_stream(game_id, lambda raw: b"{not json" if orjson.loads(raw) == third else raw)
    response = api.get(f"/v1/games/{game_id}/audit")
    assert response.status_code == 200
    assert response.json["ok"] is False
    assert (response.json["checks"][0]["ok"], response.json["checks"][0]["version"]) == (False, 3)
