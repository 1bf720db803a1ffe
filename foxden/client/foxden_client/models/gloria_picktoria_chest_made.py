from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_chest_made_card import GloriaPicktoriaChestMadeCard






T = TypeVar("T", bound="GloriaPicktoriaChestMade")



@_attrs_define
class GloriaPicktoriaChestMade:
    """ 
        Attributes:
            seat (int):
            card (GloriaPicktoriaChestMadeCard):
            chest (int):
            cost (int):
     """

    seat: int
    card: GloriaPicktoriaChestMadeCard
    chest: int
    cost: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card = self.card.value

        chest = self.chest

        cost = self.cost


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "card": card,
            "chest": chest,
            "cost": cost,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        card = GloriaPicktoriaChestMadeCard(d.pop("card"))




        chest = d.pop("chest")

        cost = d.pop("cost")

        gloria_picktoria_chest_made = cls(
            seat=seat,
            card=card,
            chest=chest,
            cost=cost,
        )

        return gloria_picktoria_chest_made

