from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_reveal_resolved_gobbled_type_0_card import SlyRevealResolvedGobbledType0Card






T = TypeVar("T", bound="SlyRevealResolvedGobbledType0")



@_attrs_define
class SlyRevealResolvedGobbledType0:
    """ 
        Attributes:
            space (str):
            owner (int):
            card (SlyRevealResolvedGobbledType0Card):
            by (int):
            fox_space (str):
     """

    space: str
    owner: int
    card: SlyRevealResolvedGobbledType0Card
    by: int
    fox_space: str





    def to_dict(self) -> dict[str, Any]:
        space = self.space

        owner = self.owner

        card = self.card.value

        by = self.by

        fox_space = self.fox_space


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "space": space,
            "owner": owner,
            "card": card,
            "by": by,
            "fox_space": fox_space,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        space = d.pop("space")

        owner = d.pop("owner")

        card = SlyRevealResolvedGobbledType0Card(d.pop("card"))




        by = d.pop("by")

        fox_space = d.pop("fox_space")

        sly_reveal_resolved_gobbled_type_0 = cls(
            space=space,
            owner=owner,
            card=card,
            by=by,
            fox_space=fox_space,
        )

        return sly_reveal_resolved_gobbled_type_0

