"""Canonical JSON, sealing and the hash chain, without Redis."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from events.envelope import (
    GENESIS_HASH,
    Draft,
    Envelope,
    actor,
    canonical,
    format_at,
    salt,
    seal,
    seal_encoded,
    verify_chain,
)

SEED = bytes(range(32))
AT = "2026-11-30T08:00:00.123Z"


def reference_json(obj: object) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def drafts(n: int, start: int = 0) -> list[Draft]:
    first = Draft("Tick", {"n": start}, actor(None, "system"), AT, cause={"type": "tick"})
    rest = [Draft("Tick", {"n": start + i}, actor(i % 3, "player"), AT) for i in range(1, n)]
    return [first, *rest][:n]


# --- canonical --------------------------------------------------------------------------------


def test_canonical_sorts_keys_at_every_depth_and_is_compact() -> None:
    obj = {"b": 1, "a": {"z": [1, {"y": None, "x": True}], "c": "d"}}
    assert canonical(obj) == b'{"a":{"c":"d","z":[1,{"x":true,"y":null}]},"b":1}'


def test_canonical_keeps_non_ascii_as_utf8() -> None:
    assert canonical({"name": "Jörg 🦊 Füchsin"}) == '{"name":"Jörg 🦊 Füchsin"}'.encode()


def test_canonical_escapes_like_json_dumps() -> None:
    obj = {"s": '\x00\x1f\x7f\u2028 "quoted" back\\slash / tab\t nl\n'}
    assert canonical(obj) == reference_json(obj)


@pytest.mark.parametrize(
    "bad",
    [
        1.5,
        {"score": 1.0},
        {"deep": [1, 2, {"x": [0.5]}]},
        {"t": (1, 2)},
        {1: "int key"},
        {"when": datetime(2026, 1, 1, tzinfo=UTC)},
        {"b": b"bytes"},
        {"big": 2**53},
        {"small": -(2**53)},
    ],
)
def test_canonical_refuses_what_json_numbers_or_types_cannot_carry(bad: object) -> None:
    with pytest.raises(TypeError):
        canonical(bad)


def test_canonical_float_error_names_the_path() -> None:
    with pytest.raises(TypeError, match=r"\$\.a\[1\]\.b: floats are not allowed"):
        canonical({"a": [0, {"b": 2.5}]})


def test_canonical_accepts_the_largest_safe_integers() -> None:
    obj = {"max": 2**53 - 1, "min": -(2**53 - 1)}
    assert canonical(obj) == reference_json(obj)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53 - 1), max_value=2**53 - 1)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=25,
)


@given(json_values)
def test_canonical_equals_json_dumps_sorted_compact(obj: object) -> None:
    assert canonical(obj) == reference_json(obj)


# --- sealing ----------------------------------------------------------------------------------


def test_seal_follows_the_specified_formula() -> None:
    envelopes = seal(drafts(3), 1, GENESIS_HASH, SEED, "cmd-1")
    prev = GENESIS_HASH
    for version, envelope in enumerate(envelopes, start=1):
        assert envelope.version == version
        assert envelope.prev_hash == prev
        unsigned = {k: v for k, v in envelope.to_dict().items() if k != "hash"}
        key = hmac.new(SEED, f"foxden:event:{version}".encode(), hashlib.sha256).hexdigest()
        text = prev.encode() + reference_json(unsigned) + key.encode()
        assert envelope.hash == hashlib.sha256(text).hexdigest()
        prev = envelope.hash


def test_seal_test_vector() -> None:
    # A fixed input and its hash, so that any change to the encoding or the chain is noticed
    # (auditors in other languages can check theirs against it). The hash was computed
    # independently: salt with `openssl dgst -sha256 -mac HMAC`, then `sha256sum`.
    (envelope,) = seal(
        [Draft("GameCreated", {"game": "sly", "name": "Jörg"}, actor(None, "system"), AT)],
        1,
        GENESIS_HASH,
        SEED,
        "c1",
    )
    assert (
        canonical(envelope.unsigned())
        == (
            '{"at":"2026-11-30T08:00:00.123Z","by":{"kind":"system","seat":null},"command_id":"c1",'
            '"data":{"game":"sly","name":"Jörg"},"prev_hash":"' + GENESIS_HASH + '","schema":1,'
            '"type":"GameCreated","version":1}'
        ).encode()
    )
    assert salt(SEED, 1) == "3eed94daa0238c934ecbc9de4264405b7ddf06f09a9b161a1a89e52a9c821884"
    assert envelope.hash == "6636f4c9a7a6446dfa1a07747909e51171b6c2224b8b9fcb3086efa0020aa68d"


@given(st.binary(min_size=32, max_size=32), st.integers(min_value=1, max_value=10**12))
def test_salt_is_hmac_sha256_of_the_seed(seed: bytes, version: int) -> None:
    expected = hmac.new(seed, f"foxden:event:{version}".encode(), hashlib.sha256).hexdigest()
    assert salt(seed, version) == expected
    assert salt(seed, version) == expected  # the second time from the prepared hashes


def test_only_the_first_event_of_a_batch_carries_the_cause() -> None:
    envelopes = seal(drafts(3), 1, GENESIS_HASH, SEED, "c")
    assert [e.cause for e in envelopes] == [{"type": "tick"}, None, None]
    assert "cause" in envelopes[0].to_dict()
    assert "cause" not in envelopes[1].to_dict()
    late_cause = [*drafts(1), Draft("Tick", {}, actor(0, "bot"), AT, cause={"type": "x"})]
    with pytest.raises(ValueError, match="first event"):
        seal(late_cause, 1, GENESIS_HASH, SEED, "c")


def test_seal_continues_a_chain() -> None:
    first = seal(drafts(2), 1, GENESIS_HASH, SEED, "a")
    more = seal(drafts(2, start=2), 3, first[-1].hash, SEED, "b")
    assert verify_chain([*first, *more], SEED).ok


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"type": "domain.games.sly.CardPlayed"}, ValueError),
        ({"type": ""}, ValueError),
        ({"by": {"seat": 0, "kind": "robot"}}, ValueError),
        ({"by": {"seat": True, "kind": "player"}}, ValueError),
        ({"by": {"seat": 0}}, ValueError),
        ({"at": "2026-11-30 08:00:00"}, ValueError),
        ({"at": "2026-11-30T08:00:00+01:00"}, ValueError),
        ({"at": "2026-13-30T08:00:00.000Z"}, ValueError),
        ({"at": "\uff12\uff10\uff12\uff16-11-30T08:00:00.000Z"}, ValueError),  # fullwidth
        ({"at": datetime(2026, 11, 30, 8)}, ValueError),
        ({"schema": 0}, ValueError),
        ({"data": {"x": 0.1}}, TypeError),
        ({"cause": {"x": (1,)}}, TypeError),
    ],
)
def test_seal_refuses_malformed_drafts(change: dict, error: type[Exception]) -> None:
    draft = drafts(1)[0]._replace(**change)
    with pytest.raises(error):
        seal([draft], 1, GENESIS_HASH, SEED, "c")


def test_seal_refuses_a_wrong_seed_or_start() -> None:
    with pytest.raises(ValueError, match="32 raw bytes"):
        seal(drafts(1), 1, GENESIS_HASH, SEED.hex().encode(), "c")
    with pytest.raises(ValueError, match="GENESIS"):
        seal(drafts(1), 1, "f" * 64, SEED, "c")
    with pytest.raises(ValueError, match="first_version"):
        seal(drafts(1), 0, GENESIS_HASH, SEED, "c")


def test_format_at_is_utc_milliseconds_with_z() -> None:
    moment = datetime(2026, 11, 30, 9, 0, 0, 123456, tzinfo=timezone(timedelta(hours=1)))
    assert format_at(moment) == "2026-11-30T08:00:00.123Z"
    (envelope,) = seal([drafts(1)[0]._replace(at=moment)], 1, GENESIS_HASH, SEED, "")
    assert envelope.at == "2026-11-30T08:00:00.123Z"


def test_envelope_round_trips_through_a_dict() -> None:
    for envelope in seal(drafts(2), 1, GENESIS_HASH, SEED, "c"):
        assert Envelope.from_dict(json.loads(canonical(envelope.to_dict()))) == envelope
    assert [f.name for f in dataclasses.fields(Envelope)] == [
        "version",
        "type",
        "schema",
        "data",
        "at",
        "by",
        "command_id",
        "cause",
        "prev_hash",
        "hash",
    ]


def test_from_dict_refuses_unknown_or_missing_keys() -> None:
    stored = seal(drafts(1), 1, GENESIS_HASH, SEED, "c")[0].to_dict()
    with pytest.raises(ValueError, match="unknown"):
        Envelope.from_dict({**stored, "extra": 1})
    del stored["hash"]
    with pytest.raises(ValueError, match="missing"):
        Envelope.from_dict(stored)


# --- verifying --------------------------------------------------------------------------------


def test_verify_chain_accepts_an_intact_chain() -> None:
    chain = seal(drafts(5), 1, GENESIS_HASH, SEED, "c")
    assert verify_chain(chain, SEED) == verify_chain(chain, SEED)
    report = verify_chain(chain, SEED)
    assert (report.ok, report.version) == (True, None)
    links_only = verify_chain(chain, None)
    assert links_only.ok
    assert "no seed" in links_only.detail
    assert verify_chain([], SEED).ok


def test_verify_chain_names_an_edited_payload_when_it_has_the_seed() -> None:
    chain = seal(drafts(5), 1, GENESIS_HASH, SEED, "c")
    chain[2] = dataclasses.replace(chain[2], data={"n": 99})
    report = verify_chain(chain, SEED)
    assert (report.ok, report.version) == (False, 3)
    assert "hash" in report.detail
    assert verify_chain(chain, None).ok  # the links alone cannot see it


def test_verify_chain_names_a_broken_link() -> None:
    chain = seal(drafts(5), 1, GENESIS_HASH, SEED, "c")
    chain[3] = dataclasses.replace(chain[3], prev_hash="a" * 64)
    for seed in (SEED, None):
        report = verify_chain(chain, seed)
        assert (report.ok, report.version) == (False, 4)
        assert "prev_hash" in report.detail


def test_verify_chain_names_a_gap_or_a_wrong_seed() -> None:
    chain = seal(drafts(5), 1, GENESIS_HASH, SEED, "c")
    report = verify_chain([*chain[:2], *chain[3:]], SEED)
    assert (report.ok, report.version) == (False, 3)
    report = verify_chain(chain, bytes(32))
    assert (report.ok, report.version) == (False, 1)


@given(st.dictionaries(st.text(max_size=12), json_values, max_size=6), st.booleans())
def test_the_stored_form_of_a_sealed_event_is_its_canonical_json(data: dict, caused: bool) -> None:
    # seal_encoded splices the hash into the unsigned text instead of encoding twice.
    cause = {"type": "x", "hash": '","prev_hash":"', "data": data} if caused else None
    draft = Draft("sly.Tick", data, actor(1, "player"), AT, schema=3, cause=cause)
    ((envelope, stored),) = seal_encoded([draft], 12, "a" * 64, SEED, '"hash":"')
    assert stored == reference_json(envelope.to_dict())
