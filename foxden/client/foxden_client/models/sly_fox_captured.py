from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SlyFoxCaptured")



@_attrs_define
class SlyFoxCaptured:
    """ 
        Attributes:
            seat (int):
            space (str):
            owner (int):
     """

    seat: int
    space: str
    owner: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        space = self.space

        owner = self.owner


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "space": space,
            "owner": owner,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        space = d.pop("space")

        owner = d.pop("owner")

        sly_fox_captured = cls(
            seat=seat,
            space=space,
            owner=owner,
        )

        return sly_fox_captured

