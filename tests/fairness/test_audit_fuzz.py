"""The audit never crashes, and any edit of any field of any event fails a check.

A bundle is untrusted input; ``foxden audit`` must answer every one of them with a report. The
one kind of edit that may pass: a re-sealed, well-formed ``at`` or ``command_id`` of a move
that is a batch of its own. No rule judges when a move was made or under which idempotency
key, so only the chain protects them, and after the end only pins protect the chain
(docs/fairness.md, section 7).
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.audit import audit_bundle
from tests.fairness.test_tampering import forged

pytestmark = pytest.mark.redis

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
FIELDS = ["version", "type", "schema", "data", "at", "by", "command_id", "cause", "prev_hash"]


@settings(
    max_examples=100, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(
    game=st.sampled_from(["fette-beute", "sly", "gloria-picktoria"]),
    where=st.floats(0, 1, exclude_max=True),
    field=st.sampled_from(FIELDS),
    value=JSON,
    inner=st.booleans(),
    reseal=st.booleans(),
)
def test_any_edit_fails_a_check_and_never_crashes(
    finished, game, where, field, value, inner, reseal
):
    honest = finished[game].bundle
    events = copy.deepcopy(honest["events"])
    event = events[int(where * len(events))]
    if inner and isinstance(event.get(field), dict) and event[field]:
        key = sorted(event[field])[int(where * len(event[field]))]
        event[field][key] = value
    else:
        event[field] = value
    bundle = forged(honest, events) if reseal else {**honest, "events": events}
    report = audit_bundle(bundle)  # must not raise
    changed = [
        (n, name)
        for n, (mine, theirs) in enumerate(zip(bundle["events"], honest["events"], strict=True))
        for name in [*FIELDS, "hash"]
        if mine.get(name) != theirs.get(name)
    ]
    unjudged = reseal and all(
        name in ("prev_hash", "hash")  # re-sealed after the edit
        or (name in ("at", "command_id") and isinstance(bundle["events"][n][name], str))
        for n, name in changed
    )
    if changed and not (unjudged and report.complete):
        assert not report.complete, changed
        failed = [check for check in report.checks if check.ok is False]
        assert failed and all(check.detail for check in failed)
