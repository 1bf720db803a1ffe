"""GET /v1/games/{id}/audit and /export: honest games of every kind pass, over HTTP and offline."""

from __future__ import annotations

import json

import pytest

from foxden.cli import main
from service.audit import BUNDLE_FORMAT, CHECK_NAMES, audit_bundle
from tests.fairness.conftest import GAMES
from tests.fairness.http_play import finish_http, http_table, running_http_table
from tests.service.conftest import Api

pytestmark = pytest.mark.redis
PROBLEM = "application/problem+json"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_honest_finished_game_passes_every_check(api: Api, service, game, tmp_path, capsys):
    game_id, _ = finish_http(api, service, game)
    summary = api.get(f"/v1/games/{game_id}").json

    report = api.get(f"/v1/games/{game_id}/audit")
    assert report.status_code == 200
    assert report.json["ok"] is True
    assert [c["name"] for c in report.json["checks"]] == list(CHECK_NAMES)
    assert all(c["ok"] is True and c["version"] is None for c in report.json["checks"])
    assert report.json["head_hash"] == summary["head_hash"]
    assert report.json["version"] == summary["version"]

    exported = api.get(f"/v1/games/{game_id}/export")
    assert exported.status_code == 200
    assert exported.mimetype == "application/json"
    assert game_id in exported.headers["Content-Disposition"]
    bundle = exported.json
    assert bundle["format"] == BUNDLE_FORMAT
    assert (bundle["id"], bundle["game"]) == (game_id, game)
    assert bundle["head_hash"] == summary["head_hash"]
    assert bundle["commitment"] == summary["commitment"]
    assert [e["version"] for e in bundle["events"]] == list(range(1, summary["version"] + 1))
    assert bundle["events"] == [e.to_dict() for e in service.store.read(game_id)]
    assert bundle["events"][-1]["data"]["seed"] == bundle["seed"]
    kinds = {e["by"]["kind"] for e in bundle["events"]}
    assert kinds >= {"system", "player", "bot"}  # humans moved, then bots finished

    offline = audit_bundle(bundle)
    assert offline.complete, offline.to_dict()
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle), encoding="utf-8")
    assert main(["audit", str(path)]) == 0
    assert "PASSED" in capsys.readouterr().out


def test_before_the_end_the_seed_checks_wait_and_export_is_409(api: Api, service):
    game_id, tokens = running_http_table(api, service, "fette-beute", moves=3)
    report = api.get(f"/v1/games/{game_id}/audit", token=tokens[0])
    assert report.status_code == 200
    checks = {c["name"]: c for c in report.json["checks"]}
    assert checks["chain"]["ok"] is True
    assert "once the seed is revealed" in checks["chain"]["detail"]
    for name in ("seed", "deck", "resimulation", "result"):
        assert checks[name]["ok"] is None and checks[name]["detail"], name
    assert report.json["ok"] is True  # covers the chain, which could run

    exported = api.get(f"/v1/games/{game_id}/export")
    assert exported.status_code == 409
    assert exported.mimetype == PROBLEM
    assert exported.json["code"] == "not_finished"


def test_unknown_games_and_bad_tokens_are_refused_like_everywhere(api: Api):
    own, _ = http_table(api, "sly")
    _, other_tokens = http_table(api, "sly")
    for path in ("audit", "export"):
        missing = api.get(f"/v1/games/no-such-game/{path}")
        assert (missing.status_code, missing.mimetype) == (404, PROBLEM)
        bad = api.get(f"/v1/games/{own}/{path}", token="not-a-token")
        assert (bad.status_code, bad.json["code"]) == (401, "unauthorized")
        foreign = api.get(f"/v1/games/{own}/{path}", token=other_tokens[0])
        assert (foreign.status_code, foreign.json["code"]) == (403, "forbidden")
