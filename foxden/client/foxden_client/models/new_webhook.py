from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_events_item import WebhookEventsItem
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="NewWebhook")



@_attrs_define
class NewWebhook:
    """ 
        Attributes:
            url (str): https://… (http:// only where the operator allows it); its host must resolve to public addresses
                only.
            events (list[WebhookEventsItem]): The frame types of the account's stream the endpoint gets.
            description (str | Unset):
     """

    url: str
    events: list[WebhookEventsItem]
    description: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for componentsschemas_webhook_events_item_data in self.events:
            componentsschemas_webhook_events_item = componentsschemas_webhook_events_item_data.value
            events.append(componentsschemas_webhook_events_item)



        description = self.description


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "url": url,
            "events": events,
        })
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for componentsschemas_webhook_events_item_data in (_events):
            componentsschemas_webhook_events_item = WebhookEventsItem(componentsschemas_webhook_events_item_data)



            events.append(componentsschemas_webhook_events_item)


        description = d.pop("description", UNSET)

        new_webhook = cls(
            url=url,
            events=events,
            description=description,
        )

        return new_webhook

