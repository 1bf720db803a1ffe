"""No game gets stuck: every game, over HTTP, with real workers on the real test Redis.

Tables mix a human seat, bot seats, turn limits, bot delays and a player who leaves; the
humans then stay idle, and every game must play to its end by timeouts and bots. A fault test
makes the queue's Redis refuse every enqueue for a while (a TCP proxy that drops the API's
queue connection: a real fault, nothing of ours mocked): no client sees a 5xx, and once the
fault ends the sweeper gets every game moving within one sweep period.

The games are short (one Fette Beute round, one SLY turn a player, Gloria Picktoria ending at
its first scoring card) and the API's seed source is fixed, so that a client seed can pick a
Gloria Picktoria deck whose scoring card lies near the top: all of them finish in seconds.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import random
import statistics
import time
from collections.abc import Iterator
from datetime import datetime

import pytest
from prometheus_client import REGISTRY

from domain import match
from domain.game import Command
from events.redis_client import connect
from events.store import RedisEventStore
from service import policies
from service.games import GameService
from service.index import GameIndex
from tests.faults import FaultProxy
from tests.workers.conftest import SWEEP_S, Workers, play_out, wait_until
from tests.workers.served import Served
from workers.scheduler import RQScheduler
from workers.sweeper import sweep_once

# Faults are injected by a TCP proxy in front of one Redis server.
pytestmark = pytest.mark.single_redis

SEED = bytes(range(32))
SHORT = {
    "fette-beute": {"max_rounds": 1},
    "sly": {"max_turns_per_player": 1},
    "gloria-picktoria": {"final_scoring_at": 1},
}
HUMAN = {"kind": "human"}
GREEDY, RANDOM = {"kind": "bot", "strategy": "greedy"}, {"kind": "bot", "strategy": "random"}
TABLES: dict[str, tuple[list[dict], dict[str, int]]] = {
    "idle": ([HUMAN, GREEDY, RANDOM], {"turn_timeout_s": 1}),
    "delayed": ([HUMAN, GREEDY, RANDOM], {"turn_timeout_s": 1, "bot_delay_ms": 40}),
    "leaver": ([HUMAN, HUMAN, GREEDY], {"turn_timeout_s": 2}),  # time for one move
    "humans": ([HUMAN, HUMAN, HUMAN], {"turn_timeout_s": 1}),
}


def fixed_seed(size: int) -> bytes:
    return SEED[:size]


def suits(game: str, client_seed: str) -> bool:
    """Whether seat 0's ``client_seed`` makes seat 0 one of the first to act (so that the
    leaver can move before the game ends) and, for Gloria Picktoria, a short game (the scoring
    card near the top of the pile: greedy play ends within a few moves, but not at once)."""
    state = _dealt(game, SHORT[game], client_seed)
    if 0 not in state.to_act():
        return False
    return game != "gloria-picktoria" or (
        "scoring" in state.board.pile[:3]
        and all(4 <= _greedy_moves(state, random.Random(r), cap=10) < 10 for r in range(6))
    )


def find_client_seed(game: str) -> str:
    """A seed that ``suits`` (a search of a few seconds; its results are ``CLIENT_SEEDS``)."""
    return next(f"c{n}" for n in range(5000) if suits(game, f"c{n}"))


# find_client_seed(game) for each game, kept: they depend only on the rules and SEED.
CLIENT_SEEDS = {"fette-beute": "c0", "sly": "c6", "gloria-picktoria": "c704"}


def _dealt(game: str, options: dict[str, int], seed_of_seat_0: str) -> match.MatchState:
    body = {"type": "create", "game": game, "seats": [HUMAN] * 3, "options": options}
    state = _fold(match.INITIAL, Command(None, {**body, "seed": SEED.hex()}))
    for seat in range(3):
        join = {"type": "join", "name": "p", "seat": seat, "token_hash": f"h{seat}"}
        client = seed_of_seat_0 if seat == 0 else ""
        state = _fold(state, Command(None, {**join, "client_seed": client}))
    return state


def _greedy_moves(state: match.MatchState, rng: random.Random, cap: int) -> int:
    """How many moves greedy play takes to the end (``cap`` when it takes that many)."""
    greedy = state.definition.strategies["greedy"]
    for moves in range(cap):
        if state.status == match.FINISHED:
            return moves
        seat = rng.choice(sorted(state.to_act()))
        view = state.definition.view(state.board, seat)
        state = _fold(state, Command(seat, greedy(view, match.game_moves(state, seat), rng), "bot"))
    return cap


def _fold(state: match.MatchState, command: Command) -> match.MatchState:
    for event in match.decide(state, command):
        state = match.evolve(state, event)
    return state


@pytest.fixture
def proxy(queue_url: str) -> Iterator[FaultProxy]:
    """In front of the jobs' Redis (the single server, also when the store is a cluster)."""
    proxied = FaultProxy(queue_url)
    yield proxied
    proxied.close()


@pytest.fixture
def api(redis_url: str, prefix: str, proxy: FaultProxy) -> Iterator[Served]:
    """The API on a socket; its follow-up jobs go to the queues through ``proxy``."""
    client, queue = connect(redis_url), connect(proxy.url)
    service = GameService(
        RedisEventStore(client, blocking_client=connect(redis_url, blocking=True)),
        RQScheduler(queue, prefix=prefix),
        GameIndex(client),
        entropy=fixed_seed,
    )
    served = Served(service)
    yield served
    served.close()
    # End what a test left running (it failed, say), so that no later test's sweeper adopts
    # its games: they would keep that test's workers busy.
    for game_id in served.created:
        with contextlib.suppress(Exception):
            play_out(service, game_id)
    client.close()
    queue.close()


def open_table(api: Served, game: str, table: str) -> tuple[str, dict[int, str]]:
    """A started table of ``TABLES[table]``; the tokens of its human seats by seat."""
    seats, options = TABLES[table]
    options = {**options, **SHORT[game]}
    game_id = api.create(game, seats, options)
    seeds = {0: CLIENT_SEEDS[game]}
    tokens = {
        n: api.join(game_id, n, seeds.get(n, "")) for n, seat in enumerate(seats) if seat == HUMAN
    }
    return game_id, tokens


def play_once_then_leave(api: Served, game_id: str, token: str) -> int:
    """Seat 0 (one of the first to act) makes a move, then leaves; the version of its leave."""
    moves = api.call("GET", f"/v1/games/{game_id}/legal-moves", token=token).json()["moves"]
    assert moves[-1] == {"type": "leave"}
    # A move that draws no card: Gloria Picktoria's short deck could end the game with it.
    playable = [m for m in moves[:-1] if m["type"] not in ("draw_blind", "take_display")]
    if playable:  # (its turn limit may have run out already on a loaded machine)
        move = api.call("POST", f"/v1/games/{game_id}/commands", token=token, body=playable[0])
        # The limit may also run out meanwhile: then the timeout made the move.
        assert move.status_code == 201 or move.json()["code"] in ("not_your_turn", "illegal_move")
    left = api.call("POST", f"/v1/games/{game_id}/commands", token=token, body={"type": "leave"})
    assert left.status_code == 201, left.text
    assert [e["type"] for e in left.json()["events"]] == ["SeatLeft"]
    return left.json()["version"]


# A command of each game's syntax, to see how the API answers the player of a left seat.
SOME_MOVE = {
    "fette-beute": {"type": "choose", "animals": ["squirrel", "beaver"]},
    "sly": {"type": "reveal_stop"},
    "gloria-picktoria": {"type": "end_turn"},
}


def assert_left_for_good(api: Served, game: str, game_id: str, token: str) -> str:
    """What the API tells the player of a seat a bot now plays; the code its move got."""
    legal = api.call("GET", f"/v1/games/{game_id}/legal-moves", token=token)
    assert legal.status_code == 200 and legal.json()["moves"] == []
    again = api.call("POST", f"/v1/games/{game_id}/commands", token=token, body={"type": "leave"})
    if again.status_code == 422:  # the bots and timeouts have just finished the game
        assert again.json()["code"] == "game_over"
    else:
        assert again.status_code == 200, again.text
        assert again.json()["events"] == [] and again.json()["state"]["seat"] == 0
    refused = api.call("POST", f"/v1/games/{game_id}/commands", token=token, body=SOME_MOVE[game])
    assert refused.status_code == 422, refused.text
    code = refused.json()["code"]
    assert code == "seat_left" or api.summary(game_id)["status"] == "finished", code
    return code


def authors(service: GameService, game_id: str) -> dict[int, list[tuple[int, str]]]:
    """(version, by.kind) of every move, by seat."""
    moves: dict[int, list[tuple[int, str]]] = {}
    for envelope in service.store.read(game_id):
        seat = envelope.by.get("seat")
        if seat is not None and envelope.type not in match.MATCH_EVENTS:
            moves.setdefault(seat, []).append((envelope.version, envelope.by["kind"]))
    return moves


def finished(api: Served, game_ids: list[str]) -> bool:
    return all(api.summary(game_id)["status"] == "finished" for game_id in game_ids)


def test_the_client_seeds_still_make_short_games() -> None:
    for game, seed in CLIENT_SEEDS.items():
        assert suits(game, seed), f"{game}: use find_client_seed({game!r}) for CLIENT_SEEDS"


def test_every_game_plays_to_its_end_with_idle_humans_bots_delays_and_leavers(
    api: Served, workers: Workers
) -> None:
    workers.start(2)
    tables, left_at, codes = {}, {}, []
    for game in SHORT:  # the leavers first, each at once: its seat is one of the first to act
        game_id, tokens = tables[game, "leaver"] = open_table(api, game, "leaver")
        left_at[game] = play_once_then_leave(api, game_id, tokens[0])
        codes.append(assert_left_for_good(api, game, game_id, tokens[0]))
    assert "seat_left" in codes  # (a game may end before its player's next command)
    for game in SHORT:
        for table in TABLES.keys() - {"leaver"}:
            tables[game, table] = open_table(api, game, table)

    ids = [game_id for game_id, _ in tables.values()]
    wait_until(lambda: finished(api, ids), 120, "every game to finish", every=0.2)

    assert api.server_errors() == []
    for (game, table), (game_id, _) in tables.items():
        summary = api.summary(game_id)
        assert summary["result"]["winners"], (game, table)
        assert summary["clocks"] == []
        seats = TABLES[table][0]
        for seat, moves in authors(api.service, game_id).items():
            kinds = {kind for _, kind in moves}
            if seats[seat] != HUMAN:
                assert kinds == {"bot"}, (game, table, seat, moves)
            elif table == "leaver" and seat == 0:
                assert {k for v, k in moves if v > left_at[game]} <= {"bot"}, (game, moves)
                assert {k for v, k in moves if v < left_at[game]} <= {"player", "timeout"}
            else:
                assert kinds == {"timeout"}, (game, table, seat, moves)


def seconds(at: str) -> float:
    return datetime.fromisoformat(at).timestamp()


def test_a_bot_delay_below_the_scheduler_tick_is_kept_not_rounded_up_to_it(
    api: Served, workers: Workers
) -> None:
    workers.start(1)
    game_id = api.create("sly", [GREEDY, RANDOM, GREEDY], {"bot_delay_ms": 40})
    wait_until(lambda: finished(api, [game_id]), 60, "the bot game to finish", every=0.2)
    store = api.service.store
    batches = [seconds(e.at) for e in store.read(game_id) if e.cause is not None]
    gaps = [later - earlier for earlier, later in itertools.pairwise(batches[1:])]
    assert len(gaps) >= 5
    print(f"\n{len(gaps)} bot moves 40 ms apart: median gap {statistics.median(gaps):.3f} s")
    assert min(gaps) >= 0.040 - 0.002  # never early (the clock has milliseconds)
    assert statistics.median(gaps) < 0.5  # RQ's scheduler would take 1 s or more each


def needed_jobs(service: GameService, game_id: str) -> list[policies.FollowUp]:
    return policies.needed(game_id, service.load(game_id).state)


def follow_up_failures(what: str) -> float:
    return REGISTRY.get_sample_value("foxden_follow_up_failures_total", {"what": what}) or 0


def test_no_5xx_while_the_queue_refuses_enqueues_and_the_sweeper_repairs_after(
    api: Served, workers: Workers, proxy: FaultProxy, scheduler: RQScheduler
) -> None:
    service = api.service
    before = {what: follow_up_failures(what) for what in ("bot", "timeout")}
    with proxy.down():
        games = [
            # an all-bot game: its first bot job at creation
            api.create("sly", [GREEDY, RANDOM], {"max_turns_per_player": 2}),
            # bot jobs and a turn timeout at the start (the join)
            open_table(api, "fette-beute", "idle")[0],
            # delayed bot jobs through RQ's scheduler (1.5 s), and a timeout
            api.create(
                "fette-beute",
                [HUMAN, GREEDY, RANDOM],
                {**SHORT["fette-beute"], "turn_timeout_s": 1, "bot_delay_ms": 1500},
            ),
            # delays under the tick (queued at once, waited out by the job), and a timeout
            open_table(api, "gloria-picktoria", "delayed")[0],
        ]
        api.join(games[2], 0)
        # A move during the fault: the next seat's timeout cannot be queued.
        humans, tokens = open_table(api, "sly", "humans")
        seat = api.summary(humans)["to_act"][0]
        legal = api.call("GET", f"/v1/games/{humans}/legal-moves", token=tokens[seat]).json()
        moved = api.call(
            "POST", f"/v1/games/{humans}/commands", token=tokens[seat], body=legal["moves"][0]
        )
        assert moved.status_code == 201, moved.text
        games.append(humans)
        for game_id in games:  # the fault was real: nothing any game needs was queued
            needed = needed_jobs(service, game_id)
            assert needed and scheduler.missing(needed) == needed, game_id
    assert api.server_errors() == []
    assert follow_up_failures("bot") > before["bot"]
    assert follow_up_failures("timeout") > before["timeout"]

    # The workers, and with them the sweeper, start as the fault ends: the fault is on the
    # API's queue connection only, so a sweeper running during it would have repaired the
    # games already (on its own connection).
    # The sweep period counts from the moment a worker runs (its first beat), not from its
    # start, which takes seconds on a loaded machine.
    versions = {game_id: api.summary(game_id)["version"] for game_id in games}
    names = workers.start(2)
    alive = [scheduler.names.alive(name) for name in names]
    wait_until(lambda: scheduler.connection.exists(*alive), 60, "a worker to run")
    running = time.monotonic()

    def repaired(game_id: str) -> bool:  # its jobs are queued, or it moved on already
        moved = api.summary(game_id)["version"] > versions[game_id]
        return moved or not scheduler.missing(needed_jobs(service, game_id))

    wait_until(lambda: all(map(repaired, games)), SWEEP_S + 2, "the sweeper to repair them")
    repaired_s = time.monotonic() - running
    wait_until(
        lambda: all(api.summary(g)["version"] > v for g, v in versions.items()),
        SWEEP_S + 4,  # then a 1 s timeout or a 1.5 s bot delay, with slack for a loaded machine
        "every game to move on",
    )
    moved_s = time.monotonic() - running
    print(f"\nrepaired {repaired_s:.2f} s, moved on {moved_s:.2f} s after a worker ran")
    assert any("sweeper: scheduled" in workers.log(name) for name in workers.procs)
    assert api.server_errors() == []


def test_the_sweeper_skips_a_game_it_cannot_repair_and_repairs_every_mix_of_jobs(
    api: Served,
    proxy: FaultProxy,
    scheduler: RQScheduler,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """No workers: the sweeper runs here, its queue connection through the proxy."""
    service = api.service
    with proxy.down():  # every game's jobs are lost at creation or start
        mixed = [
            open_table(api, "fette-beute", "delayed")[0],  # two bots (< 1 s delay), a timer
            api.create(
                "fette-beute", [HUMAN, HUMAN, GREEDY], {"turn_timeout_s": 60, "bot_delay_ms": 2000}
            ),  # a delayed bot (RQ scheduler)
            open_table(api, "gloria-picktoria", "humans")[0],  # a timer
            api.create("sly", [GREEDY, RANDOM], {}),  # a bot
        ]
        for seat in (0, 1):
            api.join(mixed[1], seat)
        with caplog.at_level(logging.WARNING, logger="workers.sweeper"):
            assert sweep_once(service) == 0
    skipped = {record.args[0] for record in caplog.records if "skipped game" in record.msg}
    assert set(mixed) <= skipped  # each failed alone; none kept the sweeper from the others

    needed = [job for game_id in mixed for job in needed_jobs(service, game_id)]
    kinds = {(job.kind, job.delay_s >= 1, 0 < job.delay_s < 1) for job in needed}
    assert kinds >= {("bot", False, True), ("bot", True, False), ("timeout", True, False)}
    assert scheduler.missing(needed) == needed
    assert sweep_once(service) >= len(needed)  # other tests' games may be repaired too
    assert scheduler.missing(needed) == []
