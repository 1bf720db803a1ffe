"""Hidden choices never leak: two games that differ only in one seat's secret look the same.

Two Fette Beute tables are dealt from the same seed and client seeds, so they are identical
until seat 0 secretly places different animals in each. From then on, everything the other
seats and a spectator can fetch (summary, state now and at every past version, the event feed
as JSON, NDJSON and SSE, legal moves) must be the same in both games, except what is
unguessable by design (ids, times and the salted hashes).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from events.redis_client import connect
from events.store import RedisEventStore
from service.api import create_app
from service.games import GameService
from service.index import GameIndex
from service.ports import RecordingScheduler
from tests.service.conftest import Api
from tests.service.test_streams import sse_events

pytestmark = pytest.mark.redis

# Differ between any two games: ids, hashes and times (``expires_at`` follows the creation time).
UNGUESSABLE = {"id", "hash", "prev_hash", "head_hash", "at", "command_id", "expires_at"}


def scrub(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items() if k not in UNGUESSABLE}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


@pytest.fixture
def fixed_seed_api(redis_url: str) -> Api:
    client = connect(redis_url)
    service = GameService(
        RedisEventStore(client),
        RecordingScheduler(),
        GameIndex(client),
        entropy=lambda n: b"\x07" * n,
    )
    app = create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 100})
    return Api(app.test_client())


def table(api: Api) -> tuple[str, list[str]]:
    game = api.create(game="fette-beute", seats=[{"kind": "human"}] * 4)
    tokens = [api.join(game["id"], f"p{n}", client_seed=f"c{n}")["token"] for n in range(4)]
    return game["id"], tokens


def everything_seen(api: Api, game_id: str, token: str | None) -> dict[str, Any]:
    version = api.get(f"/v1/games/{game_id}").json["version"]
    seen = {
        "summary": api.get(f"/v1/games/{game_id}", token=token).json,
        "states": [
            api.get(f"/v1/games/{game_id}/state", token=token, query_string={"version": v}).json
            for v in range(1, version + 1)
        ],
        "events": api.get(f"/v1/games/{game_id}/events", token=token).json,
        "ndjson": api.get(
            f"/v1/games/{game_id}/events", token=token, headers={"Accept": "application/x-ndjson"}
        ).get_data(as_text=True),
        "sse": sse_events(
            api.client.get(
                f"/v1/games/{game_id}/events/stream",
                headers={"Authorization": f"Bearer {token}"} if token else {},
                buffered=False,
            ),
            stop_after=version,
        ),
    }
    if token:
        seen["legal"] = api.get(f"/v1/games/{game_id}/legal-moves", token=token).json
    seen["ndjson"] = [json.loads(line) for line in seen["ndjson"].splitlines()]
    return scrub(seen)


def test_a_secret_choice_is_invisible_to_everyone_else(fixed_seed_api: Api):
    api = fixed_seed_api
    first, tokens_a = table(api)
    second, tokens_b = table(api)
    assert scrub(api.get(f"/v1/games/{first}/state").json) == scrub(
        api.get(f"/v1/games/{second}/state").json
    )  # the same deal
    api.command(first, tokens_a[0], {"type": "choose", "animals": ["squirrel", "marmot"]})
    api.command(second, tokens_b[0], {"type": "choose", "animals": ["raccoon", "beaver"]})
    for viewer in (None, 1, 2, 3):
        seen_a = everything_seen(api, first, tokens_a[viewer] if viewer is not None else None)
        seen_b = everything_seen(api, second, tokens_b[viewer] if viewer is not None else None)
        assert seen_a == seen_b, viewer
        feeds = json.dumps({k: v for k, v in seen_a.items() if k != "legal"})
        assert '"marmot"' not in feeds  # nobody has revealed anything yet
    # The chooser does see its own choice.
    own = api.get(f"/v1/games/{first}/state", token=tokens_a[0]).json["board"]
    assert own["face_down_animals"][0] == ["squirrel", "marmot"]
