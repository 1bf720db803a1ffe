"""The archive's object storage: bytes by key, in a directory or an S3-compatible bucket.

Finished games leave Redis for "the archive" (issue #42); this module only stores and fetches
objects there, through obstore (stack notes 3, section 4). What the objects hold, and when
they are written, is ``events/archive.py``'s and ``service/archiver.py``'s business.

**FOXDEN_ARCHIVE_URL** (:func:`open_archive`) takes one of:

* a plain path, ``var/archive`` or ``/srv/foxden/archive``: a directory (created on first
  use). A relative path resolves against ``base_dir``, else the working directory, when the
  archive is opened. A relative path that looks like a URL (``name:...``) must be written
  ``./name:...``.
* ``file:///srv/foxden/archive``: the same, as a URL (absolute paths only).
* ``s3://bucket[/prefix][?query]``: an S3 bucket or any S3-compatible server. A prefix is put
  in front of every key, so several archives can share one bucket without seeing each
  other's objects. Query parameters, all optional:

  - ``endpoint=http://host:port``: a server other than AWS (MinIO, Ceph, R2, moto...);
  - ``region=eu-central-1``;
  - ``allow_http=true``: needed for a plain-http endpoint, which obstore otherwise refuses
    with an unhelpful "builder error" on every call (checked here, at open);
  - ``virtual_hosted=true|false``: bucket in the host name, or in the path (path style, the
    default, and what moto and MinIO want);
  - ``access_key_id=...&secret_access_key=...``: credentials in the URL, for tests and local
    servers. The secret is shown as ``***`` in :attr:`ArchiveStorage.url` and in every error.

  Credentials and settings not in the URL come from the environment, which obstore's
  ``S3Store`` reads itself when it is built: ``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``,
  ``AWS_SESSION_TOKEN``, ``AWS_REGION`` (or ``AWS_DEFAULT_REGION``), ``AWS_ENDPOINT_URL``, and
  the container, web-identity and instance-metadata credentials obstore supports (with none
  of them, it asks the instance-metadata service). It does not read ``~/.aws`` profiles.
  ``AWS_ALLOW_HTTP`` is read here, at open (obstore drops it once client options are given).
  URL parameters win over the environment, endpoint included (obstore would let
  ``AWS_ENDPOINT_URL_S3`` override it).

Anything else (``gs://``, ``ftp://``, an unknown query parameter, a bucket name S3 would refuse)
raises ``ValueError`` naming FOXDEN_ARCHIVE_URL and what it accepts.

**Keys** are ``/``-separated segments of letters, digits, ``.``, ``_``, ``=`` and ``-``, not
starting with ``.``; anything else raises ``ValueError``. obstore would otherwise accept some
keys on S3 and refuse or rewrite them on a directory (``/a`` becomes ``a``, ``a#1`` is refused,
``a/../b`` raises), and a key must mean the same object on both backends.

**Errors.** An absent key is an answer, not an error (``get`` and ``head`` give None, ``create``
reports whether it wrote, ``delete`` does nothing). Anything else obstore or the file system
raises (the server cannot be reached, bad credentials, a missing bucket, a full disk) becomes
:class:`ArchiveUnavailable`, naming the archive (redacted) and the key, with the original as its
``__cause__``: the API answers it with 503. S3 calls give up within seconds, not minutes: 2 s
to connect, 30 s a request, 3 retries started within 10 s (obstore's defaults: 10 retries
within 3 minutes).

A missing bucket is told from a missing key wherever the server says so (``get``,
``delete``); a ``HEAD`` answer has no body, so ``head`` cannot tell and answers None. On AWS
the credentials need ``s3:ListBucket`` as well as ``s3:GetObject``: without it S3 answers a
missing key with 403, not 404, and ``get`` raises instead of answering None (``keys`` needs it
anyway).

**Two traps, handled here** (stack notes 3, section 4):

* *gevent.* An obstore call waits for obstore's own runtime in the calling OS thread: under
  gunicorn's gevent worker that is the hub's thread, and every greenlet of the process would
  stall for the whole call. When gevent has patched ``threading``, every call therefore runs
  in the hub's thread pool (:func:`off_hub`); otherwise (RQ workers, the CLI) directly.
* *fork.* A process forked after obstore did any I/O in its parent hangs forever on its next
  obstore call, whatever store it uses. So the store is built on first use, never at open,
  and **nothing may touch the archive before a fork**: gunicorn runs without ``--preload``
  and the RQ workers are ``SimpleWorker`` (no work-horse fork). A call in a child forked after
  the parent's first I/O raises ``RuntimeError`` instead of hanging.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, ParamSpec, TypeAlias, TypeVar
from urllib.parse import parse_qsl, unquote, unquote_plus, urlsplit

import obstore
from obstore.exceptions import AlreadyExistsError, BaseError
from obstore.store import LocalStore, S3Store

if TYPE_CHECKING:
    from obstore.store import ClientConfig, RetryConfig, S3Config

__all__ = [
    "ArchiveStorage",
    "ArchiveUnavailable",
    "off_hub",
    "open_archive",
    "redact",
]

T = TypeVar("T")
P = ParamSpec("P")
Store: TypeAlias = LocalStore | S3Store

SETTING = "FOXDEN_ARCHIVE_URL"
ACCEPTED = (
    "a directory (a path, relative to the working directory, or file:///absolute/path) or "
    "s3://bucket[/prefix] with the optional query parameters endpoint=http(s)://host[:port], "
    "region=, allow_http=true|false, virtual_hosted=true|false, access_key_id= and "
    "secret_access_key="
)
S3_PARAMETERS = frozenset(
    {"endpoint", "region", "allow_http", "virtual_hosted", "access_key_id", "secret_access_key"}
)
SECRET_PARAMETERS = frozenset({"secret_access_key"})
HIDDEN = "***"
# user:password@ in any URL of the string (the archive's, an endpoint's).
PASSWORD = re.compile(r"(://[^/?#@\s:]*:)[^/?#@\s]*@")

# Bounds on one S3 call, so that an archive that is down answers the API's 503 in seconds.
CONNECT_TIMEOUT = timedelta(seconds=2)
REQUEST_TIMEOUT = timedelta(seconds=30)
MAX_RETRIES = 3
RETRY_TIMEOUT = timedelta(seconds=10)
BACKOFF_FIRST = timedelta(milliseconds=100)
BACKOFF_MAX = timedelta(seconds=1)

# S3's bucket naming rules: 3 to 63 lower-case letters, digits, dots and hyphens, starting and
# ending with a letter or digit.
BUCKET = re.compile(r"[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")
SEGMENT = r"[A-Za-z0-9_=-][A-Za-z0-9._=-]*"
KEY = re.compile(rf"{SEGMENT}(?:/{SEGMENT})*")
# A prefix for keys(): whole segments, each followed by '/', then possibly part of one.
LIST_PREFIX = re.compile(rf"(?:{SEGMENT}/)*[A-Za-z0-9._=-]*")
_KEY_RULE = (
    "keys are '/'-separated segments of letters, digits, '.', '_', '=' and '-', "
    "not starting with '.'"
)
MAX_KEY_BYTES = 1024  # S3's limit
MAX_SEGMENT_BYTES = 255  # a file name's limit on the usual file systems
SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
S3_CODE = re.compile(r"<Code>([A-Za-z0-9.]+)</Code>")
XML_DECLARATION = re.compile(r":?\s*<\?xml[^>]*\?>\s*$")
TRUTHY = frozenset({"1", "true", "on", "yes", "y"})  # what obstore takes for AWS_ALLOW_HTTP


class ArchiveUnavailable(Exception):
    """The archive cannot be reached or refused the call (network, credentials, a missing
    bucket, the disk): transient as far as a client can tell, answered with 503."""


def off_hub(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)``, in gevent's thread pool when gevent has patched this process.

    An obstore call blocks its OS thread until it is done; on gevent's hub that freezes every
    greenlet (a 40 MB put froze it for 0.37 s; through the pool the longest gap was 0.02 s).
    Elsewhere the call runs directly. gevent is imported only when it has patched the process.
    """
    if not _gevent_patched():
        return fn(*args, **kwargs)
    import gevent  # type: ignore[import-untyped]

    result: T = gevent.get_hub().threadpool.spawn(fn, *args, **kwargs).get()
    return result


def _gevent_patched() -> bool:
    # gevent.monkey is in sys.modules whenever gevent patched anything: no import needed to ask.
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and bool(monkey.is_module_patched("threading"))


class _Io:
    """The process that did this module's first obstore I/O, to refuse a child forked after it
    (whose obstore would hang) instead of hanging."""

    pid: int | None = None

    @classmethod
    def begin(cls) -> None:
        pid = os.getpid()
        if cls.pid is None:
            cls.pid = pid
        elif cls.pid != pid:
            raise RuntimeError(
                f"the archive was used in process {cls.pid} before it forked this one "
                f"({pid}): obstore would hang here. Do no archive I/O before a fork "
                "(no gunicorn --preload that touches it; RQ SimpleWorker, not Worker)."
            )


class ArchiveStorage:
    """Objects by key in a directory or an S3-compatible bucket, through obstore.

    Built by :func:`open_archive`. Opening does no I/O (the obstore store is built on the
    first call: see the module's note on fork). Safe to share between threads and greenlets.
    """

    def __init__(self, url: str, build: Callable[[], Store]) -> None:
        #: The URL it was opened with, secrets replaced by ``***``: safe to log.
        self.url = url
        self._build = build
        self._store: Store | None = None

    def __repr__(self) -> str:
        return f"ArchiveStorage({self.url!r})"

    def put(self, key: str, data: bytes) -> None:
        """Store ``data`` under ``key``, replacing what was there (atomically: a reader sees
        the old object or the new one, never part of one)."""
        _check_key(key)

        def put(store: Store) -> None:
            # One PUT, never multipart: objects are small and a PUT is atomic on its own.
            obstore.put(store, key, data, use_multipart=False)

        self._call("put", key, put)

    def create(self, key: str, data: bytes) -> bool:
        """Store ``data`` under ``key`` unless something is there already: True if written,
        False if the key existed (its object is left as it was). Atomic on both backends (S3's
        ``If-None-Match: *``, a no-replace link on a file system)."""
        _check_key(key)

        def create(store: Store) -> bool:
            try:
                obstore.put(store, key, data, mode="create", use_multipart=False)
            except AlreadyExistsError:
                return False
            return True

        return self._call("create", key, create)

    def get(self, key: str) -> bytes | None:
        """The object under ``key``, or None when there is none."""
        _check_key(key)

        def get(store: Store) -> bytes | None:
            try:
                return obstore.get(store, key).bytes().to_bytes()
            except FileNotFoundError as error:
                if _no_bucket(error):
                    raise
                return None

        return self._call("get", key, get)

    def delete(self, key: str) -> None:
        """Remove the object under ``key``; an absent one is not an error."""
        _check_key(key)

        def delete(store: Store) -> None:
            try:
                obstore.delete(store, key)
            except FileNotFoundError as error:
                if _no_bucket(error):
                    raise

        self._call("delete", key, delete)

    def keys(self, prefix: str = "") -> Iterator[str]:
        """Every key that starts with ``prefix`` (a plain string prefix, as S3 means it:
        ``"log/00"`` finds ``log/0001``), in ascending order.

        The whole listing is read before the first key is given (obstore lists in batches,
        unordered on a directory), so errors are raised here, not halfway through a loop.
        """
        if not LIST_PREFIX.fullmatch(prefix):
            raise ValueError(f"archive key prefix {prefix!r}: {_KEY_RULE}")
        # obstore lists whole path segments: ask for the directory, filter the rest here.
        directory = prefix.rpartition("/")[0] or None

        def keys(store: Store) -> list[str]:
            found = (meta["path"] for batch in obstore.list(store, directory) for meta in batch)
            return sorted(path for path in found if path.startswith(prefix))

        return iter(self._call("list", prefix, keys))

    def head(self, key: str) -> int | None:
        """The size in bytes of the object under ``key``, or None when there is none (or,
        since a HEAD answer has no body to tell, when the bucket does not exist)."""
        _check_key(key)

        def head(store: Store) -> int | None:
            try:
                return obstore.head(store, key)["size"]
            except FileNotFoundError:
                return None

        return self._call("head", key, head)

    def _call(self, action: str, key: str, operation: Callable[[Store], T]) -> T:
        """Run ``operation`` on the store, off gevent's hub, with storage errors wrapped."""
        _Io.begin()
        try:
            return off_hub(self._on_store, operation)
        except (BaseError, OSError) as error:
            raise ArchiveUnavailable(
                f"archive {self.url}: {action} {key!r} failed: {_summary(error)}"
            ) from error

    def _on_store(self, operation: Callable[[Store], T]) -> T:
        # Built here, on first use and off the hub (a directory's is created now). Two first
        # calls at once may each build one; either is as good, and building does no I/O on S3.
        store = self._store
        if store is None:
            store = self._store = self._build()
        return operation(store)


def open_archive(
    url: str, *, base_dir: Path | None = None, environ: Mapping[str, str] | None = None
) -> ArchiveStorage:
    """The archive at ``url`` (FOXDEN_ARCHIVE_URL; the forms are in the module's docstring).
    ``environ`` is the process's environment, handed down by the composition root (a layer
    reads none itself): AWS_ALLOW_HTTP and the endpoint variables are read from it.

    Checks the URL and raises ``ValueError`` for one it does not accept, but does no I/O: the
    first call on the archive connects (or creates the directory).
    """
    url = url.strip()  # an environment variable's stray spaces or newline
    shown = redact(url)
    if not url:
        raise _refused(shown, "it is empty")
    if "\x00" in url:
        raise _refused(shown, "it holds a NUL character")
    match = SCHEME.match(url)
    if match is None or len(match.group(1)) == 1:  # a path (or a Windows drive letter)
        return _directory(Path(url), base_dir, shown)
    scheme = match.group(1).lower()
    if scheme == "file":
        return _directory(_file_path(url, shown), None, shown)
    if scheme == "s3":
        return _s3(url, shown, environ or {})
    problem = f"the scheme {scheme}: is not supported"
    if not url[match.end() :].startswith("//"):  # perhaps a directory with a colon in its name
        problem += f" (write ./{shown} for a relative directory of that name)"
    raise _refused(shown, problem)


def redact(url: str) -> str:
    """``url`` with its secrets (``secret_access_key``'s value, a URL's password) replaced by
    ``***``, and otherwise unchanged: what is safe to log or show in an error."""
    url = PASSWORD.sub(rf"\1{HIDDEN}@", url)
    base, mark, query = url.partition("?")
    if not mark:
        return url
    query, hash_, fragment = query.partition("#")
    pieces = []
    for piece in query.split("&"):
        name, equals, _ = piece.partition("=")
        hidden = equals and unquote_plus(name) in SECRET_PARAMETERS
        pieces.append(f"{name}={HIDDEN}" if hidden else piece)
    return f"{base}?{'&'.join(pieces)}{hash_}{fragment}"


def _directory(path: Path, base_dir: Path | None, shown: str) -> ArchiveStorage:
    if not path.is_absolute():
        path = (base_dir or Path.cwd()) / path
    root = str(path.absolute())
    return ArchiveStorage(shown, lambda: LocalStore(root, mkdir=True))


def _file_path(url: str, shown: str) -> Path:
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise _refused(shown, "a file: URL names a path on this machine: file:///absolute/path")
    if parts.query or parts.fragment:
        raise _refused(shown, "a file: URL takes no query or fragment")
    if not parts.path.startswith("/"):
        raise _refused(shown, "a file: URL needs an absolute path: file:///absolute/path")
    return Path(unquote(parts.path))


def _s3(url: str, shown: str, environ: Mapping[str, str]) -> ArchiveStorage:
    parts = urlsplit(url)
    if "@" in parts.netloc:
        raise _refused(
            shown,
            "credentials go in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) or "
            "in the query (access_key_id=, secret_access_key=), not before the bucket",
        )
    bucket = parts.netloc
    if not BUCKET.fullmatch(bucket):
        raise _refused(
            shown,
            f"the bucket name {bucket!r} is not one S3 accepts (3 to 63 lower-case letters, "
            "digits, dots and hyphens, starting and ending with a letter or digit)",
        )
    prefix = unquote(parts.path).strip("/")
    if prefix and not KEY.fullmatch(prefix):
        raise _refused(shown, f"the prefix {prefix!r} is not a valid key: {_KEY_RULE}")
    if parts.fragment:
        raise _refused(shown, "an s3: URL takes no fragment")
    query = _query(parts.query, shown)
    config = _s3_config(query, shown)
    client: ClientConfig = {
        "connect_timeout": CONNECT_TIMEOUT,
        "timeout": REQUEST_TIMEOUT,
        "allow_http": _allow_http(query, shown, environ),
    }
    retry: RetryConfig = {
        "max_retries": MAX_RETRIES,
        "retry_timeout": RETRY_TIMEOUT,
        "backoff": {"init_backoff": BACKOFF_FIRST, "max_backoff": BACKOFF_MAX},
    }

    def build() -> S3Store:
        return S3Store(
            bucket,
            prefix=prefix or None,
            config=config,
            client_options=client,
            retry_config=retry,
        )

    return ArchiveStorage(shown, build)


def _s3_config(query: dict[str, str], shown: str) -> S3Config:
    """What the URL's query sets; the environment gives the rest when the store is built."""
    config: S3Config = {}
    if "region" in query:
        config["region"] = query["region"]
    if "endpoint" in query:
        _check_endpoint(query["endpoint"], shown)
        config["endpoint"] = query["endpoint"]
        # obstore lets AWS_ENDPOINT_URL_S3 win over an explicit endpoint (verified with
        # 0.12.1): set that one too, so that the URL wins over the environment.
        config["aws_endpoint_url_s3"] = query["endpoint"]
    if "virtual_hosted" in query:
        config["virtual_hosted_style_request"] = _flag(query, "virtual_hosted", shown)
    if ("access_key_id" in query) != ("secret_access_key" in query):
        raise _refused(shown, "access_key_id and secret_access_key go together")
    if "access_key_id" in query:
        config["access_key_id"] = query["access_key_id"]
        config["secret_access_key"] = query["secret_access_key"]
    return config


def _allow_http(query: dict[str, str], shown: str, environ: Mapping[str, str]) -> bool:
    """Whether plain http is allowed, refusing an http endpoint without it (obstore's own
    error for that, on every call, is a bare "builder error")."""
    # Passing client options at all drops obstore's own reading of AWS_ALLOW_HTTP (verified
    # with 0.12.1), so the environment's value is read here when the URL does not say.
    if "allow_http" in query:
        allowed = _flag(query, "allow_http", shown)
    else:
        allowed = environ.get("AWS_ALLOW_HTTP", "").strip().lower() in TRUTHY
    endpoint = query.get("endpoint") or next(
        (environ[name] for name in _ENDPOINT_VARIABLES if environ.get(name)), ""
    )
    if endpoint.lower().startswith("http://") and not allowed:
        raise _refused(
            shown,
            f"the endpoint {redact(endpoint)} is plain http: add allow_http=true to the URL "
            "(or set AWS_ALLOW_HTTP=true)",
        )
    return allowed


# Where obstore looks for an endpoint when the URL names none, in its order.
_ENDPOINT_VARIABLES = ("AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL", "AWS_ENDPOINT")


def _query(query: str, shown: str) -> dict[str, str]:
    pairs = parse_qsl(query, keep_blank_values=True)
    found: dict[str, str] = {}
    for name, value in pairs:
        if name not in S3_PARAMETERS:
            raise _refused(shown, f"unknown query parameter {name!r}")
        if name in found:
            raise _refused(shown, f"the query parameter {name!r} is given twice")
        if not value:
            raise _refused(shown, f"the query parameter {name!r} is empty")
        found[name] = value
    return found


def _flag(query: dict[str, str], name: str, shown: str) -> bool:
    value = query[name].lower()
    if value not in ("true", "false"):
        raise _refused(shown, f"{name} must be true or false, not {query[name]!r}")
    return value == "true"


def _check_endpoint(endpoint: str, shown: str) -> None:
    parts = urlsplit(endpoint)
    if parts.scheme not in ("http", "https") or not parts.hostname or "@" in parts.netloc:
        raise _refused(shown, f"the endpoint {redact(endpoint)!r} is not an http(s)://host[:port]")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise _refused(
            shown, f"the endpoint {redact(endpoint)!r} is not a bare http(s)://host[:port]"
        )


def _refused(shown: str, problem: str) -> ValueError:
    return ValueError(f"{SETTING}={shown!r}: {problem}. Accepted: {ACCEPTED}.")


def _check_key(key: str) -> None:
    if not KEY.fullmatch(key):
        raise ValueError(f"archive key {key!r}: {_KEY_RULE}")
    if len(key) > MAX_KEY_BYTES or any(len(s) > MAX_SEGMENT_BYTES for s in key.split("/")):
        raise ValueError(
            f"archive key {key[:40]!r}...: at most {MAX_KEY_BYTES} characters, "
            f"{MAX_SEGMENT_BYTES} a segment"
        )


def _no_bucket(error: FileNotFoundError) -> bool:
    """Whether a not-found error is S3's NoSuchBucket (a misconfigured archive, not a
    missing key). obstore maps both to FileNotFoundError; only the answer's body differs."""
    return "<Code>NoSuchBucket</Code>" in str(error)


def _summary(error: BaseException) -> str:
    """What failed, in one line: obstore's first line (the rest is a multi-line debug dump)
    and S3's error code, which comes later in the answer's XML body."""
    text = str(error).strip()
    line = XML_DECLARATION.sub("", text.splitlines()[0]) if text else type(error).__name__
    code = S3_CODE.search(text)
    if code and code.group(1) not in line:
        line = f"{line} [{code.group(1)}]"
    return line
