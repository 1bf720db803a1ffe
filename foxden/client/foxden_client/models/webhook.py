from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_events_item import WebhookEventsItem
from ..models.webhook_status import WebhookStatus
from typing import cast






T = TypeVar("T", bound="Webhook")



@_attrs_define
class Webhook:
    """ 
        Attributes:
            id (str):
            url (str):
            events (list[WebhookEventsItem]): The frame types of the account's stream the endpoint gets.
            description (str):
            created_at (str):
            status (WebhookStatus):
            disabled_reason (None | str): Why it was disabled (every try failing for 5 days); null while enabled.
     """

    id: str
    url: str
    events: list[WebhookEventsItem]
    description: str
    created_at: str
    status: WebhookStatus
    disabled_reason: None | str





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for componentsschemas_webhook_events_item_data in self.events:
            componentsschemas_webhook_events_item = componentsschemas_webhook_events_item_data.value
            events.append(componentsschemas_webhook_events_item)



        description = self.description

        created_at = self.created_at

        status = self.status.value

        disabled_reason: None | str
        disabled_reason = self.disabled_reason


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "id": id,
            "url": url,
            "events": events,
            "description": description,
            "created_at": created_at,
            "status": status,
            "disabled_reason": disabled_reason,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for componentsschemas_webhook_events_item_data in (_events):
            componentsschemas_webhook_events_item = WebhookEventsItem(componentsschemas_webhook_events_item_data)



            events.append(componentsschemas_webhook_events_item)


        description = d.pop("description")

        created_at = d.pop("created_at")

        status = WebhookStatus(d.pop("status"))




        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))


        webhook = cls(
            id=id,
            url=url,
            events=events,
            description=description,
            created_at=created_at,
            status=status,
            disabled_reason=disabled_reason,
        )

        return webhook

