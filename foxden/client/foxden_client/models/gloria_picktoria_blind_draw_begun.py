from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GloriaPicktoriaBlindDrawBegun")



@_attrs_define
class GloriaPicktoriaBlindDrawBegun:
    """ 
        Attributes:
            seat (int):
            cost (int):
     """

    seat: int
    cost: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        cost = self.cost


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "cost": cost,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        cost = d.pop("cost")

        gloria_picktoria_blind_draw_begun = cls(
            seat=seat,
            cost=cost,
        )

        return gloria_picktoria_blind_draw_begun

