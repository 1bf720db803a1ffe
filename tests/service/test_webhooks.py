"""Signed webhooks (service/webhooks.py): the endpoints' API, the SSRF check, signatures that
the Standard Webhooks library verifies (during a rotation too), the retry schedule on a clock
the test holds, redelivery, disabling, and a try run twice that is sent once.

Deliveries go to a real HTTP receiver on loopback (tests/webhook_servers.py); the service's
policy allows loopback and http for it, as ``FOXDEN_WEBHOOKS_ALLOW_PRIVATE`` would. The jobs are
run here, by calling what the worker's job calls (``Webhooks.deliver``) for each try the
recording queue holds: no worker, no sleep; tests/workers/test_webhook_delivery.py runs them on
real workers.
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient
from standardwebhooks import Webhook, WebhookVerificationError

from service import account_stream
from service.api import create_app
from service.games import GameService
from service.ports import RecordingScheduler
from service.webhook_delivery import SCHEDULE_S, Answer, next_delay, retryable
from service.webhook_endpoints import LISTENING_FRESH_S
from service.webhook_targets import UnsafeTarget, check, is_public
from service.webhooks import (
    ATTEMPTS_KEPT,
    PENDING_KEY,
    Policy,
    RecordingDeliveryQueue,
    Webhooks,
    claim_key,
)
from tests.webhook_servers import Reply, closed_port, receiver

OPERATOR_KEY = "op-" + "k" * 40
T0 = datetime(2030, 1, 1, tzinfo=UTC).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def public_resolver(host: str, port: int) -> list[str]:
    return {"hooks.example": ["93.184.215.14"]}.get(host, ["203.0.113.9"])


@pytest.fixture
def queue() -> RecordingDeliveryQueue:
    return RecordingDeliveryQueue()


@pytest.fixture
def clock() -> Clock:
    import time

    return Clock(time.time())  # now: the library verifies timestamps against the real time


@pytest.fixture
def hooks(service: GameService, queue: RecordingDeliveryQueue, clock: Clock) -> Webhooks:
    found = Webhooks(
        service.store.redis,
        queue,
        policy=Policy(allow_http=True, allow_private=True, timeout_s=0.5),
        clock=clock,
        notify=service.account_streams.notify,
    )
    service._webhooks = found
    return found


@pytest.fixture
def app(service: GameService, hooks: Webhooks) -> Flask:
    config = {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 200, "OPERATOR_KEY": OPERATOR_KEY}
    return create_app(service, config)


def sign_up(client: FlaskClient) -> tuple[str, str]:
    """A new account: its id and its key (every scope)."""
    handle = f"hook-{secrets.token_hex(4)}"
    made = client.post("/v1/accounts", json={"handle": handle, "kind": "bot"}).json
    return made["id"], made["key"]["key"]


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def account(client: FlaskClient) -> tuple[str, str]:
    return sign_up(client)


def register(client: FlaskClient, key: str, url: str, events: list[str] | None = None) -> Any:
    body = {"url": url, "events": events or ["game_started", "your_turn", "game_finished"]}
    return client.post("/v1/webhooks", json=body, headers=auth(key))


def run_queued(hooks: Webhooks, queue: RecordingDeliveryQueue) -> list[str]:
    """Run every try the queue holds, as the worker would (retries land in the queue)."""
    outcomes = []
    while queue.jobs:
        webhook, delivery, attempt, _ = queue.jobs.pop(0)
        outcomes.append(hooks.deliver(webhook, delivery, attempt))
    return outcomes


def frame(account: str, kind: str = "your_turn") -> dict[str, Any]:
    return {"type": kind, "game": "a" * 32, "version": 7, "seat": 0, "deadline": None}


# --- the SSRF check -------------------------------------------------------------------------------


REFUSED = [
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",  # the cloud's metadata service
    "169.254.1.1",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "198.18.0.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::7f00:1",
    "2001:db8::1",
]


@pytest.mark.parametrize("address", REFUSED)
def test_non_public_addresses_are_refused_as_literals_and_as_names(address: str) -> None:
    assert not is_public(ipaddress.ip_address(address))
    literal = f"[{address}]" if ":" in address else address
    with pytest.raises(UnsafeTarget) as refused:
        check(f"https://{literal}/hook", allow_http=False, allow_private=False)
    assert refused.value.reason == "private_address"
    # A name that resolves to it (the resolver is the test's: no DNS).
    with pytest.raises(UnsafeTarget) as refused:
        check(
            "https://innocent.example/hook",
            allow_http=False,
            allow_private=False,
            resolve=lambda host, port: [address],
        )
    assert refused.value.reason == "private_address"


def test_one_private_address_among_public_ones_is_enough_to_refuse() -> None:
    with pytest.raises(UnsafeTarget):
        check(
            "https://mixed.example/",
            allow_http=False,
            allow_private=False,
            resolve=lambda host, port: ["93.184.215.14", "10.0.0.7"],
        )


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.1/x", "http_not_allowed"),
        ("https://127.1/x", "private_address"),
        ("https://0x7f000001/", "private_address"),
        ("https://2130706433/", "private_address"),
        ("ftp://hooks.example/", "scheme"),
        ("hooks.example/x", "scheme"),
        ("https://user:pw@hooks.example/", "credentials"),
        ("https:///nohost", "invalid_url"),
        ("https://hooks.example:99999/", "invalid_url"),
        ("https://hooks.example/a b", "invalid_url"),
    ],
)
def test_url_tricks_are_refused(url: str, reason: str) -> None:
    with pytest.raises(UnsafeTarget) as refused:
        check(url, allow_http=False, allow_private=False, resolve=public_resolver)
    assert refused.value.reason == reason


def test_public_targets_pass_and_pin_the_vetted_address() -> None:
    found = check(
        "https://hooks.example/in?x=1", allow_http=False, allow_private=False,
        resolve=public_resolver,
    )  # fmt: skip
    assert (found.address, found.port, found.path) == ("93.184.215.14", 443, "/in?x=1")
    assert found.pinned_url == "https://93.184.215.14:443/in?x=1"
    assert found.host_header == "hooks.example"
    assert is_public(ipaddress.ip_address("8.8.8.8"))
    assert is_public(ipaddress.ip_address("2606:4700::1111"))
    with pytest.raises(UnsafeTarget) as refused:
        check("https://nowhere.example/", allow_http=False, allow_private=False,
              resolve=lambda host, port: [])  # fmt: skip
    assert refused.value.reason == "unresolvable"


def test_http_and_private_targets_only_where_the_operator_allows_them() -> None:
    with pytest.raises(UnsafeTarget):
        check("http://93.184.215.14/", allow_http=False, allow_private=True)
    assert check("http://93.184.215.14/", allow_http=True, allow_private=False).scheme == "http"
    assert check("http://127.0.0.1:9/", allow_http=True, allow_private=True).address == "127.0.0.1"


# --- registration ---------------------------------------------------------------------------------


def test_register_shows_the_secret_once_and_never_again(client: FlaskClient, account) -> None:
    _, key = account
    made = register(client, key, "http://127.0.0.1:9/in")
    assert made.status_code == 201, made.json
    body = made.json
    assert body["secret"].startswith("whsec_") and body["status"] == "enabled"
    assert body["id"].startswith("wh_") and body["url"] == "http://127.0.0.1:9/in"
    assert body["events"] == ["game_started", "your_turn", "game_finished"]
    assert set(body) >= {"id", "url", "events", "secret", "created_at", "status"}
    Webhook(body["secret"])  # a secret the library takes
    secret = body["secret"]
    for path in ("/v1/webhooks", f"/v1/webhooks/{body['id']}"):
        shown = client.get(path, headers=auth(key))
        assert shown.status_code == 200
        assert secret not in shown.get_data(as_text=True)
        assert secret.removeprefix("whsec_") not in shown.get_data(as_text=True)
    listed = client.get("/v1/webhooks", headers=auth(key)).json["webhooks"]
    assert [item["id"] for item in listed] == [body["id"]]
    assert "secret" not in listed[0]


def test_registration_errors_are_problems_with_stable_codes(
    client: FlaskClient, account, hooks: Webhooks
) -> None:
    _, key = account
    cases = [
        ({"url": "https://hooks.example/", "events": ["chess_move"]}, "invalid_body", "events"),
        ({"url": "https://hooks.example/", "events": []}, "invalid_body", "events"),
        ({"events": ["your_turn"]}, "invalid_body", "url"),
        ({"url": "https://h.example/", "events": ["your_turn"], "x": 1}, "invalid_body", "x"),
        ({"url": "ftp://hooks.example/", "events": ["your_turn"]}, "webhook_url_refused", "url"),
    ]
    for body, code, name in cases:
        answer = client.post("/v1/webhooks", json=body, headers=auth(key))
        assert answer.status_code == 400, (body, answer.json)
        assert answer.content_type == "application/problem+json"
        assert answer.json["code"] == code and name in answer.json["errors"], answer.json
    hooks.policy = Policy(allow_http=False, allow_private=False)
    refused = register(client, key, "https://169.254.169.254/latest/meta-data")
    assert refused.json["code"] == "webhook_url_refused"
    assert refused.json["reason"] == "private_address" and refused.json["errors"]["url"]
    assert register(client, key, "http://93.184.215.14/").json["reason"] == "http_not_allowed"
    assert client.get("/v1/webhooks", headers=auth(key)).json["webhooks"] == []


def test_who_may_register(client: FlaskClient, account, api) -> None:
    _, key = account
    body = {"url": "http://127.0.0.1:9/", "events": ["your_turn"]}
    assert client.post("/v1/webhooks", json=body).json["code"] == "unauthorized"
    forged = client.post(
        "/v1/webhooks", json=body, headers=auth("fdk_" + "0" * 24 + "_" + "A" * 43)
    )
    assert forged.status_code == 401
    _, tokens = api.table()
    seat = client.post("/v1/webhooks", json=body, headers=auth(tokens[0]))
    assert (seat.status_code, seat.json["code"]) == (403, "account_key_required")
    reader = client.post(
        "/v1/me/keys", json={"label": "r", "scopes": ["read"]}, headers=auth(key)
    ).json["key"]
    refused = client.post("/v1/webhooks", json=body, headers=auth(reader))
    assert (refused.status_code, refused.json["code"], refused.json["scope"]) == (
        403,
        "missing_scope",
        "create",
    )
    assert client.get("/v1/webhooks", headers=auth(reader)).status_code == 200
    # Another account's endpoint is not found, whatever it tries.
    made = register(client, key, "http://127.0.0.1:9/").json
    _, other = sign_up(client)
    for method, path in [
        ("GET", f"/v1/webhooks/{made['id']}"),
        ("DELETE", f"/v1/webhooks/{made['id']}"),
        ("POST", f"/v1/webhooks/{made['id']}/rotate"),
        ("POST", f"/v1/webhooks/{made['id']}/enable"),
        ("GET", f"/v1/webhooks/{made['id']}/deliveries"),
        ("GET", "/v1/webhooks/wh_nonsense"),
    ]:
        answer = client.open(path, method=method, headers=auth(other))
        assert (answer.status_code, answer.json["code"]) == (404, "webhook_not_found"), path
    assert client.get(f"/v1/webhooks/{made['id']}", headers=auth(key)).status_code == 200
    deleted = client.delete(f"/v1/webhooks/{made['id']}", headers=auth(key))
    assert deleted.status_code == 204
    assert client.get(f"/v1/webhooks/{made['id']}", headers=auth(key)).status_code == 404


def test_an_account_has_at_most_twenty_endpoints(client: FlaskClient, account) -> None:
    _, key = account
    for _ in range(20):
        assert register(client, key, "http://127.0.0.1:9/").status_code == 201
    again = register(client, key, "http://127.0.0.1:9/")
    assert (again.status_code, again.json["code"]) == (409, "too_many_webhooks")


# --- what a frame becomes -------------------------------------------------------------------------


def test_every_frame_of_the_account_is_offered_to_its_endpoints(
    client: FlaskClient, account, api, queue: RecordingDeliveryQueue, hooks: Webhooks
) -> None:
    account_id, key = account
    made = register(client, key, "http://127.0.0.1:9/", ["game_started", "challenge"]).json
    table = client.post(
        "/v1/games",
        json={"game": "sly", "seats": [{"kind": "human"}, {"kind": "human"}]},
        headers=auth(key),
    ).json["id"]
    assert not queue.jobs  # a waiting table: no frame yet
    api.join(table, "Bob")  # the table starts: game_started (and your_turn, not wanted)
    (job,) = queue.jobs
    assert job[0] == made["id"] and job[2] == "1" and job[3] == 0.0
    stored = hooks.redis.hgetall(f"fd:{{wh:{made['id']}}}:d:{job[1]}")
    payload = orjson.loads(stored[b"payload"])
    assert set(payload) == {"type", "timestamp", "account", "data"}
    assert payload["type"] == "game_started" and payload["account"] == account_id
    assert payload["data"]["game"] == table and payload["data"]["type"] == "game_started"
    datetime.fromisoformat(payload["timestamp"])
    # A notice no append caused (a challenge, written by AccountStreams.notify) too.
    queue.jobs.clear()
    client.application.extensions["foxden.games"].account_streams.notify(
        account_id, {"type": "challenge", "challenge": "c1"}
    )
    assert [job[0] for job in queue.jobs] == [made["id"]]


def test_operator_endpoints_get_every_accounts_frames(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, _ = account
    made = register(client, OPERATOR_KEY, "http://127.0.0.1:9/", ["your_turn"])
    assert made.status_code == 201 and made.json["id"].startswith("wh_op_")
    listed = client.get("/v1/webhooks", headers=auth(OPERATOR_KEY)).json["webhooks"]
    assert made.json["id"] in [item["id"] for item in listed]
    hooks.offer([(account_id, frame(account_id))])
    assert made.json["id"] in [job[0] for job in queue.jobs]
    client.delete(f"/v1/webhooks/{made.json['id']}", headers=auth(OPERATOR_KEY))


def test_a_process_reads_who_listens_once_in_a_while_and_sees_its_own_changes_at_once(
    service: GameService, hooks: Webhooks, queue: RecordingDeliveryQueue, account
) -> None:
    account_id, _ = account
    hooks.offer([(account_id, frame(account_id))])
    assert not queue.jobs  # nobody listens (and now this process knows it)
    made, _ = hooks.register(account_id, "http://127.0.0.1:9/", ["your_turn"])
    hooks.offer([(account_id, frame(account_id))])
    assert [job[0] for job in queue.jobs] == [made.id]  # registered here: seen at once
    # Another process (an API process, a worker) trusts what it read for LISTENING_FRESH_S.
    now = [1000.0]
    other = Webhooks(hooks.redis, queue, policy=hooks.policy, monotonic=lambda: now[0])
    queue.jobs.clear()
    other.offer([(account_id, frame(account_id))])
    assert [job[0] for job in queue.jobs] == [made.id]
    hooks.delete(account_id, made.id)
    queue.jobs.clear()
    other.offer([(account_id, frame(account_id))])
    assert len(queue.jobs) == 1  # not read again: the deletion is not seen yet...
    assert run_queued(hooks, queue) == ["gone"]  # (and its try sends nothing)
    now[0] += LISTENING_FRESH_S
    other.offer([(account_id, frame(account_id))])
    assert not queue.jobs  # ...until the time is up


# --- signatures -----------------------------------------------------------------------------------


def test_a_delivery_verifies_with_the_library_and_pins_the_checked_address(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, key = account
    with receiver() as got:
        # A name that resolves (the test's resolver) to the receiver: the request goes to the
        # vetted address, and the Host header keeps the name.
        hooks.resolve = lambda host, port: ["127.0.0.1"]
        url = f"http://hooks.test:{got.port}/in"
        made = register(client, key, url).json
        hooks.offer([(account_id, frame(account_id))])
        assert run_queued(hooks, queue) == ["delivered"]
        (sent,) = got.received
    assert sent.path == "/in" and sent.headers["host"] == f"hooks.test:{got.port}"
    payload = Webhook(made["secret"]).verify(sent.body, sent.headers)
    assert payload["data"] == frame(account_id) and payload["type"] == "your_turn"
    assert sent.headers["webhook-id"].startswith("msg_")
    assert sent.headers["content-type"] == "application/json"
    with pytest.raises(WebhookVerificationError):
        Webhook(made["secret"]).verify(sent.body.replace(b"7", b"8"), sent.headers)
    with pytest.raises(WebhookVerificationError):
        Webhook("whsec_" + "A" * 32).verify(sent.body, sent.headers)
    (entry,) = client.get(f"/v1/webhooks/{made['id']}/deliveries", headers=auth(key)).json[
        "attempts"
    ]
    assert entry["status_code"] == 204 and entry["outcome"] == "delivered"
    assert entry["attempt"] == "1" and entry["delivery"] == sent.headers["webhook-id"]
    assert isinstance(entry["latency_ms"], int) and entry["error"] is None


def test_during_a_rotation_both_secrets_sign_then_only_the_new_one(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue, clock: Clock
) -> None:
    account_id, key = account
    with receiver() as got:
        made = register(client, key, got.url).json
        rotated = client.post(f"/v1/webhooks/{made['id']}/rotate", headers=auth(key))
        assert rotated.status_code == 200
        new = rotated.json["secret"]
        assert new != made["secret"] and new.startswith("whsec_")
        assert made["secret"] not in rotated.get_data(as_text=True)
        hooks.offer([(account_id, frame(account_id))])
        run_queued(hooks, queue)
        during = got.received[-1]
        assert len(during.headers["webhook-signature"].split(" ")) == 2
        Webhook(made["secret"]).verify(during.body, during.headers)  # a receiver not yet told
        Webhook(new).verify(during.body, during.headers)  # one that is
        clock.now += 86_400 + 1  # the previous secret's 24 hours are over
        hooks.offer([(account_id, frame(account_id))])
        run_queued(hooks, queue)
        after = got.received[-1]
    assert len(after.headers["webhook-signature"].split(" ")) == 1
    stamp = datetime.fromtimestamp(int(after.headers["webhook-timestamp"]), UTC)
    assert (
        Webhook(new).sign(after.headers["webhook-id"], stamp, after.body)
        == (after.headers["webhook-signature"])
    )
    with pytest.raises(WebhookVerificationError):  # the old one no longer signs
        Webhook(made["secret"]).verify(after.body, after.headers)


# --- the schedule ---------------------------------------------------------------------------------


def test_the_schedule_is_svixs_and_only_some_failures_are_retried() -> None:
    assert SCHEDULE_S == (0, 5, 300, 1800, 7200, 18000, 36000, 36000)
    failed = Answer(500, 3)
    assert [next_delay(n, failed) for n in range(1, 9)] == [
        5, 300, 1800, 7200, 18000, 36000, 36000, None,
    ]  # fmt: skip
    for status in (408, 429, 500, 502, 503, 301, None):
        assert retryable(Answer(status, 1)), status
        assert next_delay(1, Answer(status, 1)) == 5
    for status in (400, 401, 403, 404, 410, 422):
        assert not retryable(Answer(status, 1)) and next_delay(1, Answer(status, 1)) is None
    assert next_delay(1, Answer(200, 1)) is None
    # A 429's Retry-After: later than the schedule is honoured (up to an hour), earlier is not.
    assert next_delay(1, Answer(429, 1, retry_after_s=120)) == 120
    assert next_delay(1, Answer(429, 1, retry_after_s=86_400)) == 3600
    assert next_delay(3, Answer(429, 1, retry_after_s=10)) == 1800
    assert next_delay(1, Answer(503, 1, retry_after_s=120)) == 5  # only a 429's


def test_a_failing_receiver_is_tried_eight_times_at_the_schedules_times(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue, clock: Clock
) -> None:
    account_id, key = account
    start = clock.now
    with receiver(lambda n: Reply(500, b"boom " * 100)) as got:
        made = register(client, key, got.url).json
        hooks.offer([(account_id, frame(account_id))])
        times = []
        while queue.jobs:
            webhook, delivery, attempt, delay = queue.jobs.pop(0)
            clock.now += delay  # the worker runs the try when it is due
            times.append(clock.now - start)
            hooks.deliver(webhook, delivery, attempt)
        assert len(got.received) == 8
        ids = {sent.headers["webhook-id"] for sent in got.received}
    assert len(ids) == 1  # one message, tried again: receivers deduplicate on its id
    assert times == [0, 5, 305, 2105, 9305, 27305, 63305, 99305]
    log = client.get(f"/v1/webhooks/{made['id']}/deliveries", headers=auth(key)).json["attempts"]
    assert [entry["attempt"] for entry in log] == [str(n) for n in range(8, 0, -1)]
    assert all(entry["status_code"] == 500 and entry["outcome"] == "failed" for entry in log)
    assert all(len(entry["response"]) == 200 for entry in log)  # the snippet, no more
    assert log[0]["next_attempt_at"] is None and log[1]["next_attempt_at"] is not None
    stored = hooks.redis.hget(f"fd:{{wh:{made['id']}}}:d:{log[0]['delivery']}", "status")
    assert stored == b"failed"
    assert not hooks.redis.zscore(PENDING_KEY, f"{made['id']} {log[0]['delivery']} 8")


@pytest.mark.parametrize("status", [400, 404])
def test_a_4xx_is_never_retried(
    status: int, client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, key = account
    with receiver(lambda n: Reply(status)) as got:
        register(client, key, got.url)
        hooks.offer([(account_id, frame(account_id))])
        assert run_queued(hooks, queue) == ["failed"]
        assert len(got.received) == 1


@pytest.mark.parametrize("status", [408, 429, 500, 503])
def test_these_answers_are_retried(
    status: int, client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, key = account
    reply = lambda n: Reply(status, headers={"Retry-After": "60"}) if n == 0 else Reply(200)  # noqa: E731
    with receiver(reply) as got:
        register(client, key, got.url)
        hooks.offer([(account_id, frame(account_id))])
        webhook, delivery, attempt, _ = queue.jobs.pop()
        assert hooks.deliver(webhook, delivery, attempt) == "retrying"
        (retry,) = queue.jobs
        assert retry[2] == "2" and retry[3] == (60 if status == 429 else 5)
        assert run_queued(hooks, queue) == ["delivered"]
        assert len(got.received) == 2


def test_a_timeout_and_a_refused_connection_are_retried(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, key = account
    with receiver(lambda n: Reply(204, delay_s=1.5)) as slow:  # the policy waits 0.5 s
        register(client, key, slow.url)
        hooks.offer([(account_id, frame(account_id))])
        webhook, delivery, attempt, _ = queue.jobs.pop()
        assert hooks.deliver(webhook, delivery, attempt) == "retrying"
    (entry,) = hooks.attempts(account_id, webhook, 10)
    assert entry["status_code"] is None and "timed out" in entry["error"]
    assert queue.jobs and queue.jobs[0][2] == "2"
    queue.jobs.clear()
    _, other = sign_up(client)
    other_id = client.get("/v1/me", headers=auth(other)).json["id"]
    register(client, other, f"http://127.0.0.1:{closed_port()}/")
    hooks.offer([(other_id, frame(other_id))])
    webhook, delivery, attempt, _ = queue.jobs.pop()
    assert hooks.deliver(webhook, delivery, attempt) == "retrying"
    (entry,) = hooks.attempts(other_id, webhook, 10)
    assert entry["status_code"] is None and "could not connect" in entry["error"]


def test_a_name_that_rebinds_to_a_private_address_gets_nothing(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, key = account
    hooks.policy = Policy(allow_http=True, allow_private=False)
    answers = iter([["93.184.215.14"], ["127.0.0.1"]])
    hooks.resolve = lambda host, port: next(answers)
    with receiver() as got:
        made = register(client, key, f"http://rebind.example:{got.port}/")
        assert made.status_code == 201  # public when it was registered
        hooks.offer([(account_id, frame(account_id))])
        webhook, delivery, attempt, _ = queue.jobs.pop()
        assert hooks.deliver(webhook, delivery, attempt) == "retrying"
        assert got.received == []
    (entry,) = hooks.attempts(account_id, made.json["id"], 10)
    assert entry["error"].startswith("refused target") and "127.0.0.1" in entry["error"]


# --- redelivery, idempotence, repair --------------------------------------------------------------


def test_redelivery_sends_the_same_message_again(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, key = account
    with receiver(lambda n: Reply(400) if n == 0 else Reply(200, b"ok")) as got:
        made = register(client, key, got.url).json
        hooks.offer([(account_id, frame(account_id))])
        assert run_queued(hooks, queue) == ["failed"]
        (entry,) = client.get(f"/v1/webhooks/{made['id']}/deliveries", headers=auth(key)).json[
            "attempts"
        ]
        path = f"/v1/webhooks/{made['id']}/deliveries/{entry['delivery']}/redeliver"
        asked = client.post(path, headers=auth(key))
        assert asked.status_code == 202
        assert asked.json == {"delivery": entry["delivery"], "attempt": "r1"}
        assert run_queued(hooks, queue) == ["delivered"]
        first, second = got.received
    assert first.headers["webhook-id"] == second.headers["webhook-id"] == entry["delivery"]
    assert first.body == second.body
    Webhook(made["secret"]).verify(second.body, second.headers)
    log = client.get(f"/v1/webhooks/{made['id']}/deliveries", headers=auth(key)).json["attempts"]
    assert [(e["attempt"], e["outcome"], e["response"]) for e in log] == [
        ("r1", "delivered", "ok"),
        ("1", "failed", ""),
    ]
    missing = f"/v1/webhooks/{made['id']}/deliveries/msg_{'0' * 24}/redeliver"
    assert client.post(missing, headers=auth(key)).json["code"] == "delivery_not_found"
    bad = f"/v1/webhooks/{made['id']}/deliveries/nonsense/redeliver"
    assert client.post(bad, headers=auth(key)).json["code"] == "delivery_not_found"


def test_a_try_run_twice_is_sent_once(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, key = account
    with receiver() as got:
        register(client, key, got.url)
        hooks.offer([(account_id, frame(account_id))])
        webhook, delivery, attempt, _ = queue.jobs.pop()
        assert hooks.deliver(webhook, delivery, attempt) == "delivered"
        assert hooks.deliver(webhook, delivery, attempt) == "duplicate"
        assert len(got.received) == 1


def test_the_sweeper_carries_on_tries_whose_outcome_never_came(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue, clock: Clock
) -> None:
    account_id, key = account
    with receiver() as got:
        register(client, key, got.url)
        hooks.offer([(account_id, frame(account_id)), (account_id, frame(account_id))])
        lost, interrupted = queue.jobs
        queue.jobs.clear()
        # One job was lost before it ran; the other's worker died after claiming its try.
        hooks.redis.set(claim_key(*interrupted[:3]), clock.now)
        assert hooks.repair() == 0  # not overdue yet
        clock.now += 301
        assert hooks.repair() == 2
        assert sorted(queue.jobs) == sorted(
            [
                (*lost[:3], 0.0),  # queued again, as it was
                (interrupted[0], interrupted[1], "2", 5),  # failed: the schedule goes on
            ]
        )
        assert run_queued(hooks, queue) == ["delivered", "delivered"]
        assert len(got.received) == 2
    log = hooks.attempts(account_id, lost[0], 10)
    assert any(entry["error"] and "interrupted" in entry["error"] for entry in log)
    assert hooks.repair() == 0


# --- disabling ------------------------------------------------------------------------------------


def test_an_endpoint_failing_for_five_days_is_disabled_with_a_notice(
    client: FlaskClient,
    account,
    hooks: Webhooks,
    queue: RecordingDeliveryQueue,
    clock: Clock,
    service: GameService,
) -> None:
    account_id, key = account
    with receiver(lambda n: Reply(503)) as got:
        made = register(client, key, got.url).json
        for n in range(11):  # an event every 12 hours, each tried once here (retries dropped)
            clock.now += 43_200 if n else 0
            hooks.offer([(account_id, frame(account_id))])
            webhook, delivery, attempt, _ = queue.jobs.pop(0)
            hooks.deliver(webhook, delivery, attempt)
            queue.jobs.clear()
            shown = client.get(f"/v1/webhooks/{made['id']}", headers=auth(key)).json
            # Five days after the first failure, with at least ten tries failed.
            assert shown["status"] == ("disabled" if n == 10 else "enabled"), n
        sent = len(got.received)
        hooks.offer([(account_id, frame(account_id))])  # disabled: no delivery is made
        assert not queue.jobs and len(got.received) == sent
    assert shown["disabled_reason"] == "every delivery attempt failed for 5.0 days (11 attempts)"
    entries = service.account_streams.read(account_id, account_stream.START)
    notices = [orjson.loads(f[b"f"]) for _, f in entries]
    notices = [n for n in notices if n["type"] == "webhook_disabled"]
    assert notices == [
        {"type": "webhook_disabled", "webhook": made["id"], "reason": shown["disabled_reason"]}
    ]
    log = client.get(f"/v1/webhooks/{made['id']}/deliveries", headers=auth(key)).json
    path = f"/v1/webhooks/{made['id']}/deliveries/{log['attempts'][0]['delivery']}/redeliver"
    refused = client.post(path, headers=auth(key))
    assert (refused.status_code, refused.json["code"]) == (409, "webhook_disabled")
    enabled = client.post(f"/v1/webhooks/{made['id']}/enable", headers=auth(key)).json
    assert enabled["status"] == "enabled" and enabled["disabled_reason"] is None
    assert client.post(path, headers=auth(key)).status_code == 202


def test_a_success_ends_the_failure_streak(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue, clock: Clock
) -> None:
    account_id, key = account
    with receiver(lambda n: Reply(200 if n == 12 else 500)) as got:
        made = register(client, key, got.url).json
        statuses = []
        for _ in range(29):  # a try every 8 hours: over 9 days, the 13th succeeding
            clock.now += 28_800
            hooks.offer([(account_id, frame(account_id))])
            webhook, delivery, attempt, _ = queue.jobs.pop(0)
            hooks.deliver(webhook, delivery, attempt)
            queue.jobs.clear()
            statuses.append(client.get(f"/v1/webhooks/{made['id']}", headers=auth(key)).json)
    # Without the success the endpoint would have been disabled on its 16th try; after it, the
    # new streak (from the 14th try) reaches five days at the 29th.
    assert [s["status"] for s in statuses] == ["enabled"] * 28 + ["disabled"]
    assert "(16 attempts)" in statuses[-1]["disabled_reason"]


# --- the attempt log ------------------------------------------------------------------------------


def test_the_attempt_log_is_capped_and_holds_no_secret(
    client: FlaskClient, account, hooks: Webhooks, queue: RecordingDeliveryQueue
) -> None:
    account_id, key = account
    with receiver(lambda n: Reply(200, b"x" * 5000)) as got:
        made = register(client, key, got.url).json
        hooks.offer([(account_id, frame(account_id))])
        run_queued(hooks, queue)
    raw = hooks.redis.lrange(f"fd:{{wh:{made['id']}}}:attempts", 0, -1)
    assert made["secret"] not in b"".join(raw).decode()
    assert len(orjson.loads(raw[0])["response"]) == 200
    assert ATTEMPTS_KEPT == 1000
    limited = client.get(f"/v1/webhooks/{made['id']}/deliveries?limit=0", headers=auth(key))
    assert limited.status_code == 400 and limited.json["code"] == "invalid_parameter"


@pytest.fixture(autouse=True)
def _no_stray_operator_endpoints(service: GameService) -> Iterator[None]:
    """Each test starts without the operator's endpoints and pending tries of earlier tests
    (both are one key for the whole database)."""
    service.store.redis.delete(PENDING_KEY, "fd:webhooks:operator")
    yield
    service.store.redis.delete(PENDING_KEY, "fd:webhooks:operator")


def test_the_settings_reach_the_webhooks_and_agree_with_their_defaults(
    redis_url: str, queue_url: str
) -> None:
    from foxden.bootstrap import build_service, webhook_policy
    from foxden.settings import Settings, SettingsError
    from service import webhook_delivery, webhook_endpoints
    from workers.scheduler import RQScheduler
    from workers.webhook_queue import RQDeliveryQueue

    assert webhook_policy(Settings()) == Policy()
    assert Settings().webhooks_timeout_s == webhook_delivery.TIMEOUT_S
    assert Settings().webhooks_retention_s == webhook_endpoints.RETENTION_S
    assert Settings().webhooks_disable_after_s == webhook_endpoints.DISABLE_AFTER_S
    env = {"FOXDEN_WEBHOOKS_ALLOW_PRIVATE": "1", "FOXDEN_WEBHOOKS_ALLOW_HTTP": "true"}
    settings = Settings.from_env(env)
    assert webhook_policy(settings) == Policy(allow_http=True, allow_private=True)
    with pytest.raises(SettingsError, match="FOXDEN_WEBHOOKS_ALLOW_PRIVATE"):
        Settings.from_env({"FOXDEN_WEBHOOKS_ALLOW_PRIVATE": "maybe"})
    with pytest.raises(SettingsError, match="FOXDEN_WEBHOOKS_RETENTION_S"):
        Settings.from_env({"FOXDEN_WEBHOOKS_RETENTION_S": "60"})
    from events.redis_client import connect_server

    scheduler = RQScheduler(connect_server(queue_url), prefix="fdt-x")
    games = build_service(redis_url, scheduler, settings=settings)
    assert isinstance(games.webhooks.queue, RQDeliveryQueue)
    assert games.webhooks.policy.allow_private and games.webhooks.notify is not None
    games = build_service(redis_url, RecordingScheduler(), settings=settings)
    assert isinstance(games.webhooks.queue, RecordingDeliveryQueue)
