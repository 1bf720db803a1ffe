from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import Literal, cast






T = TypeVar("T", bound="GloriaPicktoriaDrawBlind")



@_attrs_define
class GloriaPicktoriaDrawBlind:
    """ 2 AP: draw the top card of the pile.

        Attributes:
            type_ (Literal['draw_blind']):
     """

    type_: Literal['draw_blind']





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['draw_blind'] , d.pop("type"))
        if type_ != 'draw_blind':
            raise ValueError(f"type must match const 'draw_blind', got '{type_}'")

        gloria_picktoria_draw_blind = cls(
            type_=type_,
        )

        return gloria_picktoria_draw_blind

