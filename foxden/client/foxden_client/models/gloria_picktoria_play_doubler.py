from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="GloriaPicktoriaPlayDoubler")



@_attrs_define
class GloriaPicktoriaPlayDoubler:
    """ 1 AP: close one of your collections and double its points in every later scoring.

        Attributes:
            type_ (Literal['play_doubler']):
            chest (int):
     """

    type_: Literal['play_doubler']
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
        type_ = cast(Literal['play_doubler'] , d.pop("type"))
        if type_ != 'play_doubler':
            raise ValueError(f"type must match const 'play_doubler', got '{type_}'")

        chest = d.pop("chest")

        gloria_picktoria_play_doubler = cls(
            type_=type_,
            chest=chest,
        )

        return gloria_picktoria_play_doubler

