from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SlyTableSetUpSpacesItem")



@_attrs_define
class SlyTableSetUpSpacesItem:
    """ 
        Attributes:
            space (str):
            value (int):
     """

    space: str
    value: int





    def to_dict(self) -> dict[str, Any]:
        space = self.space

        value = self.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "space": space,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        space = d.pop("space")

        value = d.pop("value")

        sly_table_set_up_spaces_item = cls(
            space=space,
            value=value,
        )

        return sly_table_set_up_spaces_item

