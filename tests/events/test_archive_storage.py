"""The archive's object storage on both backends (a directory, and S3 on a moto server of the
test process's own), its URLs, its errors, and its two traps: gevent's hub and fork."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import gevent  # type: ignore[import-untyped]
import gevent.monkey  # type: ignore[import-untyped]
import pytest
from obstore.store import S3Store

from events import archive_storage
from events.archive_storage import ArchiveStorage, ArchiveUnavailable, open_archive, redact
from tests.archive_servers import SECRET_ACCESS_KEY, MotoS3

ROOT = Path(__file__).resolve().parents[2]
BINARY = bytes(range(256)) * 40 + b"\x00\r\n\xff"


@pytest.fixture(autouse=True)
def no_s3_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests say where S3 is; an endpoint in the developer's environment must not count."""
    for name in ("AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL", "AWS_ENDPOINT", "AWS_ALLOW_HTTP"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def archive(archive_url: str) -> ArchiveStorage:
    return open_archive(archive_url)


@pytest.fixture
def bucket(moto_s3: MotoS3) -> str:
    name = f"foxden-{uuid.uuid4().hex[:8]}"
    moto_s3.create_bucket(name)
    return name


# --- both backends ---------------------------------------------------------------------------


def test_put_then_get_gives_the_same_bytes(archive: ArchiveStorage) -> None:
    archive.put("games/ab/g1.ndjson.zst", BINARY)
    archive.put("empty", b"")
    assert archive.get("games/ab/g1.ndjson.zst") == BINARY
    assert archive.get("empty") == b""


def test_put_overwrites(archive: ArchiveStorage) -> None:
    archive.put("k", b"old")
    archive.put("k", b"new")
    assert archive.get("k") == b"new"


def test_an_absent_key_reads_as_none(archive: ArchiveStorage) -> None:
    assert archive.get("games/00/nothing") is None
    assert archive.head("games/00/nothing") is None


def test_create_writes_an_absent_key(archive: ArchiveStorage) -> None:
    assert archive.create("log/000000000001", b"leaf") is True
    assert archive.get("log/000000000001") == b"leaf"


def test_create_keeps_what_is_there(archive: ArchiveStorage) -> None:
    archive.put("log/000000000001", b"first")
    assert archive.create("log/000000000001", b"second") is False
    assert archive.get("log/000000000001") == b"first"


def test_one_of_many_racing_creates_wins(archive: ArchiveStorage) -> None:
    racers = 8
    start = threading.Barrier(racers)
    won: list[bool] = [False] * racers

    def race(i: int) -> None:
        start.wait()
        won[i] = archive.create("log/000000000007", f"racer {i}".encode())

    threads = [threading.Thread(target=race, args=(i,)) for i in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert won.count(True) == 1
    assert archive.get("log/000000000007") == f"racer {won.index(True)}".encode()


def test_delete_removes_and_an_absent_key_is_no_error(archive: ArchiveStorage) -> None:
    archive.put("games/ab/g1", b"x")
    archive.delete("games/ab/g1")
    assert archive.get("games/ab/g1") is None
    archive.delete("games/ab/g1")
    archive.delete("never/was")


def test_keys_are_sorted_and_filtered_by_a_string_prefix(archive: ArchiveStorage) -> None:
    # Written out of order, across directories, with names one prefix of another.
    written = ["log/000000000010", "games/ff/b", "log/000000000002", "games/0a/a", "logbook"]
    for key in written:
        archive.put(key, key.encode())
    assert list(archive.keys()) == sorted(written)
    assert list(archive.keys("log/")) == ["log/000000000002", "log/000000000010"]
    assert list(archive.keys("log")) == ["log/000000000002", "log/000000000010", "logbook"]
    assert list(archive.keys("log/0000000000")) == ["log/000000000002", "log/000000000010"]
    assert list(archive.keys("games/0")) == ["games/0a/a"]
    assert list(archive.keys("nothing/")) == []
    assert list(archive.keys("games/ff/b")) == ["games/ff/b"]


def test_keys_lists_more_than_one_batch(archive: ArchiveStorage) -> None:
    # obstore lists 50 at a time by default (S3 pages hold up to 1000): all of them, in order.
    written = [f"log/{i:012d}" for i in range(120, 0, -1)]
    for key in written:
        archive.put(key, b"")
    keys = archive.keys("log/")
    assert isinstance(keys, Iterator)
    assert list(keys) == sorted(written)


def test_head_gives_the_size(archive: ArchiveStorage) -> None:
    archive.put("a", BINARY)
    archive.put("b", b"")
    assert archive.head("a") == len(BINARY)
    assert archive.head("b") == 0


@pytest.mark.parametrize(
    "key",
    ["", "/abs", "a/", "a//b", "a/../b", "./a", "a/./b", ".hidden", "a#1", "sp ace", "ü", "a\\b"],
)
def test_keys_that_would_differ_between_backends_are_refused(
    archive: ArchiveStorage, key: str
) -> None:
    for call in (
        lambda: archive.put(key, b"x"),
        lambda: archive.create(key, b"x"),
        lambda: archive.get(key),
        lambda: archive.head(key),
        lambda: archive.delete(key),
    ):
        with pytest.raises(ValueError, match="archive key"):
            call()


def test_a_bad_list_prefix_is_refused(archive: ArchiveStorage) -> None:
    for prefix in ("/log", "a//", "../", "a b"):
        with pytest.raises(ValueError, match="prefix"):
            archive.keys(prefix)


# --- a directory ------------------------------------------------------------------------------


def test_opening_a_directory_creates_nothing_until_first_use(tmp_path: Path) -> None:
    root = tmp_path / "deep" / "archive"
    archive = open_archive(str(root))
    assert not root.exists()
    assert archive.get("k") is None
    assert root.is_dir()


def test_a_relative_path_resolves_against_base_dir_or_the_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_archive("var/archive", base_dir=tmp_path / "base").put("k", b"1")
    assert (tmp_path / "base" / "var" / "archive" / "k").read_bytes() == b"1"
    monkeypatch.chdir(tmp_path)
    archive = open_archive("rel")
    monkeypatch.chdir("/")  # resolved at open, not at use
    archive.put("k", b"2")
    assert (tmp_path / "rel" / "k").read_bytes() == b"2"
    assert archive.url == "rel"


def test_a_file_url_is_a_directory(tmp_path: Path) -> None:
    url = f"file://{tmp_path}/arch%20ive"
    archive = open_archive(url)
    archive.put("games/k", b"1")
    assert (tmp_path / "arch ive" / "games" / "k").read_bytes() == b"1"
    assert archive.url == url
    assert open_archive(f"file://localhost{tmp_path}/arch%20ive").get("games/k") == b"1"


# --- S3 ---------------------------------------------------------------------------------------


def test_the_url_prefix_is_put_before_every_key(moto_s3: MotoS3, bucket: str) -> None:
    alice = open_archive(moto_s3.url(bucket, "tenants/alice"))
    bob = open_archive(moto_s3.url(bucket, "tenants/bob"))
    alice.put("games/k", b"a")
    bob.put("games/k", b"b")
    bob.put("games/only-bob", b"b")
    assert alice.get("games/k") == b"a"
    assert bob.get("games/k") == b"b"
    assert list(alice.keys()) == ["games/k"]
    assert alice.get("games/only-bob") is None
    assert alice.create("games/only-bob", b"a") is True
    listed = moto_s3.client().list_objects_v2(Bucket=bucket)["Contents"]
    assert sorted(item["Key"] for item in listed) == [
        "tenants/alice/games/k",
        "tenants/alice/games/only-bob",
        "tenants/bob/games/k",
        "tenants/bob/games/only-bob",
    ]


def test_url_hides_the_secret(moto_s3: MotoS3, bucket: str) -> None:
    archive = open_archive(moto_s3.url(bucket))
    assert SECRET_ACCESS_KEY not in archive.url
    assert "secret_access_key=***" in archive.url
    assert archive.url.startswith(f"s3://{bucket}?endpoint=http://127.0.0.1:")
    assert "access_key_id=foxden-test&" in archive.url  # an id, not a secret
    assert SECRET_ACCESS_KEY not in repr(archive)


def test_a_missing_bucket_is_unavailable_not_an_absent_key(moto_s3: MotoS3) -> None:
    archive = open_archive(moto_s3.url("foxden-never-created"))
    for call in (
        lambda: archive.get("k"),
        lambda: archive.put("k", b"x"),
        lambda: archive.create("k", b"x"),
        lambda: archive.delete("k"),
        archive.keys,
    ):
        with pytest.raises(ArchiveUnavailable, match="NoSuchBucket"):
            call()


def test_an_unreachable_endpoint_is_unavailable_within_seconds() -> None:
    # A port bound but not listening refuses connections, and stays ours while the test runs.
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        archive = open_archive(
            f"s3://foxden-down/pre?endpoint=http://127.0.0.1:{port}&allow_http=true"
            "&access_key_id=k&secret_access_key=hush"
        )
        started = time.monotonic()
        with pytest.raises(ArchiveUnavailable) as raised:
            archive.get("games/ab/g1")
        took = time.monotonic() - started
    message = str(raised.value)
    assert "'games/ab/g1'" in message
    assert "secret_access_key=***" in message
    assert "hush" not in message
    assert isinstance(raised.value.__cause__, Exception)
    # obstore's default is 10 retries within 3 minutes; ours, 3 within 10 s (each under a
    # second here: the connection is refused at once).
    assert took < 8
    for call in (lambda: archive.put("k", b"x"), lambda: archive.keys("games/")):
        with pytest.raises(ArchiveUnavailable):
            call()


def test_the_store_is_bounded_in_time(moto_s3: MotoS3, bucket: str) -> None:
    archive = open_archive(moto_s3.url(bucket))
    archive.head("k")  # builds the store
    store = archive._store
    assert isinstance(store, S3Store)
    assert store.retry_config is not None
    assert store.retry_config["max_retries"] == archive_storage.MAX_RETRIES
    assert store.client_options is not None
    assert "connect_timeout" in store.client_options
    assert store.prefix is None


def test_credentials_and_endpoint_from_the_environment(
    moto_s3: MotoS3, bucket: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "from-env")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "from-env-secret")
    monkeypatch.setenv("AWS_REGION", "us-east-1")
    monkeypatch.setenv("AWS_ENDPOINT_URL", moto_s3.endpoint)
    monkeypatch.setenv("AWS_ALLOW_HTTP", "true")
    # obstore reads the credentials itself; the endpoint's scheme is checked on what the
    # composition root hands down.
    archive = open_archive(f"s3://{bucket}/env", environ=os.environ)
    archive.put("k", b"from the environment")
    assert open_archive(moto_s3.url(bucket, "env")).get("k") == b"from the environment"


def test_the_url_endpoint_wins_over_the_environment(
    moto_s3: MotoS3, bucket: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # obstore would let AWS_ENDPOINT_URL_S3 override an explicit endpoint.
    monkeypatch.setenv("AWS_ENDPOINT_URL_S3", "http://127.0.0.1:9")
    monkeypatch.setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:9")
    archive = open_archive(moto_s3.url(bucket), environ=os.environ)
    archive.put("k", b"1")
    assert archive.get("k") == b"1"


def test_a_plain_http_endpoint_needs_allow_http() -> None:
    with pytest.raises(ValueError, match="allow_http=true"):
        open_archive("s3://foxden?endpoint=http://127.0.0.1:9000")
    with pytest.raises(ValueError, match="allow_http=true"):
        open_archive(
            "s3://foxden?endpoint=http://127.0.0.1:9000&allow_http=false",
            environ={"AWS_ALLOW_HTTP": "true"},  # the URL wins
        )
    environ = {"AWS_ENDPOINT_URL": "http://127.0.0.1:9000"}
    with pytest.raises(ValueError, match="AWS_ALLOW_HTTP"):
        open_archive("s3://foxden", environ=environ)
    open_archive("s3://foxden", environ={**environ, "AWS_ALLOW_HTTP": "true"})
    open_archive("s3://foxden?endpoint=https://s3.example.com")


# --- URLs -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "",
        "gs://foxden/archive",
        "ftp://example.com/archive",
        "archive:v2",
        "s3://ab",
        "s3://Foxden",
        "s3://-foxden",
        "s3://" + "a" * 64,
        "s3:foxden",
        "s3://foxden/a//b",
        "s3://foxden/../up",
        "s3://key:hush@foxden",
        "s3://foxden?bucket=other",
        "s3://foxden?endpoint=http://h:1&allow_http=yes",
        "s3://foxden?virtual_hosted=maybe",
        "s3://foxden?region=eu-west-1&region=us-east-1",
        "s3://foxden?region=",
        "s3://foxden?endpoint=ftp://h",
        "s3://foxden?endpoint=https://h/path",
        "s3://foxden?endpoint=https://user:hush@h",
        "s3://foxden?access_key_id=k",
        "s3://foxden?secret_access_key=hush",
        "s3://foxden?secret_access_key=hush&nope=1",
        "s3://foxden#frag",
        "file://host/abs",
        "file:relative",
        "file:///abs?x=1",
    ],
)
def test_urls_it_does_not_take_are_refused_naming_the_setting(url: str) -> None:
    with pytest.raises(ValueError, match="FOXDEN_ARCHIVE_URL") as raised:
        open_archive(url)
    message = str(raised.value)
    assert "s3://bucket[/prefix]" in message  # says what it accepts
    assert "hush" not in message


@pytest.mark.parametrize(
    "url",
    [
        "s3://foxden",
        "s3://foxden/",
        "s3://foxden/a/b",
        "s3://my.bucket-1",
        "S3://foxden?region=eu-central-1&virtual_hosted=true",
        "s3://foxden?endpoint=https://minio.example.com:9000/&region=us-east-1",
    ],
)
def test_s3_urls_it_takes(url: str) -> None:
    assert open_archive(url).url == url


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("s3://b?secret_access_key=hush", "s3://b?secret_access_key=***"),
        (
            "s3://b?access_key_id=id&secret_access_key=h%26sh&region=r",
            "s3://b?access_key_id=id&secret_access_key=***&region=r",
        ),
        ("s3://b?secret%5Faccess%5Fkey=hush", "s3://b?secret%5Faccess%5Fkey=***"),
        ("s3://user:hush@b/p", "s3://user:***@b/p"),
        ("s3://b?endpoint=https://u:hush@h", "s3://b?endpoint=https://u:***@h"),
        ("var/archive", "var/archive"),
        ("s3://b?region=r#secret_access_key=x", "s3://b?region=r#secret_access_key=x"),
    ],
)
def test_redact(url: str, shown: str) -> None:
    assert redact(url) == shown


# --- gevent -----------------------------------------------------------------------------------


def add(a: int, *, b: int) -> int:
    return a + b


class FakeHub:
    """Stands for gevent's hub: records what is sent to its thread pool, and runs it."""

    def __init__(self) -> None:
        self.spawned: list[Callable[..., Any]] = []
        self.threadpool = self

    def spawn(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        self.spawned.append(fn)
        result = fn(*args, **kwargs)

        class Done:
            def get(self) -> Any:
                return result

        return Done()


@pytest.fixture
def patched(monkeypatch: pytest.MonkeyPatch) -> Callable[[bool], FakeHub]:
    """Makes the module believe gevent has (or has not) patched threading, with a fake hub;
    the test process itself is never patched."""

    def patch(threading_patched: bool) -> FakeHub:
        hub = FakeHub()
        monkeypatch.setattr(
            gevent.monkey,
            "is_module_patched",
            lambda name: threading_patched and name == "threading",
        )
        monkeypatch.setattr(gevent, "get_hub", lambda: hub)
        return hub

    return patch


def test_under_gevent_every_call_goes_through_the_thread_pool(
    patched: Callable[[bool], FakeHub], tmp_path: Path
) -> None:
    hub = patched(True)
    archive = open_archive(str(tmp_path))
    archive.put("a", b"1")
    assert archive.create("a", b"2") is False
    assert archive.get("a") == b"1"
    assert archive.head("a") == 1
    assert list(archive.keys()) == ["a"]
    archive.delete("a")
    assert len(hub.spawned) == 6


def test_without_gevent_calls_run_directly(
    patched: Callable[[bool], FakeHub], tmp_path: Path
) -> None:
    hub = patched(False)
    archive = open_archive(str(tmp_path))
    archive.put("a", b"1")
    assert archive.get("a") == b"1"
    assert hub.spawned == []


def test_without_gevent_imported_calls_run_directly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "gevent.monkey", raising=False)
    assert archive_storage.off_hub(threading.get_ident) == threading.get_ident()


def test_the_real_thread_pool_runs_the_call_and_raises_its_errors(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(gevent.monkey, "is_module_patched", lambda name: name == "threading")
    hub = gevent.get_hub()
    try:
        assert archive_storage.off_hub(threading.get_ident) != threading.get_ident()
        assert archive_storage.off_hub(add, 1, b=2) == 3
        with pytest.raises(ZeroDivisionError):
            archive_storage.off_hub(lambda: 1 // 0)
    finally:
        hub.destroy(destroy_loop=True)


# --- fork -------------------------------------------------------------------------------------


def test_a_child_forked_after_archive_io_refuses_instead_of_hanging(tmp_path: Path) -> None:
    # In a fresh interpreter: obstore in a child forked after its parent's I/O would hang.
    script = textwrap.dedent(
        f"""
        import os
        from events.archive_storage import open_archive
        before = open_archive({str(tmp_path / "before")!r})
        pid = os.fork()
        if pid == 0:
            before.put("child", b"1")  # no I/O in the parent yet: fine
            os._exit(0)
        assert os.waitpid(pid, 0)[1] == 0
        archive = open_archive({str(tmp_path / "after")!r})
        archive.put("parent", b"1")
        pid = os.fork()
        if pid == 0:
            try:
                open_archive({str(tmp_path / "other")!r}).get("k")
            except RuntimeError as error:
                print("refused:", error, flush=True)
                os._exit(0)
            os._exit(1)
        assert os.waitpid(pid, 0)[1] == 0
        print("parent still works:", archive.get("parent"), flush=True)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "refused: the archive was used in process" in done.stdout
    assert "parent still works: b'1'" in done.stdout
    assert (tmp_path / "before" / "child").exists()
