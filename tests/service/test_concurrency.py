"""Many clients at one game at once: nothing lost, nothing doubled, versions without gaps."""

from __future__ import annotations

import itertools
import json
import threading
from collections import Counter

import pytest

from events.envelope import verify_chain
from events.redis_client import connect
from service.api import create_app
from service.games import CONFLICT_TRIES
from tests.service.conftest import Api, build
from tests.threads import run_threads

pytestmark = pytest.mark.redis


def test_sixteen_threads_posting_at_one_game(api: Api, service, app):
    game_id, tokens = api.table(players=2, cards=40)
    statuses: Counter[int] = Counter()
    accepted_versions: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(16)

    def player(n: int) -> None:
        client = app.test_client()
        local = Api(client)
        start.wait()
        for attempt in range(6):
            seat = n % 2
            response = local.command(
                game_id,
                tokens[seat],
                {"type": "draw", "count": 1},
                **{"Idempotency-Key": f"t{n}-{attempt}"},
            )
            with lock:
                statuses[response.status_code] += 1
                if response.status_code == 201:
                    accepted_versions.extend(
                        e["version"] for e in response.json["events"] if e["type"] == "Drew"
                    )

    run_threads(16, player)

    assert set(statuses) <= {201, 409, 422}, statuses
    assert statuses[201] >= 1
    envelopes = service.store.read(game_id)
    versions = [e.version for e in envelopes]
    assert versions == list(range(1, len(versions) + 1))
    draws = [e for e in envelopes if e.type == "Drew"]
    assert len(draws) == statuses[201] == len(set(accepted_versions))
    assert sorted(accepted_versions) == [e.version for e in draws]
    seed = bytes.fromhex(envelopes[0].data["seed"])
    assert verify_chain(envelopes, seed).ok
    # Turns alternate: a lost update would let one seat draw twice in a row.
    seats = [e.data["seat"] for e in draws]
    assert all(a != b for a, b in itertools.pairwise(seats))


def test_the_same_idempotency_key_from_two_threads_appends_once(api: Api, service, app):
    game_id, tokens = api.table(players=2, cards=10)
    seat = api.to_act(game_id)
    results = []
    barrier = threading.Barrier(8)

    def send() -> None:
        barrier.wait()
        response = Api(app.test_client()).command(
            game_id, tokens[seat], {"type": "draw", "count": 1}, **{"Idempotency-Key": "same"}
        )
        results.append((response.status_code, response.json))

    run_threads(8, lambda _: send())
    draws = [e for e in service.store.read(game_id) if e.type == "Drew"]
    assert len(draws) == 1
    ok = [body for status, body in results if status == 201]
    assert ok and all(body == ok[0] for body in ok)


@pytest.mark.single_redis  # the new game's node is not known in advance on a cluster
def test_a_lost_reply_to_an_append_still_indexes_and_schedules(service, monkeypatch) -> None:
    # Redis records the new game, the reply is lost, the store sends the append again and
    # meets its own command id: the service must still react (index the game, schedule its
    # bot), as for any new game, not take the write for somebody else's earlier one.
    import redis

    from events.direct_path import _connection

    service.store.head("warm-up")  # this thread's direct connection is open
    connection = _connection(service.store.redis.connection_pool)
    read = connection.read_response

    def reply_lost(*args, **kwargs):
        monkeypatch.undo()
        read(*args, **kwargs)
        raise redis.ConnectionError("connection lost")

    monkeypatch.setattr(connection, "read_response", reply_lost)
    outcome = service.create("sly", [{"kind": "bot", "strategy": "random"}] * 2, {})
    assert not outcome.replayed
    games, _ = service.index.page(None, None, None, 200)
    assert outcome.game_id in [game["id"] for game in games]
    assert service.scheduler.jobs  # the first bot's turn


def test_concurrent_retries_with_one_key_and_if_match_all_get_the_original_201(
    api: Api, service, app, redis_url, scheduler
):
    """16 clients send one command with one Idempotency-Key and If-Match, round after round:
    every one gets the original 201 (never a 412 because a twin moved the game on first)."""
    from events.redis_client import connect
    from service.api import create_app
    from tests.service.conftest import build

    other_process = create_app(build(connect(redis_url), scheduler), {"RATE_LIMIT": "off"})
    rounds, clients = 24, 16
    game_id, tokens = api.table(players=2, cards=40)
    answers: list[list[tuple[int, bytes]]] = [[] for _ in range(rounds)]
    lock = threading.Lock()
    start = threading.Barrier(clients)

    def client(n: int) -> None:
        local = Api((app if n % 2 else other_process).test_client())
        for round_ in range(rounds):
            start.wait()
            version = rounds_version[round_]
            response = local.command(
                game_id,
                tokens[seat_of[round_]],
                {"type": "draw", "count": 1},
                **{"Idempotency-Key": f"round-{round_}", "If-Match": f'"{version}"'},
            )
            with lock:
                answers[round_].append((response.status_code, response.get_data()))
            start.wait()

    # The toy game alternates seats, one event per draw: each round's version and seat are known.
    first = api.get(f"/v1/games/{game_id}").json
    rounds_version = [first["version"] + r for r in range(rounds)]
    seat_of = [(first["to_act"][0] + r) % 2 for r in range(rounds)]
    run_threads(clients, client, timeout=120)

    for round_, got in enumerate(answers):
        statuses = Counter(status for status, _ in got)
        assert statuses == {201: clients}, (round_, statuses)
        # The same JSON (the original lists its keys as built, a replay as stored: sorted).
        bodies = {json.dumps(json.loads(body), sort_keys=True) for _, body in got}
        assert len(bodies) == 1, f"round {round_}: replays differ: {sorted(bodies)[:2]}"
    assert len([e for e in service.store.read(game_id) if e.type == "Drew"]) == rounds


@pytest.mark.parametrize("rival_moves", [CONFLICT_TRIES - 1, CONFLICT_TRIES])
def test_a_command_is_decided_again_while_the_game_keeps_moving(
    api: Api, service, redis_url, scheduler, monkeypatch, rival_moves: int
):
    # Another API process moves the game (both seats draw, so it is this seat's turn again)
    # each time, just before this process appends: a command without If-Match is decided
    # again on the newer state, up to CONFLICT_TRIES times, and only then answered 409.
    game_id, tokens = api.table(players=2, cards=40)
    seat = api.to_act(game_id)
    rival_client = connect(redis_url)
    rival = Api(create_app(build(rival_client, scheduler), {"RATE_LIMIT": "off"}).test_client())
    append = service.store.append
    rounds_left = [rival_moves]

    def a_rival_moves_first(*args, **kwargs):
        if rounds_left[0]:
            rounds_left[0] -= 1
            for mover in (seat, 1 - seat):
                moved = rival.command(game_id, tokens[mover], {"type": "draw", "count": 1})
                assert moved.status_code == 201, moved.json
        return append(*args, **kwargs)

    monkeypatch.setattr(service.store, "append", a_rival_moves_first)
    before = service.store.head(game_id)[0]
    response = api.command(game_id, tokens[seat], {"type": "draw", "count": 1})
    rival_client.close()
    rival_events = 2 * rival_moves
    if rival_moves < CONFLICT_TRIES:
        assert response.status_code == 201, response.json
        assert [e["version"] for e in response.json["events"]] == [before + rival_events + 1]
    else:
        assert response.status_code == 409
        assert response.json["code"] == "version_conflict"
        assert response.json["current_version"] == before + rival_events
    assert service.store.head(game_id)[0] == before + rival_events + (response.status_code == 201)
