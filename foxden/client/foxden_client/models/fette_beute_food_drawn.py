from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fette_beute_food_drawn_food import FetteBeuteFoodDrawnFood






T = TypeVar("T", bound="FetteBeuteFoodDrawn")



@_attrs_define
class FetteBeuteFoodDrawn:
    """ 
        Attributes:
            seat (int):
            food (FetteBeuteFoodDrawnFood):
     """

    seat: int
    food: FetteBeuteFoodDrawnFood





    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        food = self.food.value


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "seat": seat,
            "food": food,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        food = FetteBeuteFoodDrawnFood(d.pop("food"))




        fette_beute_food_drawn = cls(
            seat=seat,
            food=food,
        )

        return fette_beute_food_drawn

