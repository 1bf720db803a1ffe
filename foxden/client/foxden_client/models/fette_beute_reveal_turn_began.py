from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="FetteBeuteRevealTurnBegan")



@_attrs_define
class FetteBeuteRevealTurnBegan:
    """ 
        Attributes:
            seat (int):
     """

    seat: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        fette_beute_reveal_turn_began = cls(
            seat=seat,
        )

        return fette_beute_reveal_turn_began

