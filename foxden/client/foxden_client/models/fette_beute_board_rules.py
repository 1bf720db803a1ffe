from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="FetteBeuteBoardRules")



@_attrs_define
class FetteBeuteBoardRules:
    """ 
        Attributes:
            beaver_shared_draw (int):
            beaver_solo_draw (int):
            food_per_type (int):
            max_rounds (int):
            squirrel_draw (int):
            start_food (int):
            win_set (int):
     """

    beaver_shared_draw: int
    beaver_solo_draw: int
    food_per_type: int
    max_rounds: int
    squirrel_draw: int
    start_food: int
    win_set: int





    def to_dict(self) -> dict[str, Any]:
        beaver_shared_draw = self.beaver_shared_draw

        beaver_solo_draw = self.beaver_solo_draw

        food_per_type = self.food_per_type

        max_rounds = self.max_rounds

        squirrel_draw = self.squirrel_draw

        start_food = self.start_food

        win_set = self.win_set


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "beaver_shared_draw": beaver_shared_draw,
            "beaver_solo_draw": beaver_solo_draw,
            "food_per_type": food_per_type,
            "max_rounds": max_rounds,
            "squirrel_draw": squirrel_draw,
            "start_food": start_food,
            "win_set": win_set,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        beaver_shared_draw = d.pop("beaver_shared_draw")

        beaver_solo_draw = d.pop("beaver_solo_draw")

        food_per_type = d.pop("food_per_type")

        max_rounds = d.pop("max_rounds")

        squirrel_draw = d.pop("squirrel_draw")

        start_food = d.pop("start_food")

        win_set = d.pop("win_set")

        fette_beute_board_rules = cls(
            beaver_shared_draw=beaver_shared_draw,
            beaver_solo_draw=beaver_solo_draw,
            food_per_type=food_per_type,
            max_rounds=max_rounds,
            squirrel_draw=squirrel_draw,
            start_food=start_food,
            win_set=win_set,
        )

        return fette_beute_board_rules

