"""Webhooks delivered by real ``foxden worker`` processes (service/webhooks.py): a game between
two accounts played to its end reaches each account's receiver as signed ``game_started``,
``your_turn`` and ``game_finished`` deliveries; a failed try comes back through RQ's scheduled
registry on the retry schedule; and the receiver example of the docs verifies a real delivery.

The workers get ``FOXDEN_WEBHOOKS_ALLOW_PRIVATE=1`` and ``FOXDEN_WEBHOOKS_ALLOW_HTTP=1``: the
receivers listen on loopback, as no production endpoint may.
"""

from __future__ import annotations

import importlib.util
import secrets
import threading
from typing import Any

import pytest
from standardwebhooks import Webhook

from domain import match
from service.games import GameService
from service.webhooks import Policy, Webhooks
from tests.webhook_servers import Reply, receiver
from tests.workers.conftest import ROOT, Workers, ended, wait_until
from workers.scheduler import RQScheduler
from workers.webhook_queue import RQDeliveryQueue

EVENTS = ["game_started", "your_turn", "game_finished"]


@pytest.fixture
def hooks(games: GameService, scheduler: RQScheduler) -> Webhooks:
    """The service's webhooks, on this test's queues, allowing the loopback receivers."""
    found = Webhooks(
        games.store.redis,
        RQDeliveryQueue(scheduler.connection, prefix=scheduler.names.prefix),
        policy=Policy(allow_http=True, allow_private=True),
        notify=games.account_streams.notify,
    )
    games._webhooks = found
    return found


@pytest.fixture
def loopback_workers(workers: Workers) -> Workers:
    workers.env["FOXDEN_WEBHOOKS_ALLOW_PRIVATE"] = "1"
    workers.env["FOXDEN_WEBHOOKS_ALLOW_HTTP"] = "1"
    return workers


def account(games: GameService) -> tuple[str, str]:
    made, _, _ = games.accounts.sign_up(
        f"wh-{secrets.token_hex(4)}", "bot", mode="open", operator=False, invite=None
    )
    return made.id, made.handle


def test_a_game_between_accounts_reaches_their_receivers_signed(
    games: GameService, hooks: Webhooks, loopback_workers: Workers
) -> None:
    loopback_workers.start(1)
    alice, bob = account(games), account(games)
    with receiver() as to_alice, receiver() as to_bob:
        secret_a = hooks.register(alice[0], to_alice.url, EVENTS)[1]
        secret_b = hooks.register(bob[0], to_bob.url, EVENTS)[1]
        seats = [{"kind": "human"}, {"kind": "human"}]
        game_id = games.create("sly", seats, {}, account=alice).game_id
        games.join_account(game_id, bob[0], bob[1])
        holders = {0: alice[0], 1: bob[0]}
        while not ended(games, game_id):
            state = games.load(game_id).state
            seat = min(state.to_act())
            move = match.game_moves(state, seat)[0]
            games.handle(game_id, seat, move, account=holders[seat])

        def finished(got: Any) -> bool:
            return any(b'"game_finished"' in sent.body for sent in got.received)

        wait_until(lambda: finished(to_alice) and finished(to_bob), 60, "both game_finished")
        for got, secret, (who, _) in ((to_alice, secret_a, alice), (to_bob, secret_b, bob)):
            payloads = [Webhook(secret).verify(sent.body, sent.headers) for sent in got.received]
            kinds = [p["type"] for p in payloads]
            assert {"game_started", "your_turn", "game_finished"} <= set(kinds), kinds
            assert all(p["account"] == who and p["data"]["game"] == game_id for p in payloads)
            ids = [sent.headers["webhook-id"] for sent in got.received]
            assert len(ids) == len(set(ids))  # each delivery once
        done = next(p for p in payloads if p["type"] == "game_finished")
        assert done["data"]["result"] == games.load(game_id).state.result


def test_a_failed_try_comes_back_on_the_schedule_through_rq(
    games: GameService, hooks: Webhooks, loopback_workers: Workers
) -> None:
    loopback_workers.start(1)
    who = account(games)
    with receiver(lambda n: Reply(503) if n == 0 else Reply(204)) as got:
        made, secret = hooks.register(who[0], got.url, ["your_turn"])
        hooks.offer([(who[0], {"type": "your_turn", "game": "g", "version": 3, "seat": 0})])
        wait_until(lambda: len(got.received) == 2, 30, "the retry, 5 s after the first try")
        first, second = got.received
    assert first.headers["webhook-id"] == second.headers["webhook-id"]
    waited = int(second.headers["webhook-timestamp"]) - int(first.headers["webhook-timestamp"])
    assert waited >= 5  # not before its time (how late depends on the machine's load)
    Webhook(secret).verify(second.body, second.headers)

    # The worker logs the try once the receiver has answered: wait for it.
    def both_tries() -> list | None:
        found = hooks.attempts(who[0], made.id, 10)
        return found if len(found) == 2 else None

    log = wait_until(both_tries, 30, "the second try in the attempt log")
    assert [(e["attempt"], e["outcome"]) for e in log] == [("2", "delivered"), ("1", "failed")]


def test_the_receiver_example_verifies_a_real_delivery(
    games: GameService, hooks: Webhooks, loopback_workers: Workers
) -> None:
    path = ROOT / "docs" / "examples" / "webhook_receiver.py"
    spec = importlib.util.spec_from_file_location("webhook_receiver", path)
    assert spec and spec.loader
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    loopback_workers.start(1)
    who = account(games)
    handled: list[dict] = []
    # Registered first (the secret is shown then), pointed at the example's port once it runs.
    server = example.make_server("whsec_" + "A" * 32, 0, handled.append)
    port = server.server_address[1]
    made, secret = hooks.register(who[0], f"http://127.0.0.1:{port}/", ["challenge"])
    server.server_close()
    server = example.make_server(secret, port, handled.append)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        frame = {"type": "challenge", "challenge": "c1"}
        games.account_streams.notify(who[0], frame)
        wait_until(lambda: handled, 30, "the example to handle the delivery")
        assert handled == [
            {"type": "challenge", "timestamp": handled[0]["timestamp"], "account": who[0],
             "data": frame}
        ]  # fmt: skip
        # The worker logs the try once the example has answered: wait for it.
        (entry,) = wait_until(
            lambda: hooks.attempts(who[0], made.id, 10), 30, "the try in the attempt log"
        )
        assert entry["status_code"] == 204
        # A forged delivery is refused by the example (400: never retried).
        import httpx

        forged = httpx.post(
            f"http://127.0.0.1:{port}/",
            content=b'{"type":"challenge"}',
            headers={"webhook-id": "msg_x", "webhook-timestamp": "1", "webhook-signature": "v1,x"},
        )
        assert forged.status_code == 400 and len(handled) == 1
    finally:
        server.shutdown()
        server.server_close()
