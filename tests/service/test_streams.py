"""Server-Sent Events: catch up, follow live, resume with Last-Event-ID, end with the game."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator

import pytest

from tests.service.conftest import Api

pytestmark = pytest.mark.redis


def stream_events(response, max_chunks: int = 200) -> Iterator[dict]:
    """The events of a streamed response as they come (at most ``max_chunks`` reads)."""
    buffer = ""
    chunks = iter(response.response)
    for _ in range(max_chunks):
        try:
            chunk = next(chunks)
        except StopIteration:
            return
        buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            fields = dict(
                line.split(": ", 1)
                for line in block.splitlines()
                if ": " in line and not line.startswith(":")
            )
            if "data" in fields:
                yield {
                    "id": int(fields["id"]),
                    "event": fields["event"],
                    **json.loads(fields["data"]),
                }


def sse_events(response, stop_after: int, max_chunks: int = 200) -> list[dict]:
    """Read ``stop_after`` events (or until the stream ends) from a streamed response."""
    events = list(itertools.islice(stream_events(response, max_chunks), stop_after))
    response.close()
    return events


def test_catch_up_then_live_then_resume(api: Api, client):
    game_id, tokens = api.table(cards=10)
    first = client.get(f"/v1/games/{game_id}/events/stream", buffered=False)
    assert first.mimetype == "text/event-stream"
    seat = api.to_act(game_id)
    start_version = api.get(f"/v1/games/{game_id}").json["version"]
    stream = stream_events(first)
    caught_up = list(itertools.islice(stream, start_version))
    # The move is made once the stream has shown everything before it (not after a fixed
    # delay), so its event can only come live.
    api.command(game_id, tokens[seat], {"type": "draw", "count": 1})
    events = [*caught_up, next(stream)]
    first.close()
    assert [e["id"] for e in events] == list(range(1, start_version + 2))
    assert events[-1]["event"] == "Drew"
    assert "cards" not in events[-1]["data"]  # the spectator does not see the drawn cards

    resumed = client.get(
        f"/v1/games/{game_id}/events/stream",
        headers={"Last-Event-ID": str(start_version)},
        buffered=False,
    )
    assert [e["id"] for e in sse_events(resumed, stop_after=1)] == [start_version + 1]


def test_the_stream_ends_after_the_final_event(api: Api, client):
    game_id, tokens = api.table(cards=2)
    while (summary := api.get(f"/v1/games/{game_id}").json)["status"] == "active":
        api.command(game_id, tokens[summary["to_act"][0]], {"type": "draw", "count": 1})
    response = client.get(f"/v1/games/{game_id}/events/stream?after=2", buffered=False)
    events = sse_events(response, stop_after=10_000)
    assert events[-1]["event"] == "GameEnded"
    assert [e["id"] for e in events] == list(range(3, summary["version"] + 1))


def test_a_seat_sees_its_own_cards_in_the_stream(api: Api, client):
    game_id, tokens = api.table(cards=6)
    seat = api.to_act(game_id)
    api.command(game_id, tokens[seat], {"type": "draw", "count": 2})
    version = api.get(f"/v1/games/{game_id}").json["version"]
    mine = client.get(
        f"/v1/games/{game_id}/events/stream?after={version - 1}",
        headers={"Authorization": f"Bearer {tokens[seat]}"},
        buffered=False,
    )
    theirs = client.get(
        f"/v1/games/{game_id}/events/stream?after={version - 1}",
        headers={"Authorization": f"Bearer {tokens[1 - seat]}"},
        buffered=False,
    )
    assert len(sse_events(mine, 1)[0]["data"]["cards"]) == 2
    assert "cards" not in sse_events(theirs, 1)[0]["data"]
