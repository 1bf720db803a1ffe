"""Before the end, the seed (and what it fixes) appears nowhere a client can see.

A live game of each kind, with humans who joined over HTTP (with client seeds), moved, and one
who left, and bots: every endpoint and feed is fetched as a spectator and as each seat,
including every past version, the audit report, the 409 of the export and error bodies; the
log is captured too. None may hold the seed, a salt of the chain (which would let anyone test
guesses of hidden values against the public hashes), the shuffled orders, or the undealt cards.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest

from events.envelope import salt
from tests.fairness.conftest import GAMES
from tests.fairness.http_play import http_table, play_http
from tests.service.conftest import Api

pytestmark = pytest.mark.redis

# Hidden lists the deal fixes: the rest of the supply / the pile (the hands are the seats' own).
NDJSON = "application/x-ndjson"
UNDEALT = {"fette-beute": ("Dealt", "supply"), "gloria-picktoria": ("CardsDealt", "pile")}


def sse_text(api: Api, game_id: str, token: str | None, events: int) -> str:
    """The raw SSE stream of a live game until ``events`` events came (it never ends alone)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = api.client.get(f"/v1/games/{game_id}/events/stream", headers=headers, buffered=False)
    text, chunks = "", iter(response.response)
    for _ in range(10_000):
        chunk = next(chunks)
        text += chunk.decode() if isinstance(chunk, bytes) else chunk
        if len(re.findall(r"^id: ", text, re.MULTILINE)) >= events:
            break
    response.close()
    assert len(re.findall(r"^id: ", text, re.MULTILINE)) == events
    return text


def everything(api: Api, game_id: str, token: str | None) -> list[str]:
    """Every body a client with ``token`` (or none) can get from a live game."""
    base = f"/v1/games/{game_id}"
    version = api.get(base).json["version"]
    ok = {
        "summary": api.get(base, token=token),
        "list": api.get("/v1/games", token=token),
        "list active": api.get("/v1/games", query_string={"status": "active"}),
        "state": api.get(f"{base}/state", token=token),
        "events": api.get(f"{base}/events", token=token),
        "events page": api.get(
            f"{base}/events", token=token, query_string={"after": 2, "limit": 3}
        ),
        "ndjson": api.get(f"{base}/events", token=token, headers={"Accept": NDJSON}),
        "audit": api.get(f"{base}/audit", token=token),
        **{
            f"state {v}": api.get(f"{base}/state", token=token, query_string={"version": v})
            for v in range(1, version + 1)
        },
    }
    if token:
        ok["legal moves"] = api.get(f"{base}/legal-moves", token=token)
    refused = {
        "export": api.get(f"{base}/export", token=token),
        "bad version": api.get(f"{base}/state", token=token, query_string={"version": version + 5}),
        "start": api.command(game_id, token, {"type": "start", "start_player": 0, "orders": {}}),
        "nonsense": api.command(game_id, token, {"type": "nonsense"}),
        "stale If-Match": api.command(game_id, token, {"type": "leave"}, **{"If-Match": '"1"'}),
        "late join": api.client.post(f"{base}/join", json={"name": "late", "client_seed": "x"}),
    }
    assert {k: r.status_code for k, r in ok.items() if r.status_code != 200} == {}
    assert {k: r.status_code for k, r in refused.items() if not 400 <= r.status_code < 500} == {}
    assert refused["export"].status_code == 409
    texts = [r.get_data(as_text=True) for r in [*ok.values(), *refused.values()]]
    texts.append(sse_text(api, game_id, token, version))
    return texts


def lists_in(value: Any):
    if isinstance(value, list):
        yield value
        for item in value:
            yield from lists_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from lists_in(item)


def json_values(text: str):
    """Every JSON value in a body: the whole, or one per line (NDJSON, SSE ``data:`` lines)."""
    for part in [text, *(line.removeprefix("data: ") for line in text.splitlines())]:
        try:
            yield json.loads(part)
        except ValueError:
            continue


def live_game(api: Api, service, game: str) -> tuple[str, dict[int, str]]:
    """A running game in which humans moved over HTTP, one human left, and bots moved.

    Random bots can end a game within a few moves; then another table is tried.
    """
    for _ in range(10):
        game_id, tokens = http_table(api, game)
        play_http(api, service, game_id, tokens, moves=3)
        last = max(tokens)
        if api.command(game_id, tokens[last], {"type": "leave"}).status_code != 201:
            continue
        play_http(api, service, game_id, {s: t for s, t in tokens.items() if s != last}, moves=1)
        if api.get(f"/v1/games/{game_id}").json["status"] == "active":
            return game_id, tokens
    raise AssertionError("every table ended too soon")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_seed_orders_salts_or_undealt_cards_before_the_end(api: Api, service, game, caplog):
    caplog.set_level(logging.DEBUG)
    game_id, tokens = live_game(api, service, game)
    stored = service.store.read(game_id)
    seed = stored[0].data["seed"]
    started = next(e for e in stored if e.type == "GameStarted")
    secrets = [seed, seed.upper()] + [salt(bytes.fromhex(seed), v) for v in range(1, 60)]
    hidden_lists = [order for order in started.data["orders"].values() if len(order) >= 5]
    if game in UNDEALT:
        kind, field = UNDEALT[game]
        hidden_lists.append(next(e for e in stored if e.type == kind).data[field])

    seen = []
    for token in [None, *tokens.values()]:
        seen += everything(api, game_id, token)
    seen.append(api.get("/metrics").get_data(as_text=True))
    seen.append(caplog.text)
    for text in seen:
        for secret in secrets:
            assert secret not in text
        for value in json_values(text):
            for found in lists_in(value):
                assert found not in hidden_lists, "a hidden order or undealt pile leaked"
    # Still nothing: the game runs on, and its summary pins the head and the commitment.
    summary = api.get(f"/v1/games/{game_id}").json
    assert summary["status"] == "active"
    assert summary["head_hash"] == stored[-1].hash
    assert summary["commitment"] == stored[0].data["commitment"]


def test_the_seed_is_public_after_the_end(api: Api, service):
    from tests.fairness.http_play import finish_http

    game_id, tokens = finish_http(api, service, "sly")
    seed = service.store.read(game_id)[-1].data["seed"]
    events = api.get(f"/v1/games/{game_id}/events", token=tokens[0]).json["events"]
    assert events[0]["data"]["seed"] == seed == events[-1]["data"]["seed"]
    assert api.get(f"/v1/games/{game_id}/export").json["seed"] == seed
