from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="RedeliverWebhookResponse202")



@_attrs_define
class RedeliverWebhookResponse202:
    """ 
        Attributes:
            delivery (str):
            attempt (str):
     """

    delivery: str
    attempt: str





    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery

        attempt = self.attempt


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "delivery": delivery,
            "attempt": attempt,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delivery = d.pop("delivery")

        attempt = d.pop("attempt")

        redeliver_webhook_response_202 = cls(
            delivery=delivery,
            attempt=attempt,
        )

        return redeliver_webhook_response_202

