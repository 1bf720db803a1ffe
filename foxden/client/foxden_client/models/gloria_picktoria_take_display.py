from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="GloriaPicktoriaTakeDisplay")



@_attrs_define
class GloriaPicktoriaTakeDisplay:
    """ 1 AP: take the display card in that slot (refilled at once).

        Attributes:
            type_ (Literal['take_display']):
            slot (int):
     """

    type_: Literal['take_display']
    slot: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        slot = self.slot


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "slot": slot,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['take_display'] , d.pop("type"))
        if type_ != 'take_display':
            raise ValueError(f"type must match const 'take_display', got '{type_}'")

        slot = d.pop("slot")

        gloria_picktoria_take_display = cls(
            type_=type_,
            slot=slot,
        )

        return gloria_picktoria_take_display

