from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_card_flipped_card import SlyCardFlippedCard






T = TypeVar("T", bound="SlyCardFlipped")



@_attrs_define
class SlyCardFlipped:
    """ 
        Attributes:
            seat (int):
            space (str):
            owner (int):
            card (SlyCardFlippedCard):
     """

    seat: int
    space: str
    owner: int
    card: SlyCardFlippedCard





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        space = self.space

        owner = self.owner

        card = self.card.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "space": space,
            "owner": owner,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        space = d.pop("space")

        owner = d.pop("owner")

        card = SlyCardFlippedCard(d.pop("card"))




        sly_card_flipped = cls(
            seat=seat,
            space=space,
            owner=owner,
            card=card,
        )

        return sly_card_flipped

