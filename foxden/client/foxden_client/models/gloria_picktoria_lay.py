from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_lay_kind import GloriaPicktoriaLayKind
from typing import Literal, cast






T = TypeVar("T", bound="GloriaPicktoriaLay")



@_attrs_define
class GloriaPicktoriaLay:
    """ 1 AP: lay a hand card on one of your chests, by its creation index.

        Attributes:
            type_ (Literal['lay']):
            kind (GloriaPicktoriaLayKind):
            chest (int):
     """

    type_: Literal['lay']
    kind: GloriaPicktoriaLayKind
    chest: int





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        kind = self.kind.value

        chest = self.chest


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "kind": kind,
            "chest": chest,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['lay'] , d.pop("type"))
        if type_ != 'lay':
            raise ValueError(f"type must match const 'lay', got '{type_}'")

        kind = GloriaPicktoriaLayKind(d.pop("kind"))




        chest = d.pop("chest")

        gloria_picktoria_lay = cls(
            type_=type_,
            kind=kind,
            chest=chest,
        )

        return gloria_picktoria_lay

