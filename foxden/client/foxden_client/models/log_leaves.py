from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast






T = TypeVar("T", bound="LogLeaves")



@_attrs_define
class LogLeaves:
    """ 
        Attributes:
            start (int):
            leaves (list[str]): The leaves from `start` on, each its UTF-8 text.
     """

    start: int
    leaves: list[str]





    def to_dict(self) -> dict[str, Any]:
        start = self.start

        leaves = self.leaves




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "start": start,
            "leaves": leaves,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = d.pop("start")

        leaves = cast(list[str], d.pop("leaves"))


        log_leaves = cls(
            start=start,
            leaves=leaves,
        )

        return log_leaves

