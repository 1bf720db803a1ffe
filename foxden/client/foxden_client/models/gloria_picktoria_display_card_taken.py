from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_display_card_taken_card import GloriaPicktoriaDisplayCardTakenCard






T = TypeVar("T", bound="GloriaPicktoriaDisplayCardTaken")



@_attrs_define
class GloriaPicktoriaDisplayCardTaken:
    """ 
        Attributes:
            seat (int):
            slot (int):
            card (GloriaPicktoriaDisplayCardTakenCard):
            cost (int):
     """

    seat: int
    slot: int
    card: GloriaPicktoriaDisplayCardTakenCard
    cost: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        slot = self.slot

        card = self.card.value

        cost = self.cost


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "slot": slot,
            "card": card,
            "cost": cost,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        slot = d.pop("slot")

        card = GloriaPicktoriaDisplayCardTakenCard(d.pop("card"))




        cost = d.pop("cost")

        gloria_picktoria_display_card_taken = cls(
            seat=seat,
            slot=slot,
            card=card,
            cost=cost,
        )

        return gloria_picktoria_display_card_taken

