from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_lay_card import SlyLayCard
from typing import Literal, cast






T = TypeVar("T", bound="SlyLay")



@_attrs_define
class SlyLay:
    """ Lay a card from your hand face down on an empty space; ends the turn.

        Attributes:
            type_ (Literal['lay']):
            card (SlyLayCard):
            space (str):
     """

    type_: Literal['lay']
    card: SlyLayCard
    space: str





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        card = self.card.value

        space = self.space


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "card": card,
            "space": space,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['lay'] , d.pop("type"))
        if type_ != 'lay':
            raise ValueError(f"type must match const 'lay', got '{type_}'")

        card = SlyLayCard(d.pop("card"))




        space = d.pop("space")

        sly_lay = cls(
            type_=type_,
            card=card,
            space=space,
        )

        return sly_lay

