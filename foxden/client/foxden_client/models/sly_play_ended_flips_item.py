from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_play_ended_flips_item_card import SlyPlayEndedFlipsItemCard






T = TypeVar("T", bound="SlyPlayEndedFlipsItem")



@_attrs_define
class SlyPlayEndedFlipsItem:
    """ 
        Attributes:
            space (str):
            owner (int):
            card (SlyPlayEndedFlipsItemCard):
     """

    space: str
    owner: int
    card: SlyPlayEndedFlipsItemCard





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

        card = SlyPlayEndedFlipsItemCard(d.pop("card"))




        sly_play_ended_flips_item = cls(
            space=space,
            owner=owner,
            card=card,
        )

        return sly_play_ended_flips_item

