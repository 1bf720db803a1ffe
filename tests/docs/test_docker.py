"""docker/: the compose file and the Dockerfile, checked without Docker.

Docker may not run where the tests run, so these read the files: every command the compose file
gives the Foxden image parses with the project's own CLI parser, Redis keeps an append-only
file on a named volume and never evicts, every service has a health check, and the image runs
as an unprivileged user with ``foxden`` as its entrypoint.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

import pytest
import yaml

from foxden.cli import parser
from tests.docs import live

ROOT = live.ROOT
DOCKER = ROOT / "docker"
COMPOSE = DOCKER / "compose.yaml"
DOCKERFILE = DOCKER / "Dockerfile"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text())  # merge keys (<<: *foxden) are resolved


def foxden_services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        name: service
        for name, service in compose["services"].items()
        if "build" in service or str(service.get("image", "")).startswith("foxden")
    }


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of a Dockerfile, continuation lines joined."""
    joined = re.sub(r"\\\n", " ", text)
    found = []
    for raw in joined.splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def test_every_compose_command_is_a_foxden_command(compose: dict[str, Any]):
    services = foxden_services(compose)
    assert set(services) == {
        *("api", "worker", "timers"),
        *("api-cluster", "worker-cluster", "timers-cluster"),
    }
    for name, service in services.items():
        command = service["command"]
        words = shlex.split(command) if isinstance(command, str) else [str(w) for w in command]
        try:
            args = parser().parse_args(words)
        except SystemExit:
            pytest.fail(f"service {name}: `foxden {' '.join(words)}` is not a foxden command")
        role = name.removesuffix("-cluster")
        assert args.command == ("worker" if role == "timers" else role)
        assert getattr(args, "timers", False) == (role == "timers")


def test_the_api_listens_on_every_interface(compose: dict[str, Any]):
    api = compose["services"]["api"]
    args = parser().parse_args([str(w) for w in api["command"]])
    assert (args.host, args.port) == ("0.0.0.0", 8000)
    assert "8000:8000" in api["ports"]


def test_two_workers(compose: dict[str, Any]):
    assert compose["services"]["worker"]["deploy"]["replicas"] == 2


def test_redis_keeps_an_append_only_file_on_a_named_volume(compose: dict[str, Any]):
    redis = compose["services"]["redis"]
    assert str(redis["image"]).startswith("redis:7")
    command = [str(word) for word in redis["command"]]
    settings = dict(zip(command[1::2], command[2::2], strict=False))
    assert command[0] == "redis-server"
    assert settings["--appendonly"] == "yes"
    assert settings["--appendfsync"] in {"always", "everysec", "no"}
    assert settings["--maxmemory-policy"] == "noeviction"
    volume, _, target = redis["volumes"][0].partition(":")
    assert target == "/data" and volume in compose["volumes"]
    text = COMPOSE.read_text()
    assert "appendfsync" in text and "power" in text, "the fsync choice must be explained"


def test_the_foxden_services_use_this_redis(compose: dict[str, Any]):
    for name, service in foxden_services(compose).items():
        if name.endswith("-cluster"):
            continue  # the cluster profile's, below
        url = service["environment"]["REDIS_URL"]
        assert url.startswith("redis://redis:6379/"), name
        assert service["depends_on"]["redis"]["condition"] == "service_healthy", name


def test_every_service_has_a_health_check(compose: dict[str, Any]):
    healthcheck = live.load_module(DOCKER / "healthcheck.py")
    for name, service in compose["services"].items():
        test = service["healthcheck"]["test"]
        assert test[0] == "CMD", name
        if name in foxden_services(compose):
            assert test[1:3] == ["python", "/app/docker/healthcheck.py"], name
            role = name.removesuffix("-cluster")  # a timer worker is checked as a worker
            assert test[3:] == ["worker" if role == "timers" else role], name
            assert healthcheck.main(["healthcheck.py", "nonsense"]) == 2


def test_the_build_finds_its_files(compose: dict[str, Any]):
    for service in foxden_services(compose).values():
        context = (COMPOSE.parent / service["build"]["context"]).resolve()
        assert context == ROOT
        assert (context / service["build"]["dockerfile"]).resolve() == DOCKERFILE


def test_the_image_is_slim_and_runs_foxden_as_a_user():
    steps = instructions(DOCKERFILE.read_text())
    bases = [args.split()[0] for word, args in steps if word == "FROM"]
    assert bases and all(base == "python:3.11-slim" for base in bases)
    final = steps[max(i for i, (word, _) in enumerate(steps) if word == "FROM") :]
    users = [args for word, args in final if word == "USER"]
    assert users, "the final stage must switch to an unprivileged USER"
    user = users[-1].split(":")[0]
    assert user not in {"root", "0"}
    assert any(word == "RUN" and "useradd" in args and user in args for word, args in final)
    entrypoint = [json.loads(args) for word, args in final if word == "ENTRYPOINT"]
    assert entrypoint == [["foxden"]]
    command = [json.loads(args) for word, args in final if word == "CMD"][-1]
    assert parser().parse_args(command).command == "api"


def test_the_image_gets_what_it_copies():
    steps = instructions(DOCKERFILE.read_text())
    ignore = (DOCKER / "Dockerfile.dockerignore").read_text().splitlines()
    kept = {line[1:].removesuffix("/**") for line in ignore if line.startswith("!")}
    copied = []
    for word, args in steps:
        if word == "COPY" and not args.startswith("--from"):
            copied += args.split()[:-1]
    assert "docker/healthcheck.py" in copied
    for source in copied:
        assert (ROOT / source).exists(), f"COPY {source}: no such file"
        assert source in kept, f"COPY {source}: excluded by docker/Dockerfile.dockerignore"


# --- the cluster profile -----------------------------------------------------------------------


def _flags(command: list[Any]) -> dict[str, str]:
    words = [str(word) for word in command]
    return dict(zip(words[1::2], words[2::2], strict=False))


def test_the_cluster_profile_has_three_masters_with_a_replica_each(compose: dict[str, Any]):
    services = compose["services"]
    nodes = {name: s for name, s in services.items() if name.startswith("redis-node-")}
    assert len(nodes) == 6
    for name, node in nodes.items():
        assert node["profiles"] == ["cluster"], name
        flags = _flags(node["command"])
        assert flags["--cluster-enabled"] == "yes", name
        assert flags["--cluster-announce-hostname"] == name, name
        assert flags["--appendonly"] == "yes" and flags["--maxmemory-policy"] == "noeviction"
        volume, _, target = node["volumes"][0].partition(":")
        assert target == "/data" and volume in compose["volumes"], name
        assert flags["--cluster-config-file"].startswith("/data/"), name  # kept on the volume
    init = services["redis-cluster-init"]
    script = init["command"][-1]
    create = shlex.split(script.split("||", 1)[1])
    assert create[:3] == ["redis-cli", "--cluster", "create"]
    assert sorted(create[3:9]) == sorted(f"{name}:6379" for name in nodes)
    assert create[create.index("--cluster-replicas") + 1] == "1"
    assert "cluster_state:ok" in script.split("||", 1)[0]  # once only
    assert set(init["depends_on"]) == set(nodes)


def test_the_cluster_services_keep_their_jobs_on_a_plain_redis(
    compose: dict[str, Any], monkeypatch: pytest.MonkeyPatch
):
    from foxden.bootstrap import ConfigurationError, queue_url

    services = compose["services"]
    queue = services["redis-queue"]
    assert queue["profiles"] == ["cluster"] and "--cluster-enabled" not in queue["command"]
    for name in ("api-cluster", "worker-cluster"):
        service = services[name]
        env = service["environment"]
        assert service["profiles"] == ["cluster"], name
        assert env["REDIS_URL"].startswith("redis+cluster://redis-node-"), name
        assert env["FOXDEN_QUEUE_URL"] == "redis://redis-queue:6379/0", name
        # What the services themselves decide from these settings:
        monkeypatch.setenv("FOXDEN_QUEUE_URL", env["FOXDEN_QUEUE_URL"])
        assert queue_url(env["REDIS_URL"]) == env["FOXDEN_QUEUE_URL"]
        monkeypatch.delenv("FOXDEN_QUEUE_URL")
        with pytest.raises(ConfigurationError, match="FOXDEN_QUEUE_URL"):
            queue_url(env["REDIS_URL"])
        depends = service["depends_on"]
        assert depends["redis-cluster-init"]["condition"] == "service_completed_successfully"
        assert depends["redis-queue"]["condition"] == "service_healthy"
    # The single-server stack does not start with the cluster's nodes, and the two APIs differ
    # in their host port.
    assert "profiles" not in services["api"]
    assert services["api-cluster"]["ports"] == ["8001:8000"]
