from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="FetteBeuteRoundEnded")



@_attrs_define
class FetteBeuteRoundEnded:
    """ 
        Attributes:
            round_ (int):
            crown (int):
     """

    round_: int
    crown: int





    def to_dict(self) -> dict[str, Any]:
        round_ = self.round_

        crown = self.crown


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "round": round_,
            "crown": crown,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        round_ = d.pop("round")

        crown = d.pop("crown")

        fette_beute_round_ended = cls(
            round_=round_,
            crown=crown,
        )

        return fette_beute_round_ended

