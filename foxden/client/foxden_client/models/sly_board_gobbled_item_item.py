from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_board_gobbled_item_item_card import SlyBoardGobbledItemItemCard






T = TypeVar("T", bound="SlyBoardGobbledItemItem")



@_attrs_define
class SlyBoardGobbledItemItem:
    """ 
        Attributes:
            owner (int):
            card (SlyBoardGobbledItemItemCard):
     """

    owner: int
    card: SlyBoardGobbledItemItemCard





    def to_dict(self) -> dict[str, Any]:
        owner = self.owner

        card = self.card.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "owner": owner,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        owner = d.pop("owner")

        card = SlyBoardGobbledItemItemCard(d.pop("card"))




        sly_board_gobbled_item_item = cls(
            owner=owner,
            card=card,
        )

        return sly_board_gobbled_item_item

