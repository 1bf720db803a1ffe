from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_steal_kind import FetteBeuteStealKind






T = TypeVar("T", bound="FetteBeuteSteal")



@_attrs_define
class FetteBeuteSteal:
    """ 
        Attributes:
            target (int):
            kind (FetteBeuteStealKind):
     """

    target: int
    kind: FetteBeuteStealKind





    def to_dict(self) -> dict[str, Any]:
        target = self.target

        kind = self.kind.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "target": target,
            "kind": kind,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target = d.pop("target")

        kind = FetteBeuteStealKind(d.pop("kind"))




        fette_beute_steal = cls(
            target=target,
            kind=kind,
        )

        return fette_beute_steal

