from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.table_closed_frame_status import TableClosedFrameStatus
from typing import Literal, cast






T = TypeVar("T", bound="TableClosedFrame")



@_attrs_define
class TableClosedFrame:
    """ 
        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['table_closed']):
            game (str):
            seat (int):
            version (int):
            status (TableClosedFrameStatus):
     """

    id: str
    type_: Literal['table_closed']
    game: str
    seat: int
    version: int
    status: TableClosedFrameStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        game = self.game

        seat = self.seat

        version = self.version

        status = self.status.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "game": game,
            "seat": seat,
            "version": version,
            "status": status,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['table_closed'] , d.pop("type"))
        if type_ != 'table_closed':
            raise ValueError(f"type must match const 'table_closed', got '{type_}'")

        game = d.pop("game")

        seat = d.pop("seat")

        version = d.pop("version")

        status = TableClosedFrameStatus(d.pop("status"))




        table_closed_frame = cls(
            id=id,
            type_=type_,
            game=game,
            seat=seat,
            version=version,
            status=status,
        )


        table_closed_frame.additional_properties = d
        return table_closed_frame

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
