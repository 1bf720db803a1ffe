from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GloriaPicktoriaTurnEnded")



@_attrs_define
class GloriaPicktoriaTurnEnded:
    """ 
        Attributes:
            seat (int):
            next_ (int):
     """

    seat: int
    next_: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        next_ = self.next_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "next": next_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        next_ = d.pop("next")

        gloria_picktoria_turn_ended = cls(
            seat=seat,
            next_=next_,
        )

        return gloria_picktoria_turn_ended

