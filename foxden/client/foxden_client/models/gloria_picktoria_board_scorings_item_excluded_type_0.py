from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="GloriaPicktoriaBoardScoringsItemExcludedType0")



@_attrs_define
class GloriaPicktoriaBoardScoringsItemExcludedType0:
    """ 
        Attributes:
            owner (int):
            chest (int):
     """

    owner: int
    chest: int





    def to_dict(self) -> dict[str, Any]:
        owner = self.owner

        chest = self.chest


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "owner": owner,
            "chest": chest,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        owner = d.pop("owner")

        chest = d.pop("chest")

        gloria_picktoria_board_scorings_item_excluded_type_0 = cls(
            owner=owner,
            chest=chest,
        )

        return gloria_picktoria_board_scorings_item_excluded_type_0

