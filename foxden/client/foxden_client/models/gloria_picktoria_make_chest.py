from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gloria_picktoria_make_chest_kind import GloriaPicktoriaMakeChestKind
from typing import Literal, cast






T = TypeVar("T", bound="GloriaPicktoriaMakeChest")



@_attrs_define
class GloriaPicktoriaMakeChest:
    """ 1 AP: lay a hand card (not the doubler) face down as a new empty chest.

        Attributes:
            type_ (Literal['make_chest']):
            kind (GloriaPicktoriaMakeChestKind):
     """

    type_: Literal['make_chest']
    kind: GloriaPicktoriaMakeChestKind





    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        kind = self.kind.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "type": type_,
            "kind": kind,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal['make_chest'] , d.pop("type"))
        if type_ != 'make_chest':
            raise ValueError(f"type must match const 'make_chest', got '{type_}'")

        kind = GloriaPicktoriaMakeChestKind(d.pop("kind"))




        gloria_picktoria_make_chest = cls(
            type_=type_,
            kind=kind,
        )

        return gloria_picktoria_make_chest

