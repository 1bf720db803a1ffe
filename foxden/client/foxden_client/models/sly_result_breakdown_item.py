from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="SlyResultBreakdownItem")



@_attrs_define
class SlyResultBreakdownItem:
    """ 
        Attributes:
            safe_hens (int):
            safe_hen_count (int):
            gobbled_hens (int):
            captured_foxes (int):
            captured_fox_count (int):
            total (int):
     """

    safe_hens: int
    safe_hen_count: int
    gobbled_hens: int
    captured_foxes: int
    captured_fox_count: int
    total: int





    def to_dict(self) -> dict[str, Any]:
        safe_hens = self.safe_hens

        safe_hen_count = self.safe_hen_count

        gobbled_hens = self.gobbled_hens

        captured_foxes = self.captured_foxes

        captured_fox_count = self.captured_fox_count

        total = self.total


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "safe_hens": safe_hens,
            "safe_hen_count": safe_hen_count,
            "gobbled_hens": gobbled_hens,
            "captured_foxes": captured_foxes,
            "captured_fox_count": captured_fox_count,
            "total": total,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        safe_hens = d.pop("safe_hens")

        safe_hen_count = d.pop("safe_hen_count")

        gobbled_hens = d.pop("gobbled_hens")

        captured_foxes = d.pop("captured_foxes")

        captured_fox_count = d.pop("captured_fox_count")

        total = d.pop("total")

        sly_result_breakdown_item = cls(
            safe_hens=safe_hens,
            safe_hen_count=safe_hen_count,
            gobbled_hens=gobbled_hens,
            captured_foxes=captured_foxes,
            captured_fox_count=captured_fox_count,
            total=total,
        )

        return sly_result_breakdown_item

