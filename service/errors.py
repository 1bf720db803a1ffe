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


class MissingScope(ServiceError):
    """An account key without the scope the route needs (``scope`` names it)."""

    code, status = "missing_scope", 403


class AccountKeyRequired(ServiceError):
    """A valid credential that is not an account key, on a route about accounts."""

    code, status = "account_key_required", 403


class HandleTaken(ServiceError):
    code, status = "handle_taken", 409


class SignupClosed(ServiceError):
    """Sign-up needs an invite code (``invite``) or the operator key (``closed``)."""

    code, status = "signup_closed", 403


class InvalidInvite(ServiceError):
    code, status = "invalid_invite", 403


class KeyNotFound(ServiceError):
    code, status = "key_not_found", 404


class AccountNotFound(ServiceError):
    code, status = "account_not_found", 404


class DeviceCodeNotFound(ServiceError):
    """A device code that was never issued, was used already, or has expired."""

    code, status = "device_code_not_found", 404


class RatingGameNotFound(ServiceError):
    """``/v1/ratings/{game}`` for a game that is not in the catalogue."""

    code, status = "game_kind_not_found", 404


class ChallengeNotFound(ServiceError):
    """No challenge with that id, or one the caller is not part of (neither its challenger nor
    one of its opponents): the same answer, so that ids say nothing to strangers."""

    code, status = "challenge_not_found", 404


class ChallengeClosed(ServiceError):
    """An answer or a cancel of a challenge that is no longer open (``challenge_status`` says
    what it became: accepted, declined, canceled or expired)."""

    code, status = "challenge_closed", 409


class NotChallenged(ServiceError):
    """An accept or a decline from an account the challenge does not name as an opponent."""

    code, status = "not_challenged", 403


class NotChallenger(ServiceError):
    """A cancel of a challenge by one of its opponents: only its challenger cancels it."""

    code, status = "not_challenger", 403


class UnknownAccount(ServiceError):
    """A body names a handle that no account has (``handles`` lists them)."""

    code, status = "unknown_account", 422


class SeekNotFound(ServiceError):
    """No seek with that id, or one of another account."""

    code, status = "seek_not_found", 404


class SeekClosed(ServiceError):
    """A cancel of a seek that was paired (or cancelled) already (``seek_status`` says which)."""

    code, status = "seek_closed", 409


class WebhookNotFound(ServiceError):
    """No endpoint of the caller's has this id (another's is not told apart)."""

    code, status = "webhook_not_found", 404


class DeliveryNotFound(ServiceError):
    """No delivery of the endpoint has this id, or it is older than the retention."""

    code, status = "delivery_not_found", 404


class WebhookUrlRefused(ServiceError):
    """A URL the SSRF check refuses (``reason``: a stable word; ``errors`` names ``url``)."""

    code, status = "webhook_url_refused", 400


class TooManyWebhooks(ServiceError):
    code, status = "too_many_webhooks", 409


class WebhookDisabled(ServiceError):
    """A redelivery to a disabled endpoint: enable it first."""

    code, status = "webhook_disabled", 409
