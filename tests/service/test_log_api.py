"""The log's endpoints (service/api/log.py), checked as a monitor would check them: with
``events.transparency``'s verifiers and the verifier key that ``GET /v1/log`` publishes.

The leaves are appended through ``TransparencyLog`` directly, as the archiver does. A log that
was rewritten (two leaves swapped) or lost a leaf is served by a fresh app, as a service
restarted on the tampered Redis would be, with the same signer key: its checkpoints verify, and
only the consistency with a checkpoint kept from before shows what happened.
"""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from events import transparency
from events.log import GAMES_KEY, HASHES_KEY, LEAVES_KEY, TransparencyLog
from events.redis_client import Client
from events.transparency import (
    Checkpoint,
    Verifier,
    leaf_hash,
    load_verifier,
    open_checkpoint,
    verify_consistency,
    verify_inclusion,
)
from foxden.bootstrap import ConfigurationError, app_config, check_log_key
from foxden.cli import main
from foxden.settings import Settings, SettingsError
from service.api import create_app
from service.games import GameService
from service.log import SIGNER_KEY

CONFIG = {"RATE_LIMIT": "off", "SSE_BLOCK_MS": 200}
DOCUMENT = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
PROBLEM = "application/problem+json"


def archived(n: int) -> bytes:
    head = hashlib.sha256(b"head %d" % n).hexdigest()
    return transparency.archived_leaf(f"{n:032x}", head, n + 1)


def game(n: int) -> str:
    return f"{n:032x}"


def forget_leaves(client: Client) -> None:
    for key in (LEAVES_KEY, HASHES_KEY, GAMES_KEY):
        client.delete(key)


@pytest.fixture
def redis(service: GameService) -> Client:
    return service.store.redis


@pytest.fixture
def app(service: GameService, redis: Client) -> Iterator[Flask]:
    """The app on a log of its own: no leaf, and no signer key yet (made on first use)."""
    forget_leaves(redis)
    redis.delete(SIGNER_KEY)
    yield create_app(service, CONFIG)
    forget_leaves(redis)
    redis.delete(SIGNER_KEY)


@pytest.fixture
def log(redis: Client) -> TransparencyLog:
    return TransparencyLog(redis)


def fill(log: TransparencyLog, count: int, start: int = 0) -> list[bytes]:
    leaves = [archived(n) for n in range(start, start + count)]
    for leaf in leaves:
        log.append(leaf)
    return leaves


def ok(client: FlaskClient, path: str) -> Any:
    response = client.get(path)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.json if response.is_json else response.get_data(as_text=True)


def problem(client: FlaskClient, path: str, status: int, code: str) -> dict[str, Any]:
    response = client.get(path)
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.content_type == PROBLEM
    assert response.json["code"] == code
    return response.json


def verifier_of(client: FlaskClient) -> Verifier:
    return load_verifier(ok(client, "/v1/log")["verifier_key"])


def checkpoint(client: FlaskClient, verifier: Verifier, size: int | None = None) -> Checkpoint:
    query = "" if size is None else f"?size={size}"
    response = client.get(f"/v1/log/checkpoint{query}")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/plain; charset=utf-8"
    return open_checkpoint(response.get_data(as_text=True), verifier)


def b64(value: str) -> bytes:
    return base64.b64decode(value)


def test_an_empty_log(client: FlaskClient) -> None:
    summary = ok(client, "/v1/log")
    assert summary["origin"] == "foxden-log" and summary["size"] == 0
    assert b64(summary["root_hash"]) == transparency.EMPTY_ROOT
    verifier = load_verifier(summary["verifier_key"])
    assert checkpoint(client, verifier) == Checkpoint("foxden-log", 0, transparency.EMPTY_ROOT)
    assert ok(client, "/v1/log/leaves") == {"start": 0, "leaves": []}


def test_checkpoints_and_inclusion_proofs_verify(client: FlaskClient, log: TransparencyLog):
    leaves = fill(log, 13)
    verifier = verifier_of(client)
    summary = ok(client, "/v1/log")
    now = checkpoint(client, verifier)
    assert (now.size, now.root) == (13, b64(summary["root_hash"]))
    assert now.root == transparency.root([leaf_hash(leaf) for leaf in leaves])
    for n, leaf in enumerate(leaves):
        proof = ok(client, f"/v1/games/{game(n)}/log-proof")
        assert proof["game_id"] == game(n)
        assert (proof["leaf"], proof["leaf_index"], proof["tree_size"]) == (leaf.decode(), n, 13)
        signed = open_checkpoint(proof["checkpoint"], verifier)
        assert signed == now
        path = [b64(h) for h in proof["inclusion"]]
        assert verify_inclusion(leaf_hash(proof["leaf"].encode()), n, 13, path, signed.root)


def test_a_checkpoint_of_an_older_size_is_always_the_same_note(
    client: FlaskClient, log: TransparencyLog
) -> None:
    leaves = fill(log, 9)
    verifier = verifier_of(client)
    first = ok(client, "/v1/log/checkpoint?size=5")
    fill(log, 4, start=9)
    assert ok(client, "/v1/log/checkpoint?size=5") == first  # Ed25519 is deterministic
    old = open_checkpoint(first, verifier)
    assert old.root == transparency.root([leaf_hash(leaf) for leaf in leaves[:5]])
    # A game's proof in the tree a monitor kept, and in today's.
    proof = ok(client, f"/v1/games/{game(3)}/log-proof?size=5")
    assert proof["tree_size"] == 5 and proof["checkpoint"] == first
    path = [b64(h) for h in proof["inclusion"]]
    assert verify_inclusion(leaf_hash(archived(3)), 3, 5, path, old.root)


def test_consistency_between_kept_checkpoints(client: FlaskClient, log: TransparencyLog):
    fill(log, 6)
    verifier = verifier_of(client)
    kept = checkpoint(client, verifier)
    fill(log, 11, start=6)
    now = checkpoint(client, verifier)
    for old in range(1, 18):
        answer = ok(client, f"/v1/log/consistency?from={old}&to=17")
        assert (answer["from"], answer["to"]) == (old, 17)
        proof = [b64(h) for h in answer["proof"]]
        old_root = checkpoint(client, verifier, old).root
        assert verify_consistency(old, 17, old_root, now.root, proof)
    proof = [b64(h) for h in ok(client, "/v1/log/consistency?from=6&to=17")["proof"]]
    assert verify_consistency(kept.size, now.size, kept.root, now.root, proof)
    assert ok(client, "/v1/log/consistency?from=17&to=17")["proof"] == []


def test_a_proof_for_another_leaf_or_index_fails(client: FlaskClient, log: TransparencyLog):
    fill(log, 10)
    verifier = verifier_of(client)
    proof = ok(client, f"/v1/games/{game(4)}/log-proof")
    root = open_checkpoint(proof["checkpoint"], verifier).root
    path = [b64(h) for h in proof["inclusion"]]
    assert verify_inclusion(leaf_hash(archived(4)), 4, 10, path, root)
    assert not verify_inclusion(leaf_hash(archived(5)), 4, 10, path, root)  # another leaf
    forged = transparency.archived_leaf(game(4), hashlib.sha256(b"other").hexdigest(), 5)
    assert not verify_inclusion(leaf_hash(forged), 4, 10, path, root)  # another head hash
    assert not verify_inclusion(leaf_hash(archived(4)), 5, 10, path, root)  # another index
    older = checkpoint(client, verifier, 9).root
    assert not verify_inclusion(leaf_hash(archived(4)), 4, 10, path, older)  # another tree


@pytest.mark.parametrize("tampering", ["reordered", "dropped"])
def test_a_rewritten_log_cannot_prove_consistency_with_a_kept_checkpoint(
    tampering: str, service: GameService, redis: Client, client: FlaskClient, log: TransparencyLog
) -> None:
    leaves = fill(log, 8)
    verifier = verifier_of(client)
    kept = checkpoint(client, verifier)
    # The operator rewrites the log (Redis, keeping its signer key) and restarts the service.
    forget_leaves(redis)
    rewritten = list(leaves)
    if tampering == "reordered":
        rewritten[2], rewritten[3] = rewritten[3], rewritten[2]
    else:
        del rewritten[5]
    rewritten += [archived(n) for n in range(100, 104)]
    TransparencyLog(redis).restore(rewritten)
    restarted = create_app(service, CONFIG).test_client()
    assert verifier_of(restarted) == verifier  # same key: every new checkpoint verifies
    now = checkpoint(restarted, verifier)
    assert now.size == len(rewritten)
    # Its checkpoint of the kept size is another tree, and no proof links the two.
    assert checkpoint(restarted, verifier, kept.size).root != kept.root
    answer = ok(restarted, f"/v1/log/consistency?from={kept.size}&to={now.size}")
    proof = [b64(h) for h in answer["proof"]]
    assert not verify_consistency(kept.size, now.size, kept.root, now.root, proof)
    # Whereas the honest log, extended the same way, proves it.
    forget_leaves(redis)
    TransparencyLog(redis).restore(leaves + [archived(n) for n in range(100, 104)])
    honest = create_app(service, CONFIG).test_client()
    now = checkpoint(honest, verifier)
    answer = ok(honest, f"/v1/log/consistency?from={kept.size}&to={now.size}")
    proof = [b64(h) for h in answer["proof"]]
    assert verify_consistency(kept.size, now.size, kept.root, now.root, proof)


def test_a_monitor_rebuilds_the_tree_from_the_leaves(client: FlaskClient, log: TransparencyLog):
    fill(log, 23)
    verifier = verifier_of(client)
    now = checkpoint(client, verifier)
    rebuilt: list[str] = []
    while len(rebuilt) < now.size:
        page = ok(client, f"/v1/log/leaves?start={len(rebuilt)}&end={len(rebuilt) + 10}")
        assert page["start"] == len(rebuilt) and page["leaves"]
        rebuilt += page["leaves"]
    assert ok(client, "/v1/log/leaves?start=23") == {"start": 23, "leaves": []}
    hashes = [leaf_hash(transparency.parse_leaf(leaf.encode()).encode()) for leaf in rebuilt]
    assert transparency.root(hashes) == now.root
    assert ok(client, "/v1/log/leaves?start=20&end=1020")["leaves"] == rebuilt[20:]


def test_a_game_without_a_leaf(client: FlaskClient, log: TransparencyLog) -> None:
    fill(log, 2)
    problem(client, f"/v1/games/{'e' * 32}/log-proof", 404, "not_in_log")
    problem(client, "/v1/games/not-a-game-id/log-proof", 404, "game_not_found")


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("/v1/log/consistency?from=0&to=3", "from"),
        ("/v1/log/consistency?from=4&to=3", "from"),
        ("/v1/log/consistency?from=1&to=6", "to"),
        ("/v1/log/consistency?from=one&to=3", "from"),
        ("/v1/log/consistency?from=1&to=-3", "to"),
        ("/v1/log/consistency?from=1.0&to=3", "from"),
        ("/v1/log/consistency?from=1", "to"),
        ("/v1/log/consistency?to=2", "from"),
        ("/v1/log/checkpoint?size=6", "size"),
        ("/v1/log/checkpoint?size=x", "size"),
        (f"/v1/games/{game(3)}/log-proof?size=3", "size"),
        (f"/v1/games/{game(3)}/log-proof?size=6", "size"),
        (f"/v1/games/{game(3)}/log-proof?size=0", "size"),
        ("/v1/log/leaves?start=6", "start"),
        ("/v1/log/leaves?start=2&end=1", "end"),
        ("/v1/log/leaves?start=0&end=1001", "end"),
        ("/v1/log/leaves?start=0&limit=3", "limit"),
    ],
)
def test_bad_parameters_are_400s_naming_the_field(
    client: FlaskClient, log: TransparencyLog, query: str, field: str
) -> None:
    fill(log, 5)
    body = problem(client, query, 400, "invalid_parameter")
    assert list(body["errors"]) == [field] and body["errors"][field][0]


def test_an_empty_log_has_no_consistency_to_prove(client: FlaskClient) -> None:
    body = problem(client, "/v1/log/consistency?from=1&to=1", 400, "invalid_parameter")
    assert "0 leaves" in body["errors"]["to"][0]


def test_a_configured_key_signs_and_nothing_is_kept_in_redis(
    service: GameService, redis: Client, log: TransparencyLog
) -> None:
    redis.delete(SIGNER_KEY)
    key = transparency.signer_key("foxden.example/log", os.urandom(32))
    client = create_app(service, {**CONFIG, "LOG_KEY": key}).test_client()
    fill(log, 3)
    summary = ok(client, "/v1/log")
    assert summary["origin"] == "foxden.example/log"
    assert summary["verifier_key"] == str(transparency.load_signer(key).verifier)
    signed = checkpoint(client, load_verifier(summary["verifier_key"]))
    assert signed.origin == "foxden.example/log" and signed.size == 3
    assert redis.get(SIGNER_KEY) is None
    with pytest.raises(ValueError):
        create_app(service, {**CONFIG, "LOG_KEY": key[:-4] + "AAA="})


def test_the_services_own_key_is_made_once_for_every_process(
    service: GameService, client: FlaskClient
) -> None:
    first = ok(client, "/v1/log")["verifier_key"]
    other = create_app(service, CONFIG).test_client()
    assert ok(other, "/v1/log")["verifier_key"] == first


def test_the_log_is_public_and_rate_limited(service: GameService, client: FlaskClient) -> None:
    headers = {"Authorization": "Bearer not-a-token"}
    assert client.get("/v1/log", headers=headers).status_code == 401  # never downgraded
    limited = create_app(service, {**CONFIG, "RATE_LIMIT": "1000 per minute"}).test_client()
    response = limited.get("/v1/log")
    assert response.status_code == 200 and "RateLimit-Limit" in response.headers


def conforms(name: str, value: Any) -> None:
    schema = {"$ref": f"#/components/schemas/{name}", "components": DOCUMENT["components"]}
    errors = list(Draft202012Validator(schema).iter_errors(value))
    assert not errors, f"{name}: {errors[0].message}"


def test_the_answers_are_the_documents(client: FlaskClient, log: TransparencyLog) -> None:
    """With leaves in the log (the contract test's log is empty): each answer's schema."""
    fill(log, 4)
    log.append(transparency.tombstone_leaf(game(2), archived_head(2), 3, "asked by its players"))
    conforms("LogInfo", ok(client, "/v1/log"))
    conforms("LogProof", ok(client, f"/v1/games/{game(2)}/log-proof?size=5"))
    conforms("ConsistencyProof", ok(client, "/v1/log/consistency?from=2&to=5"))
    leaves = ok(client, "/v1/log/leaves?start=1")
    conforms("LogLeaves", leaves)
    assert leaves["leaves"][-1].endswith("\nasked by its players\n")
    proof = ok(client, f"/v1/games/{game(2)}/log-proof")
    assert proof["leaf_index"] == 4 and proof["leaf"].startswith("foxden/tombstone/1\n")
    for path in (
        "/v1/log",
        "/v1/log/checkpoint",
        "/v1/log/leaves",
        f"/v1/games/{game(2)}/log-proof",
    ):
        documented = DOCUMENT["paths"][path.replace(game(2), "{game_id}")]["get"]
        assert documented["tags"] == ["log"]


def archived_head(n: int) -> str:
    return hashlib.sha256(b"head %d" % n).hexdigest()


# --- the key: `foxden log keygen`, FOXDEN_LOG_KEY -------------------------------------------------


def test_keygen_prints_a_signer_key_and_its_verifier_key(capsys: pytest.CaptureFixture[str]):
    assert main(["log", "keygen", "--name", "foxden.example/log"]) == 0
    out, err = capsys.readouterr()
    signer = transparency.load_signer(out.strip())
    assert signer.name == "foxden.example/log"
    assert err.strip() == str(signer.verifier)
    assert main(["log", "keygen"]) == 0
    assert transparency.load_signer(capsys.readouterr().out.strip()).name == "foxden-log"
    assert main(["log", "keygen", "--name", "two words"]) == 2
    assert "key name" in capsys.readouterr().err


def test_the_log_key_setting_is_checked_and_kept_secret() -> None:
    key = transparency.signer_key("foxden.example/log", os.urandom(32))
    settings = Settings.from_env({"FOXDEN_LOG_KEY": f" {key}\n"})
    assert settings.log_key == key and key not in repr(settings)
    assert app_config(settings)["LOG_KEY"] == key
    check_log_key(settings)
    assert Settings().log_key is None and app_config(Settings())["LOG_KEY"] is None
    verifier = str(transparency.load_signer(key).verifier)
    for bad in ("secret", verifier, key.replace("PRIVATE+KEY+", "PRIVATE+KEY+a b+"), key[:-2]):
        with pytest.raises(SettingsError, match="FOXDEN_LOG_KEY") as refused:
            Settings.from_env({"FOXDEN_LOG_KEY": bad})
        assert key not in str(refused.value)
    # Well formed, but the key id is not the key's: only Ed25519 tells, at start-up.
    other = transparency.signer_key("foxden.example/log", os.urandom(32))
    forged = "+".join([*key.split("+", 4)[:4], other.split("+", 4)[4]])  # base64 may hold a +
    with pytest.raises(ConfigurationError, match="FOXDEN_LOG_KEY"):
        check_log_key(Settings.from_env({"FOXDEN_LOG_KEY": forged}))
