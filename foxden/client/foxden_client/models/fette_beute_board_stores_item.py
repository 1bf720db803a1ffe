from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="FetteBeuteBoardStoresItem")



@_attrs_define
class FetteBeuteBoardStoresItem:
    """ 
        Attributes:
            walnut (int):
            sunflower (int):
            hazelnut (int):
            acorn (int):
            peanut (int):
     """

    walnut: int
    sunflower: int
    hazelnut: int
    acorn: int
    peanut: int





    def to_dict(self) -> dict[str, Any]:
        walnut = self.walnut

        sunflower = self.sunflower

        hazelnut = self.hazelnut

        acorn = self.acorn

        peanut = self.peanut


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "walnut": walnut,
            "sunflower": sunflower,
            "hazelnut": hazelnut,
            "acorn": acorn,
            "peanut": peanut,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        walnut = d.pop("walnut")

        sunflower = d.pop("sunflower")

        hazelnut = d.pop("hazelnut")

        acorn = d.pop("acorn")

        peanut = d.pop("peanut")

        fette_beute_board_stores_item = cls(
            walnut=walnut,
            sunflower=sunflower,
            hazelnut=hazelnut,
            acorn=acorn,
            peanut=peanut,
        )

        return fette_beute_board_stores_item

