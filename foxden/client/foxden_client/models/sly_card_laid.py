from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_card_laid_card import SlyCardLaidCard
from ..types import UNSET, Unset






T = TypeVar("T", bound="SlyCardLaid")



@_attrs_define
class SlyCardLaid:
    """ 
        Attributes:
            seat (int):
            space (str):
            card (SlyCardLaidCard | Unset): The layer's own only.
     """

    seat: int
    space: str
    card: SlyCardLaidCard | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        space = self.space

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "space": space,
        })
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        space = d.pop("space")

        _card = d.pop("card", UNSET)
        card: SlyCardLaidCard | Unset
        if isinstance(_card,  Unset):
            card = UNSET
        else:
            card = SlyCardLaidCard(_card)




        sly_card_laid = cls(
            seat=seat,
            space=space,
            card=card,
        )

        return sly_card_laid

