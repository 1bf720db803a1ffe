from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_attempt_outcome import WebhookAttemptOutcome
from typing import cast






T = TypeVar("T", bound="WebhookAttempt")



@_attrs_define
class WebhookAttempt:
    """ 
        Attributes:
            delivery (str): The delivery's id (its webhook-id header).
            attempt (str): 1 to 8 on the retry schedule; r1, r2… for redeliveries.
            at (str):
            status_code (int | None): The receiver's status; null when none came (timeout, refused connection, refused
                target).
            latency_ms (int):
            response (str): The start of the receiver's answer.
            error (None | str):
            outcome (WebhookAttemptOutcome):
            next_attempt_at (None | str): When the next try is due (null: none follows).
     """

    delivery: str
    attempt: str
    at: str
    status_code: int | None
    latency_ms: int
    response: str
    error: None | str
    outcome: WebhookAttemptOutcome
    next_attempt_at: None | str





    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery

        attempt = self.attempt

        at = self.at

        status_code: int | None
        status_code = self.status_code

        latency_ms = self.latency_ms

        response = self.response

        error: None | str
        error = self.error

        outcome = self.outcome.value

        next_attempt_at: None | str
        next_attempt_at = self.next_attempt_at


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "delivery": delivery,
            "attempt": attempt,
            "at": at,
            "status_code": status_code,
            "latency_ms": latency_ms,
            "response": response,
            "error": error,
            "outcome": outcome,
            "next_attempt_at": next_attempt_at,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delivery = d.pop("delivery")

        attempt = d.pop("attempt")

        at = d.pop("at")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))


        latency_ms = d.pop("latency_ms")

        response = d.pop("response")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))


        outcome = WebhookAttemptOutcome(d.pop("outcome"))




        def _parse_next_attempt_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))


        webhook_attempt = cls(
            delivery=delivery,
            attempt=attempt,
            at=at,
            status_code=status_code,
            latency_ms=latency_ms,
            response=response,
            error=error,
            outcome=outcome,
            next_attempt_at=next_attempt_at,
        )

        return webhook_attempt

