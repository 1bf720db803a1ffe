from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_food_stolen_food import FetteBeuteFoodStolenFood






T = TypeVar("T", bound="FetteBeuteFoodStolen")



@_attrs_define
class FetteBeuteFoodStolen:
    """ 
        Attributes:
            thief (int):
            victim (int):
            food (FetteBeuteFoodStolenFood):
     """

    thief: int
    victim: int
    food: FetteBeuteFoodStolenFood





    def to_dict(self) -> dict[str, Any]:
        thief = self.thief

        victim = self.victim

        food = self.food.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "thief": thief,
            "victim": victim,
            "food": food,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        thief = d.pop("thief")

        victim = d.pop("victim")

        food = FetteBeuteFoodStolenFood(d.pop("food"))




        fette_beute_food_stolen = cls(
            thief=thief,
            victim=victim,
            food=food,
        )

        return fette_beute_food_stolen

