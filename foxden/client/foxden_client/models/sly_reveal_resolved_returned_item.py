from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_reveal_resolved_returned_item_card import SlyRevealResolvedReturnedItemCard






T = TypeVar("T", bound="SlyRevealResolvedReturnedItem")



@_attrs_define
class SlyRevealResolvedReturnedItem:
    """ 
        Attributes:
            space (str):
            owner (int):
            card (SlyRevealResolvedReturnedItemCard):
     """

    space: str
    owner: int
    card: SlyRevealResolvedReturnedItemCard





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

        card = SlyRevealResolvedReturnedItemCard(d.pop("card"))




        sly_reveal_resolved_returned_item = cls(
            space=space,
            owner=owner,
            card=card,
        )

        return sly_reveal_resolved_returned_item

