"""What reading a state costs the API, in CPU instructions: now, at a past version, and cold.

Run by hand (needs valgrind; a few minutes):

    .venv/bin/python bench/state_cost.py [--url redis://127.0.0.1:6379/3] [--events 400]

One Gloria Picktoria game of two bots is played up to ``--events`` versions through the
service (the game's stream and snapshots on Redis). Then ``GET /v1/games/<id>/state`` is
handed straight to the WSGI app as a seat would send it, in four ways:

* ``current``: the latest state, the game cached (what every poll costs);
* ``past``: ``?version=N`` for N drawn at random from 1 .. events - 1;
* ``worst``: ``?version=N`` for the N that replays the most events after a snapshot
  (N = k * EVERY - 1: the snapshot below it, then EVERY - 1 events), every snapshot already
  decoded by the process (as when a replay steps through the game's versions);
* ``worst-new``: the same N, each snapshot read and decoded as for the first time (the
  process's decoded snapshots forgotten before each request): the worst any N costs;
* ``cold``: the latest state with the cache emptied before each request (a new process).

Each way runs under ``valgrind --tool=callgrind`` for 20 and for 80 requests after a warm-up,
and the difference of the two counts over 60 is the cost of one request, start-up and the
game's set-up cancelling out; ``current`` is measured three times and its median taken.
Printed: instructions per request and the ratio to ``current``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from api_cost import call, callgrind, counted_inside, refuse_test_db  # noqa: E402

WAYS = ("current", "past", "worst", "worst-new", "cold")
GAME_KEY = "bench:state_cost:game"


def service_on(url: str):  # type: ignore[no-untyped-def]
    from events.redis_client import connect
    from events.store import RedisEventStore
    from service.games import GameService
    from service.index import GameIndex
    from service.ports import RecordingScheduler

    client = connect(url)
    return GameService(RedisEventStore(client), RecordingScheduler(), GameIndex(client))


def set_up(url: str, events: int) -> None:
    """A human and a bot at Gloria Picktoria; the bot plays both seats up to ``events``."""
    service = service_on(url)
    seats = [{"kind": "human"}, {"kind": "bot", "strategy": "greedy"}]
    game_id = service.create("gloria-picktoria", seats, {}).game_id
    _, token, _ = service.join(game_id, "ada")
    while (loaded := service.load(game_id)).version < events:
        state = loaded.state
        if not state.to_act():
            raise RuntimeError(f"the game ended at version {loaded.version}; ask fewer events")
        seat = min(state.to_act())
        kind = "bot" if state.seats[seat].kind == "bot" else "timeout"
        service.play_for(game_id, seat, state.since[seat], kind)
    service.store.redis.hset(GAME_KEY, mapping={"id": game_id, "token": token})


def requests(url: str, way: str, count: int) -> None:
    from service.api import create_app
    from service.loading import DECODED_SNAPSHOTS, Lru

    service = service_on(url)
    stored = service.store.redis.hgetall(GAME_KEY)
    game_id, token = stored[b"id"].decode(), stored[b"token"].decode()
    app = create_app(service, {"RATE_LIMIT": "off"})
    every = service.snapshot_every
    version = service.load(game_id).version
    rng = random.Random(7)
    path = f"/v1/games/{game_id}/state"
    worst = [every * k - 1 for k in range(1, 1 + max(1, (version - 1) // every))]
    if way == "worst":  # every snapshot decoded once, in both counted runs alike
        for n in worst:
            call(app, "GET", path, token=token, query=f"version={n}")
    for n in range(10 + count):  # 10 to warm up imports and caches
        if way == "current":
            query = ""
        elif way == "past":
            query = f"version={rng.randrange(1, version)}"
        elif way in ("worst", "worst-new"):
            query = f"version={worst[n % len(worst)]}"
            if way == "worst-new":
                service.decoded_snapshots = Lru(DECODED_SNAPSHOTS)
        else:
            service.cache = type(service.cache)(4096)
            query = ""
        call(app, "GET", path, token=token, query=query)


def instructions(url: str, way: str, count: int, inside: str = "") -> int:
    argv = [__file__, "--run", way, str(count), "--url", url]
    if inside:
        return callgrind([*argv, "--inside", inside], "--toggle-collect=functools_reduce")
    return callgrind(argv)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/3"))
    parser.add_argument("--events", type=int, default=400)
    parser.add_argument("--ways", default=",".join(WAYS), help="which ways to measure")
    parser.add_argument(
        "--same-game",
        action="store_true",
        help="measure the game the last run dealt (to compare two trees on one game)",
    )
    parser.add_argument(
        "--inside",
        default="",
        help="count only inside this function (module:attr, view:endpoint; see api_cost.py)",
    )
    parser.add_argument("--run", nargs=2, metavar=("WAY", "COUNT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        if args.inside:
            counted_inside(args.inside)
        requests(args.url, args.run[0], int(args.run[1]))
        return
    refuse_test_db(args.url)
    service = service_on(args.url)
    if not (args.same_game and service.store.redis.exists(GAME_KEY)):
        set_up(args.url, args.events)
    game_id = service.store.redis.hget(GAME_KEY, "id").decode()
    print(
        f"game {game_id}: {service.load(game_id).version} events, a snapshot every "
        f"{service.snapshot_every}; machine load {os.getloadavg()[0]:.1f}"
    )
    cost = {}
    ways = args.ways.split(",")
    if not args.inside:  # the ratios need the current state's whole cost
        ways = ["current", *(way for way in ways if way != "current")]
    for way in ways:
        # The current state, the ratios' denominator, is measured three times and its median
        # taken: its count moved by up to 7 % from run to run (0.67-0.75 M on one game, the
        # same code), more than any other way's.
        runs = [
            (
                instructions(args.url, way, 80, args.inside)
                - instructions(args.url, way, 20, args.inside)
            )
            / 60
            for _ in range(3 if way == "current" and not args.inside else 1)
        ]
        cost[way] = statistics.median(runs)
        if len(runs) > 1:
            print(f"{way:8s} runs: {', '.join(f'{run / 1e6:.3f}' for run in runs)} M")
        if args.inside:
            print(
                f"{way:8s} {cost[way] / 1e6:6.3f} M instructions per request inside {args.inside}"
            )
            continue
        print(
            f"{way:8s} {cost[way] / 1e6:6.3f} M instructions per request, "
            f"{cost[way] / cost['current']:.2f}x current",
            flush=True,
        )


if __name__ == "__main__":
    main()
