from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="GloriaPicktoriaPassFox")



@_attrs_define
class GloriaPicktoriaPassFox:
    """ Free, once your AP are spent: pass the fox to a collection of your left neighbour.

        Attributes:
            type_ (Literal['pass_fox']):
            chest (int):
     """

    type_: Literal['pass_fox']
    chest: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        chest = self.chest


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "chest": chest,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['pass_fox'] , d.pop("type"))
        if type_ != 'pass_fox':
            raise ValueError(f"type must match const 'pass_fox', got '{type_}'")

        chest = d.pop("chest")

        gloria_picktoria_pass_fox = cls(
            type_=type_,
            chest=chest,
        )

        return gloria_picktoria_pass_fox

