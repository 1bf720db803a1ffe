from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.sly_reveal_resolved_safe_type_0_card import SlyRevealResolvedSafeType0Card






T = TypeVar("T", bound="SlyRevealResolvedSafeType0")



@_attrs_define
class SlyRevealResolvedSafeType0:
    """ 
        Attributes:
            space (str):
            owner (int):
            card (SlyRevealResolvedSafeType0Card):
            value (int):
     """

    space: str
    owner: int
    card: SlyRevealResolvedSafeType0Card
    value: int





    def to_dict(self) -> dict[str, Any]:
        space = self.space

        owner = self.owner

        card = self.card.value

        value = self.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "space": space,
            "owner": owner,
            "card": card,
            "value": value,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        space = d.pop("space")

        owner = d.pop("owner")

        card = SlyRevealResolvedSafeType0Card(d.pop("card"))




        value = d.pop("value")

        sly_reveal_resolved_safe_type_0 = cls(
            space=space,
            owner=owner,
            card=card,
            value=value,
        )

        return sly_reveal_resolved_safe_type_0

