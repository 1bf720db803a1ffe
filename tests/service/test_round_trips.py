"""Redis round trips per request on a warm game, counted on the wire of a real Redis.

Every request below is answered from the state cache plus one round trip: the feed (what is
newer than the cache and the page, pipelined), a past state (its snapshot and the events after
it, one script), a move (the append script, with no idempotency look-up when the client sent
no key) and the legal moves (what is newer than the cache).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest
import redis

from events.redis_client import Client, connect, is_cluster
from events.store import RedisEventStore
from service.api import create_app
from service.games import GameService
from service.index import GameIndex
from service.ports import RecordingScheduler
from service.webhooks import RecordingDeliveryQueue, Webhooks
from tests.redis_writes import CountingSocket
from tests.service.conftest import Api

pytestmark = pytest.mark.redis


class CountingConnection(redis.Connection):
    """A connection whose socket records the name of each command it writes."""

    writes: ClassVar[list[str]] = []

    def _connect(self) -> Any:
        return CountingSocket(super()._connect(), _record)


def _record(command: list[bytes]) -> None:
    CountingConnection.writes.append(command[0].decode())


@pytest.fixture
def counted(redis_url: str) -> tuple[Api, GameService]:
    client = connect(redis_url)
    for pool in pools(client):
        pool.connection_class = CountingConnection
        # A cluster client made connections while it discovered the nodes: forget them, so
        # that every connection is one of the counting class.
        pool.reset()
    service = GameService(
        RedisEventStore(client),
        RecordingScheduler(),
        GameIndex(client),
        # A fixed deal: with a random one a game may end within the moves below, and its end
        # writes the game index too (a status change), which is not the round trip counted.
        entropy=random.Random(3).randbytes,
        snapshot_every=5,
    )
    return Api(create_app(service, {"RATE_LIMIT": "off"}).test_client()), service


def pools(client: Client) -> list[redis.ConnectionPool]:
    """The client's connection pools: its own, or one per node of a cluster."""
    if is_cluster(client):
        return [node.redis_connection.connection_pool for node in client.get_nodes()]
    return [client.connection_pool]


def trips(call: Any) -> tuple[Any, list[str]]:
    CountingConnection.writes.clear()
    answer = call()
    return answer, list(CountingConnection.writes)


def test_a_warm_game_answers_each_request_in_one_round_trip(
    counted: tuple[Api, GameService], redis_url: str
):
    api, service = counted
    game = api.create(game="fette-beute", seats=[{"kind": "human"}] * 4)
    game_id = game["id"]
    tokens = [api.join(game_id, f"p{n}")["token"] for n in range(4)]
    rng = random.Random(1)
    path = f"/v1/games/{game_id}"
    for _ in range(12):
        seat = rng.choice(sorted(service.load(game_id).state.to_act()))
        moves, sent = trips(lambda s=seat: api.get(f"{path}/legal-moves", token=tokens[s]))
        assert sent == ["EVALSHA"]  # the read script: the range, or an archived game's pointer
        body = rng.choice([m for m in moves.json["moves"] if m["type"] != "leave"])
        answer, sent = trips(lambda b=body, s=seat: api.command(game_id, tokens[s], b))
        assert answer.status_code == 201
        assert sent == ["EVALSHA"], (body, answer.json)
    version = service.load(game_id).version
    assert version > 10
    for after, limit in [(0, None), (3, 2), (version, None)]:
        query = {"after": after} if limit is None else {"after": after, "limit": limit}
        answer, sent = trips(lambda q=query: api.get(f"{path}/events", query_string=q))
        assert answer.status_code == 200
        assert sent == ["EVALSHA"]  # both ranges in one write
    # The first use of the read script on a server loads it there (NOSCRIPT, then SCRIPT LOAD
    # by the client's fallback): a fresh cluster's node has not met it yet.
    warm = api.get(f"{path}/state", token=tokens[0], query_string={"version": 2})
    assert warm.json["version"] == 2
    for past in [1, 4, 5, version - 1]:
        answer, sent = trips(
            lambda v=past: api.get(f"{path}/state", token=tokens[0], query_string={"version": v})
        )
        assert answer.json["version"] == past
        assert sent == ["EVALSHA"]  # the snapshot below and the events after it
    # Someone else moved (another process): the feed still takes one round trip, and sees it.
    other = GameService(RedisEventStore(connect(redis_url)), RecordingScheduler(), service.index)
    seat = min(other.load(game_id).state.to_act())
    legal = other.load(game_id).state.definition.legal_commands(
        other.load(game_id).state.board, seat
    )
    other.handle(game_id, seat, legal[0])
    answer, sent = trips(lambda: api.get(f"{path}/events", query_string={"after": version}))
    assert sent == ["EVALSHA"]
    assert answer.json["events"][0]["version"] == version + 1


def test_a_game_this_process_has_not_cached_is_read_once_per_request(
    counted: tuple[Api, GameService],
):
    api, service = counted
    game = api.create(game="fette-beute", seats=[{"kind": "human"}] * 4)
    tokens = [api.join(game["id"], f"p{n}")["token"] for n in range(4)]
    token = tokens[0]
    path = f"/v1/games/{game['id']}"
    api.get(f"{path}/state", token=token)  # the read script is loaded on the server
    for route in ("state", "legal-moves", "state"):
        service.cache = type(service.cache)(4096)  # as a process that never saw the game
        answer, sent = trips(lambda r=route: api.get(f"{path}/{r}", token=token))
        assert answer.status_code == 200
        # Authenticating the token reads the latest state; the route uses that same read.
        assert sent == ["EVALSHA"], route
    assert answer.json["version"] == service.load(game["id"]).version


def test_a_move_between_accounts_costs_its_append_and_its_frames_once_who_listens_is_known(
    counted: tuple[Api, GameService],
):
    """A move of a game between accounts: the append, and the account's ``your_turn`` frame
    (its stream's script); who listens to the frame (webhooks) is read once in a while, not
    per move (service/webhook_endpoints.py, ``LISTENING_FRESH_S``)."""
    _, service = counted
    # A clock of the test's: however slow the machine, what was read stays fresh.
    service._webhooks = Webhooks(service.store.redis, RecordingDeliveryQueue(), monotonic=lambda: 0)
    seated = []
    for name in ("ada", "bob"):
        handle = f"{name}-{random.getrandbits(40):x}"
        account, _, _ = service.accounts.sign_up(
            handle, "bot", mode="open", operator=False, invite=None
        )
        seated.append((account.id, account.handle))
    game_id = f"rt{random.getrandbits(64):x}"
    service.create_seated("sly", seated, [], {}, game_id=game_id)
    sent_per_move = []
    for _ in range(6):
        state = service.load(game_id).state
        (seat,) = state.to_act()
        body = state.definition.legal_commands(state.board, seat)[0]
        _, sent = trips(lambda s=seat, b=body: service.handle(game_id, s, b))
        sent_per_move.append(sent)
    # Who listens was read when the game started (its first frames), and is not read again.
    assert all(sent == ["EVALSHA", "EVALSHA"] for sent in sent_per_move), sent_per_move
