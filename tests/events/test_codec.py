"""Stream entries and upcasters, without Redis."""

from __future__ import annotations

import uuid

import orjson
import pytest

from domain.game import Event
from events.codec import (
    FIELD,
    Upcasters,
    decode,
    decode_entries,
    encode,
    encode_sealed,
    latest_schema,
    register_upcaster,
    upcast,
)
from events.envelope import GENESIS_HASH, Draft, actor, canonical, seal

SEED = bytes(range(32))
AT = "2026-11-30T08:00:00.000Z"


def sealed(type_: str = "ScoreSet", data: dict | None = None, schema: int = 1):
    draft = Draft(type_, data or {"points": 3}, actor(1, "player"), AT, schema=schema)
    return seal([draft], 1, GENESIS_HASH, SEED, "c")[0]


def test_an_entry_has_one_field_holding_canonical_json() -> None:
    envelope = sealed(data={"name": "Jörg", "points": 3})
    fields = encode(envelope)
    assert list(fields) == [FIELD] == ["e"]
    assert fields["e"] == canonical(envelope.to_dict())
    assert encode_sealed(envelope) == fields["e"]
    assert decode({b"e": fields["e"]}) == envelope
    assert decode({"e": fields["e"].decode()}) == envelope


def test_decode_refuses_an_entry_without_the_field() -> None:
    with pytest.raises(ValueError, match="no 'e' field"):
        decode({b"data": b"{}"})


def test_encode_refuses_floats_even_in_a_hand_made_envelope() -> None:
    import dataclasses

    with pytest.raises(TypeError):
        encode(dataclasses.replace(sealed(), data={"x": 0.5}))


def test_upcasters_upgrade_step_by_step_and_leave_the_envelope_alone() -> None:
    registry = Upcasters()

    def v1_to_v2(data: dict) -> dict:
        data["points"] = {"value": data["points"]}  # edits its input in place, on purpose
        return data

    registry.register("ScoreSet", 1, v1_to_v2)
    registry.register("ScoreSet", 2, lambda data: {**data, "bonus": 0})
    assert registry.latest("ScoreSet") == 3
    assert registry.latest("Unknown") == 1

    envelope = sealed()
    before = encode(envelope)
    assert registry.upcast(envelope) == Event("ScoreSet", {"points": {"value": 3}, "bonus": 0})
    assert encode(envelope) == before  # the stored form, hash included, is untouched

    newer = sealed(data={"points": {"value": 5}}, schema=2)
    assert registry.upcast(newer) == Event("ScoreSet", {"points": {"value": 5}, "bonus": 0})
    current = sealed(data={"points": {"value": 5}, "bonus": 1}, schema=3)
    assert registry.upcast(current) == Event("ScoreSet", current.data)


def test_a_fact_is_the_envelope_itself_unless_its_payload_needs_upgrading() -> None:
    registry = Upcasters()
    registry.register("ScoreSet", 1, lambda data: {"points": {"value": data["points"]}})
    old, current = sealed(), sealed(data={"points": {"value": 5}}, schema=2)
    other = sealed("ScoreKept", {"points": 3})

    assert registry.fact(current) is current  # nothing copied: evolve reads type and data
    assert registry.fact(other) is other
    upgraded = registry.fact(old)
    assert upgraded == Event("ScoreSet", {"points": {"value": 3}})
    # What evolve reads is the same either way.
    for envelope in (old, current, other):
        made = registry.fact(envelope)
        assert (made.type, made.data) == (
            registry.upcast(envelope).type,
            registry.upcast(envelope).data,
        )


def test_an_upcaster_is_registered_once_under_a_stable_name() -> None:
    registry = Upcasters()
    registry.register("sly.CardPlayed", 1, dict)
    with pytest.raises(ValueError, match="already exists"):
        registry.register("sly.CardPlayed", 1, dict)
    with pytest.raises(ValueError, match="stable name"):
        registry.register("domain.games.sly.CardPlayed", 1, dict)
    with pytest.raises(ValueError, match="from_schema"):
        registry.register("sly.CardPlayed", 0, dict)


def test_the_module_registry() -> None:
    name = "T" + uuid.uuid4().hex  # the module registry is global: a name of its own
    register_upcaster(name, 1, lambda data: {"renamed": data["old"]})
    assert latest_schema(name) == 2
    assert upcast(sealed(name, {"old": 1})) == Event(name, {"renamed": 1})


def test_decode_entries_reads_raw_and_parsed_replies() -> None:
    envelopes = [sealed(data={"points": n}) for n in range(3)]
    raw = [[f"{n}-0".encode(), [b"e", encode(e)["e"]]] for n, e in enumerate(envelopes, 1)]
    assert decode_entries(raw) == envelopes
    parsed = [(entry_id, {b"e": fields[1]}) for entry_id, fields in raw]
    assert decode_entries(parsed) == envelopes
    as_text = [[i.decode(), ["e", f[1].decode()]] for i, f in raw]  # decode_responses=True
    assert decode_entries(as_text) == envelopes
    assert decode_entries([]) == []


@pytest.mark.parametrize(
    "payload",
    [
        b'{"a":1},{"b":2}',  # two values in one entry: caught by the count check
        b"[1, 2]",
        b"not json",
        b'{"version":1}',
    ],
)
def test_decode_entries_refuses_entries_that_are_not_envelopes(payload: bytes) -> None:
    good = encode(sealed())["e"]
    with pytest.raises(ValueError):
        decode_entries([[b"1-0", [b"e", good]], [b"2-0", [b"e", payload]]])


def test_decode_entries_refuses_unknown_keys() -> None:
    stored = orjson.loads(encode(sealed())["e"])
    with pytest.raises(ValueError, match="unknown"):
        decode_entries([[b"1-0", [b"e", orjson.dumps({**stored, "extra": 1})]]])
    del stored["at"]
    with pytest.raises(ValueError, match="missing"):
        decode_entries([[b"1-0", [b"e", orjson.dumps(stored)]]])
    # One key short in one entry and one too many in another: the page's count of keys is
    # right, the keys are not.
    with pytest.raises(ValueError, match=r"missing \['at'\]"):
        decode_entries(
            [
                [b"1-0", [b"e", orjson.dumps(stored)]],
                [b"2-0", [b"e", orjson.dumps({**stored, "at": AT, "extra": 1})]],
            ]
        )


def test_decode_entries_takes_a_cause_stored_as_null_or_left_out() -> None:
    draft = Draft("ScoreSet", {"points": 1}, actor(1, "player"), AT, cause={"type": "score"})
    with_cause, without = seal([draft], 1, GENESIS_HASH, SEED, "c")[0], sealed()
    assert with_cause.cause == {"type": "score"}
    stored = orjson.loads(encode(without)["e"])
    assert "cause" not in stored
    entries = [
        [b"1-0", [b"e", encode(with_cause)["e"]]],
        [b"2-0", [b"e", orjson.dumps(stored)]],
        [b"3-0", [b"e", orjson.dumps({**stored, "cause": None})]],
    ]
    assert decode_entries(entries) == [with_cause, without, without]
