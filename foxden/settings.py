"""Every environment variable Foxden reads, read once, typed and checked: :class:`Settings`.

The entry points (each ``foxden`` command, ``foxden.server:wsgi_app`` under any WSGI server,
the container health check) build one ``Settings`` with :meth:`Settings.from_env` and hand its
values down as plain parameters; nothing below ``foxden/`` reads the environment, so a layer's
behaviour is what its caller passed (a test passes what it needs). A value that cannot work
raises :class:`SettingsError` naming the variable before anything starts; the CLI prints it as
``foxden COMMAND: ...`` and exits 2. docs/operations.md describes each variable.

Standard library only, on purpose: gunicorn's master reads the settings, and whatever the
master imports, every API worker inherits before gevent patches it (foxden/server.py). That is
why the defaults are written here rather than imported from the layers that use them
(``events.redis_client`` imports redis-py); tests/docs checks that they agree.

Some rules are the composition root's, not a single value's, and are checked there: that the
jobs' Redis is one plain server (``foxden.bootstrap.queue_url``, needed by ``api``, ``worker``
and ``up`` only), and that the servers can honour ``FOXDEN_DURABILITY``.
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
# The words of FOXDEN_DURABILITY, as events.durability parses them.
DURABILITY_WORDS = ("fsync", "replica")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# Who may create accounts, as service.accounts.SIGNUP_MODES says.
SIGNUP_MODES = ("open", "invite", "closed")

Reader = Callable[[str, str], Any]


class SettingsError(ValueError):
    """An environment variable whose value cannot work; the message names it and says why."""


# --- readers: (variable name, its text) -> the value, or SettingsError -----------------------


def _text(name: str, raw: str) -> str:
    return raw


def _positive_int(name: str, raw: str) -> int:
    text = raw.strip()
    if not text.isdigit() or int(text) < 1:
        raise SettingsError(f"{name} must be a positive integer, not {raw!r}")
    return int(text)


def _count(name: str, raw: str) -> int:
    text = raw.strip()
    if not text.isdigit():
        raise SettingsError(f"{name} must be a whole number (0 or more), not {raw!r}")
    return int(text)


def _number(name: str, raw: str, *, zero: bool) -> float:
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not (value >= 0 if zero else value > 0) or value == float("inf"):
        least = "0 or more" if zero else "positive"
        raise SettingsError(f"{name} must be a {least} number, not {raw!r}")
    return value


def _positive_number(name: str, raw: str) -> float:
    return _number(name, raw, zero=False)


def _non_negative_number(name: str, raw: str) -> float:
    return _number(name, raw, zero=True)


def _port(name: str, raw: str) -> int:
    text = raw.strip()
    if not text.isdigit() or int(text) > 65535:
        raise SettingsError(f"{name} must be a port number (0 to 65535), not {raw!r}")
    return int(text)


def _between(least: int, most: int, unit: str) -> Reader:
    def read(name: str, raw: str) -> int:
        text = raw.strip()
        if not text.isdigit() or not least <= int(text) <= most:
            raise SettingsError(f"{name} must be {least} to {most} {unit}, not {raw!r}")
        return int(text)

    return read


def _at_least(least: int, unit: str) -> Reader:
    def read(name: str, raw: str) -> int:
        text = raw.strip()
        if not text.isdigit() or int(text) < least:
            raise SettingsError(f"{name} must be a number of {unit} >= {least}, not {raw!r}")
        return int(text)

    return read


def _durability(name: str, raw: str) -> str:
    words = {word.strip().lower() for word in raw.split(",")} - {"", "none"}
    if words - set(DURABILITY_WORDS):
        raise SettingsError(f"{name} must be none, fsync, replica or fsync,replica, not {raw!r}")
    return ",".join(word for word in DURABILITY_WORDS if word in words) or "none"


def _log_level(name: str, raw: str) -> str:
    level = raw.strip().upper()
    if level not in LOG_LEVELS:
        raise SettingsError(f"{name} must be one of {', '.join(LOG_LEVELS)}, not {raw!r}")
    return level


def _signup(name: str, raw: str) -> str:
    mode = raw.strip().lower()
    if mode not in SIGNUP_MODES:
        raise SettingsError(f"{name} must be one of {', '.join(SIGNUP_MODES)}, not {raw!r}")
    return mode


def _operator_key(name: str, raw: str) -> str:
    # A bearer credential (RFC 6750's characters), long enough not to be guessed, and never of
    # the form of an account key (fdk_...). The value itself is never echoed: it is a secret.
    key = raw.strip()
    allowed = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/")
    if len(key) < 32 or set(key) - allowed or key.startswith("fdk_"):
        raise SettingsError(
            f"{name} must be at least 32 characters of A-Z a-z 0-9 - . _ ~ + / (not starting"
            " with fdk_); for example: python -c 'import secrets; print(secrets.token_urlsafe(32))'"
        )
    return key


# A signer key in the Go note format: PRIVATE+KEY+<name>+<8 hex key id>+<base64(0x01 || seed)>.
_LOG_KEY_PREFIX = "PRIVATE+KEY+"


def _log_key(name: str, raw: str) -> str:
    # Its shape, with the standard library (module docstring); that the key id is the key's
    # needs Ed25519, checked at start-up (foxden.bootstrap.check_settings). Never echoed.
    key = raw.strip()
    parts = key.removeprefix(_LOG_KEY_PREFIX).split("+", 2)
    material = b""
    if len(parts) == 3:
        try:
            material = base64.b64decode(parts[2], validate=True)
        except ValueError:
            material = b""
    if (
        not key.startswith(_LOG_KEY_PREFIX)
        or len(parts) != 3
        or not parts[0]
        or not parts[0].isprintable()
        or any(ch.isspace() for ch in parts[0])
        or not re.fullmatch(r"[0-9a-f]{8}", parts[1])
        or len(material) != 33
        or material[0] != 1
        or base64.b64encode(material).decode() != parts[2]
    ):
        raise SettingsError(
            f"{name} must be a signer key PRIVATE+KEY+<name>+<key id>+<base64 key>, as"
            " `foxden log keygen` prints it"
        )
    return key


def _flag(name: str, raw: str) -> bool:
    word = raw.strip().lower()
    if word not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        raise SettingsError(f"{name} must be 1 or 0 (true/false, yes/no, on/off), not {raw!r}")
    return word in ("1", "true", "yes", "on")


def _stripped(name: str, raw: str) -> str:
    return raw.strip()


def _address(name: str, raw: str) -> str:
    host, _, port = raw.strip().rpartition(":")
    if not port.isdigit() or not 0 < int(port) <= 65535 or (":" in raw and not host):
        raise SettingsError(f"{name} must be PORT or HOST:PORT, not {raw!r}")
    return raw.strip()


def setting(
    env: str,
    default: Any,
    read: Reader = _text,
    *,
    blank_is_unset: bool = True,
    secret: bool = False,
) -> Any:
    """A field of :class:`Settings` read from ``env``. ``blank_is_unset``: an empty value
    means the default (else it is read like any other, and refused if it cannot work).
    ``secret``: left out of the settings' repr (a Redis URL may carry a password)."""
    return field(
        default=default,
        repr=not secret,
        metadata={"env": env, "read": read, "blank_is_unset": blank_is_unset},
    )


@dataclass(frozen=True)
class Settings:
    """Foxden's settings; ``Settings()`` is every default (what a test gets)."""

    # The event store's Redis; None (unset) matters: `foxden up` then runs an embedded Redis,
    # and `replay`/`audit --game` read the one a running `foxden up` records.
    redis_url: str | None = setting("REDIS_URL", None, secret=True)
    queue_url: str | None = setting("FOXDEN_QUEUE_URL", None, secret=True)
    durability: str = setting("FOXDEN_DURABILITY", "none", _durability)
    durability_wait_ms: int = setting("FOXDEN_DURABILITY_WAIT_MS", 1000, _positive_int)
    # None: the store's own default (2 s on a cluster, 0 on one server).
    store_retry_s: float | None = setting("FOXDEN_STORE_RETRY_S", None, _non_negative_number)
    redis_max_connections: int = setting(
        "FOXDEN_REDIS_MAX_CONNECTIONS", 1000, _positive_int, blank_is_unset=False
    )
    queue_prefix: str = setting("FOXDEN_QUEUE_PREFIX", "foxden")
    job_timeout_s: int = setting("FOXDEN_JOB_TIMEOUT_S", 30, _positive_int)
    waiting_expiry_s: float = setting("FOXDEN_WAITING_EXPIRY_S", 86400.0, _positive_number)
    # Idle limits (a table option, idle_limit_s): the API's default for a table that names none
    # (a correspondence game: 3 days; 0 = no limit), and the web page's live tables' (5 minutes).
    idle_limit_s: int = setting("FOXDEN_IDLE_LIMIT_S", 259200, _between(0, 2_592_000, "seconds"))
    live_idle_limit_s: int = setting(
        "FOXDEN_LIVE_IDLE_LIMIT_S", 300, _between(1, 2_592_000, "seconds")
    )
    # The command line's defaults of --host, --port and (foxden api) --workers.
    host: str = setting("HOST", "127.0.0.1")
    port: int = setting("PORT", 8000, _port, blank_is_unset=False)
    web_concurrency: int = setting("WEB_CONCURRENCY", 2, _positive_int, blank_is_unset=False)
    # The API. An empty FOXDEN_RATE_LIMIT turns limiting off, as "off" does.
    rate_limit: str = setting("FOXDEN_RATE_LIMIT", "1200 per minute", blank_is_unset=False)
    trusted_proxies: int = setting("FOXDEN_TRUSTED_PROXIES", 0, _count, blank_is_unset=False)
    body_timeout_s: float = setting("FOXDEN_BODY_TIMEOUT_S", 10.0, _positive_number)
    max_body_bytes: int = setting(
        "FOXDEN_MAX_BODY_BYTES", 65536, _at_least(1024, "bytes"), blank_is_unset=False
    )
    sse_block_ms: int = setting("FOXDEN_SSE_BLOCK_MS", 2000, _positive_int, blank_is_unset=False)
    streams_per_process: int = setting(
        "FOXDEN_STREAMS_PER_PROCESS", 1000, _positive_int, blank_is_unset=False
    )
    streams_per_client: int = setting(
        "FOXDEN_STREAMS_PER_CLIENT", 50, _positive_int, blank_is_unset=False
    )
    stream_ticket_ttl_s: int = setting(
        "FOXDEN_STREAM_TICKET_TTL_S", 60, _between(1, 3600, "seconds"), blank_is_unset=False
    )
    cors_origins: str = setting("FOXDEN_CORS_ORIGINS", "")
    access_log: str | None = setting("FOXDEN_ACCESS_LOG", None)
    # prometheus-client's own variable: it reads it too, at import, in every process.
    metrics_dir: str | None = setting("PROMETHEUS_MULTIPROC_DIR", None)
    # The workers.
    sweep_s: float = setting("FOXDEN_SWEEP_S", 10.0, _positive_number)
    bot_move_ms: float | None = setting("FOXDEN_BOT_MOVE_MS", None, _positive_number)
    worker_metrics: str | None = setting("FOXDEN_WORKER_METRICS", None, _address)
    log_level: str = setting("FOXDEN_LOG_LEVEL", "INFO", _log_level)
    # Accounts: who may sign up, and the operator's key (invites; sign-up when closed).
    signup: str = setting("FOXDEN_SIGNUP", "open", _signup)
    operator_key: str | None = setting("FOXDEN_OPERATOR_KEY", None, _operator_key, secret=True)
    # The log of archived games (issue #42, docs/operations.md): the signer key of its
    # checkpoints (None: the service's own, kept in Redis; set one in production, `foxden log
    # keygen`); the archive ("" means var/archive, or the archive directory of the embedded
    # `foxden up`); and how long after its end a game goes there.
    log_key: str | None = setting("FOXDEN_LOG_KEY", None, _log_key, secret=True)
    archive_url: str = setting("FOXDEN_ARCHIVE_URL", "", _stripped)
    archive_after_s: int = setting(
        "FOXDEN_ARCHIVE_AFTER_S", 3600, _between(0, 31_536_000, "seconds")
    )
    # Webhooks (service/webhooks.py, docs/operations.md): whether endpoints may be http:// and
    # on private addresses (a closed network, tests), a try's timeout, how long deliveries and
    # their attempt log are kept, and how long every try may fail before an endpoint is disabled.
    webhooks_allow_http: bool = setting("FOXDEN_WEBHOOKS_ALLOW_HTTP", False, _flag)
    webhooks_allow_private: bool = setting("FOXDEN_WEBHOOKS_ALLOW_PRIVATE", False, _flag)
    webhooks_timeout_s: float = setting("FOXDEN_WEBHOOKS_TIMEOUT_S", 10.0, _positive_number)
    webhooks_retention_s: int = setting(
        "FOXDEN_WEBHOOKS_RETENTION_S", 259200, _between(86_400, 31_536_000, "seconds")
    )
    webhooks_disable_after_s: int = setting(
        "FOXDEN_WEBHOOKS_DISABLE_AFTER_S", 432000, _between(60, 31_536_000, "seconds")
    )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """The settings of ``environ`` (the process's environment by default); raises
        SettingsError on the first value that cannot work."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for each in fields(cls):
            name, raw = each.metadata["env"], environ.get(each.metadata["env"])
            if raw is None or (raw == "" and each.metadata["blank_is_unset"]):
                continue
            values[each.name] = each.metadata["read"](name, raw)
        settings = cls(**values)
        if settings.signup != "open" and settings.operator_key is None:
            raise SettingsError(
                f"FOXDEN_SIGNUP={settings.signup} needs FOXDEN_OPERATOR_KEY: without it nobody"
                " could make an invite or an account"
            )
        return settings

    @classmethod
    def variables(cls) -> tuple[str, ...]:
        """The names of every environment variable Foxden reads."""
        return tuple(each.metadata["env"] for each in fields(cls))

    @property
    def store_url(self) -> str:
        """The event store's Redis: ``REDIS_URL``, else the local default."""
        return self.redis_url or DEFAULT_REDIS_URL
