from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="GloriaPicktoriaMoveFox")



@_attrs_define
class GloriaPicktoriaMoveFox:
    """ Once a turn, move the fox off one of your collections: to another of yours (1 AP) or onto an opponent's (2 AP).

        Attributes:
            type_ (Literal['move_fox']):
            owner (int):
            chest (int):
     """

    type_: Literal['move_fox']
    owner: int
    chest: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        owner = self.owner

        chest = self.chest


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "owner": owner,
            "chest": chest,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['move_fox'] , d.pop("type"))
        if type_ != 'move_fox':
            raise ValueError(f"type must match const 'move_fox', got '{type_}'")

        owner = d.pop("owner")

        chest = d.pop("chest")

        gloria_picktoria_move_fox = cls(
            type_=type_,
            owner=owner,
            chest=chest,
        )

        return gloria_picktoria_move_fox

