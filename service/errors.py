"""Errors of the application service that are not rule errors (those live in ``domain``).

Each has a stable ``code`` and an HTTP ``status`` that the API maps one to one.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    code = "error"
    status = 400

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


class GameNotFound(ServiceError):
    code, status = "game_not_found", 404


class VersionNotFound(ServiceError):
    """``?version=N`` past the game's latest version."""

    code, status = "version_not_found", 404


class Unauthorized(ServiceError):
    code, status = "unauthorized", 401


class Forbidden(ServiceError):
    code, status = "forbidden", 403


class VersionConflict(ServiceError):
    """The game moved on while the command was decided, twice in a row."""

    code, status = "version_conflict", 409


class PreconditionFailed(ServiceError):
    """``If-Match`` named a version that is not the current one."""

    code, status = "precondition_failed", 412


class IdempotencyKeyReused(ServiceError):
    code, status = "idempotency_key_reused", 422


class NotFinished(ServiceError):
    code, status = "not_finished", 409


class UnknownGame(ServiceError):
    """A create body named a game that is not in the catalogue."""

    code, status = "unknown_game", 400
