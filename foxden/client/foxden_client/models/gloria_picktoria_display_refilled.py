from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_display_refilled_card import GloriaPicktoriaDisplayRefilledCard






T = TypeVar("T", bound="GloriaPicktoriaDisplayRefilled")



@_attrs_define
class GloriaPicktoriaDisplayRefilled:
    """ 
        Attributes:
            slot (int):
            card (GloriaPicktoriaDisplayRefilledCard):
     """

    slot: int
    card: GloriaPicktoriaDisplayRefilledCard





    def to_dict(self) -> dict[str, Any]:
        slot = self.slot

        card = self.card.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "slot": slot,
            "card": card,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        slot = d.pop("slot")

        card = GloriaPicktoriaDisplayRefilledCard(d.pop("card"))




        gloria_picktoria_display_refilled = cls(
            slot=slot,
            card=card,
        )

        return gloria_picktoria_display_refilled

