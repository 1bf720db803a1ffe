from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_beaver_resolved_payout import FetteBeuteBeaverResolvedPayout
from ..models.fette_beute_beaver_resolved_source import FetteBeuteBeaverResolvedSource
from typing import cast






T = TypeVar("T", bound="FetteBeuteBeaverResolved")



@_attrs_define
class FetteBeuteBeaverResolved:
    """ 
        Attributes:
            seat (int):
            source (FetteBeuteBeaverResolvedSource):
            beavers (list[int]):
            payout (FetteBeuteBeaverResolvedPayout):
     """

    seat: int
    source: FetteBeuteBeaverResolvedSource
    beavers: list[int]
    payout: FetteBeuteBeaverResolvedPayout





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        source = self.source.value

        beavers = self.beavers



        payout = self.payout.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "source": source,
            "beavers": beavers,
            "payout": payout,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        source = FetteBeuteBeaverResolvedSource(d.pop("source"))




        beavers = cast(list[int], d.pop("beavers"))


        payout = FetteBeuteBeaverResolvedPayout(d.pop("payout"))




        fette_beute_beaver_resolved = cls(
            seat=seat,
            source=source,
            beavers=beavers,
            payout=payout,
        )

        return fette_beute_beaver_resolved

