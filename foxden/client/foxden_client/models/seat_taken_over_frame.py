from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.seat_taken_over_frame_reason import SeatTakenOverFrameReason
from typing import Literal, cast






T = TypeVar("T", bound="SeatTakenOverFrame")



@_attrs_define
class SeatTakenOverFrame:
    """ 
        Attributes:
            id (str): The frame's id (a Redis stream entry id), for `Last-Event-ID` or `?after=`.
            type_ (Literal['seat_taken_over']):
            game (str):
            seat (int):
            reason (SeatTakenOverFrameReason):
            version (int):
     """

    id: str
    type_: Literal['seat_taken_over']
    game: str
    seat: int
    reason: SeatTakenOverFrameReason
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        game = self.game

        seat = self.seat

        reason = self.reason.value

        version = self.version


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "id": id,
            "type": type_,
            "game": game,
            "seat": seat,
            "reason": reason,
            "version": version,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = cast(Literal['seat_taken_over'] , d.pop("type"))
        if type_ != 'seat_taken_over':
            raise ValueError(f"type must match const 'seat_taken_over', got '{type_}'")

        game = d.pop("game")

        seat = d.pop("seat")

        reason = SeatTakenOverFrameReason(d.pop("reason"))




        version = d.pop("version")

        seat_taken_over_frame = cls(
            id=id,
            type_=type_,
            game=game,
            seat=seat,
            reason=reason,
            version=version,
        )


        seat_taken_over_frame.additional_properties = d
        return seat_taken_over_frame

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
