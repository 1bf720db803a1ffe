from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GloriaPicktoriaFoxMoved")



@_attrs_define
class GloriaPicktoriaFoxMoved:
    """ 
        Attributes:
            seat (int):
            owner (int):
            chest (int):
            cost (int):
     """

    seat: int
    owner: int
    chest: int
    cost: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        owner = self.owner

        chest = self.chest

        cost = self.cost


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "owner": owner,
            "chest": chest,
            "cost": cost,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        owner = d.pop("owner")

        chest = d.pop("chest")

        cost = d.pop("cost")

        gloria_picktoria_fox_moved = cls(
            seat=seat,
            owner=owner,
            chest=chest,
            cost=cost,
        )

        return gloria_picktoria_fox_moved

