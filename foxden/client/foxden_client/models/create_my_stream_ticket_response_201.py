from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime






T = TypeVar("T", bound="CreateMyStreamTicketResponse201")



@_attrs_define
class CreateMyStreamTicketResponse201:
    """ 
        Attributes:
            ticket (str):
            expires_at (datetime.datetime):
            stream (str): The stream's path with the ticket
     """

    ticket: str
    expires_at: datetime.datetime
    stream: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        ticket = self.ticket

        expires_at = self.expires_at.isoformat()

        stream = self.stream


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ticket": ticket,
            "expires_at": expires_at,
            "stream": stream,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ticket = d.pop("ticket")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))




        stream = d.pop("stream")

        create_my_stream_ticket_response_201 = cls(
            ticket=ticket,
            expires_at=expires_at,
            stream=stream,
        )


        create_my_stream_ticket_response_201.additional_properties = d
        return create_my_stream_ticket_response_201

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
