from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_hen_exposed_card import SlyHenExposedCard






T = TypeVar("T", bound="SlyHenExposed")



@_attrs_define
class SlyHenExposed:
    """ 
        Attributes:
            seat (int):
            space (str):
            owner (int):
            card (SlyHenExposedCard):
            value (int):
     """

    seat: int
    space: str
    owner: int
    card: SlyHenExposedCard
    value: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        space = self.space

        owner = self.owner

        card = self.card.value

        value = self.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "space": space,
            "owner": owner,
            "card": card,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        space = d.pop("space")

        owner = d.pop("owner")

        card = SlyHenExposedCard(d.pop("card"))




        value = d.pop("value")

        sly_hen_exposed = cls(
            seat=seat,
            space=space,
            owner=owner,
            card=card,
            value=value,
        )

        return sly_hen_exposed

