from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_board_final_flips_item_card import SlyBoardFinalFlipsItemCard






T = TypeVar("T", bound="SlyBoardFinalFlipsItem")



@_attrs_define
class SlyBoardFinalFlipsItem:
    """ 
        Attributes:
            space (str):
            owner (int):
            card (SlyBoardFinalFlipsItemCard):
     """

    space: str
    owner: int
    card: SlyBoardFinalFlipsItemCard





    def to_dict(self) -> dict[str, Any]:
        space = self.space

        owner = self.owner

        card = self.card.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "space": space,
            "owner": owner,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        space = d.pop("space")

        owner = d.pop("owner")

        card = SlyBoardFinalFlipsItemCard(d.pop("card"))




        sly_board_final_flips_item = cls(
            space=space,
            owner=owner,
            card=card,
        )

        return sly_board_final_flips_item

