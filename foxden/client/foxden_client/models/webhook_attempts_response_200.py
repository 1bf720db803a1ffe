from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.webhook_attempt import WebhookAttempt





T = TypeVar("T", bound="WebhookAttemptsResponse200")



@_attrs_define
class WebhookAttemptsResponse200:
    """ 
        Attributes:
            attempts (list[WebhookAttempt]):
     """

    attempts: list[WebhookAttempt]





    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_attempt import WebhookAttempt # noqa: PLC0415
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "attempts": attempts,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_attempt import WebhookAttempt # noqa: PLC0415
        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in (_attempts):
            attempts_item = WebhookAttempt.from_dict(attempts_item_data)



            attempts.append(attempts_item)


        webhook_attempts_response_200 = cls(
            attempts=attempts,
        )

        return webhook_attempts_response_200

