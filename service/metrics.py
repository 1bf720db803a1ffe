"""Prometheus metrics. Under several gunicorn processes, set ``PROMETHEUS_MULTIPROC_DIR``."""

from __future__ import annotations

import functools

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)

REQUESTS = Counter(
    "foxden_http_requests_total", "HTTP requests by route and status", ["method", "route", "status"]
)
LATENCY = Histogram(
    "foxden_http_request_duration_seconds",
    "HTTP request latency by route (streams excluded)",
    ["method", "route"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
)
COMMANDS = Counter(
    "foxden_commands_total",
    "Appended commands (players, bots, timeouts) by game and type",
    ["game", "type"],
)
CONFLICTS = Counter(
    "foxden_version_conflicts_total", "Appends refused because the game had moved on"
)
SNAPSHOTS = Counter(
    "foxden_snapshots_total",
    "State snapshots met by reads: used, stale (other rules or format), unreadable",
    ["outcome"],
)
FOLLOW_UP_FAILURES = Counter(
    "foxden_follow_up_failures_total",
    "Follow-ups of a successful append that failed (bot, timeout: a job not queued; index);"
    " the sweeper repairs them",
    ["what"],
)
JOBS = Counter("foxden_jobs_total", "Worker jobs by kind and outcome", ["kind", "outcome"])
# Live delivery (service/live.py). In multiprocess mode a gauge is summed over the live processes.
STREAMS_OPEN = Gauge(
    "foxden_streams_open", "Open event streams (SSE, NDJSON follow)", multiprocess_mode="livesum"
)
STREAM_READERS = Gauge(
    "foxden_stream_readers",
    "Games being read for their streams (one reader per game per process)",
    multiprocess_mode="livesum",
)
STREAM_READS = Counter(
    "foxden_stream_reads_total",
    "XREADs of the stream readers, by outcome (events, or timeout: nothing new)",
    ["outcome"],
)
STREAM_EVENTS = Counter(
    "foxden_stream_events_total", "Events the stream readers read (each once per process)"
)
STREAMS_REFUSED = Counter(
    "foxden_streams_refused_total", "Streams answered 503 because the process held its cap"
)
# The accounts' streams (GET /v1/me/stream): one reader per watched account per process.
ACCOUNT_STREAM_READERS = Gauge(
    "foxden_account_stream_readers",
    "Accounts being read for their streams (read by one XREAD per bucket of accounts per process)",
    multiprocess_mode="livesum",
)
ACCOUNT_STREAM_READS = Counter(
    "foxden_account_stream_reads_total",
    "XREADs of the account stream readers, by outcome (frames, or timeout: nothing new)",
    ["outcome"],
)
ACCOUNT_STREAM_FRAMES = Counter(
    "foxden_account_stream_frames_total",
    "Frames the account stream readers read (each once per process)",
)


# The labelled series of a route, found once: ``labels()`` takes a lock and builds a key on
# every call, and every request counts itself.


@functools.cache
def request_counter(method: str, route: str, status: int) -> Counter:
    return REQUESTS.labels(method, route, str(status))


@functools.cache
def command_counter(game: str, type: str) -> Counter:
    return COMMANDS.labels(game, type)


@functools.cache
def latency_histogram(method: str, route: str) -> Histogram:
    return LATENCY.labels(method, route)


def exposition(multiprocess_dir: str | None = None) -> tuple[bytes, str]:
    """The metrics text of this process, or, given the folder of prometheus-client's
    multiprocess mode (``PROMETHEUS_MULTIPROC_DIR``), of every process that writes there."""
    if multiprocess_dir:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=multiprocess_dir)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST


def serve_worker_metrics(address: str) -> None:
    """Serve this process's metrics over HTTP at ``"PORT"`` (loopback) or ``"HOST:PORT"``.

    Workers serve no API, so this is how their jobs and bot moves reach Prometheus.
    """
    host, _, port = address.rpartition(":")
    start_http_server(int(port), addr=host or "127.0.0.1")
