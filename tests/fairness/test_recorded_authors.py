"""Games recorded before issue #14's fix of ``by`` still pass the audit, and only they do.

Until then the deal that follows the last join (``Dealt``, ``TableSetUp`` …) was recorded as
``{"seat": null, "kind": "player"}``; it is ``{"seat": null, "kind": "system"}`` now.
"""

from __future__ import annotations

import dataclasses

import pytest

from domain import match
from service import audit
from tests.fairness.conftest import finish

pytestmark = pytest.mark.redis


def test_games_recorded_before_the_fix_still_audit(service, monkeypatch):
    """They carry ``{"seat": null, "kind": "player"}`` on the deal; nothing else changed."""
    new_author = match.author

    def old_author(event, seat, kind):
        if seat is None and event.type not in match.MATCH_EVENTS:
            return {"seat": None, "kind": kind}
        return new_author(event, seat, kind)

    monkeypatch.setattr(match, "author", old_author)
    envelopes = finish(service, "sly").envelopes
    monkeypatch.setattr(match, "author", new_author)
    assert any(e.by == {"seat": None, "kind": "player"} for e in envelopes)
    report = audit.audit(envelopes)
    assert report.complete, report.to_dict()
    # The leniency is for exactly that form: a seat or another kind on the deal is caught.
    at = next(n for n, e in enumerate(envelopes) if e.by == {"seat": None, "kind": "player"})
    for by in ({"seat": 0, "kind": "player"}, {"seat": None, "kind": "bot"}):
        forged = [*envelopes[:at], dataclasses.replace(envelopes[at], by=by), *envelopes[at + 1 :]]
        checks = {check.name: check for check in audit.audit(forged).checks}
        assert checks["resimulation"].ok is False
        assert checks["resimulation"].version == at + 1
