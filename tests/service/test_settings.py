"""The settings (foxden/settings.py): read once from the environment, typed, refused with a
clear message when a value cannot work, and with the same defaults as the layers they reach."""

from __future__ import annotations

import pytest

from events import durability, redis_client
from foxden import server
from foxden.bootstrap import app_config
from foxden.cli import main
from foxden.settings import DURABILITY_WORDS, Settings, SettingsError
from service import capacity, tickets
from service.api import defaults
from service.games import WAITING_EXPIRY_S
from workers import runner, scheduler


def test_the_defaults_are_the_layers_own() -> None:
    """Written twice (the settings import no layer, see their docstring): kept equal here."""
    settings = Settings()
    assert settings.store_url == redis_client.DEFAULT_URL
    assert settings.redis_max_connections == redis_client.DEFAULT_MAX_CONNECTIONS
    assert durability.parse(settings.durability, settings.durability_wait_ms) == (
        durability.Durability()
    )
    assert Settings.from_env({"FOXDEN_DURABILITY": "replica,fsync"}).durability == "fsync,replica"
    assert durability.WORDS == DURABILITY_WORDS
    assert app_config(settings) == defaults()
    assert (settings.streams_per_process, settings.streams_per_client) == (
        capacity.DEFAULT_STREAMS,
        capacity.DEFAULT_STREAMS_PER_CLIENT,
    )
    assert settings.stream_ticket_ttl_s == tickets.DEFAULT_TTL_S
    assert settings.waiting_expiry_s == WAITING_EXPIRY_S
    assert settings.queue_prefix == scheduler.DEFAULT_PREFIX
    assert settings.job_timeout_s == scheduler.DEFAULT_JOB_TIMEOUT_S
    assert settings.sweep_s == runner.DEFAULT_SWEEP_S
    chosen = server.options("h", 1, settings=settings)
    assert chosen["worker_connections"] == capacity.DEFAULT_STREAMS + server.REQUEST_CONNECTIONS
    assert chosen["accesslog"] is None


def test_values_are_typed() -> None:
    settings = Settings.from_env(
        {
            "REDIS_URL": "redis://h:6380/1",
            "PORT": "9000",
            "FOXDEN_SWEEP_S": "0.5",
            "FOXDEN_BOT_MOVE_MS": "150",
            "FOXDEN_TRUSTED_PROXIES": "2",
            "FOXDEN_LOG_LEVEL": "warning",
            "FOXDEN_WORKER_METRICS": "0.0.0.0:9100",
            "FOXDEN_STORE_RETRY_S": "0",
        }
    )
    assert settings.store_url == "redis://h:6380/1"
    assert (settings.port, settings.sweep_s, settings.bot_move_ms) == (9000, 0.5, 150.0)
    assert (settings.trusted_proxies, settings.log_level) == (2, "WARNING")
    assert (settings.worker_metrics, settings.store_retry_s) == ("0.0.0.0:9100", 0.0)


def test_an_empty_value_is_the_default_except_where_it_means_something() -> None:
    settings = Settings.from_env({"FOXDEN_QUEUE_PREFIX": "", "REDIS_URL": "", "FOXDEN_SWEEP_S": ""})
    assert settings == Settings()
    assert Settings.from_env({"FOXDEN_RATE_LIMIT": ""}).rate_limit == ""  # limiting off


def test_a_password_in_a_redis_url_stays_out_of_the_repr() -> None:
    settings = Settings.from_env({"REDIS_URL": "redis://:hunter2@h/0", "FOXDEN_QUEUE_URL": "x"})
    assert "hunter2" not in repr(settings)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PORT", "http"),
        ("WEB_CONCURRENCY", "0"),
        ("FOXDEN_DURABILITY", "always"),
        ("FOXDEN_DURABILITY_WAIT_MS", "-1"),
        ("FOXDEN_STORE_RETRY_S", "soon"),
        ("FOXDEN_REDIS_MAX_CONNECTIONS", "lots"),
        ("FOXDEN_JOB_TIMEOUT_S", "0"),
        ("FOXDEN_WAITING_EXPIRY_S", "a day"),
        ("FOXDEN_TRUSTED_PROXIES", "yes"),
        ("FOXDEN_BODY_TIMEOUT_S", "0"),
        ("FOXDEN_MAX_BODY_BYTES", "1000"),
        ("FOXDEN_SSE_BLOCK_MS", ""),
        ("FOXDEN_STREAMS_PER_PROCESS", "none"),
        ("FOXDEN_STREAMS_PER_CLIENT", "-1"),
        ("FOXDEN_STREAM_TICKET_TTL_S", "3601"),
        ("FOXDEN_SWEEP_S", "nan"),
        ("FOXDEN_BOT_MOVE_MS", "inf"),
        ("FOXDEN_WORKER_METRICS", "localhost"),
        ("FOXDEN_LOG_LEVEL", "loud"),
    ],
)
def test_a_value_that_cannot_work_is_refused_by_name(
    name: str, value: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SettingsError, match=f"^{name} must be .*, not {value!r}$"):
        Settings.from_env({name: value})
    # Every command refuses to start, in one line (no traceback), before it touches anything.
    monkeypatch.setenv(name, value)
    assert main(["worker"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"foxden worker: {name} must be ") and err.count("\n") == 1


def test_every_variable_is_a_field() -> None:
    names = Settings.variables()
    assert len(names) == len(set(names))
    assert {"REDIS_URL", "FOXDEN_QUEUE_URL", "PORT", "FOXDEN_LOG_LEVEL"} <= set(names)
