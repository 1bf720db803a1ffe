from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.event_author_kind import EventAuthorKind
from typing import cast






T = TypeVar("T", bound="EventAuthor")



@_attrs_define
class EventAuthor:
    """ 
        Attributes:
            seat (int | None):
            kind (EventAuthorKind):
     """

    seat: int | None
    kind: EventAuthorKind





    def to_dict(self) -> dict[str, Any]:
        seat: int | None
        seat = self.seat

        kind = self.kind.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "kind": kind,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))


        kind = EventAuthorKind(d.pop("kind"))




        event_author = cls(
            seat=seat,
            kind=kind,
        )

        return event_author

