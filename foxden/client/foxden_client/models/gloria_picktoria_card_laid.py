from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_card_laid_card import GloriaPicktoriaCardLaidCard
from ..models.gloria_picktoria_card_laid_motif import GloriaPicktoriaCardLaidMotif






T = TypeVar("T", bound="GloriaPicktoriaCardLaid")



@_attrs_define
class GloriaPicktoriaCardLaid:
    """ 
        Attributes:
            seat (int):
            card (GloriaPicktoriaCardLaidCard):
            chest (int):
            motif (GloriaPicktoriaCardLaidMotif):
            opened (bool):
            cost (int):
     """

    seat: int
    card: GloriaPicktoriaCardLaidCard
    chest: int
    motif: GloriaPicktoriaCardLaidMotif
    opened: bool
    cost: int





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        card = self.card.value

        chest = self.chest

        motif = self.motif.value

        opened = self.opened

        cost = self.cost


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "card": card,
            "chest": chest,
            "motif": motif,
            "opened": opened,
            "cost": cost,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        card = GloriaPicktoriaCardLaidCard(d.pop("card"))




        chest = d.pop("chest")

        motif = GloriaPicktoriaCardLaidMotif(d.pop("motif"))




        opened = d.pop("opened")

        cost = d.pop("cost")

        gloria_picktoria_card_laid = cls(
            seat=seat,
            card=card,
            chest=chest,
            motif=motif,
            opened=opened,
            cost=cost,
        )

        return gloria_picktoria_card_laid

