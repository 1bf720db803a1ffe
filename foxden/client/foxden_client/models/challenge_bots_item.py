from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="ChallengeBotsItem")



@_attrs_define
class ChallengeBotsItem:
    """ 
        Attributes:
            strategy (str):
     """

    strategy: str





    def to_dict(self) -> dict[str, Any]:
        strategy = self.strategy


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "strategy": strategy,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        strategy = d.pop("strategy")

        challenge_bots_item = cls(
            strategy=strategy,
        )

        return challenge_bots_item

