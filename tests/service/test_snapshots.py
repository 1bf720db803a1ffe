"""State snapshots: exact, bounded, safe to drop, refused when stale, and never seen outside.

The unit tests fold bot games of every game at the match level and check that every state
survives a snapshot. The integration tests play Fette Beute through the API on a real Redis
with a snapshot every few versions and compare every answer a client can fetch with the
answers of a service that never uses a snapshot.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
from typing import Any

import orjson
import pytest
from prometheus_client import REGISTRY

from domain import match, registry
from domain.game import Command
from domain.match import MatchState
from events.redis_client import connect
from events.store import RedisEventStore, keys, snapshot_key
from service import snapshots
from service.api import create_app
from service.games import GameService
from service.index import GameIndex
from service.ports import RecordingScheduler
from tests.service.conftest import Api
from tests.service.test_no_leak import everything_seen

GAMES = {"fette-beute": 4, "sly": 3, "gloria-picktoria": 3}


def bot_game(game: str, players: int, seed: int) -> list[MatchState]:
    """Every state of a match of random bots, from its creation to its end."""
    rng = random.Random(seed)
    body = {
        "type": "create",
        "game": game,
        "seats": [{"kind": "bot", "strategy": "random"}] * players,
        "options": {},
        "seed": rng.randbytes(32).hex(),
    }
    states, state = [], match.INITIAL
    command = Command(None, body)
    while True:
        for event in match.decide(state, command):
            state = match.evolve(state, event)
            states.append(state)
        if state.status == match.FINISHED:
            return states
        seat = min(state.to_act())
        moves = match.game_moves(state, seat)
        command = Command(seat, rng.choice(moves), "bot")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_state_of_a_game_survives_its_snapshot(game: str):
    for state in bot_game(game, GAMES[game], seed=len(game)):
        turns = {seat: f"2026-12-01T21:00:{seat:02d}.000Z" for seat in state.to_act()}
        assert snapshots.decode(snapshots.encode(state, turns), state.version) == (state, turns)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_snapshot_pickled_the_default_way_still_decodes(game: str):
    """Snapshots are pickled with a table of reducers (cheaper to write); those written before
    it, by pickle's own reduction, are read alike: the format did not change."""
    for state in bot_game(game, GAMES[game], seed=len(game))[::7]:
        written = snapshots.encode(state, {})
        default = written.partition(b"\n")[0] + b"\n" + pickle.dumps(state, protocol=5)
        assert snapshots.decode(default, state.version) == (state, {})


def test_every_domain_record_is_pickled_from_the_table():
    """A record the table misses would still be pickled, by the slow default: this test says
    when a new class needs a look (a frozen dataclass with slots and a field outside
    ``__init__`` is the one kind the table cannot rebuild by its constructor)."""
    assert set(snapshots._reducers()) == set(snapshots.domain_classes().values())


def header_of(blob: bytes) -> dict[str, Any]:
    return orjson.loads(blob.partition(b"\n")[0])


def with_header(blob: bytes, **changes: Any) -> bytes:
    """``blob`` with its header's fields changed, its pickled state as it was."""
    return orjson.dumps({**header_of(blob), **changes}) + b"\n" + blob.partition(b"\n")[2]


def naming(module: str, name: str) -> bytes:
    """A snapshot whose pickle calls ``module.name()``: what a forged snapshot would do."""
    good = snapshots.encode(bot_game("sly", 2, seed=1)[0], {})
    return good.partition(b"\n")[0] + b"\n" + f"c{module}\n{name}\n)R.".encode()


@pytest.mark.parametrize(
    "name",
    ["os:system", "builtins:object", "subprocess:Popen", "domain.match:token_hash", "domain.x:Y"],
)
def test_a_snapshot_can_only_name_the_domains_state_classes(name: str):
    assert snapshots.decode(naming(*name.split(":")), 1) is None


def test_the_same_forgery_naming_a_state_class_gets_through():
    # What refuses the forgeries above is the name they call, not the shape of the pickle.
    assert snapshots.decode(naming("domain.match", "MatchState"), 0) == (MatchState(), {})


def test_what_a_snapshot_may_name_is_the_domains_records_and_only_them():
    classes = snapshots.domain_classes()
    assert classes[("domain.match", "MatchState")] is MatchState
    assert all(module.startswith("domain.") for module, _ in classes)
    assert all(dataclasses.is_dataclass(cls) or hasattr(cls, "_fields") for cls in classes.values())
    assert ("domain.match", "token_hash") not in classes


def test_the_shapes_digest_changes_with_any_field_of_any_domain_class(monkeypatch):
    def shape_with(**fields: type) -> str:
        record = dataclasses.make_dataclass("Record", list(fields.items()), frozen=True)
        monkeypatch.setattr(snapshots, "domain_classes", lambda: {("domain.x", "Record"): record})
        return snapshots.shapes.__wrapped__()

    digests = {shape_with(a=int), shape_with(a=int, b=int), shape_with(a=str), shape_with(b=int)}
    assert len(digests) == 4
    assert shape_with(a=int) == shape_with(a=int)


def test_a_snapshot_that_does_not_fit_is_not_used():
    state = bot_game("fette-beute", 3, seed=2)[-1]
    good = snapshots.encode(state, {})
    assert snapshots.decode(good, state.version) == (state, {})
    assert snapshots.decode(good, state.version + 1) is None  # another version's
    assert snapshots.decode(b"\x00not json", state.version) is None
    assert snapshots.decode(orjson.dumps(header_of(good)), state.version) is None  # no state
    for changes in ({"rules": "fette-beute/0"}, {"format": 1}, {"shapes": "0" * 16}):
        assert snapshots.decode(with_header(good, **changes), state.version) is None
    header = orjson.dumps(header_of(good))
    assert snapshots.decode(header + b"\n" + b"K\x01.", 1) is None  # a pickled 1, not a state
    # The first format (the state as tagged JSON, one line) is stale, not an error.
    first = orjson.dumps({"format": 1, "game": "fette-beute", "rules": "x", "state": {}})
    stale = stale_snapshots()
    assert snapshots.decode(first, state.version) is None
    assert stale_snapshots() == stale + 1


def stale_snapshots() -> float:
    return REGISTRY.get_sample_value("foxden_snapshots_total", {"outcome": "stale"}) or 0.0


# --- on Redis, through the API ------------------------------------------------------------

EVERY = 7


def service_on(redis_url: str, every: int) -> GameService:
    client = connect(redis_url)
    return GameService(
        RedisEventStore(client), RecordingScheduler(), GameIndex(client), snapshot_every=every
    )


def api_of(service: GameService) -> Api:
    return Api(create_app(service, {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 100}).test_client())


def play(api: Api, versions: int, seed: int = 5) -> tuple[str, list[str]]:
    """A 4-seat Fette Beute game played by random legal moves up to at least ``versions``."""
    game = api.create(game="fette-beute", seats=[{"kind": "human"}] * 4)
    tokens = [api.join(game["id"], f"p{n}", client_seed=f"c{n}")["token"] for n in range(4)]
    rng = random.Random(seed)
    summary = api.get(f"/v1/games/{game['id']}").json
    while summary["version"] < versions and summary["status"] == "active":
        seat = rng.choice(summary["to_act"])
        moves = api.get(f"/v1/games/{game['id']}/legal-moves", token=tokens[seat]).json["moves"]
        body = rng.choice([m for m in moves if m["type"] != "leave"])
        assert api.command(game["id"], tokens[seat], body).status_code == 201
        summary = api.get(f"/v1/games/{game['id']}").json
    return game["id"], tokens


@pytest.mark.redis
def test_snapshots_are_written_with_the_moves_under_the_games_slot(redis_url: str):
    service = service_on(redis_url, EVERY)
    game_id, _ = play(api_of(service), 3 * EVERY)
    stored = service.store.redis.hgetall(snapshot_key(game_id))
    version = service.load(game_id).version
    assert sorted(int(v) for v in stored) == list(range(EVERY, version + 1, EVERY))
    assert snapshot_key(game_id).startswith(keys(game_id)[0].rsplit(":", 1)[0])  # the hash tag
    fresh = service_on(redis_url, 10**9)  # never meets a snapshot: the whole replay
    for field, blob in stored.items():
        assert snapshots.decode(blob, int(field))[0] == fresh.state_at(game_id, int(field))


@pytest.mark.redis
def test_every_answer_is_the_same_with_and_without_snapshots(redis_url: str):
    with_snapshots = service_on(redis_url, EVERY)
    game_id, tokens = play(api_of(with_snapshots), 4 * EVERY)
    viewers = [None, *tokens]
    cold = api_of(service_on(redis_url, EVERY))  # a new process: loads from a snapshot
    seen = [everything_seen(cold, game_id, token) for token in viewers]
    without = service_on(redis_url, 10**9)
    without.store.drop_snapshots(game_id)
    assert [everything_seen(api_of(without), game_id, token) for token in viewers] == seen
    # The turn clocks' beginnings too: a cold load from a snapshot knows when each turn began.
    assert service_on(redis_url, EVERY).load(game_id) == without.load(game_id)


@pytest.mark.redis
def test_a_stale_or_broken_snapshot_is_replaced_by_a_replay(redis_url: str):
    service = service_on(redis_url, EVERY)
    game_id, tokens = play(api_of(service), 3 * EVERY)
    version = service.load(game_id).version
    expected = service_on(redis_url, 10**9).state_at(game_id, 2 * EVERY + 1)
    stale = with_header(
        service.store.redis.hget(snapshot_key(game_id), 2 * EVERY), rules="fette-beute/0"
    )
    service.store.save_snapshots(game_id, [(2 * EVERY, stale), (EVERY, b"{")])
    later = service_on(redis_url, EVERY)
    assert later.state_at(game_id, 2 * EVERY + 1) == expected
    assert later.state_at(game_id, EVERY + 1) == service.state_at(game_id, EVERY + 1)
    rebuilt = service.store.redis.hgetall(snapshot_key(game_id))
    assert sorted(int(v) for v in rebuilt) == list(range(EVERY, version + 1, EVERY))
    for field, blob in rebuilt.items():  # replaced by the replay
        assert snapshots.decode(blob, int(field)) is not None
    answer = api_of(later).get(
        f"/v1/games/{game_id}/state", token=tokens[0], query_string={"version": EVERY + 3}
    )
    assert answer.status_code == 200


def secrets_of(blob: bytes, version: int) -> list[str]:
    """What a snapshot holds that no client may see before the end: the seed, the token
    hashes, the order of the supply not drawn yet, and the snapshot's own markers."""
    decoded = snapshots.decode(blob, version)
    assert decoded is not None
    state = decoded[0]
    assert state.status == match.ACTIVE
    board = state.board
    undrawn = json.dumps(list(board.supply[board.drawn :]), separators=(",", ":"))
    assert len(board.supply) - board.drawn > 10
    tokens = [seat.token_hash for seat in state.seats]
    return [state.seed, *tokens, undrawn[1:-1], snapshots.shapes(), "MatchState"]


@pytest.mark.redis
def test_nothing_of_a_snapshot_reaches_any_answer_before_the_end(redis_url: str):
    service = service_on(redis_url, EVERY)
    service_api = api_of(service)
    # The deal comes from the service's entropy, and about one random game in 400 ends before
    # version 30: the question is about a game still running, so such a game is dealt again.
    for _ in range(5):
        game_id, tokens = play(service_api, 3 * EVERY)
        loaded = service.load(game_id)
        if loaded.state.status == match.ACTIVE:
            break
    snapshot = snapshots.encode(loaded.state, loaded.turns_began)
    service.store.save_snapshots(game_id, [(loaded.version, snapshot)])
    blob = service.store.redis.hget(snapshot_key(game_id), loaded.version)
    secrets = secrets_of(blob, loaded.version)
    assert header_of(blob)["rules"] == registry.get("fette-beute").rules_version
    cold = api_of(service_on(redis_url, 1))  # every read starts from a snapshot at its version
    answers = [json.dumps(everything_seen(cold, game_id, token)) for token in (None, *tokens)]
    for path, query in [
        (f"/v1/games/{game_id}/state", {"version": loaded.version + 5}),  # an error
        (f"/v1/games/{game_id}/state", {"version": "x"}),
        (f"/v1/games/{game_id}/audit", {}),
        (f"/v1/games/{game_id}/export", {}),  # refused before the end
        (f"/v1/games/{game_id}/commands", {}),  # a 405
        ("/metrics", {}),
    ]:
        for token in (None, tokens[1]):
            answers.append(cold.get(path, token=token, query_string=query).get_data(as_text=True))
    assert service_api.get(f"/v1/games/{game_id}").json["status"] == "active"
    for answer in answers:
        for secret in secrets:
            assert secret not in answer


@pytest.mark.redis
def test_stepping_through_past_versions_decodes_each_snapshot_once(redis_url: str):
    # A replay steps version by version: the process keeps the snapshots it decoded, so each
    # is read and decoded once, and every state is still the one a whole replay gives.
    game_id, _ = play(api_of(service_on(redis_url, EVERY)), 4 * EVERY)
    stepping = service_on(redis_url, EVERY)
    stepping.load(game_id)  # the latest state, from the latest snapshot
    whole = service_on(redis_url, 10**9)
    before = used_snapshots()
    for version in range(EVERY, 3 * EVERY):
        assert stepping.state_at(game_id, version) == whole.state_at(game_id, version)
    assert used_snapshots() - before == 2  # the snapshots at EVERY and 2 * EVERY


def used_snapshots() -> float:
    return REGISTRY.get_sample_value("foxden_snapshots_total", {"outcome": "used"}) or 0.0
